"""Applying the events of war and lend lease (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.third_reich.common.fold import economy_account, route_shares, take
from referee.third_reich.common.state import LendLeaseShipment, ReichState
from referee.third_reich.wars import events as ec


def _sent(state: ReichState, e: ec.LendLeaseSent) -> None:
    giver, receiver = economy_account(state, e.giver), economy_account(state, e.receiver)
    take(giver, e.amount, f"lend lease to {e.receiver}")
    if e.spending_base:  # given at the year start: the half-spend limit counts from the totals after it
        giver.total_at_turn_start = max(0, giver.total_at_turn_start - e.amount)
    if e.arrival == "immediate":
        receiver.total += e.amount
        if e.spending_base:
            receiver.total_at_turn_start += e.amount
        return
    shipment = receiver.lend_lease_by_route.get(e.route)
    if shipment is None:
        receiver.lend_lease_by_route[e.route] = LendLeaseShipment(giver=e.giver, sent=e.amount, arrival=e.arrival)
    else:
        shipment.sent += e.amount
    receiver.lend_lease_in_transit += e.amount


def _arrived(state: ReichState, e: ec.LendLeaseArrived) -> None:
    receiver = economy_account(state, e.receiver)
    shares = route_shares(receiver, e.amount, e.by_route)
    for route, amount in shares.items():
        shipment = receiver.lend_lease_by_route[route]
        shipment.sent -= amount
        if not shipment.carried:
            del receiver.lend_lease_by_route[route]
    receiver.lend_lease_in_transit -= e.amount
    receiver.total += e.amount
    if e.by_route is None and receiver.lend_lease_in_transit == 0:
        receiver.lend_lease_by_route.clear()
    receiver.lend_lease_arrival = None


def _war_declared(state: ReichState, e: ec.WarDeclared) -> None:
    economy = economy_account(state, e.power)
    for enemy in e.enemies:
        economy.at_war.setdefault(enemy, e.entry)
        if enemy in state.brp_economies:
            state.brp_economies[enemy].at_war.setdefault(e.power, e.entry)


def _left_play(state: ReichState, e: ec.PowerLeftPlay) -> None:
    economy_account(state, e.power).left_play = e.reason


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    ec.LendLeaseSent: _sent,
    ec.LendLeaseArrived: _arrived,
    ec.WarDeclared: _war_declared,
    ec.PowerLeftPlay: _left_play,
}
