"""Revised Europa land combat before the dice (seed 000, RULES D.1..D.7): strengths, the armor-only
odds, the column, shifts and DRMs.

Pure functions: the battle as the referee describes it (`referee.europa.combat.battle`), the
pinned charts and the campaign's options in; an `Assessment` (everything before the dice) out, with
its derivation; the dice and the CRT are read in `referee/europa/combat/result.py`. The order of
calculation is D-14: terrain and fire-support shifts and DRMs, the armor-only odds, the odds with
the artillery cap, the column, the roll.
"""

from __future__ import annotations

import math
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.combat.battle import (
    HALF,
    RATING,
    Armor,
    Assessment,
    Battle,
    CombatOptions,
    _check_battle,
    _hexside,
    odds_reading,
    rounding_rule,
    terrain_of,
)
from referee.europa.combat.charts import COLUMNS, CombatCharts, TerrainEffect
from referee.europa.combat.odds import nearest_column, shifted
from referee.europa.common.halving import halving_steps

NO_HEX = "(no hex given)"
"""Attackers whose hex was not said: one hex, unless they exceed its limit (then refused)."""


def _attack_strength(
    battle: Battle, terrain: TerrainEffect, charts: CombatCharts, defence: int, steps: list[Step]
) -> int:
    """D-01, D-03, D-04, D-07, D-08 [000]: adjusted AF, per-hex and per-attack limits, round up."""
    by_hex: dict[str, Fraction] = {}
    unstated = [unit for unit in battle.attackers if unit.hex is None]
    artillery = Fraction(0)
    for unit in battle.attackers:
        value, why = Fraction(unit.attack), list[str]()
        halving = terrain.artillery if unit.artillery and terrain.artillery == "half" else terrain.attack
        if halving == "half" and not unit.ignores_terrain:
            value, why = value * HALF, [*why, battle.terrain.replace("_", " ")]
        if _hexside(charts, unit.hexside).attack == "half":
            value, why = value * HALF, [*why, unit.hexside.replace("_", " ")]
        if unit.supply != "supplied":
            value, why = value * HALF, [*why, unit.supply]
        if unit.unpaid:
            value, why = value * HALF, [*why, "attack SP unpaid"]
        rule = "D-03, D-08, D-43 [000]" + (", J-07" if unit.unpaid else "")
        steps += halving_steps(unit.label, f"AF {unit.attack}", why, value, rule, each=True)
        where = unit.hex or NO_HEX
        by_hex[where] = by_hex.get(where, Fraction(0)) + value
        if unit.artillery:
            artillery += value
    return limited_total(battle, by_hex, len(unstated), artillery, defence, steps)


def limited_total(
    battle: Battle, by_hex: dict[str, Fraction], unstated: int, artillery: Fraction, defence: int, steps: list[Step]
) -> int:
    """D-01, D-04, D-07 [000]: per-hex limit, artillery at most 1 × DF, per-attack limit, round up."""
    if battle.limit is not None and unstated > 1 and by_hex.get(NO_HEX, Fraction(0)) > battle.limit.per_hex:
        raise IllegalOrderError(
            f"{unstated} attackers without a hex total {show(by_hex[NO_HEX])} AF, more than the "
            f"{battle.limit.per_hex} one hex may attack with ({battle.limit.rule}): say the hex each attacks from "
            "(hex, or @A in the combat form), so the limit falls where the stacks are"
        )
    total = Fraction(0)
    for hex_label, value in by_hex.items():
        counted = value
        if battle.limit is not None and value > battle.limit.per_hex:
            steps.append(
                Step(
                    text=f"hex {hex_label}: {show(value)} AF, limited to {battle.limit.per_hex} per hex",
                    rule=battle.limit.rule,
                )
            )
            counted = Fraction(battle.limit.per_hex)
        total += counted
    if artillery > defence:
        excess = artillery - defence
        steps.append(
            Step(
                text=(
                    f"artillery {show(artillery)} AF above 1 × defence {defence}: {show(excess)} AF do not count "
                    "(bombard only)"
                ),
                rule="D-07 [000]",
            )
        )
        total = max(total - excess, Fraction(0))
    if battle.limit is not None and total > battle.limit.per_attack:
        steps.append(
            Step(text=f"{show(total)} AF limited to {battle.limit.per_attack} per attack", rule=battle.limit.rule)
        )
        total = Fraction(battle.limit.per_attack)
    final = math.ceil(total)
    steps.append(
        Step(
            text=f"attack strength {show(total)} → {final} (fractions kept to the final count, then rounded up)",
            rule="D-01 [000]",
        )
    )
    return final


def _defence_strength(battle: Battle, steps: list[Step]) -> int:
    """D-06 [000]: the strongest artillery counts full, other artillery 1 each (0 if listed 0)."""
    guns = sorted((unit for unit in battle.defenders if unit.artillery), key=lambda unit: unit.defense, reverse=True)
    total = sum(unit.defense for unit in battle.defenders if not unit.artillery)
    for index, unit in enumerate(guns):
        counted = unit.defense if index == 0 else min(unit.defense, 1)
        if counted != unit.defense:
            steps.append(
                Step(
                    text=f"{unit.label}: further artillery counts {counted} (listed {unit.defense})", rule="D-06 [000]"
                )
            )
        total += counted
    if battle.limit is not None and total > battle.limit.per_hex:
        steps.append(
            Step(text=f"defence {total} limited to {battle.limit.per_hex} from one hex", rule=battle.limit.rule)
        )
        total = battle.limit.per_hex
    steps.append(Step(text=f"defence strength {total}", rule="D-06 [000]"))
    return total


def _armor(
    battle: Battle,
    terrain: TerrainEffect,
    charts: CombatCharts,
    options: CombatOptions,
    defence: int,
    steps: list[Step],
) -> Armor:
    """D-30..D-35 [000]: the armor-only odds give ±1 DRM; AECA ≥ total DF gives 1R."""
    capable = [unit for unit in battle.attackers if unit.aeca != "none"]
    if not capable and not any(unit.aeca != "none" for unit in battle.defenders):
        steps.append(Step(text="no AECA units on either side: no armor calculation", rule="D-30 [000]"))
        return Armor(calculated=False)
    blocked = ""
    if not terrain.armor_effects:
        blocked = f"{battle.terrain.replace('_', ' ')} prevents armor effects"
    elif battle.fortified and terrain.shift:
        blocked = f"a fort in {battle.terrain.replace('_', ' ')} (already 1L) prevents armor effects"
    elif battle.weather == "Mud":
        blocked = "Mud in the defender's zone prevents armor effects"
    elif capable and all(_hexside(charts, unit.hexside).armor == "none" for unit in capable):
        blocked = f"every armor unit attacks across a {capable[0].hexside.replace('_', ' ')}: armor effects nullified"
    if blocked:
        steps.append(Step(text=f"{blocked}: no armor calculation", rule="D-30, D-41..D-43 [000]"))
        return Armor(calculated=False)
    attacker = Fraction(0)
    for unit in capable:
        value = unit.attack * RATING[unit.aeca] * RATING[_hexside(charts, unit.hexside).armor]
        if unit.supply in ("unsupplied", "defensive"):
            value *= HALF
        if unit.supply == "isolated":
            value = Fraction(0)
        attacker += value
    defender = sum((unit.defense * RATING[unit.atec] for unit in battle.defenders), Fraction(0))
    drm, why = 0, ""
    if defender == 0:
        if attacker > 0:
            drm, why = 1, f"armor {show(attacker)} vs no ATEC: attacker armor advantage"
        else:
            why = "no armor strength on either side"
    else:
        ratio = attacker / defender
        column = nearest_column(ratio, options.odds_rounding)
        shown = column or "below 1-4"
        if column is not None and COLUMNS.index(column) >= COLUMNS.index("4-1"):
            drm, why = 1, f"armor odds {show(attacker)}:{show(defender)} → {shown}: attacker armor advantage"
        elif (options.armor_drm_threshold == "below_1_1" and ratio < 1) or (
            options.armor_drm_threshold == "le_1_2"
            and (column is None or COLUMNS.index(column) <= COLUMNS.index("1-2"))
        ):
            drm, why = -1, f"armor odds {show(attacker)}:{show(defender)} → {shown}: defender armor advantage"
        else:
            why = f"armor odds {show(attacker)}:{show(defender)} → {shown}: no armor advantage"
    steps.append(Step(text=f"{why} ({drm:+d} DRM)", rule=f"D-33, D-35 [000], J-05 ({options.armor_drm_threshold})"))
    shift = 1 if attacker > 0 and attacker >= defence else 0
    steps.append(
        Step(
            text=f"attacker AECA {show(attacker)} {'≥' if shift else '<'} total defence {defence}: "
            f"{'1 column right' if shift else 'no armor shift'}",
            rule="D-34 [000]",
        )
    )
    return Armor(calculated=True, attacker=attacker, defender=defender, drm=drm, shift=shift)


def _drm(battle: Battle, armor: Armor, steps: list[Step]) -> int:
    """D-20, D-21 [000]: armor ±1, winterization +1, commando +1, first winter −1; net capped to ±1."""
    parts = [(armor.drm, "armor")] if armor.drm else []
    parts += [(int(battle.winterization), "winterization advantage")] if battle.winterization else []
    parts += [(1, "commando success")] if battle.commando else []
    parts += [(-1, "non-winterized Axis attack in Snow before May I 1942")] if battle.axis_first_winter else []
    raw = sum(value for value, _ in parts)
    net = max(-1, min(1, raw))
    if parts:
        listed = ", ".join(f"{value:+d} {name}" for value, name in parts)
        capped = f", capped to {net:+d}" if net != raw else ""
        steps.append(Step(text=f"DRMs {listed} = {raw:+d}{capped}", rule="D-20, D-21 [000]"))
    return net


def _basis(battle: Battle) -> tuple[Fraction, Fraction]:
    """D-53 [000]: printed strength, reduced only for lack of supply (attack halves; defence does not)."""
    attacker = sum(
        (unit.attack * (HALF if unit.supply != "supplied" else Fraction(1)) for unit in battle.attackers), Fraction(0)
    )
    defender = Fraction(sum(unit.defense for unit in battle.defenders))
    return attacker, defender


def assess(battle: Battle, charts: CombatCharts, options: CombatOptions) -> Assessment:
    """Odds, column, shifts and DRM of an attack: everything before the dice (D-14 order).

    Under option combat_rules=001 the 001 reading (D-24, D-37, D-46, D-54) decides instead.
    """
    if options.combat_rules == "001":
        from referee.europa.combat.assess_001 import assess_001

        return assess_001(battle, charts, options)
    terrain = terrain_of(charts, battle.terrain)
    _check_battle(battle, terrain, charts, options)
    steps: list[Step] = []
    if charts.provisional:
        steps.append(Step(text=f"chart: {charts.title}", rule="K-01, K-03"))
    defence = _defence_strength(battle, steps)
    armor = _armor(battle, terrain, charts, options, defence, steps)
    attack = _attack_strength(battle, terrain, charts, defence, steps)
    ratio = Fraction(attack, defence) if defence else None
    odds_column = nearest_column(ratio, odds_reading(options)) if ratio is not None else COLUMNS[-1]
    rounding = rounding_rule(options)
    if odds_column is None:
        steps.append(
            Step(
                text=f"odds {attack}:{defence} are below 1-4: the attacker is eliminated",
                rule=f"D-11 [000], {rounding}",
            )
        )
        basis = _basis(battle)
        return Assessment(attack, defence, None, None, 0, 0, armor, basis[0], basis[1], steps)
    steps.append(
        Step(
            text=f"odds {attack}:{defence} → {odds_column}" if defence else f"odds {attack}:0 → 7-1",
            rule=f"D-10, D-11 [000], {rounding}",
        )
    )
    right, shift_parts = 0, []
    if terrain.shift or battle.fortified:
        right -= 1
        shift_parts.append(
            f"1L {'fort' if battle.fortified and not terrain.shift else battle.terrain.replace('_', ' ')}"
        )
    bombard_cap = 1 if battle.overrun else options.max_bombard_shift
    bombard = min(battle.bombardment_shifts, bombard_cap)
    if battle.bombardment_shifts > bombard_cap:
        steps.append(
            Step(
                text=f"{battle.bombardment_shifts} bombardment shifts earned, at most {bombard_cap} count",
                rule="D-13, D-84, D-94 [000], J-04",
            )
        )
    if bombard:
        right += bombard
        shift_parts.append(f"{bombard}R prior bombardment")
    if armor.shift:
        right += 1
        shift_parts.append("1R armor")
    column = shifted(odds_column, right)
    if shift_parts:
        steps.append(
            Step(text=f"shifts {', '.join(shift_parts)}: {odds_column} → {column}", rule="D-13, D-34, D-41 [000]")
        )
    drm = _drm(battle, armor, steps)
    basis = _basis(battle)
    return Assessment(attack, defence, odds_column, column, right, drm, armor, basis[0], basis[1], steps)
