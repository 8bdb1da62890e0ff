"""Revised Europa air rules that need no air table (A-12, L-10..L-14, L-20, L-21, L-23, J-03, J-19)
and the air surprise (I-21, I-22), with the ResolveAirSurprise handler."""

from __future__ import annotations

import pytest

from referee.common.decision import Context
from referee.common.errors import IllegalOrderError
from referee.europa.air import missions as air_rules
from referee.europa.air import surprise as air_surprise
from referee.europa.common.state import EuropaState
from referee.europa.game import GAME
from referee.europa.map_facts import commands as mc
from referee.europa.map_facts.handlers import MAP_HANDLERS
from referee.service import RefereeService


def test_L10_mission_limits_and_patrol_range() -> None:
    """L-10 [000]: at most 4 groups, at most 3 striking or interdicting; patrol 1/2 range rounded up."""
    assert air_rules.check_mission(4, 3).rule == "L-10 [000]"
    with pytest.raises(IllegalOrderError, match="1 to 4 groups"):
        air_rules.check_mission(5, 3)
    with pytest.raises(IllegalOrderError, match="at most 3"):
        air_rules.check_mission(4, 4)
    assert air_rules.patrol_range(7)[:2] == (4, 4)
    assert air_rules.patrol_range(8)[:2] == (4, 4)


def test_A12_resolution_order_sweeps_intercepts_then_the_rest() -> None:
    """A-12 [000]: sweeps, then intercepts (those against transports too), then the rest in the
    phasing player's order; patrol and alert stay active through the next enemy player turn."""
    missions = [
        air_rules.Mission("strike Brest", "strike"),
        air_rules.Mission("intercept Ju52s", "intercept"),
        air_rules.Mission("patrol Minsk", "patrol"),
        air_rules.Mission("sweep Kobrin", "sweep"),
        air_rules.Mission("interdict Lida", "interdiction"),
    ]
    ordered, steps = air_rules.resolution_order(missions)
    assert [mission.name for mission in ordered] == [
        "sweep Kobrin",
        "intercept Ju52s",
        "strike Brest",
        "patrol Minsk",
        "interdict Lida",
    ]
    assert steps[-1].text == "patrol Minsk: stays active through the next enemy player turn"
    with pytest.raises(IllegalOrderError, match="A-12"):
        air_rules.resolution_order([air_rules.Mission("defensive support", "defensive_support")])


def test_I19_tactical_rating_6_interdicts_automatically() -> None:
    """I-19 / L-12 [000]: a 2-step group rated 3 doubles to 6 and places the zone without a roll."""
    result = air_rules.interdiction(3, face=None)
    assert result.placed and result.automatic and result.rating == 6 and result.zone_hexes == 7


def test_L12_J19_interdiction_roll_both_readings() -> None:
    """L-12 [000], J-19: rating 2 doubled to 4; a 4 succeeds at_most, fails under; (1)-step not doubled;
    a zone centred on a rail line is a rail break (L-08)."""
    assert air_rules.interdiction(2, face=4).placed
    assert not air_rules.interdiction(2, face=4, reading="under").placed
    assert air_rules.interdiction(2, face=3, reading="under").placed
    one_step = air_rules.interdiction(3, face=4, one_step=True)
    assert one_step.rating == 3 and not one_step.placed
    assert air_rules.interdiction(3, face=None, rail_line=True).rail_break
    with pytest.raises(IllegalOrderError, match="throw 1D6"):
        air_rules.interdiction(2, face=None)


def test_L11_flak_drms_and_the_group_hit() -> None:
    """L-11 [000]: −1 for 2 strike groups, −2 for 3; +1 night; +1 bombers; the group hit 1-3/4-6 or 1-2/3-4/5-6."""
    assert air_rules.flak_drm(1)[0] == 0
    assert air_rules.flak_drm(2)[0] == -1
    assert air_rules.flak_drm(3, night=True, bombers=True)[0] == 0
    assert [air_rules.flak_group_hit(face, 2) for face in range(1, 7)] == [1, 1, 1, 2, 2, 2]
    assert [air_rules.flak_group_hit(face, 3) for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert air_rules.FLAK_SOURCES["interdiction"].startswith("all AA in the 7-hex zone")


def test_L14_air_capacity_and_airbase_hits() -> None:
    """L-14 [000]: major city 3, dot or reference 1, airbase +2 (from 0); hits reduce it (what the
    hits do to the groups there is bombardment.airfield_effects, tests/referee/europa/test_bombardment.py)."""
    assert air_rules.air_capacity("major")[0] == 3
    assert air_rules.air_capacity("dot")[0] == 1
    assert air_rules.air_capacity(airbase=True)[0] == 2
    assert air_rules.air_capacity("major", airbase=True, hits=2)[0] == 3


def test_J03_air_repair_timing_both_readings() -> None:
    """J-03: air unit repair in the Initial phase (initial) or the Air phase (air_phase)."""
    assert air_rules.repair_phase("Initial").rule == "J-03"
    assert air_rules.repair_phase("Air", reading="air_phase").rule == "J-03"
    with pytest.raises(IllegalOrderError, match="J-03"):
        air_rules.repair_phase("Air")


def test_L23_soviet_repair_drm_ignored_jun_ii_41_to_jun_ii_42() -> None:
    """L-23 [000]: the Soviet +1 is ignored from Jun II 1941 (turn 1) to Jun II 1942 (turn 25)."""
    assert air_rules.soviet_repair_drm("Soviet", 1)[0] == 0
    assert air_rules.soviet_repair_drm("Soviet", 25)[0] == 0
    assert air_rules.soviet_repair_drm("Soviet", 26)[0] == 1
    assert air_rules.soviet_repair_drm("Axis", 10)[0] == 1


def test_I21_german_groups_make_ga_46() -> None:
    """I-21 / L-20 [000]: 46 German groups = GA 46; 55 Soviet groups against GA 45; the surprise
    picks 3 + 14 = 17 fighters, then 2 Do17, 9 He111, 9 Ju88 from the pool."""
    assert air_rules.groups_against_ga(air_surprise.GERMAN_START, 46)[:2] == (46, 0)
    assert air_rules.groups_against_ga(air_surprise.SOVIET_START, 45)[:2] == (55, 10)
    plan = air_surprise.surprise_plan()
    assert (plan.set_aside, plan.fighter_targets, plan.pool, plan.bomber_attacks) == (5, 17, 33, 20)


def test_I22_air_surprise_result_tables() -> None:
    """I-22 / L-21 [000]: Me110 1-2 R, 3-6 EFT; Me109 1 none, 2-3 R, 4-6 EFT; Do17 1 none, 2-3 R,
    4-6 EET; He111 and Ju88 1-2 R, 3-6 EET."""
    table = {
        attacker: [air_surprise.surprise_result(attacker, face) for face in range(1, 7)]
        for attacker in air_surprise.TABLES
    }
    assert table["Me110"] == ["R", "R", "EFT", "EFT", "EFT", "EFT"]
    assert table["Me109"] == ["no effect", "R", "R", "EFT", "EFT", "EFT"]
    assert table["Do17"] == ["no effect", "R", "R", "EET", "EET", "EET"]
    assert table["He111"] == table["Ju88"] == ["R", "R", "EET", "EET", "EET", "EET"]
    faces = [1, 3, 6] + [1, 2, 4] + [5] * 11 + [1, 6] + [2] * 9 + [3] * 9
    result = air_surprise.air_surprise(faces)
    assert [hit.result for hit in result.hits[:6]] == ["R", "EFT", "EFT", "no effect", "R", "EFT"]
    assert result.totals == {"R": 11, "EFT": 14, "no effect": 2, "EET": 10}
    with pytest.raises(IllegalOrderError, match="37 faces"):
        air_surprise.air_surprise([1] * 36)


def test_L21_air_surprise_targets_must_be_in_range_and_fighters_first() -> None:
    """L-21 [000]: set-aside groups are out of range; German fighters pick Soviet fighters."""
    targets = ["I16 #1"] * 17 + ["SB2 #1"] * 20
    assert air_surprise.air_surprise([3] * 37, targets).hits[0].target == "I16 #1"
    with pytest.raises(IllegalOrderError, match="set aside"):
        air_surprise.air_surprise([3] * 37, ["TB3", *targets[1:]])
    with pytest.raises(IllegalOrderError, match="Soviet fighters"):
        air_surprise.air_surprise([3] * 37, ["SB2", *targets[1:]])


def test_L21_resolve_air_surprise_handler_records_37_rolls(europa: RefereeService) -> None:
    """L-21 [000]: on the surprise turn's Axis Air phase, one 1D6 roll record per target."""
    state = europa.state()
    assert isinstance(state, EuropaState)
    ctx = Context(state=state, ruleset=europa._pinned_ruleset(state), head=state.chain.last_number, game=GAME)
    command = mc.ResolveAirSurprise(faces=[4] * 37)
    decision = MAP_HANDLERS[mc.ResolveAirSurprise](command, ctx)
    assert len(decision.rolls) == 37 and decision.rolls[0]["dice"] == "1D6"
    assert decision.ruling.summary == "air surprise: EFT 17, EET 20"
