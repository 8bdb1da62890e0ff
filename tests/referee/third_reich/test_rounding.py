"""H-27 [004]: the Third Reich rounding rules in one place, each read off the function that
applies it (the text's and the ones it leaves unstated, rounded down and called provisional)."""

from __future__ import annotations

from referee.third_reich.air_naval import air_naval as an
from referee.third_reich.air_naval import naval_operations
from referee.third_reich.common import fire
from referee.third_reich.economy import economy
from referee.third_reich.land import land_combat as lc
from referee.third_reich.land import movement
from referee.third_reich.strategic_warfare import warfare as sw

TABLES, _ = fire.load_fire_tables()
"""The provisional fire tables: a roll of 3 is 0.2 on either (H-22)."""


def test_H27_every_rounding_rule_of_the_text() -> None:
    # Air and naval hits round down; non-phasing air under 5 factors rounds 0.6 or more up (H-21).
    assert an.fire(TABLES, 7, "air", 3).hits == 1  # 1.4
    assert an.fire(TABLES, 3, "air", 3).hits == 0  # 0.6, down
    assert an.fire(TABLES, 3, "air", 3, round_six_up=True).hits == 1  # 0.6, the privilege
    assert fire.hits(4, TABLES.value("naval", 3), round_six_up=False) == 0  # 0.8, fleets round down

    # Strategic warfare: the offence fires at half its factors rounded up; its hits on the
    # defenders round 0.6 or more up; the defenders' hits round down.
    subs = sw.exchange(sw.Fight("submarines", 7, 4), TABLES, 3, 3)
    assert subs.steps[0].text == "7 U-boats fire at half factors: 4 (rounded up)"
    assert subs.defensive_lost == 1  # 4 × 0.2 = 0.8 → 1
    assert subs.offensive_lost == 0  # 4 ASW × 0.2 = 0.8 → 0

    # Hits on the economy always round down: 8 bombers × 0.2 = 1.6 → 1.
    bombers = sw.Fight("bombers", 8, 0)
    assert sw.economy(bombers, sw.unopposed(bombers), TABLES, 3).economy_hits == 1

    # Naval transport: 1/2 of each fleet, rounded down.
    assert naval_operations.transport_capacity([9, 5])[0] == 4 + 2

    # Armor movement allowance in Mud: 1/2, rounded down.
    assert movement.allowance(5, "armor", "Mud")[0] == 2


def test_H27_the_unstated_thirds_round_down_and_say_provisional() -> None:
    capacity, steps = naval_operations.amphibious_capacity([9, 8])
    assert capacity == 3 + 2 and "(provisional)" in steps[0].text
    assert naval_operations.bombardment([8])[0] == 2
    support, steps = lc.naval_support((8,))
    assert support == 2 and "rounded down" in steps[0].text
    # The strategic-warfare % limits (G-63): whole BRPs, rounded down (the UK's base of 125).
    assert economy.sw_limits("UK", 1940, 125) == {"asw": 12, "bombers": 18}
