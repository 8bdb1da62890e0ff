"""Revised Third Reich BRP arithmetic (seed 004, RULES.md G): pure functions with derivations.

BRP = Basic Resource Points: the base is the yearly income level, the total is what is on hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.numbers import show
from referee.common.ruling import Step

OPTION_COSTS = {"offensive": 10, "attrition": 5, "pass": 0}
"""A-63 [004]: option costs per front per season."""

BUILD_COSTS = {
    "infantry": 1,
    "armor": 2,
    "replacement": 2,
    "naval": 3,
    "air": 3,
    "airborne": 3,
    "submarines": 3,
    "asw": 3,
    "bombers": 3,
    "interceptors": 3,
}
"""G-40 [004]: BRPs per factor (a replacement unit costs 2, G-41)."""

SW_KINDS = ("submarines", "asw", "bombers", "interceptors")

CITY_VALUES = {"capital": 10, "red_port": 6, "red_victory_city": 5, "black_port": 3, "black_city": 2}
"""G-90 [004]: one-time BRP loss when a great power's city falls (not the USSR's). The USSR's cities of
G-80 have the same values by icon (Moscow 10, Leningrad 6 as a red port, …); its Axis-held total enters the
year start through ``ussr_city_change``."""


@dataclass(frozen=True)
class YearStart:
    """One power's year start: the new base and total and how they came about."""

    new_base: int
    new_total: int
    growth: int
    steps: list[Step] = field(default_factory=list)


def growth(saved: int, rate_percent: int) -> tuple[int, Step]:
    """G-20, G-21 [004]: unspent BRPs saved at the end of Winter grow the base by the rate.

    The text gives no rounding; growth is rounded down (provisional, RULES G-14).
    """
    exact = Fraction(saved * rate_percent, 100)
    amount = math.floor(exact)
    return amount, Step(
        text=f"growth {rate_percent}% × {saved} saved = {show(exact)} → {amount} (rounded down); the {saved} are lost",
        rule="G-20, G-21 [004]",
    )


def ussr_city_change(previous: int, current: int) -> tuple[int, Step]:
    """G-80, G-81 [004]: base change for Axis-held pre-war USSR cities; only half of a recovery returns."""
    if current >= previous:
        change = -(current - previous)
        text = f"Axis-held USSR city value {previous} → {current}: base {change:+d}"
    else:
        change = (previous - current) // 2
        text = (
            f"Axis-held USSR city value {previous} → {current}: "
            f"half of {previous - current} regained = +{change} (rounded down)"
        )
    return change, Step(text=text, rule="G-80, G-81 [004]")


def year_start(
    *,
    power: str,
    base: int,
    total: int,
    saved: int,
    rate_percent: int,
    conquests: dict[str, int],
    sw_hits: int,
    ussr_change: int = 0,
    kind: str = "full",
) -> YearStart:
    """The year start of one power (G-10, G-13, G-14, G-15 [004]).

    ``kind`` is 'spring1940' (base adjusted for 1939 conquests, then 40% of the new base added
    to the existing total; no growth, no SW deduction), 'full' (base + growth + conquests −
    SW hits ± USSR cities; total set to the new base) or '1945' (as full, but only 40% of the
    new base is received).
    """
    steps = [Step(text=f"{power} base {base}", rule="G-14 [004]")]
    new_base = base
    for name, value in conquests.items():
        new_base += value
        steps.append(Step(text=f"+{value} {name} (conquest or minor ally of the past year)", rule="G-30, G-33 [004]"))
    added = 0
    if kind == "spring1940":
        gain = Fraction(new_base * 40, 100)
        received = math.floor(gain)
        steps.append(
            Step(
                text=(
                    f"new base {new_base}; 40% = {show(gain)} → +{received} added to the {total} on hand = "
                    f"{total + received}"
                ),
                rule="G-10, G-11 [004]",
            )
        )
        return YearStart(new_base=new_base, new_total=total + received, growth=0, steps=steps)
    if saved:
        added, step = growth(saved, rate_percent)
        new_base += added
        steps.append(step)
    if sw_hits:
        new_base -= sw_hits
        steps.append(Step(text=f"−{sw_hits} strategic-warfare hits of the past year", rule="G-61 [004]"))
    if ussr_change:
        new_base += ussr_change
        steps.append(Step(text=f"{ussr_change:+d} USSR city losses and recoveries", rule="G-80, G-81 [004]"))
    new_base = max(new_base, 0)
    if kind == "1945":
        received = math.floor(Fraction(new_base * 40, 100))
        steps.append(
            Step(text=f"new base {new_base}; 1945: only 40% received → total {received}", rule="G-15, A-55 [004]")
        )
        return YearStart(new_base=new_base, new_total=received, growth=added, steps=steps)
    steps.append(Step(text=f"new base {new_base}; total set to the new base (unspent BRPs removed)", rule="G-13 [004]"))
    return YearStart(new_base=new_base, new_total=new_base, growth=added, steps=steps)


def option_cost(option: str, front: str, year: int) -> tuple[int, Step]:
    """A-63 [004]: offensive 10 (Mediterranean 5 through 1941), attrition 5, pass 0."""
    cost = OPTION_COSTS[option]
    if option == "offensive" and front == "southern" and year <= 1941:
        return 5, Step(text="Mediterranean offensive through 1941: 5", rule="A-63 [004]")
    return cost, Step(text=f"{option} option: {cost}", rule="A-63 [004]")


def build_cost(category: str, factors: int) -> tuple[int, Step]:
    """G-40, G-41 [004]: BRPs per factor by unit category."""
    per = BUILD_COSTS[category]
    return per * factors, Step(text=f"{factors} {category} factor(s) × {per} = {per * factors}", rule="G-40 [004]")


def recovery_cost(unit_type: str, strength: int) -> int:
    """G-51 [004]: infantry and 2-5 armor recover free; armor of strength 3, 4, 5 pays 2, 4, 6."""
    if unit_type != "armor" or strength <= 2:
        return 0
    return 2 * strength - 4


def repair_turns(factors: int) -> int:
    """G-44 [004]: 1-2 factors 2 turns, 3-4 3, 5-6 4, 7+ a year (5 turns)."""
    if factors <= 2:
        return 2
    if factors <= 4:
        return 3
    if factors <= 6:
        return 4
    return 5


def sw_limits(power: str, year: int, base: int, *, us_at_war: bool = True) -> dict[str, int]:
    """G-10, G-63 [004]: yearly strategic-warfare spending maximums, as % of base (rounded down)."""
    percent: dict[str, int]
    if power == "Germany":
        percent = {"submarines": 10, "interceptors": 10}
    elif power == "UK":
        percent = {"asw": 10, "bombers": 15}
    elif power == "USA" and us_at_war:
        percent = (
            {"asw": 5, "bombers": 5}
            if year == 1942
            else {"asw": 10, "bombers": 10}
            if year == 1943
            else {"asw": 10, "bombers": 15}
        )
    else:
        return {}
    return {kind: base * value // 100 for kind, value in percent.items()}


def bomber_conversions(before: int, after: int) -> int:
    """G-65 [004]: one German air fleet becomes 5 interceptors each time cumulative bomber hits reach a
    multiple of 15."""
    return after // 15 - before // 15


def city_value(city_types: list[str]) -> int:
    """G-90, G-91 [004]: a hex's value is the sum of its city icons."""
    return sum(CITY_VALUES[kind] for kind in city_types)
