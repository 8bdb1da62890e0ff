"""Third Reich air and naval commands through the referee service (H-23, H-24, H-30..H-34 [004]):
each in its phase under the right option, with exactly the rolls the fight names; refusals cite
the rule and leave the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.service import RefereeService
from referee.third_reich.air_naval import air_battles as ab
from referee.third_reich.common.fire import load_fire_tables
from tests.referee.third_reich.reich_support import declared
from tests.referee.third_reich.test_economy_service import at

from support import refused

TABLES, _ = load_fire_tables()


@pytest.fixture
def offensive(tmp_path: Path) -> Any:
    service = declared(tmp_path, "air", war_on=("UK", "major"), file="air.db")
    yield service
    service.close()


DROP = {
    "kind": "ResolveAirDrop",
    "power": "Germany",
    "front": "eastern",
    "unit": "7 Flieger",
    "strength": 2,
    "hex": "Warsaw",
    "region": "Eastern Europe",
    "distance": 4,
    "friendly_air_in_range": 5,
    "enemy_air_in_range": 0,
    "escort": 0,
    "interceptors": 0,
    "rolls": [],
}


def test_an_air_drop_lands_or_is_refused_by_rule(offensive: RefereeService) -> None:
    service = offensive
    at(service, "Fall 1939", "Axis", "Movement")
    refused(service, {**DROP, "distance": 7}, r"an air landing reaches 6 \(H-34 \[004\]\)")
    refused(
        service,
        {**DROP, "friendly_air_in_range": 0, "enemy_air_in_range": 5},
        r"airborne drop .*uncontested enemy air zone|enemy air zone.*airborne drop",
    )
    refused(service, {**DROP, "front": "western"}, r"offensive option on the western front \(A-63, H-34 \[004\]\)")
    entry = service.execute_json(DROP)
    assert entry["ruling"]["summary"] == "7 Flieger drops on Warsaw: lands" and entry["rolls"] == []
    intercepted = service.execute_json({**DROP, "escort": 0, "interceptors": 10, "rolls": [10]})
    assert len(intercepted["rolls"]) == 1 and intercepted["rolls"][0]["dice"] == "1D10"
    assert "destroyed" in intercepted["ruling"]["summary"]  # 10 × 0.6 = 6 hits ≥ strength 2


def test_counter_air_in_the_air_missions_phase(offensive: RefereeService) -> None:
    service = offensive
    at(service, "Fall 1939", "Axis", "Air Missions")
    command = {"kind": "ResolveCounterAir", "power": "Germany", "front": "eastern", "base": "Warsaw"}
    refused(service, {**command, "sent": 5, "targeted": 5, "rolls": [5]}, r"needs 2 roll\(s\) of 1D10")
    entry = service.execute_json({**command, "sent": 5, "targeted": 5, "rolls": [9, 1]})
    expected = ab.counter_air(TABLES, 5, 5, [9, 1], option="offensive")
    assert f"{expected.neutralized} neutralized" in entry["ruling"]["summary"]
    assert [roll["faces"] for roll in entry["rolls"]] == [[9], [1]]


def test_air_naval_combat_in_a_contested_hex(offensive: RefereeService) -> None:
    service = offensive
    at(service, "Fall 1939", "Axis", "Combat")
    battle = ab.HexBattle(ab.Committed(air=5, naval=9), ab.Committed(air=5, naval=9))
    rolls = [7] * len(ab.rolls_for_hex(battle))
    command = {
        "kind": "ResolveAirNavalCombat",
        "power": "Germany",
        "front": "eastern",
        "hex": "Danzig",
        "phasing_air": 5,
        "phasing_naval": 9,
        "non_phasing_air": 5,
        "non_phasing_naval": 9,
    }
    refused(service, {**command, "rolls": rolls[:-1]}, r"needs \d+ roll\(s\) of 1D10, in order: air-to-air")
    entry = service.execute_json({**command, "rolls": rolls})
    expected = ab.resolve_hex(battle, TABLES, rolls)
    assert (
        f"{expected.support_air} air and {expected.support_naval} naval left to support" in entry["ruling"]["summary"]
    )
    refused(
        service,
        {**command, "phasing_air": 0, "phasing_naval": 0, "rolls": []},
        r"no air or naval combat in Danzig",
    )


def test_interception_is_the_non_phasing_sides_reaction(offensive: RefereeService) -> None:
    service = offensive
    at(service, "Fall 1939", "Axis", "Interception")
    command = {
        "kind": "ResolveInterception",
        "target": "Danzig",
        "ports": [{"port": "Scapa Flow", "fleets": [9, 9], "distance": 12}],
        "rolls": [3],
    }
    refused(service, {**command, "power": "Germany"}, r"non-phasing side's reaction in the Interception phase")
    entry = service.execute_json({**command, "power": "UK"})
    assert entry["ruling"]["summary"] == "interception at Danzig: Scapa Flow intercept (18 factors)"  # 10-15: 1-3
    missed = service.execute_json({**command, "power": "UK", "rolls": [4]})
    assert missed["ruling"]["summary"] == "interception at Danzig: none"


LANDING = {
    "kind": "ResolveAmphibiousLanding",
    "power": "Germany",
    "front": "eastern",
    "beach": "Memel",
    "fleets": [9],
    "units": [3],
}


def test_an_empty_beach_falls_and_its_beachhead_is_what_the_land_combat_reads(offensive: RefereeService) -> None:
    """H-33 [004]: the marker is the stated fact `bridgehead`, cited later by land combat (H-02)."""
    service = offensive
    at(service, "Fall 1939", "Axis", "Movement")
    refused(service, {**LANDING, "units": [3, 2, 1]}, r"only 2 ground units may land from one sea hex")
    refused(service, {**LANDING, "units": [4]}, r"land 3 ground factors \(1/3 of their strength\); 4 named")
    refused(service, {**LANDING, "enemy_air_at_beach": 5}, r"amphibious assault")
    refused(service, {**LANDING, "bridgeheads_in_play": 3}, r"3 is the limit: name one to remove")
    entry = service.execute_json(LANDING)
    assert entry["ruling"]["summary"] == "landing at Memel: the beach is empty and falls; beachhead marker placed"
    fact = service.state().table.facts["bridgehead:Memel"]
    assert (fact.value, fact.entry) == ("yes", entry["number"])
    defended = service.execute_json({**LANDING, "beach": "Danzig", "defenders": 2})
    assert "fight it with ResolveLandCombat" in defended["ruling"]["summary"]
    assert "bridgehead:Danzig" not in service.state().table.facts
