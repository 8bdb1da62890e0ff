"""The Murmansk box fought through the referee service (G-70..G-72 [004], J-58): the hits come off
the northern shipments in the box, the survivors arrive on the reading's timetable, and every
refusal leaves the store unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from referee.third_reich.common.fire import load_fire_tables
from referee.third_reich.murmansk import box
from referee.third_reich.murmansk import fight as mm
from tests.referee.third_reich.test_economy_service import at
from tests.referee.third_reich.test_sw_forces import hold
from tests.referee.third_reich.test_wars_and_lend_lease import _both_northern_and_southern

from support import refused

TABLES, _ = load_fire_tables()
SENT = {"german_air": 5, "german_fleets": 9, "uboats": 6, "allied_fleets": 9, "asw": 4}
FIGHT = {"kind": "ResolveMurmanskFight", "receiver": "USSR", **SENT, "rolled_by": "Karl"}


@pytest.fixture
def summer_i_combat() -> Any:
    service = _both_northern_and_southern()
    hold(service, "Germany", submarines=6)  # issue 29: over the book's 3 U-boats and 0 ASW
    hold(service, "UK", asw=4)
    at(service, "Summer I 1940", "Western Allies", "Combat")
    yield service
    service.close()


def _rolls(face: int) -> list[int]:
    """The same face for every roll the fight asks for, one at a time (some drop out as sides die)."""
    fight = box.Commitments(**SENT, uk_brps=20, usa_brps=20)
    thrown: list[int] = []
    while mm.rolls_still_needed(fight, TABLES, thrown):
        thrown.append(face)
    return thrown


def test_the_fight_takes_its_hits_off_the_northern_shipments_and_the_rest_arrives(summer_i_combat: Any) -> None:
    service = summer_i_combat
    rolls = _rolls(9)
    expected = mm.resolve(box.Commitments(**SENT, uk_brps=20, usa_brps=20), TABLES, rolls)
    assert 0 < expected.brp_hits < 40
    entry = service.execute_json({**FIGHT, "rolls": rolls})
    assert [roll["faces"] for roll in entry["rolls"]] == [[face] for face in rolls]
    assert entry["rolls"][0]["purpose"].startswith("Murmansk box: ")
    shipments = service.state().brp_economies["USSR"].lend_lease_by_route
    assert shipments["UK to USSR"].lost + shipments["USA to USSR north"].lost == expected.brp_hits
    assert "USA to USSR south" not in shipments  # arrived at the USSR's Summer I start, never in the box (G-59)
    assert (shipments["UK to USSR"].lost, shipments["USA to USSR north"].lost) == (
        expected.hits_by_sender.get("UK", 0),
        expected.hits_by_sender.get("USA", 0),
    )
    refused(service, {**FIGHT, "rolls": rolls}, "fought this turn already")
    total = service.state().brp_economies["USSR"].total
    service.execute_json({"kind": "AdvancePhase"})  # J-58 summer_i: the survivors arrive at the end of the phase
    assert service.state().brp_economies["USSR"].total == total + 40 - expected.brp_hits


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"allied_air": 5}, r"may never send air to the Murmansk box \(G-72 \[004\]\)"),
        ({"rolls": [5]}, r"needs more 1D10 rolls than the 1 given; next: "),
        ({"rolls": [5] * 20}, r"used \d+ roll\(s\) of 1D10; 20 were given"),
    ],
)
def test_refusals_leave_the_box_as_it_was(summer_i_combat: Any, change: dict[str, Any], message: str) -> None:
    refused(summer_i_combat, {**FIGHT, "rolls": _rolls(5), **change}, message)


def test_the_fight_belongs_to_the_moment_the_timing_option_gives() -> None:
    service = _both_northern_and_southern()
    try:
        at(service, "Spring 1940", "Western Allies", "Combat")
        refused(
            service,
            {**FIGHT, "rolls": _rolls(5)},
            r"the Murmansk box fights in the Western Allies Combat phase of Summer I \(option murmansk_timing=summer_i",
        )
    finally:
        service.close()
