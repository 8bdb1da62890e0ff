"""Third Reich strategic warfare, one round (seed 004, RULES G-61..G-68, H-20, H-21, H-27).

U-boats against ASW use the naval table, bombers against interceptors the air table. The
offensive weapon fires at half its factors rounded up, the defence at full factors, at the same
time; hits on factors round down, except that the half-strength subs or bombers round 0.6 or
more up. The surviving offensive factors then fire at the target's economy, subs at 2× and
bombers at 1× factors, rounded down: those are the BRP hits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.numbers import show
from referee.common.ruling import Step
from referee.third_reich.common.fire import FireTables, hits

WEAPONS = {
    "submarines": {"name": "U-boats", "defence": "ASW", "table": "naval", "economy": 2},
    "bombers": {"name": "bombers", "defence": "interceptors", "table": "air", "economy": 1},
}
"""G-62 [004]: who fights whom, on which table, and how hard the survivors hit the economy."""
FIRST_TURN = {"spring_1940": 3, "fall_1939": 1}
"""G-61, J-61: strategic warfare from the Spring 1940 turn (turn 3), or from the start."""
TARGETS = {"submarines": ("UK", "USA"), "bombers": ("Germany",)}
"""G-61 [004]: the economies each weapon attacks (U-boats the UK or, once at war, the USA)."""


@dataclass(frozen=True)
class Fight:
    """One strategic-warfare fight as the referee sets it up."""

    attacker: str
    offensive: int
    defensive: int
    offence_drm: int = 0
    defence_drm: int = 0


@dataclass
class Outcome:
    """Factors lost on each side, the survivors and the BRP hits, with the derivation."""

    offensive_lost: int = 0
    defensive_lost: int = 0
    survivors: int = 0
    economy_hits: int = 0
    steps: list[Step] = field(default_factory=list)


def rolls_for_exchange(fight: Fight) -> list[str]:
    """The rolls the exchange of fire needs, in order (none without defenders: G-67's happy time)."""
    weapon = WEAPONS[fight.attacker]
    if fight.defensive == 0 or fight.offensive == 0:
        return []
    return [f"{weapon['defence']} fire at the {weapon['name']}", f"{weapon['name']} fire at the {weapon['defence']}"]


def _fire(
    tables: FireTables, table: str, factors: int, roll: int, drm: int, *, round_six_up: bool, who: str
) -> tuple[int, Step]:
    modified = max(1, min(10, roll + drm))
    value = tables.value(table, modified)
    result = hits(factors, value, round_six_up=round_six_up)
    exact = factors * value
    rounding = "0.6 or more rounds up" if round_six_up else "rounded down"
    roll_text = f"roll {roll}{f' {drm:+d}' if drm else ''}" + (f" = {modified}" if drm else "")
    return result, Step(
        text=f"{who}: {table} table, {roll_text} → {show(value)} × {factors} = {show(exact)} → {result} ({rounding})",
        rule="H-20, H-21 [004]" + (", K-42 provisional" if tables.provisional else ""),
    )


def exchange(fight: Fight, tables: FireTables, defence_roll: int, offence_roll: int) -> Outcome:
    """G-62, H-21 [004]: simultaneous fire; the offence at half factors rounded up."""
    weapon = WEAPONS[fight.attacker]
    half = math.ceil(Fraction(fight.offensive, 2))
    outcome = Outcome(
        steps=[
            Step(
                text=f"{fight.offensive} {weapon['name']} fire at half factors: {half} (rounded up)", rule="G-62 [004]"
            )
        ]
    )
    lost, step = _fire(
        tables,
        str(weapon["table"]),
        fight.defensive,
        defence_roll,
        fight.defence_drm,
        round_six_up=False,
        who=f"{fight.defensive} {weapon['defence']}",
    )
    outcome.steps.append(step)
    kills, step = _fire(
        tables,
        str(weapon["table"]),
        half,
        offence_roll,
        fight.offence_drm,
        round_six_up=True,
        who=f"{half} {weapon['name']}",
    )
    outcome.steps.append(step)
    outcome.offensive_lost = min(lost, fight.offensive)
    outcome.defensive_lost = min(kills, fight.defensive)
    outcome.survivors = fight.offensive - outcome.offensive_lost
    outcome.steps.append(
        Step(
            text=f"{weapon['name']} lose {outcome.offensive_lost}, {weapon['defence']} lose {outcome.defensive_lost}; "
            f"{outcome.survivors} {weapon['name']} go on",
            rule="G-62 [004]",
        )
    )
    return outcome


def unopposed(fight: Fight) -> Outcome:
    """No defenders: every offensive factor goes on to the economy (G-67: the first happy time)."""
    weapon = WEAPONS[fight.attacker]
    return Outcome(
        survivors=fight.offensive,
        steps=[
            Step(text=f"no {weapon['defence']}: all {fight.offensive} {weapon['name']} go on", rule="G-62, G-67 [004]")
        ],
    )


def economy(fight: Fight, outcome: Outcome, tables: FireTables, roll: int) -> Outcome:
    """G-62 [004]: survivors fire at the economy, subs at 2× and bombers at 1× factors, rounded down."""
    weapon = WEAPONS[fight.attacker]
    factors = outcome.survivors * int(str(weapon["economy"]))
    outcome.economy_hits, step = _fire(
        tables,
        str(weapon["table"]),
        factors,
        roll,
        fight.offence_drm,
        round_six_up=False,
        who=f"{outcome.survivors} {weapon['name']} × {weapon['economy']} at the economy",
    )
    outcome.steps.append(step)
    return outcome
