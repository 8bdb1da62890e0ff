"""Minor allies act with their patron (A-64 [004]): under its option, paying no BRPs, and under
the attrition option in its front's one attrition step; refusals leave the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.third_reich.reich_support import WARSAW
from tests.referee.third_reich.reich_support import attrition as attrition_step
from tests.referee.third_reich.test_economy_service import at

from support import refused

ATTACK: dict[str, Any] = {
    **WARSAW,
    "hex": "Lodz",
    "attackers": [{"unit": "VII inf", "strength": 4}, {"unit": "Hu 1", "strength": 3}],
    "defenders": [{"unit": "Pol 1", "strength": 2}],
    "minor_allies": ["hungary"],
    "faces": [4, 4],
}


@pytest.fixture
def allies(tmp_path: Path) -> RefereeService:
    """Fall 1939: Germany's offensive in the east and attrition in the west; Hungary joined
    Germany, Bulgaria Italy, and Germany conquered Luxembourg."""
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="allies")
    )
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"})
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "western", "option": "attrition"})
    for target, kind in (("Poland", "minor"), ("Luxembourg", "minor"), ("France", "major")):
        service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": target, "target_kind": kind})
    service.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Hungary"})
    service.execute_json({"kind": "RecordConquest", "power": "Italy", "territory": "Bulgaria"})
    service.execute_json({"kind": "RecordConquest", "power": "Germany", "territory": "Luxembourg"})
    return service


def test_A64_a_minor_ally_fights_under_its_patrons_option_and_pays_nothing(allies: RefereeService) -> None:
    service = allies
    refused(
        service,
        {"kind": "DeclareOption", "power": "Hungary", "front": "eastern", "option": "offensive"},
        "there is no power 'Hungary' with BRPs",
    )
    at(service, "Fall 1939", "Axis", "Combat")
    totals = {power: economy.total for power, economy in service.state().brp_economies.items()}
    entry = service.execute_json(ATTACK)
    first = entry["ruling"]["steps"][0]
    assert first["rule"] == "A-64 [004]"
    assert first["text"].startswith("Hungary, Germany's minor ally since #")
    assert first["text"].endswith("under Germany's offensive option on the eastern front, paying no BRPs of its own")
    assert {power: economy.total for power, economy in service.state().brp_economies.items()} == totals


@pytest.mark.parametrize(
    ("allies_named", "message"),
    [
        (["Romania"], r"Romania is no power's minor ally: it joins one with RecordConquest \(G-33 \[004\]\)"),
        (["Bulgaria"], r"Bulgaria is Italy's minor ally \(since #\d+\): its units act with Italy's option"),
        (["Luxembourg"], r"Luxembourg was conquered by Germany \(#\d+\), not joined as its ally"),
        (["Atlantis"], "'Atlantis' is not a minor country"),
    ],
)
def test_A64_only_the_powers_own_minor_allies_fight_with_it(
    allies: RefereeService, allies_named: list[str], message: str
) -> None:
    at(allies, "Fall 1939", "Axis", "Combat")
    refused(allies, {**ATTACK, "minor_allies": allies_named}, message)


def test_A64_a_minor_allys_attrition_is_its_fronts_one_attrition_step(allies: RefereeService) -> None:
    service = allies
    at(service, "Fall 1939", "Axis", "Combat")
    attrition = attrition_step("western", 9, [3, 3], minor_allies=["Hungary"])
    entry = service.execute_json(attrition)
    assert "takes part in the attrition step under Germany's attrition option" in entry["ruling"]["steps"][0]["text"]
    refused(service, attrition, "rolled the western front's attrition this player turn already")
