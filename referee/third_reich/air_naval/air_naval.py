"""Revised Third Reich air and naval fire, and what the air and naval modules share (seed 004, RULES.md H-20..H-34).

Fire is one 1D10 roll on the air or the naval table: the effectiveness times the firing factors,
rounded down, with a 0.6 round-up privilege for some non-phasing air (H-20, H-21, H-27, J-59).
A hex holding both sides' air or fleets fights in a fixed order before ground combat (H-23);
counter-air ties up enemy air factor for factor (H-24); air zones decide which invasions, drops
and sea SRs are allowed (H-25, H-26); fleets intercept by range with one roll per port (H-30,
H-31), carry, land and bombard by fractions of their strength (H-32), and landings leave
beachheads (H-33, J-69); airborne units drop 6 hexes (H-34): `air_battles`, `air_zones`,
`naval_operations` and `airborne` hold those; this module the fire itself, the options and the
numbers they share. Nothing here reads the state, the
clock or the dice: the caller passes the rolls and what the referee reads off the map (the book
has no map, so what is in range is stated, not computed). Readings the text leaves open are
options (`OPTIONS`, `SOURCES`); choices it does not make at all are marked provisional in the
steps and in docs/air-and-naval.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from referee.common.dice import check_faces
from referee.common.errors import InvalidInputError
from referee.common.numbers import show
from referee.common.options import Choices, Sources
from referee.common.ruling import Step
from referee.third_reich.common.fire import FireTables, hits

OPTIONS: Choices = {
    "six_up_privilege": ("under_5_factors", "all_non_phasing"),  # J-59
    "air_naval_fire": ("sequential", "simultaneous"),  # H-23 (not in section J)
    "interception_die": ("1D10", "1D6"),  # J-64
    "interception_bands": ("lower_band", "higher_band"),  # J-64
    "escort_rule": ("nine_factors", "one_nine_fleet"),  # J-66
    "beachhead_removal": ("start_of_friendly_turn_no_enemy_adjacent", "end_of_next_friendly_turn"),  # J-69
}
"""The readings this module offers, the default first, for referee/third_reich/options.py."""
SOURCES: Sources = {
    "six_up_privilege": "J-59, H-21 [004]",
    "air_naval_fire": "H-23 [004] (not in section J)",
    "interception_die": "J-64, H-30 [004]",
    "interception_bands": "J-64, H-30 [004]",
    "escort_rule": "J-66, H-32 [004]",
    "beachhead_removal": "J-69, H-33 [004]",
}
"""The contradiction and rule each option settles."""

Table = Literal["air", "naval"]
Weather = Literal["Clear", "Mud", "Snow"]
ZoneStatus = Literal["none", "friendly", "contested", "enemy"]
AIR_FLEET = 5
"""Factors of a 5-4 air fleet; also the air stacking limit of a city or airbase (H-25)."""
NINE_FLEET = 9
"""Factors of a full fleet (H-23, H-32)."""
AIRBORNE_RANGE = 6
AIR_LINKS = 2
BEACHHEAD_STACKING = 4
NORMAL_STACKING = 2
BRIDGEHEADS_PER_POWER = 3
UNITS_PER_SEA_HEX = 2
BLOCKED_BY_ENEMY_ZONE = ("airborne drop", "amphibious assault", "sea SR", "land SR of air units")
"""H-25 [004]: what an uncontested enemy air zone forbids."""
INTERCEPTION_BANDS = ((1, 5, 5), (6, 10, 4), (10, 15, 3), (16, 20, 2), (20, 25, 1))
"""H-30 [004] as printed: (from, to hexes, highest successful roll); 10 and 20 are in two bands (J-64)."""
DIE_FACES = {"1D10": 10, "1D6": 6}


def reading_of(name: str, value: str) -> str:
    if value not in OPTIONS[name]:
        raise InvalidInputError(f"option {name} has readings {', '.join(OPTIONS[name])}; not {value!r}")
    return value


def check_factors(**named: int) -> None:
    for name, value in named.items():
        if value < 0:
            raise InvalidInputError(f"{name.replace('_', ' ')} {value}: factors are never negative")


def rule_of(rule: str, tables: FireTables) -> str:
    return rule + (", K-42 provisional" if tables.provisional else "")


@dataclass(frozen=True)
class Fire:
    """One fire on the air or naval table and the target factors it destroys."""

    factors: int
    table: str
    roll: int
    modified: int
    effectiveness: Fraction
    exact: Fraction
    hits: int
    step: Step


def may_round_six_up(*, table: str, phasing: bool, factors: int, air_to_air: bool, six_up_privilege: str) -> bool:
    """H-21, J-59 [004]: only non-phasing air may round 0.6 or more up. The tables section gives
    it to non-phasing air firing fewer than 5 factors, everywhere; the air-to-air section gives
    it, in air-to-air rounds, to all non-phasing air. ``under_5_factors`` reads the tables
    section alone; ``all_non_phasing`` lets the air-to-air section widen it in air-to-air rounds
    (counter-air and air-drop interception included). Fleets and phasing air round down."""
    reading = reading_of("six_up_privilege", six_up_privilege)
    if table != "air" or phasing:
        return False
    return (reading == "all_non_phasing" and air_to_air) or factors < AIR_FLEET


def fire(
    tables: FireTables,
    factors: int,
    table: str,
    roll: int,
    drm: int = 0,
    *,
    round_six_up: bool = False,
    target: int | None = None,
    who: str = "fire",
) -> Fire:
    """H-20, H-21, H-27 [004]: the 1D10 roll plus DRMs, held to 1..10, gives the effectiveness;
    times the firing factors, rounded down (0.6 or more up where ``round_six_up``); never more
    hits than the target has factors.

    Raises:
        InvalidInputError: a roll a D10 cannot show, negative factors or an unknown table.
    """
    check_faces("1D10", [roll])
    check_factors(firing_factors=factors, **({} if target is None else {"target_factors": target}))
    if table not in tables.effectiveness:
        raise InvalidInputError(f"no {table!r} row in the fire tables; rows: {', '.join(tables.effectiveness)}")
    modified = max(1, min(10, roll + drm))
    value = tables.value(table, modified)
    exact = factors * value
    raw = hits(factors, value, round_six_up=round_six_up)
    result = raw if target is None else min(raw, target)
    roll_text = f"roll {roll} {drm:+d} = {modified}" if drm else f"roll {roll}"
    rounding = "0.6 or more rounds up" if round_six_up else "rounded down"
    capped = f"; the target has only {target}: {result}" if result < raw else ""
    text = f"{who}: {table} table, {roll_text} → {show(value)}; {factors} × {show(value)} = {show(exact)} → {raw}"
    step = Step(text=f"{text} ({rounding}){capped}", rule=rule_of("H-20, H-21, H-27 [004]", tables))
    return Fire(factors, table, roll, modified, value, exact, result, step)
