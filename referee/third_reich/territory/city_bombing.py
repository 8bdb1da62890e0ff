"""Air attack on a great power's city (seed 004, RULES.md G-90..G-93, H-20..H-22).

Air units may attack a city instead of supporting ground combat: 1D10 on the air row of the fire
table (K-42, pinned) times the air factors over the city, rounded down, is the hits; each hit costs
the city's power 1 BRP from its pool, up to the city's value once a calendar year (the air hits are
cleared at the Spring year start, G-92). The London example (G-93): three 5-4 air fleets
unopposed, 15 factors, inflict 0, 0, 3, 3, 3, 6, 6, 6, 9, 9 for rolls 1..10; southern England
loses at most 41 a year, the sum of its cities' values (the cities chart's "southern England").
The city, its icons and its power are the cities chart's (K-43). Weather DRMs are the
referee's (K-42: not in the text).
"""

from __future__ import annotations

from fractions import Fraction

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.third_reich.common import fire
from referee.third_reich.common.context import account, require_option
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.territory_map import CitiesChart, chart_rule, pinned_cities
from referee.third_reich.economy.interface import city_value
from referee.third_reich.territory import events as ec
from referee.third_reich.territory.command_phases import BOMBING
from referee.third_reich.territory.commands import ResolveCityBombing
from referee.third_reich.wars import interface as wars


def region_maximum(chart: CitiesChart, region: str) -> int:
    """G-93 [004]: the most a region's cities can lose to air attack in a year: their values' sum
    (southern England: 10 London + 10 for 2 red cities + 15 for 5 ports + 6 for 3 black cities = 41)."""
    return sum(city_value(list(city.types)) for city in chart.region(region))


def bombing_hits(factors: int, effectiveness: Fraction) -> int:
    """G-92, G-93, H-20..H-22 [004]: hits are the factors times the air effectiveness, rounded down."""
    return fire.hits(factors, effectiveness, round_six_up=False)


def resolve(command: ResolveCityBombing, ctx: Context[ReichState]) -> Decision:
    """G-90..G-93 [004]: an air attack on a city, under the offensive option, on a power at war."""
    state = ctx.state
    require_option(state, command.power, command.front, "offensive", *BOMBING.args)
    chart = pinned_cities(state)
    city = chart.city(command.city)
    if city.country == "USSR":
        raise IllegalOrderError(
            f"{city.name} is a Soviet city: the USSR's cities count against its base at the year start (G-80 [004]), "
            "not against its pool"
        )
    if city.country not in state.brp_economies:
        raise IllegalOrderError(
            f"{city.name} is a city of {city.country}, not of a great power: only a great power's cities lose BRPs "
            "(G-90 [004])"
        )
    target = account(state, city.country)
    wars.require_war(state, command.power, target.power, "an air attack on a city", "G-92 [004]")
    if command.faces is None:
        raise IllegalOrderError('throw 1D10 and enter the face (or "digital" for the digital dice) (G-92 [004])')
    roll = throw_for(command, ctx, purpose=f"air attack on {city.name}", dice="1D10", faces=command.faces)
    tables = pinned_chart(state, "fire", fire.FireTables, fire.BUNDLED)
    modified = int(roll["total"]) + command.drm
    effectiveness = tables.value("air", modified)
    hits = bombing_hits(command.air_factors, effectiveness)
    value = city_value(list(city.types))
    already = target.city_air_hits.get(city.name, 0)
    amount = min(max(0, min(hits, value - already)), target.total)
    rule = "H-20, H-22, K-42" + (" (provisional table)" if tables.provisional else "")
    steps = [
        Step(
            text=f"1D10 {roll['total']}{f' {command.drm:+d}' if command.drm else ''}: air effectiveness "
            f"{effectiveness} × {command.air_factors} factors = {hits} hits (rounded down)",
            rule=rule,
        ),
        Step(
            text=f"{city.name} ({', '.join(city.types)}) is worth {value}; {already} lost to air attack this year; "
            f"{target.power} loses {amount} BRPs",
            rule="G-90..G-92 [004]",
        ),
        Step(text=f"{city.name} from {chart.title}", rule=chart_rule(chart)),
    ]
    for region in city.regions:
        steps.append(
            Step(
                text=f"{region}: at most {region_maximum(chart, region)} BRPs a year to air attack",
                rule="G-93 [004]",
            )
        )
    event = ec.CityLossRecorded(power=target.power, city=city.name, amount=amount, cause="bombed")
    summary = f"{command.power} bombs {city.name}: {target.power} loses {amount} BRPs"
    return Decision(Ruling(summary=summary, steps=steps), [event], [roll])
