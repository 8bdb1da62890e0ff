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


def _off_stockpile(state: EuropaState, side: str, amount: int, refused: str) -> SupplyPool:
    """``amount`` SP off the side's stockpile (a debit, a cap, a zone's cut), refused rather than
    taken below 0; the pool, for what else the event changes."""
    pool = _pool(state, side)
    if amount > pool.stockpile:
        raise NegativeBalanceError(f"{side} SP pool holds {pool.stockpile}; {refused}")
    pool.stockpile -= amount
    return pool


def _supply_debited(state: EuropaState, e: lg.SupplyDebited) -> None:
    _off_stockpile(state, e.side, e.amount, f"{e.reason} costs {e.amount}")


def _add(counts: dict[str, int], key: str, amount: int) -> None:
    counts[key] = counts.get(key, 0) + amount


def _take(counts: dict[str, int], key: str, amount: int, holder: str, what: str, reason: str) -> None:
    """``amount`` off ``counts[key]`` (Replacement Points of a type, Resource Points at a place),
    refused rather than taken below 0, in the words of both accounts: who holds how many of what."""
    held = counts.get(key, 0)
    if amount > held:
        raise NegativeBalanceError(f"{holder} holds {held} {what}; {reason} needs {amount}")
    counts[key] = held - amount


def _replacements_credited(state: EuropaState, e: lg.ReplacementsCredited) -> None:
    _add(_track(state, e.nation).points, e.kind, e.amount)


def _replacements_debited(state: EuropaState, e: lg.ReplacementsDebited) -> None:
    _take(_track(state, e.nation).points, e.kind, e.amount, e.nation, f"{e.kind} RP", e.reason)


def _stock(state: EuropaState, side: str) -> ResourceStock:
    stock: ResourceStock = lookup_account(state.resource_points, side, "Resource Point stock for side")
    return stock


def _income(state: EuropaState, e: lg.SupplyIncomeReceived) -> None:
    pool = _pool(state, e.side)
    pool.stockpile += e.amount
    pool.income = e.income
    pool.cap = e.cap
    pool.last_income = dict(e.breakdown)


def _cap(state: EuropaState, e: lg.SupplyCapApplied) -> None:
    _off_stockpile(state, e.side, e.lost, f"cannot lose {e.lost}")


def _special_granted(state: EuropaState, e: lg.SpecialSupplyGranted) -> None:
    _pool(state, e.side).special += e.amount


def _special_expired(state: EuropaState, e: lg.SpecialSupplyExpired) -> None:
    pool = _pool(state, e.side)
    if e.amount > pool.special:
        raise NegativeBalanceError(f"{e.side} holds {pool.special} special SP; cannot drop {e.amount}")
    pool.special -= e.amount


def _spent(state: EuropaState, e: lg.SupplySpent) -> None:
    pool = _pool(state, e.side)
    if e.from_special > pool.special or e.from_stockpile > pool.stockpile:
        raise NegativeBalanceError(
            f"{e.side} SP pool holds {pool.stockpile} (+{pool.special} special); "
            f"{e.activity} costs {e.from_special + e.from_stockpile}"
        )
    pool.special -= e.from_special
    pool.stockpile -= e.from_stockpile


def _rp_credited(state: EuropaState, e: lg.ResourcePointsCredited) -> None:
    _add(_stock(state, e.side).stock, e.location, e.amount)


def _rp_debited(state: EuropaState, e: lg.ResourcePointsDebited) -> None:
    where = f"Resource Points in {e.location}"
    _take(_stock(state, e.side).stock, e.location, e.amount, e.side, where, e.reason)


def _rail(state: EuropaState, e: lg.RailCapacityBought) -> None:
    _add(_stock(state, e.side).rail_bought, e.nation, e.resource_points)


def _turn_reset(state: EuropaState, e: lg.ResourceTurnReset) -> None:
    _stock(state, e.side).rail_bought = {}


def _resource_income(state: EuropaState, e: lg.ResourceIncomeReceived) -> None:
    _stock(state, e.side).income_turn = e.turn


def _city(state: EuropaState, e: lg.CityStatusSet) -> None:
    state.table.cities[e.city] = e.status
    if e.status != "soviet" and e.city not in state.table.cities_reached:
        state.table.cities_reached.append(e.city)


def _pending(state: EuropaState, e: lg.ReplacementsPending) -> None:
    track = _track(state, e.nation)
    track.pending.append(
        PendingReplacements(kind=e.kind, amount=e.amount, available_turn=e.available_turn, reason=e.reason)
    )


def _released(state: EuropaState, e: lg.PendingReplacementsReleased) -> None:
    track = _track(state, e.nation)
    keep = []
    for item in track.pending:
        if item.available_turn <= e.turn:
            _add(track.points, item.kind, item.amount)
        else:
            keep.append(item)
    track.pending = keep


def _losses(state: EuropaState, e: lg.LossesRecorded) -> None:
    track = _track(state, e.nation)
    held = track.losses.get(e.kind, 0)
    if held + e.amount < 0:
        raise NegativeBalanceError(f"{e.nation} has {held} {e.kind} losses recorded; cannot use {-e.amount}")
    track.losses[e.kind] = held + e.amount


def _regular(state: EuropaState, e: lg.RegularReplacementsReceived) -> None:
    _track(state, e.nation).received_turn = e.turn


def _factories(state: EuropaState, e: lg.FactoriesSet) -> None:
    track = _track(state, e.nation)
    track.factories = e.operating
    track.factories_upgraded = e.upgraded


def _zone(state: EuropaState, e: lg.SupplyZoneEntered) -> None:
    zone = _pool(state, e.side).zone
    if e.zone <= zone:
        raise LedgerError(f"{e.side} is already in supply zone {zone}; zones only go up")
    _off_stockpile(state, e.side, e.cut, f"cannot lose {e.cut}").zone = e.zone


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
