"""Lend lease by route (seed 004, RULES.md G-55..G-60, G-70, J-58, J-67).

Under option lend_lease_placement=movement_phase (J-67) the northern routes are placed in the
Spring movement phase instead of at the year start (`referee.third_reich.wars.lend_lease_placement`).
The hits the Murmansk box takes off a shipment are the Murmansk box's (`referee.third_reich.murmansk`).

Each route keeps its own shipment: what its giver sent, what the Murmansk box took of it and
the timetable it arrives on (`BrpEconomy.lend_lease_by_route` of the receiver). Germany to Italy
and the USA to the UK arrive at once; the northern routes to the USSR (the UK's and the USA's)
cross the Murmansk box and arrive as option murmansk_timing says; the southern route through
Iran is never intercepted and arrives in the USSR's Summer I turn.
"""

from __future__ import annotations

from difflib import get_close_matches

from referee.common import events as ev
from referee.common.calendar import third_reich_season
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Step
from referee.common.state import CalendarPosition
from referee.third_reich.common.context import account
from referee.third_reich.common.data import Economy, LendLeaseRoute
from referee.third_reich.common.state import BrpEconomy, LendLeaseShipment, ReichState
from referee.third_reich.economy.interface import BrpCharged, PerformYearStart
from referee.third_reich.wars import events as ec
from referee.third_reich.wars.lend_lease_placement import refuse_at_year_start
from referee.third_reich.wars.wars import war_conditions


def _route(data: Economy, name: str) -> LendLeaseRoute:
    route = data.lend_lease.get(name)
    if route is None:
        close = get_close_matches(name, list(data.lend_lease), n=1, cutoff=0.6)
        raise IllegalOrderError(
            f"no lend lease route {name!r}"
            + (f" (did you mean {close[0]}?)" if close else "")
            + f"; routes: {', '.join(data.lend_lease)} (G-60 [004])"
        )
    return route


def _amounts(route: LendLeaseRoute) -> str:
    if 0 in route.amounts:
        return " or ".join(map(str, route.amounts)) + " BRPs"
    return " or ".join(map(str, route.amounts)) + " BRPs or nothing"


def _war_needed(state: ReichState, name: str, route: LendLeaseRoute) -> None:
    """G-55..G-59 [004]: a grant waits for the war its route needs (routes pinned before the book
    kept wars name none)."""
    missing = war_conditions(state, list(route.needs_war), list(route.needs_belligerent))
    if missing:
        raise IllegalOrderError(f"no lend lease {name} yet: {'; '.join(missing)} ({route.rule})")


def _open_iran(
    command: PerformYearStart, state: ReichState, data: Economy, economy: BrpEconomy
) -> tuple[list[ev.DomainEvent], list[Step], int]:
    """G-59 [004]: the USA pays 15 once to open the southern route, once it and the USSR are at
    war with Germany (the conditions of the route it opens)."""
    if not command.open_iran_route:
        return [], [], 0
    if command.power != "USA" or economy.iran_route_open:
        raise IllegalOrderError("only the USA opens the Iran route, and only once (G-59 [004])")
    for route in data.lend_lease.values():
        if route.needs_route_opened:
            missing = war_conditions(state, list(route.needs_war), list(route.needs_belligerent))
            if missing:
                raise IllegalOrderError(f"the Iran route cannot be opened yet: {'; '.join(missing)} (G-59 [004])")
    charge = BrpCharged(
        power="USA", amount=data.iran_route_cost, category="iran_route", detail="Iran lend lease route opened"
    )
    return [charge], [Step(text=f"Iran route opened: −{data.iran_route_cost}", rule="G-59 [004]")], data.iran_route_cost


def grants(
    command: PerformYearStart, state: ReichState, data: Economy, economy: BrpEconomy, total: int
) -> tuple[list[ev.DomainEvent], list[Step], int]:
    """G-55..G-60 [004]: the lend lease a power gives at its year start, each on a route the text
    allows, once, in an amount the text allows, once the war the route needs has begun; the Iran
    route is opened first if asked. A grant at the year start moves the totals the half-spend
    limit of the Spring turn counts from (G-42).

    Args:
        total: the giver's total after its year start.

    Returns:
        The events, the derivation steps and the giver's total after them.
    """
    events, steps, cost = _open_iran(command, state, data, economy)
    total -= cost
    seen: set[str] = set()
    calendar = state.table.calendar
    for grant in command.lend_lease:
        route = _route(data, grant.route)
        if grant.route in seen:
            raise IllegalOrderError(
                f"{grant.route} is listed twice; a route carries one grant a year, decided for the whole year "
                "(G-60 [004])"
            )
        seen.add(grant.route)
        if route.giver != command.power:
            raise IllegalOrderError(f"{grant.route} is given by {route.giver}, not {command.power}")
        if grant.amount == 0:
            steps.append(Step(text=f"{grant.route}: nothing sent", rule=route.rule))
            continue
        refuse_at_year_start(state, grant.route, route)
        if grant.amount not in route.amounts:
            raise IllegalOrderError(
                f"{grant.route} lend lease is exactly {_amounts(route)}, not {grant.amount} ({route.rule})"
            )
        account(state, route.receiver)
        if route.arrival == "immediate" and f"year_start:{route.receiver}" not in calendar.steps_done:
            raise IllegalOrderError(
                f"{route.receiver} has not had its year start yet: lend lease is given after it "
                f"({route.rule}), or the year start would wipe it out"
            )
        _war_needed(state, grant.route, route)
        if route.needs_route_opened and not (economy.iran_route_open or command.open_iran_route):
            raise IllegalOrderError(f"{grant.route} needs the Iran route opened first (15 BRPs once, G-59 [004])")
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
                BrpCharged(
                    power=command.power,
                    amount=0,
                    category="sr",
                    detail=f"{grant.route} lend lease counts as 1 SR",
                    counters={"turn.sr": 1},
                )
            )
        steps.append(Step(text=f"{grant.route}: −{grant.amount} ({route.arrival})", rule=route.rule))
    if seen:
        steps.append(
            Step(
                text="the half-spend limit of the Spring turn counts from the totals after lend lease",
                rule="G-42 [004], J-65",
            )
        )
    return events, steps, total


def _arrives(
    state: ReichState,
    receiver: BrpEconomy,
    shipment: LendLeaseShipment,
    before: CalendarPosition,
    after: CalendarPosition,
) -> bool:
    """J-58 [004]: northern lend lease arrives at the end of the giver's Summer I combat phase
    (murmansk_timing=summer_i) or at the start of the receiver's Summer I turn (spring); the
    southern route always at the start of the receiver's Summer I turn (G-59)."""
    timing = option(state.identity.options, "murmansk_timing")
    if shipment.arrival == "murmansk" and timing == "summer_i":
        giver = state.brp_economies.get(shipment.giver)
        side = giver.side if giver is not None else "Western Allies"
        return (
            third_reich_season(before.turn)[0] == "Summer I"
            and before.player == side
            and before.phase == "Combat"
            and after.phase != "Combat"
        )
    return (
        third_reich_season(after.turn)[0] == "Summer I"
        and after.player == receiver.side
        and after.phase_index != before.phase_index
        and before.player != receiver.side
    )


def arrivals(
    state: ReichState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """G-56, G-58, G-59 [004], J-58: what each route still carries arrives on its own timetable."""
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    for receiver in state.brp_economies.values():
        arriving = {
            route: shipment.carried
            for route, shipment in receiver.lend_lease_by_route.items()
            if shipment.carried and _arrives(state, receiver, shipment, before, after)
        }
        if not arriving:
            continue
        events.append(ec.LendLeaseArrived(receiver=receiver.power, amount=sum(arriving.values()), by_route=arriving))
        steps.extend(
            Step(text=f"{amount} BRPs of lend lease reach {receiver.power} by {route}", rule="G-56, G-59 [004], J-58")
            for route, amount in arriving.items()
        )
    return events, steps
