"""Applying the Europa logistics events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import LedgerError, NegativeBalanceError
from referee.common.fold import lookup_account
from referee.europa.common.state import EuropaState, PendingReplacements, ReplacementTrack, ResourceStock, SupplyPool
from referee.europa.logistics import events as lg


def _pool(state: EuropaState, side: str) -> SupplyPool:
    pool: SupplyPool = lookup_account(state.supply_pools, side, "supply pool for side")
    return pool


def _track(state: EuropaState, nation: str) -> ReplacementTrack:
    track: ReplacementTrack = lookup_account(state.replacement_tracks, nation, "replacement track for nation")
    return track


def _supply_credited(state: EuropaState, e: lg.SupplyCredited) -> None:
    _pool(state, e.side).stockpile += e.amount


def _supply_debited(state: EuropaState, e: lg.SupplyDebited) -> None:
    pool = _pool(state, e.side)
    if e.amount > pool.stockpile:
        raise NegativeBalanceError(f"{e.side} SP pool holds {pool.stockpile}; {e.reason} costs {e.amount}")
    pool.stockpile -= e.amount


def _replacements_credited(state: EuropaState, e: lg.ReplacementsCredited) -> None:
    track = _track(state, e.nation)
    track.points[e.kind] = track.points.get(e.kind, 0) + e.amount


def _replacements_debited(state: EuropaState, e: lg.ReplacementsDebited) -> None:
    track = _track(state, e.nation)
    held = track.points.get(e.kind, 0)
    if e.amount > held:
        raise NegativeBalanceError(f"{e.nation} holds {held} {e.kind} RP; {e.reason} needs {e.amount}")
    track.points[e.kind] = held - e.amount


def _stock(state: EuropaState, side: str) -> ResourceStock:
    stock: ResourceStock = lookup_account(state.resource_points, side, "Resource Point stock for side")
    return stock


def _income(state: EuropaState, e: lg.SupplyIncomeReceived) -> None:
    pool = lookup_account(state.supply_pools, e.side, "supply pool for side")
    pool.stockpile += e.amount
    pool.income = e.income
    pool.cap = e.cap
    pool.last_income = dict(e.breakdown)


def _cap(state: EuropaState, e: lg.SupplyCapApplied) -> None:
    pool = lookup_account(state.supply_pools, e.side, "supply pool for side")
    if e.lost > pool.stockpile:
        raise NegativeBalanceError(f"{e.side} SP pool holds {pool.stockpile}; cannot lose {e.lost}")
    pool.stockpile -= e.lost


def _special_granted(state: EuropaState, e: lg.SpecialSupplyGranted) -> None:
    lookup_account(state.supply_pools, e.side, "supply pool for side").special += e.amount


def _special_expired(state: EuropaState, e: lg.SpecialSupplyExpired) -> None:
    pool = lookup_account(state.supply_pools, e.side, "supply pool for side")
    if e.amount > pool.special:
        raise NegativeBalanceError(f"{e.side} holds {pool.special} special SP; cannot drop {e.amount}")
    pool.special -= e.amount


def _spent(state: EuropaState, e: lg.SupplySpent) -> None:
    pool = lookup_account(state.supply_pools, e.side, "supply pool for side")
    if e.from_special > pool.special or e.from_stockpile > pool.stockpile:
        raise NegativeBalanceError(
            f"{e.side} SP pool holds {pool.stockpile} (+{pool.special} special); "
            f"{e.activity} costs {e.from_special + e.from_stockpile}"
        )
    pool.special -= e.from_special
    pool.stockpile -= e.from_stockpile


def _rp_credited(state: EuropaState, e: lg.ResourcePointsCredited) -> None:
    stock = _stock(state, e.side)
    stock.stock[e.location] = stock.stock.get(e.location, 0) + e.amount


def _rp_debited(state: EuropaState, e: lg.ResourcePointsDebited) -> None:
    stock = _stock(state, e.side)
    held = stock.stock.get(e.location, 0)
    if e.amount > held:
        raise NegativeBalanceError(
            f"{e.side} holds {held} Resource Points in {e.location}; {e.reason} needs {e.amount}"
        )
    stock.stock[e.location] = held - e.amount


def _rail(state: EuropaState, e: lg.RailCapacityBought) -> None:
    stock = _stock(state, e.side)
    stock.rail_bought[e.nation] = stock.rail_bought.get(e.nation, 0) + e.resource_points


def _turn_reset(state: EuropaState, e: lg.ResourceTurnReset) -> None:
    _stock(state, e.side).rail_bought = {}


def _resource_income(state: EuropaState, e: lg.ResourceIncomeReceived) -> None:
    _stock(state, e.side).income_turn = e.turn


def _city(state: EuropaState, e: lg.CityStatusSet) -> None:
    state.table.cities[e.city] = e.status
    if e.status != "soviet" and e.city not in state.table.cities_reached:
        state.table.cities_reached.append(e.city)


def _pending(state: EuropaState, e: lg.ReplacementsPending) -> None:
    track = lookup_account(state.replacement_tracks, e.nation, "replacement track for nation")
    track.pending.append(
        PendingReplacements(kind=e.kind, amount=e.amount, available_turn=e.available_turn, reason=e.reason)
    )


def _released(state: EuropaState, e: lg.PendingReplacementsReleased) -> None:
    track = lookup_account(state.replacement_tracks, e.nation, "replacement track for nation")
    keep = []
    for item in track.pending:
        if item.available_turn <= e.turn:
            track.points[item.kind] = track.points.get(item.kind, 0) + item.amount
        else:
            keep.append(item)
    track.pending = keep


def _losses(state: EuropaState, e: lg.LossesRecorded) -> None:
    track = lookup_account(state.replacement_tracks, e.nation, "replacement track for nation")
    held = track.losses.get(e.kind, 0)
    if held + e.amount < 0:
        raise NegativeBalanceError(f"{e.nation} has {held} {e.kind} losses recorded; cannot use {-e.amount}")
    track.losses[e.kind] = held + e.amount


def _regular(state: EuropaState, e: lg.RegularReplacementsReceived) -> None:
    lookup_account(state.replacement_tracks, e.nation, "replacement track for nation").received_turn = e.turn


def _factories(state: EuropaState, e: lg.FactoriesSet) -> None:
    track = lookup_account(state.replacement_tracks, e.nation, "replacement track for nation")
    track.factories = e.operating
    track.factories_upgraded = e.upgraded


def _zone(state: EuropaState, e: lg.SupplyZoneEntered) -> None:
    pool = _pool(state, e.side)
    if e.zone <= pool.zone:
        raise LedgerError(f"{e.side} is already in supply zone {pool.zone}; zones only go up")
    if e.cut > pool.stockpile:
        raise NegativeBalanceError(f"{e.side} SP pool holds {pool.stockpile}; cannot lose {e.cut}")
    pool.zone = e.zone
    pool.stockpile -= e.cut


def _mechanized_paid(state: EuropaState, e: lg.MechanizedMovementPaid) -> None:
    pool = _pool(state, e.side)
    kept = {unit: turn for unit, turn in pool.mechanized_paid.items() if turn >= e.turn}
    pool.mechanized_paid = {**kept, **{unit.casefold(): e.turn for unit in e.units}}


def _no_change(state: EuropaState, e: Any) -> None:
    """Recorded for the log only."""


LOGISTICS_APPLIERS: dict[type[Any], Callable[[EuropaState, Any], None]] = {
    lg.SupplyCredited: _supply_credited,
    lg.SupplyDebited: _supply_debited,
    lg.ReplacementsCredited: _replacements_credited,
    lg.ReplacementsDebited: _replacements_debited,
    lg.SupplyIncomeReceived: _income,
    lg.SupplyCapApplied: _cap,
    lg.SpecialSupplyGranted: _special_granted,
    lg.SpecialSupplyExpired: _special_expired,
    lg.SupplySpent: _spent,
    lg.UnsuppliedActivityRecorded: _no_change,
    lg.ResourcePointsCredited: _rp_credited,
    lg.ResourcePointsDebited: _rp_debited,
    lg.RailCapacityBought: _rail,
    lg.ResourceTurnReset: _turn_reset,
    lg.ResourceIncomeReceived: _resource_income,
    lg.CityStatusSet: _city,
    lg.ReplacementsPending: _pending,
    lg.PendingReplacementsReleased: _released,
    lg.LossesRecorded: _losses,
    lg.RegularReplacementsReceived: _regular,
    lg.FactoriesSet: _factories,
    lg.SupplyZoneEntered: _zone,
    lg.MechanizedMovementPaid: _mechanized_paid,
}
