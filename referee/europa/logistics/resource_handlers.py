"""Europa Resource Point commands: purchase, sale, construction, rail capacity, income (B-50..B-54)."""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.phases import Accepted
from referee.common.plausible import beyond_the_rules
from referee.common.ruling import Ruling, Step
from referee.europa.common import command_phases as ph
from referee.europa.common.context import logistics_of, opt_since, require_phase
from referee.europa.common.data import Logistics
from referee.europa.common.state import EuropaState, ResourceStock
from referee.europa.logistics import commands as eu
from referee.europa.logistics import events as lg


def _stock(ctx: Context[EuropaState], side: str) -> ResourceStock:
    stocks = ctx.state.resource_points
    if side not in stocks:
        raise IllegalOrderError(f"{side!r} keeps no Resource Points; sides: {', '.join(stocks) or 'none'}")
    return stocks[side]


def _held(stock: ResourceStock, location: str, count: int, why: str) -> int:
    held = stock.stock.get(location, 0)
    if location not in stock.stock:
        raise IllegalOrderError(
            f"{stock.side} has no Resource Points in {location!r}; locations: {', '.join(stock.stock)}"
        )
    if count > held:
        raise IllegalOrderError(f"{stock.side} holds {held} Resource Points in {location}; {why} needs {count}")
    return held


def no_conversion_001(state: EuropaState, what: str) -> None:
    """B-68 [001]: the 001 SP model has no SP ↔ Resource Point conversion; refused under sp_model 001
    (a campaign pinned before the option plays 000)."""
    if opt_since(state, "sp_model", "000") == "001":
        raise IllegalOrderError(
            f"{what}: the 001 SP model has no conversion between SP and Resource Points (B-68 [001])"
        )


def _exchange(side: str, ctx: Context[EuropaState], what: str, phase: Accepted) -> tuple[Logistics, ResourceStock]:
    """B-50, B-51 [000], B-68 [001]: what buying and selling Resource Points both check first: the
    SP model has the exchange, the side keeps Resource Points, and it is the phase for it."""
    no_conversion_001(ctx.state, what)
    logistics = logistics_of(ctx.state)
    stock = _stock(ctx, side)
    require_phase(ctx.state, side, *phase.args)
    return logistics, stock


def buy(command: eu.BuyResourcePoints, ctx: Context[EuropaState]) -> Decision:
    """B-50 [000]: 3 SP buy 1 Resource Point, Initial phase only; surprise SP cannot (B-28).
    Refused under sp_model 001 (B-68 [001])."""
    logistics, stock = _exchange(command.side, ctx, "buying Resource Points with SP", ph.BUY_RESOURCES)
    location, checked = _placed(command, stock, logistics)
    pool = ctx.state.supply_pools[command.side]
    cost = command.count * logistics.sp_per_resource_point_bought
    if cost > pool.stockpile:
        raise IllegalOrderError(
            f"{command.side} SP pool holds {pool.stockpile}; {command.count} Resource Points cost {cost}"
        )
    return Decision(
        Ruling(
            summary=f"{command.side} buys {command.count} Resource Points for {cost} SP",
            steps=[
                Step(
                    text=(
                        f"{command.count} × {logistics.sp_per_resource_point_bought} SP = {cost}; special SP cannot "
                        "be used"
                    ),
                    rule="B-50, B-28 [000]",
                ),
                *checked,
            ],
        ),
        [
            lg.SupplySpent(
                side=command.side,
                from_special=0,
                from_stockpile=cost,
                activity="Resource Point purchase",
                detail=location,
            ),
            lg.ResourcePointsCredited(
                side=command.side, location=location, amount=command.count, reason=f"bought for {cost} SP"
            ),
        ],
    )


def _placed(command: eu.BuyResourcePoints, stock: ResourceStock, logistics: Logistics) -> tuple[str, list[Step]]:
    """Where bought Resource Points go: a place the side holds them or earns them (B-52, B-53 [000]),
    matched in any case and recorded as the campaign spells it. The text does not say where bought
    points are placed (B-50), so another place is accepted only with the referee's recorded reason:
    a typo ("Polnad") would otherwise open a new place."""
    known = list(stock.stock)
    known += [s.location for s in logistics.resource_sources if s.side == stock.side and s.location not in known]
    for place in known:
        if place.casefold() == command.location.strip().casefold():
            return place, []
    close = get_close_matches(command.location, known, n=1, cutoff=0.6)
    problem = (
        f"{stock.side} holds no Resource Points in {command.location!r}"
        + (f" (did you mean {close[0]}?)" if close else "")
        + f"; places: {', '.join(known) or 'none'}"
    )
    return command.location, beyond_the_rules(problem, command.override, "B-50 [000]")


def sell(command: eu.SellResourcePoints, ctx: Context[EuropaState]) -> Decision:
    """B-51 [000]: 1 Resource Point connected by rail to a friendly edge gives 2 SP, Initial phase.
    Refused under sp_model 001 (B-68 [001])."""
    logistics, stock = _exchange(command.side, ctx, "exchanging Resource Points for SP", ph.SELL_RESOURCES)
    if not command.rail_connected:
        raise IllegalOrderError(
            "only Resource Points connected by rail to a friendly board edge may be exchanged for SP (B-51 [000])"
        )
    _held(stock, command.location, command.count, "this exchange")
    gained = command.count * logistics.sp_per_resource_point_sold
    return Decision(
        Ruling(
            summary=f"{command.side} exchanges {command.count} Resource Points for {gained} SP",
            steps=[
                Step(text=f"{command.count} × {logistics.sp_per_resource_point_sold} SP = {gained}", rule="B-51 [000]")
            ],
        ),
        [
            lg.ResourcePointsDebited(
                side=command.side, location=command.location, amount=command.count, reason="exchanged for SP"
            ),
            lg.SupplyCredited(side=command.side, amount=gained, reason=f"{command.count} Resource Points exchanged"),
        ],
    )


def construct(command: eu.SpendResourcePoints, ctx: Context[EuropaState]) -> Decision:
    """B-54 [000]: a fort or an airfield costs 1 Resource Point; construction starts in the Initial phase (A-11)."""
    stock = _stock(ctx, command.side)
    require_phase(ctx.state, command.side, *ph.CONSTRUCTION.args)
    _held(stock, command.location, command.count, f"{command.count} {command.purpose}(s)")
    return Decision(
        Ruling(
            summary=f"{command.side} builds {command.count} {command.purpose}(s) at {command.site}",
            steps=[Step(text=f"{command.count} × 1 Resource Point from {command.location}", rule="B-54 [000]")],
        ),
        [
            lg.ResourcePointsDebited(
                side=command.side,
                location=command.location,
                amount=command.count,
                reason=f"{command.purpose} at {command.site}",
            )
        ],
    )


def rail(command: eu.BuyRailCapacity, ctx: Context[EuropaState]) -> Decision:
    """B-54 [000]: +10 REs of rail capacity per Resource Point, at most 6 Soviet, 3 German, 1 Finnish a turn."""
    logistics = logistics_of(ctx.state)
    stock = _stock(ctx, command.side)
    if command.nation not in logistics.rail:
        raise IllegalOrderError(f"{command.nation!r} has no rail net of its own; nations: {', '.join(logistics.rail)}")
    require_phase(ctx.state, command.side, *ph.RAIL_CAPACITY.args)
    capacity = logistics.rail[command.nation]
    used = stock.rail_bought.get(command.nation, 0)
    if used + command.resource_points > capacity.max_rp_per_turn:
        raise IllegalOrderError(
            f"{command.nation} may add at most {capacity.max_rp_per_turn} Resource Points of rail capacity "
            f"a turn; {used} already spent this turn (B-54 [000])"
        )
    _held(stock, command.location, command.resource_points, "rail capacity")
    total = capacity.base_res + logistics.rail_res_per_resource_point * (used + command.resource_points)
    return Decision(
        Ruling(
            summary=f"{command.nation} rail capacity this turn: {total} REs",
            steps=[
                Step(
                    text=(
                        f"base {capacity.base_res} + {logistics.rail_res_per_resource_point} × "
                        f"{used + command.resource_points} = {total} REs"
                    ),
                    rule="B-54 [000]",
                )
            ],
        ),
        [
            lg.ResourcePointsDebited(
                side=command.side,
                location=command.location,
                amount=command.resource_points,
                reason=f"{command.nation} rail capacity",
            ),
            lg.RailCapacityBought(side=command.side, nation=command.nation, resource_points=command.resource_points),
        ],
    )


def income(command: eu.ReceiveResourceIncome, ctx: Context[EuropaState]) -> Decision:
    """B-53 [000]: Ploesti 1 a turn to the Axis while controlled; Baku 2 to the Soviets with a supply line."""
    logistics = logistics_of(ctx.state)
    stock = _stock(ctx, command.side)
    require_phase(ctx.state, command.side, *ph.RESOURCE_INCOME.args)
    turn = ctx.state.table.calendar.turn
    if stock.income_turn == turn:
        raise IllegalOrderError(
            f"{command.side} already took its Resource Point income in {ctx.state.table.calendar.label}"
        )
    events: list[ev.DomainEvent] = []
    steps = []
    for source in logistics.resource_sources:
        if source.side != command.side:
            continue
        if source.condition and ctx.state.table.markers.get(source.condition) != "yes":
            steps.append(Step(text=f"{source.source}: nothing ({source.condition} is not 'yes')", rule=source.rule))
            continue
        steps.append(Step(text=f"{source.source} +{source.amount} ({source.location})", rule=source.rule))
        events.append(
            lg.ResourcePointsCredited(
                side=command.side, location=source.location, amount=source.amount, reason=source.source
            )
        )
    events.append(lg.ResourceIncomeReceived(side=command.side, turn=turn))
    total = sum(e.amount for e in events if isinstance(e, lg.ResourcePointsCredited))
    return Decision(Ruling(summary=f"{command.side} receives {total} Resource Points", steps=steps), events)


RESOURCE_HANDLERS: dict[type[Any], Any] = {
    eu.BuyResourcePoints: buy,
    eu.SellResourcePoints: sell,
    eu.SpendResourcePoints: construct,
    eu.BuyRailCapacity: rail,
    eu.ReceiveResourceIncome: income,
}
