"""Revised Europa land combat under the earlier revision (seed 001; option combat_rules=001).

The same 2D6 CRT as 000 (K-01), read differently before the dice:
- bombardment support earns at most a +1 DRM, never a shift (D-24);
- armor-only odds: below 1-1 the defender's −1, 3-1 or more the attacker's +1, no column
  shift; the defender counts AT units only against attacking armor (D-37);
- terrain adds defense strength (+1, or +2 and 1L), water barriers halve armor and mechanized
  AF, major rivers every AF, and artillery only bombards (D-46);
- the loss basis grows for fortified or major-city defenders (D-54); no overall DRM cap is
  stated, so none is applied (D-24), the roll itself still clamped to 2..12 (D-14).
"""

from __future__ import annotations

from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.combat.assess import NO_HEX, _defence_strength, limited_total
from referee.europa.combat.battle import (
    HALF,
    RATING,
    Armor,
    Assessment,
    Battle,
    CombatOptions,
    _check_battle,
    odds_reading,
    rounding_rule,
    terrain_of,
)
from referee.europa.combat.charts import COLUMNS, CombatCharts, HexsideEffect, TerrainEffect
from referee.europa.combat.odds import nearest_column, shifted
from referee.europa.common.halving import halving_steps

FORT_ADD = 1
"""A fort counter under 001: +1 defense strength, as a −1 terrain of the original TEC (provisional,
K-03: 001 names fortified hexes only for the loss basis, D-54, and the armor loss rule, D-58)."""


def _hexside(charts: CombatCharts, name: str) -> HexsideEffect:
    if name not in charts.hexsides:
        raise IllegalOrderError(f"the combat chart has no hexside {name!r}; hexsides: {', '.join(charts.hexsides)}")
    return charts.hexsides[name]


def _check_001(battle: Battle, terrain: TerrainEffect) -> None:
    """D-46 [001]: no bombardment support may be earned against a swamp hex."""
    if battle.bombardment_shifts and not terrain.bombard_support_001:
        raise IllegalOrderError(
            f"bombardment support cannot be earned against {battle.terrain.replace('_', ' ')} (D-46 [001])"
        )


def terrain_add(battle: Battle, terrain: TerrainEffect) -> tuple[int, str]:
    """D-46 [001]: the defense strength the hex (and a fort counter) adds, with the reason."""
    parts = []
    if terrain.defense_add_001:
        parts.append((terrain.defense_add_001, battle.terrain.replace("_", " ")))
    if battle.fortified:
        parts.append((FORT_ADD, "fort (provisional)"))
    return sum(value for value, _ in parts), ", ".join(f"+{value} {name}" for value, name in parts)


def _defence_001(battle: Battle, terrain: TerrainEffect, steps: list[Step]) -> int:
    """D-06 [000, 001] artillery, then D-46 [001]: terrain adds defense strength."""
    total = _defence_strength(battle, steps)
    add, why = terrain_add(battle, terrain)
    if add:
        steps.append(Step(text=f"terrain {why}: defence {total} → {total + add}", rule="D-46 [001], K-03 provisional"))
    return total + add


def _attack_001(battle: Battle, terrain: TerrainEffect, charts: CombatCharts, defence: int, steps: list[Step]) -> int:
    """D-46 [001]: artillery only bombards; water barriers halve armor and mechanized AF, major
    rivers every AF; D-08 [000] and D-108 [001]: lack of supply halves; then the D-04 limits."""
    by_hex: dict[str, Fraction] = {}
    for unit in battle.attackers:
        if unit.artillery:
            steps.append(
                Step(text=f"{unit.label}: artillery adds no AF, it attacks only as bombardment", rule="D-46 [001]")
            )
            continue
        value, why = Fraction(unit.attack), list[str]()
        if terrain.attack_001 == "half" and not unit.ignores_terrain:
            value, why = value * HALF, [*why, battle.terrain.replace("_", " ")]
        side = _hexside(charts, unit.hexside)
        crossing = side.attack_001 or side.attack
        armored = unit.aeca != "none" or unit.mechanized
        if crossing == "half" or (crossing == "armor_mech_half" and armored):
            value, why = value * HALF, [*why, unit.hexside.replace("_", " ")]
        if unit.supply != "supplied":
            value, why = value * HALF, [*why, f"{unit.supply} supply"]
        if unit.unpaid:
            value, why = value * HALF, [*why, "attack SP unpaid"]
        rule = "D-46, D-108 [001], D-08 [000]" + (", J-07" if unit.unpaid else "")
        steps += halving_steps(unit.label, f"AF {unit.attack}", why, value, rule)
        where = unit.hex or NO_HEX
        by_hex[where] = by_hex.get(where, Fraction(0)) + value
    unstated = sum(1 for unit in battle.attackers if unit.hex is None and not unit.artillery)
    return limited_total(battle, by_hex, unstated, Fraction(0), defence, steps)


def armor_001(
    battle: Battle, terrain: TerrainEffect, charts: CombatCharts, options: CombatOptions, steps: list[Step]
) -> Armor:
    """D-37 [001]: attackers count full armor 100% and limited 50%; defenders the same, plus AT
    units only if the attackers have armor; armor odds rounded as the combat odds; below 1-1 the
    defender's −1, 3-1 or more the attacker's +1; never a column shift."""
    capable = [unit for unit in battle.attackers if unit.aeca != "none"]
    if not capable and not any(unit.aeca != "none" for unit in battle.defenders):
        steps.append(Step(text="no armor on either side: no armor odds", rule="D-37 [001]"))
        return Armor(calculated=False)
    if not terrain.armor_effects:
        steps.append(
            Step(text=f"{battle.terrain.replace('_', ' ')} ignores armor odds", rule="D-46 [001], K-03 provisional")
        )
        return Armor(calculated=False)
    if battle.weather == "Mud":
        steps.append(Step(text="Mud in the defender's zone: no armor odds", rule="D-30 [000]; 001 says no other"))
        return Armor(calculated=False)
    attacker = Fraction(0)
    for unit in capable:
        side = _hexside(charts, unit.hexside)
        value = unit.attack * RATING[unit.aeca] * RATING[side.armor_001 or side.armor]
        attacker += value if unit.supply == "supplied" else value * HALF
    defender = Fraction(0)
    for held in battle.defenders:
        rating = RATING[held.aeca]
        if capable:
            rating = max(rating, RATING[held.atec])
        defender += held.defense * rating
    counted = "armor and AT" if capable else "armor only (no attacking armor: AT units do not count)"
    if defender == 0:
        column: str | None = COLUMNS[-1] if attacker else "1-1"
        shown = f"armor {show(attacker)} against none"
    else:
        column = nearest_column(attacker / defender, options.odds_rounding)
        shown = f"armor odds {show(attacker)}:{show(defender)} → {column or 'below 1-4'}"
    if column is not None and COLUMNS.index(column) >= COLUMNS.index("3-1"):
        drm, why = 1, "3-1 or more: attacker armor advantage"
    elif column is None or COLUMNS.index(column) < COLUMNS.index("1-1"):
        drm, why = -1, "below 1-1: defender armor advantage"
    else:
        drm, why = 0, "no armor advantage"
    steps.append(
        Step(
            text=f"{shown} (defender counts {counted}); {why} ({drm:+d} DRM); no armor column shift",
            rule=f"D-37 [001], J-26, J-06 ({options.odds_rounding})",
        )
    )
    return Armor(calculated=True, attacker=attacker, defender=defender, drm=drm, shift=0)


def _drm_001(battle: Battle, armor: Armor, steps: list[Step]) -> int:
    """D-24 [001]: bombardment support at most one +1; armor ±1; the D-20 [000] table events;
    no overall cap is stated (the adjusted roll is still clamped, D-14)."""
    parts = [(armor.drm, "armor")] if armor.drm else []
    parts += [(1, "bombardment support")] if battle.bombardment_shifts else []
    parts += [(int(battle.winterization), "winterization advantage")] if battle.winterization else []
    parts += [(1, "commando success")] if battle.commando else []
    parts += [(-1, "non-winterized Axis attack in Snow before May I 1942")] if battle.axis_first_winter else []
    if battle.bombardment_shifts > 1:
        steps.append(
            Step(
                text=f"{battle.bombardment_shifts} bombardment successes: at most a single +1 counts",
                rule="D-24 [001]",
            )
        )
    net = sum(value for value, _ in parts)
    if parts:
        listed = ", ".join(f"{value:+d} {name}" for value, name in parts)
        steps.append(Step(text=f"DRMs {listed} = {net:+d} (001 states no cap)", rule="D-24 [001], D-20 [000]"))
    return net


def basis_001(battle: Battle, terrain: TerrainEffect) -> tuple[Fraction, Fraction, Step | None]:
    """D-53 [000], D-54 [001]: printed strength, halved for lack of supply, and the defender's
    increased by a fortified or major-city hex (by the strength that hex adds, provisional)."""
    attacker = sum(
        (unit.attack * (HALF if unit.supply != "supplied" else Fraction(1)) for unit in battle.attackers), Fraction(0)
    )
    defender = Fraction(sum(unit.defense for unit in battle.defenders))
    add = (terrain.defense_add_001 if terrain.major_city else 0) + (FORT_ADD if battle.fortified else 0)
    if not add:
        return attacker, defender, None
    where = "a fortified" if battle.fortified and not terrain.major_city else "a major city or fortress"
    step = Step(
        text=f"defender in {where} hex: loss basis {show(defender)} + {add} = {show(defender + add)}",
        rule="D-54 [001], K-03 provisional",
    )
    return attacker, defender + add, step


def assess_001(battle: Battle, charts: CombatCharts, options: CombatOptions) -> Assessment:
    """D-24, D-37, D-46, D-54 [001]: odds, column, shift and DRM before the dice, 001 reading."""
    terrain = terrain_of(charts, battle.terrain)
    _check_battle(battle, terrain, charts, options)
    _check_001(battle, terrain)
    steps = [Step(text="combat under the 001 rules (option combat_rules=001)", rule="J-26, J-29..J-31")]
    if charts.provisional:
        steps.append(Step(text=f"chart: {charts.title}", rule="K-01, K-03"))
    defence = _defence_001(battle, terrain, steps)
    armor = armor_001(battle, terrain, charts, options, steps)
    attack = _attack_001(battle, terrain, charts, defence, steps)
    attacker_basis, defender_basis, basis_step = basis_001(battle, terrain)
    if basis_step:
        steps.append(basis_step)
    rounding = rounding_rule(options)
    odds_column = nearest_column(Fraction(attack, defence), odds_reading(options)) if defence else COLUMNS[-1]
    if odds_column is None:
        steps.append(
            Step(text=f"odds {attack}:{defence} are below 1-4: the attacker is eliminated", rule=f"D-11, {rounding}")
        )
        return Assessment(attack, defence, None, None, 0, 0, armor, attacker_basis, defender_basis, steps, rules="001")
    steps.append(Step(text=f"odds {attack}:{defence} → {odds_column}", rule=f"D-10, D-11, {rounding}"))
    right = -terrain.shift_001
    column = shifted(odds_column, right)
    if right:
        steps.append(
            Step(
                text=f"1L {battle.terrain.replace('_', ' ')} (a −2 terrain): {odds_column} → {column}",
                rule="D-46 [001], K-03 provisional",
            )
        )
    drm = _drm_001(battle, armor, steps)
    return Assessment(
        attack, defence, odds_column, column, right, drm, armor, attacker_basis, defender_basis, steps, rules="001"
    )
