"""Europa Boot Camp combat results (seed 002, RULES E.1, E.3): the die read on the CRT and the
losses each side owes, counted on printed strengths (E-15, E-16).

Pure, like `referee.europa.boot_camp` (everything before the die), which it completes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.europa.boot_camp.charts import BootCampChart
from referee.europa.boot_camp.combat import Assessment, Battle, Fighter


@dataclass(frozen=True)
class Outcome:
    """The result read and the losses each side owes, on printed strengths (E-15)."""

    code: str
    modified: int | None
    row: int | None
    attacker_loss: int
    defender_loss: int
    steps: list[Step] = field(default_factory=list)


def printed(units: tuple[Fighter, ...]) -> int:
    """E-15 [002]: the printed strengths losses are counted on (retreated-in defenders count none)."""
    return sum(unit.strength for unit in units if not unit.retreated_here)


def losses(code: str, battle: Battle) -> tuple[int, int, list[Step]]:
    """E-15 [002]: the losses a code asks of each side, on printed strengths; "at least half"
    rounds up so the loss is met. Bomber points are never counted and never lost."""
    attack, defence = printed(battle.attackers), printed(battle.defenders)
    owed = {
        "AE": (attack, 0),
        "AH": (math.ceil(Fraction(attack, 2)), 0),
        "EX": (min(attack, defence), defence),
        "HX": (min(attack, math.ceil(Fraction(defence, 2))), defence),
        "DH": (0, math.ceil(Fraction(defence, 2))),
        "DE": (0, defence),
    }.get(code, (0, 0))
    steps = [
        Step(
            text=f"{code}: attacker loses {owed[0]} of printed attack {attack}, defender {owed[1]} of printed "
            f"defence {defence}; bomber points are not counted (E-15); a division reduced to its cadre counts "
            "its full strength (E-16)",
            rule="E-15, E-16 [002], K-20",
        )
    ]
    return owed[0], owed[1], steps


def resolve(battle: Battle, assessment: Assessment, chart: BootCampChart, die: int | None) -> Outcome:
    """E-04 [002]: one die plus the net DRM, clamped to the CRT's rows, read in the column."""
    steps = list(assessment.steps)
    if assessment.automatic is not None:
        attacker, defender, loss_steps = losses(assessment.automatic, battle)
        return Outcome(assessment.automatic, None, None, attacker, defender, steps + loss_steps)
    if die is None or assessment.column is None:
        raise IllegalOrderError("the combat needs its die (E-04 [002])")
    modified = die + assessment.drm
    row, code = chart.read(assessment.column, modified)
    clamp = f", read on row {row}" if row != modified else ""
    steps.append(
        Step(text=f"die {die} {assessment.drm:+d} = {modified}{clamp}: {assessment.column} → {code}", rule="E-04")
    )
    attacker, defender, loss_steps = losses(code, battle)
    return Outcome(code, modified, row, attacker, defender, steps + loss_steps)


def cadre_loss(full: int, cadre: int) -> tuple[int, Step]:
    """E-16, I-32 [002]: a division reduced to its cadre counts its full strength as loss."""
    return full, Step(
        text=f"{full}-strength division to a {cadre} cadre: counts {full}, not {full - cadre}", rule="E-16"
    )
