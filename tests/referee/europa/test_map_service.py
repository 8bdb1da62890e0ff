"""Facts read off the map, through the referee service (issue 15): the referee states what the
board shows, the rules consume it, and the ruling cites the statement ("stated at #N by ...")."""

from __future__ import annotations

from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import refused


def test_D09_a_stack_over_the_mountain_limit_is_refused_citing_the_stated_terrain(europa: RefereeService) -> None:
    stated = europa.execute_json({"kind": "StateFact", "fact": "terrain", "subject": "2413", "value": "mountain"})
    refused(
        europa,
        {"kind": "CheckStacking", "side": "Axis", "hex": "2413", "divisions": 2, "other_res": 2},
        r"2413: 8 REs in a hex that holds 7: over by 1 \(D-09, J-43\); terrain: terrain of 2413 = mountain, "
        r"stated at #2 by referee",
    )
    ok = europa.execute_json({"kind": "CheckStacking", "side": "Axis", "hex": "2413", "divisions": 2})
    texts = [step["text"] for step in ok["ruling"]["steps"]]
    assert any(f"stated at #{stated['number']} by referee" in text for text in texts)
    assert ok["ruling"]["summary"] == "stacking 2413: 6 of 7 REs, room for 1 more"


def test_D101_a_trace_through_a_stated_interdiction_zone_is_a_hex_shorter(europa: RefereeService) -> None:
    europa.execute_json({"kind": "StateFact", "fact": "interdiction_zone", "subject": "K2", "value": "yes"})
    base = {"kind": "TraceSupply", "side": "Axis", "unit": "XXIV pz corps", "zone": "B"}
    reaching = europa.execute_json({**base, "links": [{"link": "overland", "hexes": ["K1", "K2"], "plain": 4}]})
    assert reaching["ruling"]["summary"] == "XXIV pz corps: in supply"
    assert any("interdiction_zone of K2 = yes, stated at #" in step["text"] for step in reaching["ruling"]["steps"])
    short = europa.execute_json({**base, "links": [{"link": "overland", "hexes": ["K1", "K2"], "plain": 5}]})
    assert short["ruling"]["summary"] == "XXIV pz corps: out of supply"


EXPLOIT = {"kind": "CheckExploitation", "side": "Soviet", "unit": "8 tank div", "zone": "B"}


def _stated_in_exploitation(europa: RefereeService, fact: str) -> None:
    """The Soviet Exploitation phase of Jun II 1941, once the referee stated ``fact`` of 8 tank div."""
    at_phase(europa, "Jun II 1941", "Soviet", "Exploitation")
    europa.execute_json({"kind": "StateFact", "fact": fact, "subject": "8 tank div", "value": "yes"})


def test_A16_a_soviet_unit_stated_in_an_enemy_zoc_may_not_activate_in_exploitation(europa: RefereeService) -> None:
    _stated_in_exploitation(europa, "in_enemy_zoc")
    refused(europa, EXPLOIT, r"A-16.*stated at #\d+ by referee")


def test_A16_a_soviet_unit_stated_to_have_attacked_may_not_activate_in_exploitation(europa: RefereeService) -> None:
    """A-16 [000] and C-64 [001] read the same statement: attacked_this_turn."""
    _stated_in_exploitation(europa, "attacked_this_turn")
    refused(europa, EXPLOIT, r"A-16.*attacked_this_turn of 8 tank div = yes, stated at #\d+ by referee")
