"""The USSR's supply sources and its fighting on (seed 004, RULES.md G-82, G-83).

G-83: Moscow is the USSR's capital and ordinary supply source, and its fall does not end the war;
while the USSR does not hold it, Soviet units trace supply to any red victory city of the pre-war
USSR (Leningrad, a red port, is one: 5 as a red victory city + 1 as a port, G-80); once the Axis
holds all of those, to any port or city of the pre-war USSR. The cities are the cities chart's
(K-43), who holds them the referee's statements (``controlled_by``; a city not stated is its own
country's). `CheckSupplySource` rules on a source, as Europa's TraceSupply rules on a trace.

G-82: the USSR-loss rules replace the original's −15 BRPs for Moscow and Leningrad and its
knock-out below 75: the USSR fights on with whatever it has (`ussr_fights_on`; RecordSurrender of
the USSR and RecordCityLoss of its cities are refused: `referee.third_reich.wars.wars.record_surrender`,
`handlers.city_loss`).
"""

from __future__ import annotations

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.territory_map import CitiesChart, City, CityType, chart_rule, controller, pinned_cities
from referee.third_reich.territory.commands import CheckSupplySource

USSR = "USSR"
KNOCK_OUT = 75
"""G-82 [004]: the original rule's knock-out level, replaced."""
RED_VICTORY: tuple[CityType, ...] = ("red_victory_city", "red_port")
"""G-80, G-83 [004]: a red port (Leningrad) is a red victory city that is also a port."""


def ussr_sources(state: ReichState, chart: CitiesChart) -> tuple[list[City], list[Step]]:
    """G-83 [004]: the cities Soviet units may trace supply to now, and why."""
    moscow = chart.capital_of(USSR)
    if moscow is None:
        raise IllegalOrderError("the cities chart gives the USSR no capital (G-83: Moscow); add it (K-43)")
    holder, said = controller(state, moscow)
    cited = [said] if said is not None else []
    if holder == USSR:
        return [moscow], [
            *cited,
            Step(text=f"{moscow.name} is held by the USSR: the ordinary supply source", rule="G-83 [004]"),
        ]
    steps = [*cited, Step(text=f"{moscow.name} is held by {holder}: the USSR fights on", rule="G-83 [004]")]
    red = chart.pre_war_ussr(*RED_VICTORY)
    held = [city for city in red if controller(state, city)[0] == USSR]
    if held:
        names = ", ".join(city.name for city in held)
        steps.append(Step(text=f"red victory cities of the pre-war USSR still held: {names}", rule="G-83 [004]"))
        return held, steps
    others = [
        city
        for city in chart.pre_war_ussr("black_port", "black_city")
        if city not in red and controller(state, city)[0] == USSR
    ]
    steps.append(
        Step(
            text="every red victory city of the pre-war USSR is held by the Axis: any port or city of the pre-war "
            f"USSR still held ({', '.join(city.name for city in others) or 'none'})",
            rule="G-83 [004]",
        )
    )
    return others, steps


def check_source(command: CheckSupplySource, ctx: Context[ReichState]) -> Decision:
    """G-83 [004]: whether Soviet units may trace supply to ``city`` now; recorded as a ruling."""
    state = ctx.state
    chart = pinned_cities(state)
    city = chart.city(command.city)
    sources, steps = ussr_sources(state, chart)
    steps.append(Step(text=f"cities from {chart.title}", rule=chart_rule(chart)))
    if city in sources:
        summary = f"{city.name} is a Soviet supply source now"
    else:
        summary = f"{city.name} is not a Soviet supply source now"
        names = ", ".join(source.name for source in sources) or "none"
        steps.append(Step(text=f"the sources now: {names}", rule="G-83 [004]"))
    return Decision(Ruling(summary=summary, steps=steps), [])


def ussr_fights_on(power: str, base: int) -> Step | None:
    """G-82 [004]: a USSR base below the original knock-out level ends nothing."""
    if power != USSR or base >= KNOCK_OUT:
        return None
    return Step(
        text=f"USSR base {base} < {KNOCK_OUT}: the original knock-out rule is replaced; the USSR fights on with "
        "whatever it has",
        rule="G-82 [004]",
    )
