"""The Year Start of one power (seed 004, RULES.md G-10..G-15, G-20, G-55..G-65, G-80)."""

from __future__ import annotations

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.third_reich import commands as tr
from referee.third_reich import economy as eco
from referee.third_reich import economy_events as ec
from referee.third_reich.context import account, economy_of, year_of
from referee.third_reich.state import ReichState


def _kind(turn: int, year: int) -> str:
    if turn == 3:
        return "spring1940"
    return "1945" if year == 1945 else "full"


def perform(command: tr.PerformYearStart, ctx: Context[ReichState]) -> Decision:
    """Base, total, growth, SW deductions, USSR cities, conversions, SW maximums, lend lease, in one entry."""
    state = ctx.state
    economy = account(state, command.power)
    data = economy_of(state)
    calendar = state.table.calendar
    if calendar.phase != "Year Start":
        raise IllegalOrderError(
            "the year start belongs to the Year Start phase of a Spring turn (A-53 [004]); it is now "
            f"{calendar.label}, {calendar.phase}"
        )
    if f"year_start:{command.power}" in calendar.steps_done:
        raise IllegalOrderError(f"{command.power} has already had its year start in {calendar.label}")
    year, kind = year_of(state), _kind(calendar.turn, year_of(state))
    rate = data.powers[command.power].growth_percent
    if command.power == "USA" and option(state.identity.options, "us_growth") == "60":
        rate = 60
    hits_by_kind = economy.sw_hits.get(str(year - 1), {})
    ussr_change, ussr_value, steps_extra = 0, economy.ussr_city_value, []
    if command.ussr_cities_held_value is not None:
        if command.power != "USSR":
            raise IllegalOrderError("only the USSR counts Axis-held cities against its base (G-80 [004])")
        ussr_change, step = eco.ussr_city_change(economy.ussr_city_value, command.ussr_cities_held_value)
        ussr_value = command.ussr_cities_held_value
        steps_extra.append(step)
    result = eco.year_start(
        power=command.power,
        base=economy.base,
        total=economy.total,
        saved=economy.saved,
        rate_percent=rate,
        conquests=dict(economy.conquests_pending),
        sw_hits=0 if kind == "spring1940" else sum(hits_by_kind.values()),
        ussr_change=ussr_change,
        kind=kind,
    )
    steps = [*result.steps, *steps_extra]
    events: list[ev.DomainEvent] = []
    limits = eco.sw_limits(command.power, year, result.new_base)
    if (
        command.power in ("UK", "USA")
        and hits_by_kind.get("submarines", 0) >= data.sub_conversion_hits
        and kind != "spring1940"
    ):
        events.append(
            ec.ForcePoolConverted(
                power=command.power,
                removed="9-factor fleet",
                added="9 ASW factors",
                reason=f"{hits_by_kind['submarines']} BRPs lost to submarines in {year - 1}",
            )
        )
        limits["asw"] = max(0, limits.get("asw", 0) - 27)
        steps.append(
            Step(
                text=(
                    f"{hits_by_kind['submarines']} submarine hits in {year - 1} ≥ 25: a fleet becomes 9 ASW, "
                    "counted against the ASW limit"
                ),
                rule="G-64 [004]",
            )
        )
    pending_interceptors = economy.counts.get("pending_limit_interceptors", 0)
    if pending_interceptors and "interceptors" in limits:
        limits["interceptors"] = max(0, limits["interceptors"] - pending_interceptors)
        steps.append(
            Step(
                text=f"interceptor limit reduced by {pending_interceptors} for last year's conversions",
                rule="G-65 [004]",
            )
        )
    if limits:
        steps.append(
            Step(
                text="SW maximums this year: " + ", ".join(f"{k} {v}" for k, v in limits.items()),
                rule="G-10, G-63 [004]",
            )
        )
    events.insert(
        0,
        ec.YearStartApplied(
            power=command.power,
            base=result.new_base,
            total=result.new_total,
            sw_limits=limits,
            ussr_city_value=ussr_value,
        ),
    )
    total = result.new_total
    if command.open_iran_route:
        if command.power != "USA" or economy.iran_route_open:
            raise IllegalOrderError("only the USA opens the Iran route, and only once (G-59 [004])")
        total -= data.iran_route_cost
        events.append(
            ec.BrpCharged(
                power="USA", amount=data.iran_route_cost, category="iran_route", detail="Iran lend lease route opened"
            )
        )
        steps.append(Step(text=f"Iran route opened: −{data.iran_route_cost}", rule="G-59 [004]"))
    for grant in command.lend_lease:
        route = data.lend_lease.get(grant.route)
        if route is None:
            raise IllegalOrderError(f"no lend lease route {grant.route!r}; routes: {', '.join(data.lend_lease)}")
        if route.giver != command.power:
            raise IllegalOrderError(f"{grant.route} is given by {route.giver}, not {command.power}")
        if grant.amount not in route.amounts:
            raise IllegalOrderError(
                f"{grant.route} lend lease is exactly {' or '.join(map(str, route.amounts))} BRPs, not "
                f"{grant.amount} ({route.rule})"
            )
        if route.needs_route_opened and not (economy.iran_route_open or command.open_iran_route):
            raise IllegalOrderError(f"{grant.route} needs the Iran route opened first (15 BRPs once, G-59 [004])")
        if grant.amount == 0:
            continue
        account(state, route.receiver)
        if route.arrival == "immediate" and f"year_start:{route.receiver}" not in calendar.steps_done:
            raise IllegalOrderError(
                f"{route.receiver} has not had its year start yet: lend lease is given after it "
                f"({route.rule}), or the year start would wipe it out"
            )
        if grant.amount > total:
            raise IllegalOrderError(
                f"{command.power} would have {total} BRPs; {grant.route} lend lease costs {grant.amount}"
            )
        total -= grant.amount
        events.append(
            ec.LendLeaseSent(
                giver=command.power,
                receiver=route.receiver,
                amount=grant.amount,
                route=grant.route,
                arrival=route.arrival,
            )
        )
        if route.counts_as_sr:
            events.append(
                ec.BrpCharged(
                    power=command.power,
                    amount=0,
                    category="sr",
                    detail=f"{grant.route} lend lease counts as 1 SR",
                    counters={"turn.sr": 1},
                )
            )
        steps.append(Step(text=f"{grant.route}: −{grant.amount} ({route.arrival})", rule=route.rule))
    events.append(ev.StepCompleted(step=f"year_start:{command.power}"))
    return Decision(
        Ruling(
            summary=f"{command.power} year start {year}: base {economy.base} → {result.new_base}, BRPs {total}",
            steps=steps,
        ),
        events,
    )
