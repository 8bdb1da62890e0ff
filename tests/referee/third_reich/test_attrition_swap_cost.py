"""What a replacement swap pays to save a unit from attrition (issue 28, item 8): the rules price
it from the unit's type and factors (G-40: infantry 1 a factor, armor 2, airborne 3), and the
saved unit pays its cost above 4 (H-13), G-51's 2, 4, 6 for armor of 3, 4, 5, ordinary infantry
nothing (G-51); airborne units are never saved (G-50). A swap with no cost stated used to pay
nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ledger.canonical import canonical_text
from referee.audit.report import audit_entry
from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.service import RefereeService
from referee.third_reich.attrition import attrition_losses as al
from tests.referee.third_reich.test_attrition_service import ROLL
from tests.referee.third_reich.test_economy_service import at
from tests.tui.test_audit_cli import golden_lines, rehashed
from tui.cli import main

from support import refused


@pytest.mark.parametrize(
    ("unit_type", "strength", "unit_cost", "paid"),
    [
        ("infantry", 4, 4, 0),  # G-51: ordinary infantry is saved free
        ("infantry", 5, 5, 0),  # whatever its factors (G-51 over H-13's cost − 4)
        ("armor", 2, 4, 0),  # G-51: a 2-5 armor unit too
        ("armor", 3, 6, 2),  # G-51's worked figures: 2, 4 and 6 for armor of 3, 4 and 5
        ("armor", 4, 8, 4),
        ("armor", 5, 10, 6),
    ],
)
def test_a_swap_is_priced_from_the_units_factors(unit_type: str, strength: int, unit_cost: int, paid: int) -> None:
    price = al.swap_price("unit", unit_type, strength)
    assert (price.unit_cost, price.paid) == (unit_cost, paid)
    assert al.swap_price("unit", unit_type, strength, stated=unit_cost) == price
    assert al.swap_price("unit", unit_type, strength, stated=0) == price  # 0: none stated (releases before)


def test_an_airborne_unit_or_a_wrong_cost_is_refused() -> None:
    with pytest.raises(IllegalOrderError, match=r"1st para is airborne; .* never saved by replacements \(G-50"):
        al.swap_price("1st para", "airborne", 3)
    with pytest.raises(
        IllegalOrderError, match=r"XXIV pz: 5 armor factor\(s\) cost 10 BRPs \(2 a factor, G-40 \[004\]\), not the 12"
    ):
        al.swap_price("XXIV pz", "armor", 5, stated=12)


@pytest.fixture
def attrition_phase(tmp_path: Path) -> RefereeService:
    """Germany at war with France, its eastern front under the attrition option, in the Axis Fall
    1939 Combat phase."""
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="swaps")
    )
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "France", "target_kind": "major"})
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "attrition"})
    at(service, "Fall 1939", "Axis", "Combat")
    return service


def _removal(combat: int, units: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "RemoveAttritionLosses", "combat": combat, "side": "Axis", "power": "Germany", "units": units}


def test_a_swap_without_a_cost_pays_what_the_rules_give(attrition_phase: RefereeService) -> None:
    service = attrition_phase
    combat = service.execute_json(ROLL)["number"]  # X2 D2 H2: the Axis removes 2
    total = service.state().brp_economies["Germany"].total
    saved = {"unit": "XXIV pz", "strength": 5, "type": "armor", "swapped": True}
    refused(service, _removal(combat, [{"unit": "VII inf", "strength": 4}, {**saved, "cost": 12}]), "not the 12")
    entry = service.execute_json(_removal(combat, [{"unit": "VII inf", "strength": 4}, saved]))
    charged = [event for event in entry["events"] if event["type"] == "BrpCharged"]
    assert [(event["amount"], event["category"]) for event in charged] == [(6, "replacement")]
    assert service.state().brp_economies["Germany"].total == total - 6
    steps = [(step["text"], step["rule"]) for step in entry["ruling"]["steps"]]
    assert ("XXIV pz: 5 armor factor(s) × 2 = 10 BRPs; 10 − 4 = 6 to save it", "G-40, H-13 [004]") in steps
    assert entry["command"]["units"][1]["cost"] is None  # the entry keeps what was stated: nothing


def test_an_entry_of_an_earlier_release_that_paid_nothing_is_information(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before this change a swap with no cost stated recorded cost 0 and paid 0. Such an entry (the
    golden campaign's Ariete swap as it would have been) audits as a rule change, not a forgery."""
    lines = golden_lines("reich-1941-0.3.0")
    entry = next(
        line
        for line in lines[1:]
        if line["command"]["kind"] == "RemoveAttritionLosses"
        and any(unit["swapped"] for unit in line["command"]["units"])
    )
    for unit in entry["command"]["units"]:
        unit["cost"] = 0
    charged = next(event for event in entry["events"] if event["type"] == "BrpCharged")
    charged["amount"] = 0
    export = tmp_path / "earlier.jsonl"
    export.write_text("".join(canonical_text(line) + "\n" for line in rehashed(lines, entry["number"])), "utf-8")
    store = tmp_path / "earlier.db"
    assert main(["import", str(export), str(store)]) == 0
    capsys.readouterr()
    service = RefereeService.open(str(store))
    report = audit_entry(service, entry["number"])
    service.close()
    assert report.ok and not report.differences
    assert any("pays the cost its type and factors give" in found.rules_give for found in report.reworded), [
        json.dumps(vars(found)) for found in report.reworded
    ]
