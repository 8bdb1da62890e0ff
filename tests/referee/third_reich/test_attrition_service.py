"""The attrition option through the referee service (H-10..H-13 [004], A-60): the roll, the units
removed or saved, the hexes named; every refusal cites its rule and leaves the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.service import RefereeService
from tests.referee.third_reich.reich_support import ATTRITION_ROLL, declared
from tests.referee.third_reich.test_economy_service import at

from support import refused

ROLL = ATTRITION_ROLL


@pytest.fixture
def attrition_phase(tmp_path: Path) -> RefereeService:
    service = declared(tmp_path, "attrition", option="attrition")
    at(service, "Fall 1939", "Axis", "Combat")
    return service


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"factors_in_contact": 4}, r"at least 5 ground combat factors in contact \(H-10 \[004\]\); 4 are"),
        ({"front": "western"}, r"attrition option on the western front \(A-60, A-63 \[004\]\)"),
        ({"defender": "Axis"}, "the defenders are one of the other sides"),
    ],
)
def test_attrition_refusals_cite_the_rule(
    attrition_phase: RefereeService, change: dict[str, Any], message: str
) -> None:
    refused(attrition_phase, {**ROLL, **change}, message)


def test_an_attrition_turn_removes_saves_and_names_hexes(attrition_phase: RefereeService) -> None:
    service = attrition_phase
    entry = service.execute_json(ROLL)
    combat = entry["number"]
    assert entry["ruling"]["summary"].endswith(
        "column 4, roll 7 → X2 D2 H2; Axis removes 2; Western Allies removes 4; 2 hex(es) won"
    )
    refused(service, ROLL, "rolled the eastern front's attrition this player turn already")
    refused(service, {"kind": "AdvancePhase"}, "attrition hexes not yet named")

    removal = {"kind": "RemoveAttritionLosses", "combat": combat, "side": "Western Allies", "power": "UK"}
    half_short = [
        {"unit": "Pol 1", "strength": 2},
        {"unit": "Pol 2", "strength": 3},
        {"unit": "Pol 3", "strength": 4},
        {"unit": "Pol 4", "strength": 5},
    ]
    refused(service, {**removal, "units": half_short}, r"count for 3 \(1-3 infantry count 1/2, H-11")
    service.execute_json({**removal, "units": [*half_short, {"unit": "Pol 5", "strength": 2, "type": "armor"}]})
    assert service.state().table.lost_units["Pol 1"].cause == "enemy_attrition"

    germany = service.state().brp_economies["Germany"].total
    axis = {"kind": "RemoveAttritionLosses", "combat": combat, "side": "Axis", "power": "Germany"}
    service.execute_json(
        {
            **axis,
            "units": [
                {"unit": "VII inf", "strength": 4},
                {"unit": "XXIV pz", "strength": 6, "type": "armor", "swapped": True, "cost": 12},
            ],
        }
    )
    state = service.state()
    assert state.brp_economies["Germany"].total == germany - 8  # H-13: cost 12 − 4
    assert state.brp_economies["Germany"].player_turn_counters["recoveries"] == 1
    assert "XXIV pz" not in state.table.lost_units and "VII inf" in state.table.lost_units

    service.execute_json({"kind": "StateFact", "fact": "capital", "subject": "Warsaw", "value": "yes"})
    claim = {"kind": "ClaimAttritionHexes", "combat": combat}
    refused(service, {**claim, "hexes": ["Warsaw", "Lodz"]}, r"Warsaw is a national capital, .*\(H-12 \[004\]\)")
    refused(service, {**claim, "hexes": ["Lodz", "Radom", "Kielce"]}, "awards 2 hex")
    service.execute_json({**claim, "hexes": ["Lodz", "Radom"]})
    service.execute_json({"kind": "AdvancePhase"})


def test_a_land_combat_removal_is_not_an_attrition_removal(attrition_phase: RefereeService) -> None:
    service = attrition_phase
    combat = service.execute_json(ROLL)["number"]
    refused(
        service,
        {"kind": "RemoveLandLosses", "combat": combat, "side": "Axis", "units": ["VII inf", "XXIV pz"]},
        "is an attrition step: record RemoveAttritionLosses",
    )


def test_swaps_stop_at_the_powers_limit(attrition_phase: RefereeService) -> None:
    """H-13 [004]: Germany saves at most 5 units a player turn (the count RecoverUnit uses too, G-52)."""
    service = attrition_phase
    combat = service.execute_json({**ROLL, "factors_in_contact": 70, "faces": [1, 2]})["number"]  # 60+, 3: X5 D1 H2
    service.execute_json(
        {
            "kind": "RecoverUnit",
            "power": "Germany",
            "unit": "II inf",
            "unit_type": "infantry",
            "strength": 2,
            "cause": "attacker_crt_loss",
        }
    )
    swapped = [{"unit": f"inf {n}", "strength": 4, "swapped": True} for n in range(5)]
    refused(
        service,
        {"kind": "RemoveAttritionLosses", "combat": combat, "side": "Axis", "power": "Germany", "units": swapped},
        r"Germany may save 5 units with replacements in a player turn \(H-13 \[004\]\); 1 already saved, 5 more",
    )
