"""Europa Boot Camp rules read off the map (seed 002, RULES E.4, E.5): retreat, advance, supply,
stacking, zones of control and movement.

Pure functions over what the referee states (the book holds no map, K-12); each returns its
derivation. Companion of `referee.europa.boot_camp` (combat).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.boot_camp.charts import BootCampChart

SUPPLY_LENGTHS = {"clear": 7, "snow": 4, "frost": 4, "mud": 3, "rain": 3, "poor": 3, "winter": 3}
"""E-25 [002]: the longest overland supply line by weather."""
UNITS = 6
DIVISIONS = 3
MOST = 8
RAIL_MP = Fraction(1, 5)
"""E-31 [002]: the MP per hex of rail movement."""


def supply_length(weather: str) -> tuple[int, Step]:
    """E-25 [002]: 7 hexes in Clear, 4 in Snow or Frost, 3 in Mud (rain, poor, winter)."""
    length = SUPPLY_LENGTHS.get(weather.casefold())
    if length is None:
        raise IllegalOrderError(
            f"Boot Camp supply lengths are given for {', '.join(SUPPLY_LENGTHS)}; not {weather!r} (E-25 [002])"
        )
    return length, Step(text=f"overland supply line in {weather}: at most {length} hexes", rule="E-25 [002]")


@dataclass(frozen=True)
class SupplyHex:
    """One hex the overland line enters, as stated (E-26 [002])."""

    name: str = ""
    enemy_occupied: bool = False
    in_enemy_zoc: bool = False
    friendly_occupied: bool = False
    prohibited: bool = False


@dataclass(frozen=True)
class Trace:
    """Whether the unit is in supply, and why."""

    in_supply: bool
    steps: list[Step] = field(default_factory=list)


def trace_supply(hexes: list[SupplyHex], weather: str) -> Trace:
    """E-25, E-26 [002]: an overland line to a source (or to a rail line or road leading to one)
    no longer than the weather allows, never into an enemy unit, an enemy ZOC not held by a
    friendly unit, or prohibited terrain."""
    length, step = supply_length(weather)
    steps = [step]
    for number, hex_ in enumerate(hexes, start=1):
        label = hex_.name or f"hex {number}"
        why = (
            "enemy-occupied"
            if hex_.enemy_occupied
            else "prohibited terrain"
            if hex_.prohibited
            else "in an enemy ZOC with no friendly unit"
            if hex_.in_enemy_zoc and not hex_.friendly_occupied
            else ""
        )
        if why:
            steps.append(Step(text=f"{label}: {why}: the line is blocked", rule="E-26 [002]"))
            return Trace(False, [*steps, out_of_supply_effect()])
    if len(hexes) > length:
        steps.append(Step(text=f"{len(hexes)} hexes: longer than {length}", rule="E-25 [002]"))
        return Trace(False, [*steps, out_of_supply_effect()])
    steps.append(Step(text=f"{len(hexes)} of {length} hexes, none blocked: in supply", rule="E-25, E-26 [002]"))
    return Trace(True, steps)


def out_of_supply_effect() -> Step:
    """E-27, A-22 [002]: out of supply halves combat strength and movement for the player turn."""
    return Step(
        text="out of supply: combat strength and movement rating halved for the whole player turn",
        rule="E-27, A-22 [002]",
    )


def out_of_supply(strength: int, movement: int) -> tuple[Fraction, Fraction]:
    """E-27, D-02 [002]: both halved, fractions kept."""
    return Fraction(strength, 2), Fraction(movement, 2)


@dataclass(frozen=True)
class Stacked:
    """A unit in a hex, as stacking counts it (E-28 [002])."""

    label: str
    divisional: bool = False
    artillery: bool = False
    artillery_division: bool = False


@dataclass(frozen=True)
class Stack:
    """The stack against the limit: over or not, and why."""

    over: bool
    steps: list[Step] = field(default_factory=list)


def stacking(units: list[Stacked]) -> Stack:
    """E-28 [002]: six units, at most three divisional, plus two non-divisional artillery units or
    one artillery division: eight at most. The most favourable use of the extra room is taken."""
    guns = [unit for unit in units if unit.artillery and not unit.divisional and not unit.artillery_division]
    artillery_divisions = [unit for unit in units if unit.artillery_division]
    extras: list[list[Stacked]] = [[], guns[:1], guns[:2], artillery_divisions[:1]]
    for extra in extras:
        rest = [unit for unit in units if unit not in extra]
        divisions = sum(1 for unit in rest if unit.divisional or unit.artillery_division)
        if len(rest) <= UNITS and divisions <= DIVISIONS:
            room = f" (+ {', '.join(unit.label for unit in extra)} as the extra artillery)" if extra else ""
            text = f"{len(rest)} units, {divisions} divisional{room}: within the limit"
            return Stack(False, [Step(text=text, rule="E-28 [002]")])
    divisions = sum(1 for unit in units if unit.divisional or unit.artillery_division)
    text = (
        f"{len(units)} units, {divisions} divisional: over the limit of 6 units (3 divisional) plus 2 "
        "non-divisional artillery or 1 artillery division, 8 at most"
    )
    return Stack(True, [Step(text=text, rule="E-28 [002]")])


def limit_at_phase_end(phase: str) -> bool:
    """E-29 [002]: the stacking limit holds at the end of every phase but the Initial phase."""
    return phase != "Initial"


@dataclass(frozen=True)
class RetreatHex:
    """A hex one hex away the unit could retreat into, as stated (enemy-occupied and
    prohibited hexes are not candidates, E-21)."""

    name: str
    in_enemy_zoc: bool = False
    overstacked: bool = False
    friendly_occupied: bool = False


@dataclass(frozen=True)
class Retreater:
    """A retreating unit: whether it has a cadre, already is one, and is a German c/m unit."""

    label: str
    has_cadre: bool = False
    is_cadre: bool = False
    german_cm: bool = False


@dataclass(frozen=True)
class Fate:
    """Where a retreating unit goes and what becomes of it."""

    label: str
    hex: str | None
    fate: str
    """``retreats``, ``retreats on`` (overstacked, E-20), ``cadre`` or ``eliminated``."""


def retreat(units: list[Retreater], hexes: list[RetreatHex], *, blocked: bool = False) -> tuple[list[Fate], list[Step]]:
    """E-20, E-21, D-74 [002]: one hex, by priority (no EZOC and within the limit; no EZOC but
    overstacked; in an EZOC); into an EZOC to cadre, or eliminated without one; no route at all:
    eliminated, cadre included. German c/m units ignore EZOCs into a friendly-occupied hex."""
    if blocked or not hexes:
        none = [Step(text="no retreat route: eliminated, cadres included", rule="E-21 [002]")]
        return [Fate(unit.label, None, "eliminated") for unit in units], none
    fates: list[Fate] = []
    steps: list[Step] = []
    for unit in units:

        def in_zoc(hex_: RetreatHex, unit: Retreater = unit) -> bool:
            return hex_.in_enemy_zoc and not (unit.german_cm and hex_.friendly_occupied)

        best = min(hexes, key=lambda hex_: (in_zoc(hex_), hex_.overstacked))
        if in_zoc(best):
            fate = "cadre" if unit.has_cadre and not unit.is_cadre else "eliminated"
            why = "to its cadre" if fate == "cadre" else "eliminated (no cadre left)"
            steps.append(Step(text=f"{unit.label} → {best.name}, in an enemy ZOC: {why}", rule="E-20, E-21 [002]"))
        else:
            fate = "retreats on" if best.overstacked else "retreats"
            ignored = " (a German c/m unit into a friendly-occupied hex ignores the EZOC)" if best.in_enemy_zoc else ""
            more = ": overstacked, it retreats on until within the limit or is eliminated" if best.overstacked else ""
            steps.append(Step(text=f"{unit.label} → {best.name}{ignored}{more}", rule="E-20, E-21 [002]"))
        fates.append(Fate(unit.label, best.name, fate))
    return fates, steps


def advance(*, defender: bool, cleared: bool, units: int, room: int) -> tuple[int, Step]:
    """E-22 [002]: only the attacker, only into a cleared hex, at once, up to the stacking limit."""
    if defender:
        raise IllegalOrderError("defending units may not advance after combat (E-22 [002])")
    if not cleared:
        raise IllegalOrderError("the attacked hex still holds defenders: no advance (E-22 [002])")
    moving = min(units, room)
    return moving, Step(text=f"{moving} of {units} units may advance (room for {room})", rule="E-22 [002]")


def has_zoc(*, divisional: bool) -> bool:
    """E-30 [002]: only divisional units have ZOCs."""
    return divisional


def zoc_move(*, starts_in_ezoc: bool, enters_ezoc: bool, next_hex_ezoc: bool = False) -> tuple[bool, Step]:
    """E-30 [002]: entering an enemy ZOC ends the move, at no MP cost; a unit starting in one may
    move straight into another and stop. Returns whether the unit must stop in the hex entered."""
    if next_hex_ezoc and not starts_in_ezoc:
        raise IllegalOrderError("only a unit that starts in an enemy ZOC may move on from one to another (E-30 [002])")
    stop = enters_ezoc
    text = "enters an enemy ZOC: stops (no MP cost)" if stop else "no enemy ZOC: moves on (no MP cost)"
    return stop, Step(text=text, rule="E-30 [002]")


def enter_cost(chart: BootCampChart, terrain: str, hexside: str = "none", *, road: bool = False) -> tuple[int, Step]:
    """E-31, E-32 [002]: the TEC cost of the hex plus the hexside; along a road the clear cost."""
    if road:
        cost = chart.terrain["clear"].mp or 1
        return cost, Step(text=f"{terrain} along a road: the clear cost, {cost}", rule="E-31 [002]")
    if terrain not in chart.terrain or hexside not in chart.hexsides:
        raise IllegalOrderError(f"the Boot Camp TEC has no terrain {terrain!r} or hexside {hexside!r}")
    hex_cost, side_cost = chart.terrain[terrain].mp, chart.hexsides[hexside].mp
    if hex_cost is None or side_cost is None:
        raise IllegalOrderError(f"{terrain} across {hexside}: prohibited terrain (E-32 [002])")
    extra = f" + {side_cost} {hexside.replace('_', ' ')}" if side_cost else ""
    return hex_cost + side_cost, Step(text=f"{terrain}{extra} = {hex_cost + side_cost} MP", rule="E-32 [002]")


def rail_cost(hexes: int) -> Fraction:
    """E-31 [002]: 1/5 MP per rail hex, fractions kept."""
    return RAIL_MP * hexes


def moves_left(movement: Fraction | int, costs: list[Fraction | int]) -> tuple[Fraction, list[Step]]:
    """E-30, E-32 [002]: MP left after paying each hex in turn; a single hex is always possible."""
    left = Fraction(movement)
    steps: list[Step] = []
    for number, cost in enumerate(costs, start=1):
        if cost > left and not (number == 1 and len(costs) == 1):
            raise IllegalOrderError(f"hex {number} costs {show(Fraction(cost))} MP; {show(left)} left (E-32 [002])")
        left = max(Fraction(0), left - cost)
        steps.append(Step(text=f"hex {number}: {show(Fraction(cost))} MP, {show(left)} left", rule="E-32 [002]"))
    return left, steps


def exploitation(*, cm: bool, movement: int, supplied: bool, by_rail: bool = False) -> tuple[Fraction, Step]:
    """E-33 [002]: c/m units move again with the full rating (halved out of supply, as fixed in
    the Initial phase), by road but not by rail."""
    if not cm:
        raise IllegalOrderError("only c/m units move in the Exploitation phase (E-33 [002])")
    if by_rail:
        raise IllegalOrderError("no rail movement in the Exploitation phase; roads may be used (E-33 [002])")
    allowance = Fraction(movement) if supplied else Fraction(movement, 2)
    text = f"exploitation: {show(allowance)} MP" + ("" if supplied else " (out of supply since the Initial phase)")
    return allowance, Step(text=text, rule="E-33, E-27 [002]")
