"""Europa Boot Camp combat (seed 002, RULES E.1..E.3): totals, odds, AEC, the die and the losses.

Pure functions: the battle as the referee describes it and the pinned Boot Camp chart in; an
`Assessment` (everything before the die) and an `Outcome` out, each with its derivation.
Fractions are kept whole through every halving (D-02 [002]); the odds round down in the
defender's favour (E-03, D-15); the die is one D6 modified by AEC, terrain and fortifications
(E-04, E-10..E-13); losses are counted on printed strengths (E-15, E-16).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.boot_camp.charts import BootCampChart, TerrainRow, column_value
from referee.europa.common.halving import halving_steps

HALF = Fraction(1, 2)
AEC_WEATHER = ("clear", "frost")
"""E-12 [002]: the weather in which AEC counts."""
MOST_ATTACK_AEC = 4
MOST_DEFENCE_AEC = 3


@dataclass(frozen=True)
class Fighter:
    """One unit in a Boot Camp combat: its printed strength (attack for an attacker, defence for
    a defender) and what the rules ask of it."""

    label: str
    strength: int
    divisional: bool = False
    cm: bool = False
    supported: bool = False
    """The supported dot on the counter (E-18); divisions and artillery have support anyway."""
    supply: str = "supplied"
    type: str = "infantry"
    hexside: str = "none"
    """An attacker: the hexside it attacks across."""
    hex: str = ""
    """An attacker: the hex it attacks from (a supporting unit must be stacked with it, E-18)."""
    retreated_here: bool = False
    """A defender that retreated into the hex this phase: it counts for nothing (E-21)."""

    @property
    def has_support(self) -> bool:
        """E-18 [002]: divisions, artillery and units with the supported dot have supporting arms."""
        return self.divisional or self.type == "artillery" or self.supported


@dataclass(frozen=True)
class Fortification:
    """A fortification's effect on an attack (fed from the fortification chart)."""

    drm: int
    no_aec: bool
    attacker_halved: bool
    exempt: tuple[str, ...] = ("engineer", "artillery")
    name: str = "fortification"


@dataclass(frozen=True)
class Battle:
    """One attack on one hex as the referee describes it (E-06)."""

    attackers: tuple[Fighter, ...]
    defenders: tuple[Fighter, ...]
    terrain: str = "clear"
    weather: str = "Clear"
    offensive_bombers: int = 0
    defensive_bombers: int = 0
    fortifications: tuple[Fortification, ...] = ()


@dataclass(frozen=True)
class Assessment:
    """Everything decided before the die: totals, odds, column, AEC and the net DRM."""

    attack: Fraction
    defence: Fraction
    odds: tuple[int, int] | None
    column: str | None
    aec: int
    drm: int
    automatic: str | None = None
    """A result reached without the die: AE below the lowest column (E-05), DE against 0 defence (E-17)."""
    steps: list[Step] = field(default_factory=list)


def halved(value: Fraction | int, times: int = 1) -> Fraction:
    """D-02 [002]: halving keeps the fraction (7 → 7/2); halving twice quarters (I-33)."""
    return Fraction(value) * HALF**times


def round_odds(attack: Fraction, defence: Fraction) -> tuple[int, int]:
    """E-03, D-15 [002]: the ratio rounded down in the defender's favour: 34:9 → 3:1, 10:25 → 1:3."""
    if attack <= 0 or defence <= 0:
        raise IllegalOrderError("odds need a positive attack and defence strength (E-03 [002])")
    if attack >= defence:
        return math.floor(attack / defence), 1
    return 1, math.ceil(defence / attack)


def column_for(odds: tuple[int, int], columns: list[str]) -> str | None:
    """E-05 [002]: the column of rounded odds; the top column above it, None (an automatic AE) below."""
    ratio = Fraction(*odds)
    fitting = [column for column in columns if column_value(column) <= ratio]
    return fitting[-1] if fitting else None


def terrain_of(chart: BootCampChart, name: str) -> TerrainRow:
    """The TEC row of the defender's hex, or a refusal naming the terrains the chart has."""
    if name not in chart.terrain:
        raise IllegalOrderError(f"the Boot Camp TEC has no terrain {name!r}; terrain: {', '.join(chart.terrain)}")
    return chart.terrain[name]


def check_battle(battle: Battle, chart: BootCampChart) -> None:
    """Refuse what the rules forbid before any arithmetic (E-06, E-17 [002])."""
    if not battle.attackers or not battle.defenders:
        raise IllegalOrderError("a combat needs at least one attacking and one defending unit (E-06 [002])")
    labels = [unit.label.casefold() for unit in (*battle.attackers, *battle.defenders)]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise IllegalOrderError(
            f"{', '.join(twice)} named twice: a unit attacks or is attacked once and never splits its strength "
            "(E-06 [002])"
        )
    if all(unit.strength == 0 for unit in battle.attackers):
        names = ", ".join(unit.label for unit in battle.attackers)
        raise IllegalOrderError(
            f"{names}: attack strength 0 may not attack alone; it may join an attack by other units (E-17 [002])"
        )
    for unit in battle.attackers:
        if unit.hexside not in chart.hexsides:
            known = ", ".join(chart.hexsides)
            raise IllegalOrderError(
                f"{unit.label}: the Boot Camp TEC has no hexside {unit.hexside!r}; hexsides: {known}"
            )
        if chart.hexsides[unit.hexside].mp is None:
            raise IllegalOrderError(f"{unit.label} cannot attack across a {unit.hexside} hexside (prohibited)")
    if terrain_of(chart, battle.terrain).mp is None:
        raise IllegalOrderError(f"no unit may attack into {battle.terrain}: it is prohibited terrain")


def _supported_attack(unit: Fighter, battle: Battle) -> bool:
    """E-18 [002]: an attacker without supporting arms is supported by one that joins the same
    attack from the same hex."""
    if unit.has_support:
        return True
    return bool(unit.hex) and any(
        other.has_support and other.hex == unit.hex for other in battle.attackers if other is not unit
    )


def attack_total(battle: Battle, chart: BootCampChart, steps: list[Step]) -> Fraction:
    """E-01 [002]: each attacker modified for terrain, supply and support, summed, plus the
    offensive air-support bomber points; fortifications may halve attackers (exempt types not)."""
    terrain = terrain_of(chart, battle.terrain)
    total = Fraction(0)
    for unit in battle.attackers:
        why: list[str] = []
        if terrain.attack == "half":
            why.append(battle.terrain.replace("_", " "))
        if chart.hexsides[unit.hexside].attack == "half":
            why.append(f"across a {unit.hexside.replace('_', ' ')}")
        if unit.supply != "supplied":
            why.append("out of supply (E-27)")
        if not _supported_attack(unit, battle):
            why.append("unsupported (E-18)")
        why += [fort.name for fort in battle.fortifications if fort.attacker_halved and unit.type not in fort.exempt]
        value = halved(unit.strength, len(why))
        steps += halving_steps(unit.label, f"attack {unit.strength}", why, value, "E-01, D-02 [002]", each=True)
        total += value
    return _with_air_support(total, battle.offensive_bombers, "attack", steps)


def defence_total(battle: Battle, steps: list[Step]) -> Fraction:
    """E-02 [002]: each defender modified for supply and support, summed, plus the defensive
    bomber points; a supporting unit supports everything stacked with it (E-18); units that
    retreated into the hex count for nothing (E-21)."""
    supported = any(unit.has_support for unit in battle.defenders)
    total = Fraction(0)
    for unit in battle.defenders:
        if unit.retreated_here:
            steps.append(Step(text=f"{unit.label} retreated into the hex: counts for nothing", rule="E-21 [002]"))
            continue
        why = (["out of supply (E-27)"] if unit.supply != "supplied" else []) + (
            [] if supported else ["unsupported (E-18)"]
        )
        value = halved(unit.strength, len(why))
        steps += halving_steps(unit.label, f"defence {unit.strength}", why, value, "E-02, D-02 [002]")
        total += value
    return _with_air_support(total, battle.defensive_bombers, "defence", steps)


def _with_air_support(units: Fraction, bombers: int, side: str, steps: list[Step]) -> Fraction:
    """E-01, E-02 [002]: the units' strength plus the bomber points of the side's air support
    (offensive for the attack, defensive for the defence), fractions kept (D-02)."""
    rule, support = ("E-01", "offensive") if side == "attack" else ("E-02", "defensive")
    total = units + bombers
    if bombers:
        steps.append(Step(text=f"{support} air support: +{bombers} bomber points", rule=f"{rule} [002]"))
    steps.append(Step(text=f"{side} strength {show(total)} (fractions kept)", rule=f"{rule}, D-02 [002]"))
    return total


def aec_drm(battle: Battle, chart: BootCampChart, steps: list[Step]) -> int:
    """E-10..E-12 [002]: +1 per attacking divisional c/m unit up to +4, −1 per defending one down
    to −3; only in Clear and Frost, and not where the terrain or a fortification cancels it."""
    cancelled = ""
    if battle.weather.casefold() not in AEC_WEATHER:
        cancelled = f"{battle.weather} weather"
    elif not terrain_of(chart, battle.terrain).aec:
        cancelled = f"{battle.terrain.replace('_', ' ')} cancels AEC"
    elif any(fort.no_aec for fort in battle.fortifications):
        cancelled = "a fortification cancels AEC"
    if cancelled:
        steps.append(Step(text=f"no AEC: {cancelled}", rule="E-12 [002]"))
        return 0
    attacking = [unit for unit in battle.attackers if unit.divisional and unit.cm and chart.hexsides[unit.hexside].aec]
    defending = [unit for unit in battle.defenders if unit.divisional and unit.cm and not unit.retreated_here]
    plus, minus = min(MOST_ATTACK_AEC, len(attacking)), min(MOST_DEFENCE_AEC, len(defending))
    steps.append(
        Step(
            text=f"AEC: {len(attacking)} attacking c/m division(s) → +{plus}, {len(defending)} defending → −{minus}: "
            f"net {plus - minus:+d}",
            rule="E-10, E-11 [002]",
        )
    )
    return plus - minus


def assess(battle: Battle, chart: BootCampChart) -> Assessment:
    """E-01..E-05, E-10..E-13, E-17 [002]: everything before the die."""
    check_battle(battle, chart)
    steps: list[Step] = []
    if chart.provisional:
        steps.append(Step(text=f"chart: {chart.title}", rule="K-20"))
    if all(unit.strength == 0 for unit in battle.defenders):
        steps.append(
            Step(
                text="every defender has defence strength 0 and none above 0 is stacked with them: eliminated "
                "automatically, no die",
                rule="E-17 [002]",
            )
        )
        return Assessment(Fraction(0), Fraction(0), None, None, 0, 0, "DE", steps)
    attack = attack_total(battle, chart, steps)
    defence = defence_total(battle, steps)
    odds: tuple[int, int] | None = None
    column: str | None = chart.columns[-1]
    if defence == 0:
        steps.append(Step(text=f"no defence strength counts: the {column} column", rule="E-05 [002]"))
    else:
        odds = round_odds(attack, defence)
        column = column_for(odds, chart.columns)
        steps.append(
            Step(
                text=f"odds {show(attack)}:{show(defence)} → {odds[0]}:{odds[1]} (rounded down for the defender)",
                rule="E-03, D-15 [002]",
            )
        )
    if column is None:
        steps.append(Step(text=f"below {chart.columns[0]}: automatic AE, no die", rule="E-05 [002]"))
        return Assessment(attack, defence, odds, None, 0, 0, "AE", steps)
    if odds is not None and column_value(column) < Fraction(*odds):
        steps.append(Step(text=f"above the table: the top column {column}", rule="E-05 [002]"))
    aec = aec_drm(battle, chart, steps)
    return Assessment(attack, defence, odds, column, aec, total_drm(battle, chart, aec, steps), None, steps)


def total_drm(battle: Battle, chart: BootCampChart, aec: int, steps: list[Step]) -> int:
    """E-04, E-13 [002]: AEC plus the terrain DRM plus any fortification DRM, cumulative."""
    parts = [(aec, "AEC")] if aec else []
    terrain = terrain_of(chart, battle.terrain)
    parts += [(terrain.drm, battle.terrain.replace("_", " "))] if terrain.drm else []
    parts += [(fort.drm, fort.name) for fort in battle.fortifications if fort.drm]
    net = sum(value for value, _ in parts)
    listed = ", ".join(f"{value:+d} {name}" for value, name in parts) or "none"
    steps.append(Step(text=f"die modifiers: {listed} = {net:+d}", rule="E-04, E-13 [002]"))
    return net
