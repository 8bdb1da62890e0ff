"""Supply Point income, weather reduction, cap and costs (Revised Europa, seed 000).

Pure functions: inputs in, numbers and derivation steps out. Supply Points (SP) here are
logistics, never Strength Points (RULES.md §0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.common.data import City, LendLease, Logistics


@dataclass(frozen=True)
class Income:
    """One Initial phase's SP income with its derivation."""

    before_weather: int
    weather_cut: int
    received: int
    cap: int
    steps: list[Step] = field(default_factory=list)
    breakdown: dict[str, int] = field(default_factory=dict)


def lend_lease_sp(schedule: list[LendLease], turn: int, markers: dict[str, str]) -> tuple[int, list[Step]]:
    """Soviet lend lease SP this turn (B-20, B-21 [000]): by date and, where named, by rail condition."""
    total, steps = 0, []
    for grant in schedule:
        if turn < grant.from_turn or (grant.until_turn is not None and turn > grant.until_turn):
            continue
        if grant.condition and markers.get(grant.condition) != "yes":
            steps.append(
                Step(
                    text=f"{grant.route} lend lease +{grant.sp}: not received ({grant.condition} not recorded)",
                    rule=grant.rule,
                )
            )
            continue
        total += grant.sp
        steps.append(Step(text=f"{grant.route} lend lease +{grant.sp}", rule=grant.rule))
    return total, steps


def city_changes(side: str, cities: list[City], reached: set[str]) -> tuple[int, int, list[Step]]:
    """(border, interior) SP change for ``side`` from cities reached (B-12, B-13 [000])."""
    border = sum(c.sp_value for c in cities if c.district == "border" and c.name in reached)
    interior = sum(c.sp_value for c in cities if c.district == "interior" and c.name in reached)
    steps = []
    for city in cities:
        if city.name in reached and city.district != "none":
            if city.district == "border":
                sign = "−" if side == "Axis" else "+"
                steps.append(
                    Step(text=f"{city.name} reached (border district): {sign}{city.sp_value}", rule="B-12 [000]")
                )
            else:
                steps.append(Step(text=f"{city.name} reached (interior district): −{city.sp_value}", rule="B-13 [000]"))
    return border, interior, steps


def weather_cut(amount: int, zones: dict[str, str], logistics: Logistics, rounding: str) -> tuple[int, list[Step]]:
    """SP lost to Mud or Snow in zones B and C (B-25, B-26 [000]; rounding per J-14)."""
    bad = [zone for zone in logistics.supply_weather_zones if zones.get(zone) in logistics.bad_supply_weather]
    if not bad:
        return 0, [
            Step(
                text="supply weather clear in zones " + " and ".join(logistics.supply_weather_zones) + ": no cut",
                rule="B-26 [000]",
            )
        ]
    percent = (
        logistics.weather_cut_all_percent
        if len(bad) == len(logistics.supply_weather_zones)
        else logistics.weather_cut_some_percent
    )
    exact = Fraction(amount * percent, 100)
    cut = math.ceil(exact) if rounding == "reduction_up" else math.floor(exact)
    how = "cut rounded up" if rounding == "reduction_up" else "received amount rounded up"
    shown = show(exact)
    where = ", ".join(f"{zone} {zones.get(zone)}" for zone in bad)
    return cut, [
        Step(
            text=f"{where}: {percent}% of {amount} = {shown} → −{cut} ({how}, option weather_rounding={rounding})",
            rule="B-25 [000], J-14",
        )
    ]


def sp_income(
    side: str,
    logistics: Logistics,
    *,
    turn: int,
    reached: set[str],
    weather: dict[str, str],
    markers: dict[str, str],
    rounding: str = "reduction_up",
    cap_basis: str = "received",
) -> Income:
    """The SP ``side`` receives in its Initial phase, and the stockpile cap that follows (B-02..B-27).

    German income falls for every city reached; Soviet income rises for border districts and
    falls for interior ones, plus lend lease; then the weather cut; the cap is
    ``cap_multiple`` × the income received this turn (J-02 default).
    """
    base = logistics.base_income[side]
    steps = [Step(text=f"{side} base supply rate {base}", rule="B-04 [000]")]
    border, interior, city_steps = city_changes(side, logistics.cities, reached)
    steps += city_steps
    if side == "Axis":
        before = base - border - interior
        lend = 0
    else:
        lend, lend_steps = lend_lease_sp(logistics.lend_lease, turn, markers)
        steps += lend_steps
        before = base + border - interior + lend
    before = max(before, 0)
    steps.append(Step(text=f"income before weather {before}", rule="B-15 [000]"))
    cut, cut_steps = weather_cut(before, weather, logistics, rounding)
    steps += cut_steps
    received = before - cut
    basis = received if cap_basis == "received" else before
    cap = logistics.cap_multiple * basis
    steps.append(
        Step(
            text=f"received {received}; stockpile cap {logistics.cap_multiple} × {basis} = {cap} "
            f"(option cap_basis={cap_basis})",
            rule="B-05 [000], J-02",
        )
    )
    return Income(
        before_weather=before,
        weather_cut=cut,
        received=received,
        cap=cap,
        steps=steps,
        breakdown={
            "base": base,
            "border": border,
            "interior": interior,
            "lend_lease": lend,
            "before_weather": before,
            "weather_cut": cut,
            "received": received,
            "cap": cap,
        },
    )


def activation_cost(cm_divisions: int, motorized: int, exploitation_cavalry: int = 0) -> tuple[int, Fraction]:
    """SP to activate c/m units for a phase (B-31..B-35 [000]): 1 each, 1/2 each for motorized
    and German panzergrenadier divisions and exploiting Guards cavalry corps, total rounded up."""
    exact = Fraction(cm_divisions) + Fraction(motorized + exploitation_cavalry, 2)
    return math.ceil(exact), exact


def attack_cost(stacks: list[int]) -> tuple[int, list[str]]:
    """SP for non-c/m divisions attacking (B-36, B-45 [000]): 1/2 each, rounded up per stack."""
    lines = [f"stack of {n}: {n}/2 → {math.ceil(Fraction(n, 2))}" for n in stacks]
    return sum(math.ceil(Fraction(n, 2)) for n in stacks), lines


def overrun_cost(non_cm_divisions: int) -> int:
    """SP for an overrun by non-c/m divisions (B-39 [000]): 1/2 per division, rounded up."""
    return math.ceil(Fraction(non_cm_divisions, 2))


def air_cost(fighters: int, others: int, rounding: str = "per_type") -> tuple[int, Fraction]:
    """SP to supply air groups for the player turn (B-30 [000]); transports and readying are free."""
    exact = Fraction(fighters, 3) + Fraction(others, 2)
    if rounding == "pooled":
        return math.ceil(exact), exact
    return math.ceil(Fraction(fighters, 3)) + math.ceil(Fraction(others, 2)), exact


def air_cost_text(fighters: int, others: int, rounding: str = "per_type") -> str:
    """The derivation of `air_cost` as the referee checks it (B-30 [000], J-08): per type, each
    type's fraction and its rounding; pooled, the sum and its one rounding."""
    cost, exact = air_cost(fighters, others, rounding)
    if rounding == "pooled":
        return f"{fighters} fighters/3 + {others} others/2 = {exact} → {cost} SP (pooled, rounded up once)"
    parts = [
        f"{count} {what}/{per} = {Fraction(count, per)} → {math.ceil(Fraction(count, per))}"
        for count, what, per in ((fighters, "fighters", 3), (others, "others", 2))
        if count
    ]
    return f"{'; '.join(parts) or 'no fighters or others'}: {cost} SP (each type rounded up)"
