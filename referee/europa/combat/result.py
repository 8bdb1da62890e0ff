"""Revised Europa land combat after the dice (seed 000, D-14, D-50..D-59, D-70, D-71): the CRT
result for the roll, the losses each side owes, the armor-loss rule and the retreats.

Pure functions over the `Assessment` made before the dice (`referee/europa/combat/assess.py`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.combat.battle import HALF, Assessment, Battle, CombatOptions
from referee.europa.combat.charts import COLUMNS, CombatCharts, TerrainEffect


@dataclass(frozen=True)
class CombatResult:
    """What the CRT said and what it requires of each side."""

    code: str
    column: str | None
    roll: int
    adjusted: int
    attacker_loss: int
    defender_loss: int
    attacker_eliminated: bool
    attacker_armor_loss: bool
    defender_armor_loss: bool
    steps: list[Step] = field(default_factory=list)


def _losses(code: str, column: str, assessment: Assessment) -> tuple[int, int, Step | None]:
    """D-51, D-52, D-55 [000]: 1 = 50% and 2 = 100% of the weaker side's basis, rounded up."""
    attacker_weaker = COLUMNS.index(column) < COLUMNS.index("1-1")
    basis = assessment.attacker_basis if attacker_weaker else assessment.defender_basis
    side = "attacker" if attacker_weaker else "defender"

    def loss(k: int) -> int:
        return math.ceil(k * HALF * basis)

    attacker = loss(2) if "A2" in code else loss(1) if ("A1" in code or "X1" in code) else 0
    defender = loss(2) if "D2" in code else loss(1) if ("D1" in code or "X1" in code) else 0
    if not (attacker or defender) and not any(mark in code for mark in ("1", "2")):
        return 0, 0, None
    how = (
        "printed, halved for lack of supply, increased in a fortified or major-city hex"
        if assessment.rules == "001"
        else "printed, halved only for lack of supply"
    )
    text = (
        f"losses sized on the weaker side at {column}, the {side}: basis {show(basis)} "
        f"({how}); attacker {attacker}, defender {defender}"
    )
    rule = "D-51..D-53, D-55 [000]" + (", D-54 [001]" if assessment.rules == "001" else "")
    return attacker, defender, Step(text=text, rule=rule)


def resolve(
    battle: Battle, assessment: Assessment, charts: CombatCharts, roll: int, options: CombatOptions
) -> CombatResult:
    """Read the CRT for a 2D6 total and work out the losses and the armor-loss rule (D-14, D-50..D-59)."""
    steps = list(assessment.steps)
    adjusted = max(2, min(12, roll + assessment.drm))
    if assessment.column is None:
        steps.append(Step(text="attacker eliminated: every attacking unit is lost", rule="D-11 [000]"))
        return CombatResult("AE", None, roll, adjusted, 0, 0, True, False, False, steps)
    clamp = f", clamped to {adjusted}" if adjusted != roll + assessment.drm else ""
    steps.append(Step(text=f"2D6 {roll} {assessment.drm:+d} = {roll + assessment.drm}{clamp}", rule="D-14 [000]"))
    code = charts.result(assessment.column, adjusted)
    steps.append(
        Step(
            text=f"CRT {assessment.column}, roll {adjusted}: {code}",
            rule="D-50 [000]" + (", K-01 provisional" if charts.provisional else ""),
        )
    )
    attacker_loss, defender_loss, loss_step = _losses(code, assessment.column, assessment)
    if loss_step:
        steps.append(loss_step)
    terrain = charts.terrain[battle.terrain]
    attacker_armor = any(unit.aeca != "none" for unit in battle.attackers)
    attacker_rule = (
        bool(attacker_loss)
        and attacker_armor
        and (
            assessment.armor.defender > 0
            or any(unit.atec != "none" for unit in battle.defenders)
            or (assessment.rules == "001" and any(unit.aeca != "none" for unit in battle.defenders))
            or battle.fortified
            or terrain.major_city
        )
    )
    if attacker_rule and code.startswith("X1") and assessment.large_armor_advantage:
        attacker_rule = False
        steps.append(
            Step(text="large armor advantage: no armor loss required of the attacker on X1", rule="D-59 [000]")
        )
    defender_rule = (
        bool(defender_loss)
        and attacker_armor
        and assessment.armor.calculated
        and any(unit.aeca != "none" for unit in battle.defenders)
    )
    which, rule = ("the first", "D-58 [001]") if assessment.rules == "001" else ("at least one", "D-57 [000]")
    if attacker_rule:
        steps.append(Step(text=f"{which} attacking unit reduced must be an AECA unit", rule=rule))
    if defender_rule:
        steps.append(Step(text=f"{which} defending unit reduced must be an AECA unit", rule=rule))
    steps += _retreats(code, battle, terrain, options)
    return CombatResult(
        code,
        assessment.column,
        roll,
        adjusted,
        attacker_loss,
        defender_loss,
        False,
        attacker_rule,
        defender_rule,
        steps,
    )


HEAVY_IN_OVERVIEW = {"dot_city", "major_city", "forest", "swamp", "mountain"}
"""J-18: the overview's list of terrain where a DR is a 1-hex retreat (city, forest, swamp, mountain)."""


def _retreats(code: str, battle: Battle, terrain: TerrainEffect, options: CombatOptions) -> list[Step]:
    """D-50, D-70, D-71, D-92 [000]: who retreats how far; the NKVD may cancel a DR or X1DR."""
    steps = []
    if code == "AR":
        steps.append(Step(text="the attacker retreats 1 hex", rule="D-50 [000]"))
    if code.endswith("DR"):
        heavy = terrain.heavy if options.dr_heavy_terrain == "rule" else battle.terrain in HEAVY_IN_OVERVIEW
        hexes = 1 if heavy else 2
        steps.append(
            Step(
                text=f"the defender retreats {hexes} hex{'es' if hexes > 1 else ''}; the attacker may advance",
                rule=f"D-50, D-70 [000], J-18 ({options.dr_heavy_terrain})",
            )
        )
        if code in ("DR", "X1DR") and any(unit.nkvd for unit in battle.defenders):
            steps.append(
                Step(
                    text="the Soviet player may cancel the retreat by eliminating at least 1 RE of NKVD",
                    rule="D-71 [000]",
                )
            )
    if code == "AR" or code.endswith("DR"):
        steps.append(_ezoc_step(options.ezoc_retreat))
    if battle.overrun:
        steps.append(
            Step(
                text="overrun: the whole stack advances if the hex is cleared; otherwise it halts with its MP lost",
                rule="D-92 [000]",
            )
        )
    return steps


_ARMOR_EXEMPT = "; armor loses nothing unless a ZOC comes from an AECA unit"
EZOC_RETREAT = {
    "per_retreat": ("loses 1 RE (or 1 division to cadre) once for the retreat" + _ARMOR_EXEMPT, "D-72 [000], J-16"),
    "per_hex": ("loses 1 RE (or 1 division to cadre) for each EZOC hex" + _ARMOR_EXEMPT, "D-72 [000], J-16"),
    "cadre_per_zoc": (
        "reduces 1 division to cadre for each ZOC entered; with no division, 1 non-divisional unit per hex",
        "D-73 [001], J-33",
    ),
}
"""What a retreat through enemy ZOCs costs under each reading of option ezoc_retreat (the path is a map matter)."""


def _ezoc_step(reading: str) -> Step:
    """D-72 [000] / D-73 [001]: which rule charges a retreat through enemy ZOCs (friendly units negate them)."""
    text, rule = EZOC_RETREAT[reading]
    return Step(text=f"a stack retreating through enemy ZOCs {text}", rule=f"{rule} (ezoc_retreat={reading})")
