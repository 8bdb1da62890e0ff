"""What every Third Reich system's fold reads (checks first, then mutates; see referee.common.fold):
a power's BRP account by name, BRPs taken from its total, a lend-lease route's share of an amount;
and the rollback's events, which restore whole accounts (`ROLLBACK_APPLIERS`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import NegativeBalanceError
from referee.common import events as ev
from referee.common.accounts import restore_account
from referee.common.fold import lookup_account
from referee.third_reich.common.state import BrpEconomy, ReichState


def economy_account(state: ReichState, power: str) -> BrpEconomy:
    """The BRP account of ``power`` (an unknown power is the book's error, not the rules')."""
    economy: BrpEconomy = lookup_account(state.brp_economies, power, "BRP account for power")
    return economy


def take(economy: BrpEconomy, amount: int, why: str) -> None:
    """``amount`` off the total, never below 0."""
    if amount > economy.total:
        raise NegativeBalanceError(f"{economy.power} has {economy.total} BRPs; {why} costs {amount}")
    economy.total -= amount


def route_shares(receiver: BrpEconomy, amount: int, by_route: dict[str, int] | None) -> dict[str, int]:
    """What comes off each route: as the event says, or (a version-1 event, one amount for the
    receiver) off the northern shipments first, in the order they were sent."""
    if by_route is not None:
        for route, share in by_route.items():
            shipment = receiver.lend_lease_by_route.get(route)
            if shipment is None or share > shipment.carried:
                carried = 0 if shipment is None else shipment.carried
                raise NegativeBalanceError(f"only {carried} BRPs are in transit to {receiver.power} by {route}")
        if sum(by_route.values()) != amount:
            raise NegativeBalanceError(f"{amount} BRPs of lend lease are not the sum of {by_route}")
        return dict(by_route)
    if amount > receiver.lend_lease_in_transit:
        raise NegativeBalanceError(f"only {receiver.lend_lease_in_transit} BRPs are in transit to {receiver.power}")
    shares: dict[str, int] = {}
    left = amount
    ordered = sorted(receiver.lend_lease_by_route.items(), key=lambda item: item[1].arrival != "murmansk")
    for route, shipment in ordered:
        share = min(left, shipment.carried)
        if share:
            shares[route] = share
            left -= share
    return shares


def _deducted_by_now(state: ReichState, power: str, years: list[str]) -> list[str]:
    """The years among ``years`` whose hits a year start has deducted by the calendar's position
    (G-10, G-61, J-61): year Y's at the Spring of Y + 1, 1939's at Spring 1941 (Spring 1940
    deducts none); 1945's come off at once."""
    calendar = state.table.calendar
    done: list[str] = []
    for year in years:
        at = 1941 if year == "1939" else int(year) + 1
        spring = 5 * (at - 1940) + 3
        started = calendar.turn > spring or (
            calendar.turn == spring and (calendar.phase != "Year Start" or f"year_start:{power}" in calendar.steps_done)
        )
        if year == "1945" or started:
            done.append(year)
    return done


def _account_restored(state: ReichState, e: ev.AccountRestored) -> None:
    """A rollback's account document. One of a release before 0.3.0 did not list the conquests
    held: those held before the rollback are kept, and `_rolled_back` drops the later ones."""
    power = e.account.partition(":")[2]
    current = state.brp_economies.get(power) if e.account.startswith("brp:") else None
    kept = dict(current.conquests_held) if current and e.state and "conquests_held" not in e.state else None
    restore_account(state, e.account, e.state)
    if kept is not None:
        state.brp_economies[power].conquests_held = kept


def _rolled_back(state: ReichState, e: ev.RolledBack) -> None:
    """After a rollback to #``to``: no conquest recorded after it is held, and (the documents of
    releases before 0.3.0 did not say) the years whose hits were deducted are worked out again
    from the calendar it went back to."""
    for economy in state.brp_economies.values():
        economy.conquests_held = {t: entry for t, entry in economy.conquests_held.items() if entry <= e.to}
        economy.sw_hits_deducted = _deducted_by_now(state, economy.power, sorted(economy.sw_hits))


ROLLBACK_APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    ev.AccountRestored: _account_restored,
    ev.RolledBack: _rolled_back,
}
