"""Revised Europa land combat (seed 000, RULES D.1..D.7): odds, shifts, DRMs, the CRT, losses.

Pure functions: the battle as the referee describes it, the pinned charts and the campaign's
options in; an `Assessment` (everything before the dice) out, with its derivation; the dice
and the CRT are read in `referee/europa/combat_result.py`. The order of calculation is D-14: terrain and fire-support
shifts and DRMs, the armor-only odds, the odds with the artillery cap, the column, the roll.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.charts import COLUMNS, CombatCharts, HexsideEffect, TerrainEffect
from referee.europa.combat_units import Attacker, Defender
from referee.europa.data import FactorLimit
from referee.europa.odds import nearest_column, shifted

RATING = {"none": Fraction(0), "half": Fraction(1, 2), "full": Fraction(1)}
HALF = Fraction(1, 2)
FIRST_WINTER_ENDS = 22
"""May I 1942 (turn 22): the Axis first-winter penalty ends (D-20 [000])."""


@dataclass(frozen=True)
class Battle:
    """One attack as the referee describes it."""

    attackers: tuple[Attacker, ...]
    defenders: tuple[Defender, ...]
    terrain: str
    fortified: bool = False
    weather: str = "Clear"
    turn: int = 1
    limit: FactorLimit | None = None
    bombardment_shifts: int = 0
    winterization: int = 0
    """D-20, D-23 [000]: the winterization DRM (the stated +1, or the Winterization table's entry)."""
    commando: bool = False
    axis_first_winter: bool = False
    overrun: bool = False


@dataclass(frozen=True)
class CombatOptions:
    """The campaign's readings of the combat contradictions (RULES J)."""

    odds_rounding: str = "nearest_linear"  # J-06
    max_bombard_shift: int = 1  # J-04
    armor_drm_threshold: str = "le_1_2"  # J-05
    unpaid_attack: str = "halved"  # J-07
    dr_heavy_terrain: str = "rule"  # J-18
    combat_rules: str = "000"  # J-26, J-29..J-31: "001" reads D-24, D-37, D-46, D-54, D-58
    overrun_rules: str = "000"  # J-40: "001" reads D-96
    ezoc_retreat: str = "per_retreat"  # J-16, J-33: D-72 [000] or D-73 [001]
    defensive_supply: bool = False  # J-41: truck_depletion=defensive_supply allows D-108 [001]
    rule_d: bool = False  # D-12: fractional_odds=d10 rounds the combat odds down (J-06) for the D10


@dataclass(frozen=True)
class Armor:
    """The armor-only calculation (D-30..D-35)."""

    calculated: bool
    attacker: Fraction = Fraction(0)
    defender: Fraction = Fraction(0)
    drm: int = 0
    shift: int = 0


@dataclass(frozen=True)
class Assessment:
    """Everything decided before the dice are thrown."""

    attack: int
    defence: int
    odds_column: str | None
    column: str | None
    shifts: int
    drm: int
    armor: Armor
    attacker_basis: Fraction
    defender_basis: Fraction
    steps: list[Step] = field(default_factory=list)
    rules: str = "000"

    @property
    def large_armor_advantage(self) -> bool:
        """D-59: both the +1 armor DRM and the 1R armor shift."""
        return self.armor.drm == 1 and self.armor.shift == 1


def odds_reading(options: CombatOptions) -> str:
    """J-06: the campaign's odds rounding, or down under optional rule D (D-12 [000] presumes it)."""
    return "down" if options.rule_d else options.odds_rounding


def rounding_rule(options: CombatOptions) -> str:
    """The rule a ruling cites for the rounding of the combat odds."""
    return "J-06 (down, optional rule D: D-12 [000])" if options.rule_d else f"J-06 ({options.odds_rounding})"


def terrain_of(charts: CombatCharts, name: str) -> TerrainEffect:
    if name not in charts.terrain:
        raise IllegalOrderError(f"the combat chart has no terrain {name!r}; terrain: {', '.join(charts.terrain)}")
    return charts.terrain[name]


def _hexside(charts: CombatCharts, name: str) -> HexsideEffect:
    if name not in charts.hexsides:
        raise IllegalOrderError(f"the combat chart has no hexside {name!r}; hexsides: {', '.join(charts.hexsides)}")
    return charts.hexsides[name]


def _check_battle(battle: Battle, terrain: TerrainEffect, charts: CombatCharts, options: CombatOptions) -> None:
    """Refuse what the rules forbid before any arithmetic (D-20, D-93, J-07)."""
    if not battle.attackers or not battle.defenders:
        raise IllegalOrderError("a combat needs at least one attacking and one defending unit")
    if battle.winterization and battle.weather != "Snow":
        raise IllegalOrderError(
            f"winterization advantage counts in Snow only (D-20 [000]); the defender's weather is {battle.weather}"
        )
    if battle.axis_first_winter and (battle.weather != "Snow" or battle.turn >= FIRST_WINTER_ENDS):
        raise IllegalOrderError("the Axis first-winter -1 applies to attacks in Snow before May I 1942 (D-20 [000])")
    if options.unpaid_attack == "forbidden" and any(unit.unpaid for unit in battle.attackers):
        raise IllegalOrderError("in-supply divisions may not attack unpaid (option unpaid_attack=forbidden, J-07)")
    defensive = [unit.label for unit in battle.attackers if unit.supply == "defensive"]
    if defensive and not options.defensive_supply:
        raise IllegalOrderError(
            f"{', '.join(defensive)}: defensive supply comes only from a depleted truck (D-108 [001]); this "
            "campaign has no truck depletion (option truck_depletion=none, J-41): say supplied or unsupplied"
        )
    if battle.overrun and battle.bombardment_shifts and options.overrun_rules == "001":
        raise IllegalOrderError("an overrun may use no air support or bombardment (D-96 [001], overrun_rules=001)")
    if battle.overrun:
        if battle.weather == "Mud":
            raise IllegalOrderError("no overruns in Mud (D-93 [000])")
        if not terrain.overrun:
            raise IllegalOrderError(f"overruns are not allowed against {battle.terrain} (D-93 [000])")
        for unit in battle.attackers:
            if not _hexside(charts, unit.hexside).overrun:
                raise IllegalOrderError(
                    f"{unit.label} cannot overrun across a {unit.hexside.replace('_', ' ')} (D-93 [000])"
                )
        if len({unit.hex for unit in battle.attackers}) > 1:
            raise IllegalOrderError("an overrun is made by one stack from one hex (D-90 [000])")


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
        if why:
            each = "each of " if len(why) > 1 else ""
            steps.append(
                Step(
                    text=f"{unit.label}: AF {unit.attack} halved for {each}{', '.join(why)} → {show(value)}",
                    rule="D-03, D-08, D-43 [000]" + (", J-07" if unit.unpaid else ""),
                )
            )
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
        from referee.europa.combat_001 import assess_001

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
