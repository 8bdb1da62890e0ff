"""Revised Third Reich land combat as pure functions: defence, support, odds, shifts, DRM, result.

Seed 004, "New3RLandCombat" (RULES.md H-01..H-09): the hex's defence gets a weather add instead
of doubling, a fortified hex doubles its strongest unit, air and naval support is capped by the
defence and by the ground attack, swamp, mountain, river and beach attacks shift one column
left, armor superiority gives a DRM only in the stated weather and terrain, and results are
unit losses with one-hex retreats. The chart is data (`land_charts`); nothing here reads the
state, the clock or the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.third_reich.common.terms import Weather
from referee.third_reich.land.charts import LandCombatChart, LandResult, column_value

Terrain = Literal["clear", "swamp", "mountain"]
FORTIFIED_ADD = ("doubled", "not_doubled")
"""J-62: the strongest unit of a fortified hex takes the weather add and is doubled with it
(the order the text gives it), or is doubled and then takes the add."""
ADVANCE_LIMIT = 2
ADVANCE_INTO_BRIDGEHEAD = 4


@dataclass(frozen=True)
class Attacker:
    """An attacking ground unit as read off its counter and the map."""

    unit: str
    strength: int
    type: Literal["infantry", "armor", "airborne"]
    across_river: bool = False
    amphibious: bool = False
    air_landed: bool = False


@dataclass(frozen=True)
class Defender:
    """A defending unit: its printed defence factor."""

    unit: str
    strength: int
    type: Literal["infantry", "armor", "airborne", "replacement"]


@dataclass(frozen=True)
class Battle:
    """One attack on one hex, with what the referee read off the map."""

    attackers: tuple[Attacker, ...]
    defenders: tuple[Defender, ...]
    weather: Weather
    terrain: Terrain = "clear"
    fortified: bool = False
    russian_winter: bool = False
    air_support: int = 0
    fleets: tuple[int, ...] = ()
    coastal: bool = False
    mechanized: bool = False
    fortified_add: str = "doubled"


@dataclass
class Assessment:
    """Everything before the dice, each number with the step that made it."""

    final_defence: int
    ground_attack: int
    support_counted: int
    column: int
    """Index of the column the dice are read on (after shifts)."""
    column_name: str
    drm: int
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class Outcome:
    """What the dice gave: the code and what each side must do."""

    result: LandResult
    modified: int
    attacker_units: int
    defender_units: int
    retreat: str | None
    hex_emptied: bool
    steps: tuple[Step, ...]


def _weather_add(battle: Battle) -> tuple[int, Step]:
    """H-04, A-68 [004]: +1 in Clear, +2 in Snow or Mud; nothing in the Russian winter."""
    if battle.russian_winter:
        return 0, Step(text="Russian winter: the Axis defenders get no weather add, not even +1", rule="A-68 [004]")
    add = 1 if battle.weather == "Clear" else 2
    return add, Step(text=f"weather {battle.weather}: the hex's defence +{add}", rule="H-04 [004]")


def final_defence(battle: Battle) -> tuple[int, list[Step]]:
    """H-04, H-05 [004] with J-62: no doubling, a weather add for the hex, and in a fortified hex
    the strongest unit (with the add, or before it: option ``fortified_add``) doubled."""
    if battle.fortified_add not in FORTIFIED_ADD:
        raise ValueError(f"fortified_add is one of {FORTIFIED_ADD}")
    add, step = _weather_add(battle)
    strengths = sorted((unit.strength for unit in battle.defenders), reverse=True)
    printed = sum(strengths)
    steps = [Step(text=f"defenders {' + '.join(map(str, strengths))} = {printed} (no doubling)", rule="H-04 [004]")]
    steps.append(step)
    if not battle.fortified:
        total = printed + add
        steps.append(Step(text=f"final defence {printed} + {add} = {total}", rule="H-04 [004]"))
        return total, steps
    strongest, rest = strengths[0], sum(strengths[1:])
    if battle.fortified_add == "doubled":
        doubled = (strongest + add) * 2
        how = f"({strongest} + {add}) × 2 = {doubled}"
    else:
        doubled = strongest * 2 + add
        how = f"{strongest} × 2 + {add} = {doubled}"
    total = doubled + rest
    steps.append(
        Step(
            text=f"fortified: the strongest unit {how}, the others {rest} as printed: {total}",
            rule=f"H-05, J-62 [004] (fortified_add={battle.fortified_add})",
        )
    )
    return total, steps


def naval_support(fleets: tuple[int, ...]) -> tuple[int, list[Step]]:
    """H-07, H-32 [004]: one 9-factor fleet at most supports an attack, at 1/3 of its factors
    (rounded down: the text does not say; H-27)."""
    if len(fleets) > 1:
        raise IllegalOrderError(
            f"at most one 9-factor fleet may give naval support to an attack (H-07 [004]); {len(fleets)} were named"
        )
    if not fleets:
        return 0, []
    counted = fleets[0] // 3
    return counted, [
        Step(text=f"naval support: fleet of {fleets[0]} at 1/3 = {counted} (rounded down)", rule="H-07, H-27 [004]")
    ]


def support_cap(final: int, ground: int, weather: str) -> int:
    """H-07 [004]: air and naval support at most the lower of 2× (1× in Snow) the final defence
    and 2× the attacking ground factors."""
    return min((1 if weather == "Snow" else 2) * final, 2 * ground)


def _check(battle: Battle) -> None:
    if not battle.attackers or not battle.defenders:
        raise IllegalOrderError("a land combat needs attacking and defending units")
    if battle.fleets and not battle.coastal:
        raise IllegalOrderError("naval support is only given against coastal hexes (H-07 [004])")
    if battle.mechanized:
        if battle.weather != "Clear":
            raise IllegalOrderError(
                f"mechanized combat needs Clear weather (A-66, H-09 [004]); the defender's region has {battle.weather}"
            )
        others = [unit.unit for unit in battle.attackers if unit.type != "armor" and not unit.air_landed]
        if others:
            raise IllegalOrderError(
                "mechanized combat is armor and air only, with air-landing units in the turn they land "
                f"(H-09, A-58 [004]): {', '.join(others)} may not attack"
            )
        if battle.fleets:
            raise IllegalOrderError("mechanized combat is armor and air only (A-58 [004]): no naval support")


def shifts(battle: Battle) -> list[Step]:
    """H-06 [004]: one column left each for swamp or mountain, an attack entirely across river
    hexsides, and an amphibious landing; an air-landing unit cancels the river and beach shifts.
    The text does not say whether they add up: here each counts (provisional)."""
    found = []
    if battle.terrain in ("swamp", "mountain"):
        found.append(Step(text=f"attack into {battle.terrain}: 1 column left", rule="H-06 [004]"))
    air_landed = any(unit.air_landed for unit in battle.attackers)
    ground = [unit for unit in battle.attackers if not unit.air_landed]
    river = bool(ground) and all(unit.across_river for unit in ground)
    beach = any(unit.amphibious for unit in battle.attackers)
    for applies, what in ((river, "entirely across river hexsides"), (beach, "an amphibious landing onto a beach")):
        if applies and air_landed:
            found.append(Step(text=f"{what}: no shift, an air-landing unit attacks the hex", rule="H-06 [004]"))
        elif applies:
            found.append(Step(text=f"{what}: 1 column left", rule="H-06 [004]"))
    return found


def armor_drm(battle: Battle, final: int) -> tuple[int, Step]:
    """H-08 [004]: in Clear or Snow weather, attacking clear terrain (across a river or onto a
    beach included): +1 if the attackers' armor factors are at least the final defence and the
    defenders have no armor; -1 if the defenders have armor and the attackers none."""
    attacking_armor = sum(unit.strength for unit in battle.attackers if unit.type == "armor")
    defending_armor = any(unit.type == "armor" for unit in battle.defenders)
    if battle.weather not in ("Clear", "Snow") or battle.terrain != "clear":
        return 0, Step(
            text=f"no armor superiority in {battle.weather} weather / {battle.terrain} terrain", rule="H-08 [004]"
        )
    if attacking_armor >= final and not defending_armor:
        return 1, Step(
            text=f"attacking armor {attacking_armor} ≥ final defence {final}, no defending armor: DRM +1",
            rule="H-08 [004]",
        )
    if defending_armor and attacking_armor == 0:
        return -1, Step(text="defending armor against no attacking armor: DRM -1", rule="H-08 [004]")
    return 0, Step(
        text=f"no armor superiority (attacking armor {attacking_armor}, defending armor "
        f"{'yes' if defending_armor else 'none'})",
        rule="H-08 [004]",
    )


def assess(battle: Battle, chart: LandCombatChart) -> Assessment:
    """H-04..H-08 [004]: the defence, the support counted, the odds column after shifts and the DRM."""
    _check(battle)
    final, steps = final_defence(battle)
    ground = sum(unit.strength for unit in battle.attackers)
    steps.append(Step(text=f"attacking ground factors {ground}", rule="H-07 [004]"))
    naval, naval_steps = naval_support(battle.fleets)
    steps += naval_steps
    offered = battle.air_support + naval
    cap = support_cap(final, ground, battle.weather)
    counted = min(offered, cap)
    if offered:
        times = "1×" if battle.weather == "Snow" else "2×"
        ignored = f", {offered - counted} ignored" if offered > cap else ""
        steps.append(
            Step(
                text=f"support {battle.air_support} air + {naval} naval = {offered}; cap min({times} {final}, "
                f"2× {ground}) = {cap}: {counted} counted{ignored}",
                rule="H-07 [004]",
            )
        )
    attack = ground + counted
    ratio = Fraction(attack, final)
    below = [index for index, column in enumerate(chart.columns) if column_value(column) <= ratio]
    if not below:
        raise IllegalOrderError(
            f"odds {attack}:{final} are below {chart.columns[0]}, the chart's first column: no attack at those odds "
            "(K-40, provisional chart)"
        )
    raw = below[-1]
    steps.append(Step(text=f"odds {attack}:{final} → {chart.columns[raw]} (rounded down)", rule="H-01, K-40"))
    shift_steps = shifts(battle)
    steps += shift_steps
    left = sum(1 for step in shift_steps if "1 column left" in step.text)
    column = max(0, raw - left)
    if left:
        steps.append(Step(text=f"{left} column(s) left: {chart.columns[column]}", rule="H-06 [004]"))
    drm, drm_step = armor_drm(battle, final)
    steps.append(drm_step)
    return Assessment(final, ground, counted, column, chart.columns[column], drm, steps)


def resolve(
    battle: Battle,
    assessment: Assessment,
    chart: LandCombatChart,
    roll: int,
    *,
    defender_can_retreat: bool = True,
    attacker_can_retreat: bool = True,
    bridgehead: bool = False,
) -> Outcome:
    """H-01..H-03 [004]: the code for the modified roll, the units each side loses, the retreat,
    one more unit lost where a retreat is impossible, and the advance into an emptied hex."""
    modified = max(2, min(12, roll + assessment.drm))
    result = chart.result(assessment.column, modified)
    steps = [
        Step(
            text=f"2D6 {roll}{assessment.drm:+d} = {modified} on {assessment.column_name}: {result.code}",
            rule="H-01, H-08 [004]",
        )
    ]
    attackers = min(result.attacker_units, len(battle.attackers))
    defenders = min(result.defender_units, len(battle.defenders))
    for side, owed, present in (
        ("attacker", result.attacker_units, len(battle.attackers)),
        ("defender", result.defender_units, len(battle.defenders)),
    ):
        if owed > present:
            steps.append(Step(text=f"{owed} {side} unit(s) due, {present} in the combat: all lost", rule="H-01 [004]"))
    retreat = result.retreat
    for side, able, lost, present in (
        ("defender", defender_can_retreat, defenders, len(battle.defenders)),
        ("attacker", attacker_can_retreat, attackers, len(battle.attackers)),
    ):
        if retreat != side or lost >= present:
            continue
        if able:
            steps.append(Step(text=f"the surviving {side}s retreat one hex", rule="H-01 [004]"))
            continue
        steps.append(
            Step(text=f"the {side}s cannot retreat: one more unit lost instead of the retreat", rule="H-03 [004]")
        )
        retreat = None
        if side == "defender":
            defenders += 1
        else:
            attackers += 1
    emptied = defenders >= len(battle.defenders) or retreat == "defender"
    steps.append(
        Step(
            text=f"attackers lose {attackers} unit(s), defenders {defenders}",
            rule="H-01 [004]",
        )
    )
    if emptied and attackers < len(battle.attackers):
        limit = ADVANCE_INTO_BRIDGEHEAD if bridgehead else ADVANCE_LIMIT
        steps.append(
            Step(
                text=f"the hex is empty: surviving attackers may advance, up to {limit} units"
                + (" (a bridgehead)" if bridgehead else ""),
                rule="H-02 [004]",
            )
        )
    return Outcome(result, modified, attackers, defenders, retreat, emptied, tuple(steps))
