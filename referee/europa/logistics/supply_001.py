"""The Revised Europa 001 Supply Point model (option sp_model=001): zone rates, stockpile cuts,
weather, costs (RULES.md B.8, B-60..B-68; J-23..J-25).

Pure functions: inputs in, numbers and derivation steps out, like `referee.europa.logistics.supply` for
000. Where 001 states no rounding, each function names the reading it applies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.common.data import Sp001
from referee.europa.logistics.supply import lend_lease_sp

ZONES = (1, 2, 3, 4)


@dataclass(frozen=True)
class Income001:
    """One Initial phase's SP income under 001, with its derivation (no cap: B-68)."""

    rate: int
    lend_lease: int
    before_weather: int
    weather_cut: int
    received: int
    steps: list[Step] = field(default_factory=list)
    breakdown: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ZoneCut:
    """What entering a further supply zone does to a side's stockpile (B-62 [001])."""

    stockpile_before: int
    cut: int
    steps: list[Step] = field(default_factory=list)


def zone_rate(model: Sp001, side: str, zone: int) -> int:
    """SP per turn for ``side`` in supply zone ``zone`` (B-61, B-63 [001]): German 200-160-120-80,
    Soviet 120-160-120-80, as the scenario gives them (B-68)."""
    return model.rates[side][zone - 1]


def zone_cut(model: Sp001, side: str, stockpile: int, before: int, after: int) -> ZoneCut:
    """SP the unspent stockpile loses when ``side`` goes from zone ``before`` to ``after`` (B-62, I-25 [001]).

    German only (B-63: the Soviet stockpile is never cut). -20% on entering zone 2, -25% on zone
    3, -33% on zone 4, each of the stockpile as it then stands; a jump over a zone applies each
    zone's cut in turn (every line is crossed). Rounding is unstated: the cut is rounded **down**
    (the side keeps the fraction), since the percentages are themselves the text's rounded ratios
    of the rates (200:160:120:80) and a whole SP is never lost to a fraction of one.
    """
    if side not in model.cut_sides:
        return ZoneCut(
            stockpile,
            0,
            [Step(text=f"{side} stockpile {stockpile}: never cut on entering a new zone", rule="B-63 [001]")],
        )
    held, steps = stockpile, []
    for zone in range(before + 1, after + 1):
        percent = model.stockpile_cut_percent[zone - 2]
        exact = Fraction(held * percent, 100)
        cut = math.floor(exact)
        steps.append(
            Step(
                text=f"zone {zone} entered: {percent}% of {held} = {show(exact)} → −{cut} (rounded down, the "
                f"side keeps the fraction); stockpile {held - cut}",
                rule="B-62 [001], I-25",
            )
        )
        held -= cut
    return ZoneCut(stockpile, stockpile - held, steps)


def worst_weather(weather: dict[str, str], zones: list[str], model: Sp001) -> tuple[str, str, int]:
    """(zone, condition, percent) of the worst supply weather among ``zones`` (B-65 [001]).

    001 names no weather zone for supply: the zones 000 reads (B-25, the scenario's
    supply_weather_zones) are read here too, and the worst of them counts (Mud 30% > Snow 20% >
    Frost 10% > Clear 0)."""
    found = [(model.weather_cut_percent.get(weather.get(zone, ""), 0), zone, weather.get(zone, "?")) for zone in zones]
    percent, zone, condition = max(found, key=lambda item: item[0])
    return zone, condition, percent


def weather_cut(
    amount: int, weather: dict[str, str], zones: list[str], model: Sp001, rounding: str
) -> tuple[int, Step]:
    """SP lost to the weather (B-65 [001]: Frost 10%, Snow 20%, Mud 30%). 001 gives no rounding:
    the campaign's weather_rounding option decides, as for 000 (J-14): ``reduction_up`` rounds
    the cut up, ``received_up`` rounds the received amount up (the cut down)."""
    zone, condition, percent = worst_weather(weather, zones, model)
    if not percent:
        return 0, Step(text=f"supply weather in zones {', '.join(zones)}: no cut", rule="B-65 [001]")
    exact = Fraction(amount * percent, 100)
    cut = math.ceil(exact) if rounding == "reduction_up" else math.floor(exact)
    how = "cut rounded up" if rounding == "reduction_up" else "received amount rounded up"
    return cut, Step(
        text=f"worst supply weather {condition} (zone {zone}): {percent}% of {amount} = {show(exact)} → −{cut} "
        f"({how}, option weather_rounding={rounding})",
        rule="B-65 [001], J-14",
    )


def sp_income(
    side: str, model: Sp001, *, zone: int, turn: int, weather: dict[str, str], zones: list[str], rounding: str
) -> Income001:
    """The SP ``side`` receives in its Initial phase under 001 (B-61, B-63, B-65 [001]): the zone
    rate, Soviet lend lease by date (+40 from May I 1942, +40 more from July I 1943), less the
    weather cut. No cap follows (B-68 [001])."""
    rate = zone_rate(model, side, zone)
    steps = [Step(text=f"{side} in supply zone {zone}: rate {rate}", rule="B-61, B-63 [001]")]
    lend = 0
    if side != "Axis":
        lend, lend_steps = lend_lease_sp(model.lend_lease, turn, {})
        steps += lend_steps
    before = rate + lend
    steps.append(Step(text=f"income before weather {before}", rule="B-63 [001]"))
    cut, cut_step = weather_cut(before, weather, zones, model, rounding)
    received = before - cut
    steps += [cut_step, Step(text=f"received {received}; no stockpile cap", rule="B-68 [001]")]
    return Income001(
        rate=rate,
        lend_lease=lend,
        before_weather=before,
        weather_cut=cut,
        received=received,
        steps=steps,
        breakdown={
            "zone": zone,
            "rate": rate,
            "lend_lease": lend,
            "before_weather": before,
            "weather_cut": cut,
            "received": received,
        },
    )


@dataclass(frozen=True)
class Cost:
    """An activity's SP under 001, the exact fraction and the derivation (B-66 [001])."""

    sp: int
    exact: Fraction
    steps: list[Step] = field(default_factory=list)


def activation_cost(mechanized: int, motorized: int) -> Cost:
    """SP for mechanized divisions moving this game turn (B-66 [001]): 1 each, motorized 1/2, once
    per turn for the Movement and Exploitation phases together. 001 gives no rounding for an odd
    motorized division: the total is rounded up, as 000 does (B-34)."""
    exact = Fraction(mechanized) + Fraction(motorized, 2)
    sp = math.ceil(exact)
    text = f"{mechanized} mechanized × 1 + {motorized} motorized × 1/2 = {show(exact)} → {sp} (rounded up)"
    return Cost(sp, exact, [Step(text=f"{text}, once for this game turn's movement phases", rule="B-66 [001]")])


def attack_cost(divisions: int, half_rate: int) -> Cost:
    """SP for divisions attacking in a combat or overrun (B-66 [001]): 1 each, c/m included (001
    exempts none), Axis minor infantry and cavalry and German security divisions 1 per 2
    (``half_rate``, among ``divisions``). An odd half-rate division pays as a pair: the total is
    rounded up (rounding unstated)."""
    exact = Fraction(divisions - half_rate) + Fraction(half_rate, 2)
    sp = math.ceil(exact)
    text = f"{divisions - half_rate} division(s) × 1 + {half_rate} minor/security × 1/2 = {show(exact)} → {sp}"
    return Cost(sp, exact, [Step(text=text + (" (rounded up)" if sp != exact else ""), rule="B-66 [001]")])


def artillery_cost(combats: int) -> Cost:
    """SP for all the artillery supporting one combat: 1 per combat (B-66 [001])."""
    return Cost(combats, Fraction(combats), [Step(text=f"{combats} combat(s) × 1", rule="B-66 [001]")])


def air_cost(units: int) -> Cost:
    """SP for air units operating this turn (B-66 [001], J-08): 1 per 3 air units ("any 3": every
    air unit counts, transports too), rounded to the nearest whole point (n/3 is never a half:
    1 unit costs 0, 2 units 1)."""
    exact = Fraction(units, 3)
    sp = round(exact)
    return Cost(sp, exact, [Step(text=f"{units} air unit(s) / 3 = {show(exact)} → {sp} (nearest)", rule="B-66 [001]")])


def combat_cost(divisions: int, half_rate: int, artillery: bool) -> Cost:
    """SP a 001 combat charges its attacker (B-66 [001]): every attacking division (minor and
    security 1/2) plus 1 if artillery supports it. For ResolveCombat's paying divisions."""
    cost = attack_cost(divisions, half_rate)
    if not artillery:
        return cost
    steps = [*cost.steps, Step(text="artillery in the combat: 1 SP", rule="B-66 [001]")]
    return Cost(cost.sp + 1, cost.exact + 1, steps)
