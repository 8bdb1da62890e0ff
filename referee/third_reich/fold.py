"""Applying the Third Reich BRP events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import NegativeBalanceError
from referee.common.fold import lookup_account
from referee.third_reich import economy_events as ec
from referee.third_reich.state import BrpEconomy, NavalRepair, ReichState


def _economy(state: ReichState, power: str) -> BrpEconomy:
    economy: BrpEconomy = lookup_account(state.brp_economies, power, "BRP account for power")
    return economy


def _take(economy: BrpEconomy, amount: int, why: str) -> None:
    if amount > economy.total:
        raise NegativeBalanceError(f"{economy.power} has {economy.total} BRPs; {why} costs {amount}")
    economy.total -= amount


def _turn_started(state: ReichState, e: ec.BrpTurnStarted) -> None:
    economy = _economy(state, e.power)
    economy.player_turn_counters = {}
    if e.new_game_turn:
        economy.turn_counters = {}
        economy.options = {}
        economy.spent_this_turn = 0
        economy.total_at_turn_start = e.total


def _charged(state: ReichState, e: ec.BrpCharged) -> None:
    economy = _economy(state, e.power)
    _take(economy, e.amount, e.detail)
    economy.spent_this_turn += e.amount
    for key, step in e.counters.items():
        scope, _, name = key.partition(".")
        target = {"turn": economy.turn_counters, "player": economy.player_turn_counters, "total": economy.counts}[scope]
        target[name] = target.get(name, 0) + step
    if e.front is not None and e.option is not None:
        economy.options[e.front] = e.option
    if e.category == "iran_route":
        economy.iran_route_open = True


def _repair(state: ReichState, e: ec.NavalRepairStarted) -> None:
    _economy(state, e.power).naval_repairs.append(
        NavalRepair(fleet=e.fleet, factors=e.factors, ready_turn=e.ready_turn)
    )


def _sw_hits(state: ReichState, e: ec.SwHitsRecorded) -> None:
    economy = _economy(state, e.power)
    year = economy.sw_hits.setdefault(str(e.year), {})
    year[e.kind] = year.get(e.kind, 0) + e.hits
    if e.kind == "bombers":
        economy.bomber_hits_total += e.hits
    if e.immediate:
        _take(economy, e.immediate, "1945 strategic-warfare hits")


def _converted(state: ReichState, e: ec.ForcePoolConverted) -> None:
    economy = _economy(state, e.power)
    economy.force_pool_changes.append(f"{e.removed} → {e.added} ({e.reason})")
    if e.limit_kind:
        key = f"pending_limit_{e.limit_kind}"
        economy.counts[key] = economy.counts.get(key, 0) + e.limit_brp


def _conquest(state: ReichState, e: ec.ConquestRecorded) -> None:
    _economy(state, e.power).conquests_pending[e.territory] = e.value


def _conquest_lost(state: ReichState, e: ec.ConquestLost) -> None:
    economy = _economy(state, e.power)
    economy.conquests_pending.pop(e.territory, None)
    if e.base_loss > economy.base:
        raise NegativeBalanceError(f"{economy.power} base {economy.base} cannot lose {e.base_loss}")
    economy.base -= e.base_loss


def _city_loss(state: ReichState, e: ec.CityLossRecorded) -> None:
    economy = _economy(state, e.power)
    _take(economy, e.amount, f"loss of {e.city}")
    if e.cause == "captured":
        economy.cities_lost.append(e.city)
    else:
        economy.city_air_hits[e.city] = economy.city_air_hits.get(e.city, 0) + e.amount


def _saved(state: ReichState, e: ec.BrpSavedAtYearEnd) -> None:
    _economy(state, e.power).saved = e.saved


def _year_start(state: ReichState, e: ec.YearStartApplied) -> None:
    economy = _economy(state, e.power)
    economy.base = e.base
    economy.total = e.total
    economy.total_at_turn_start = e.total  # the year start opens the Spring turn: the half limit counts from here
    economy.saved = 0
    economy.conquests_pending = {}
    economy.sw_limits = dict(e.sw_limits)
    economy.city_air_hits = {}
    economy.ussr_city_value = e.ussr_city_value
    economy.counts = {k: v for k, v in economy.counts.items() if not k.startswith(("pending_limit_", "sw_"))}


def _sent(state: ReichState, e: ec.LendLeaseSent) -> None:
    giver, receiver = _economy(state, e.giver), _economy(state, e.receiver)
    _take(giver, e.amount, f"lend lease to {e.receiver}")
    if e.arrival == "immediate":
        receiver.total += e.amount
    else:
        receiver.lend_lease_in_transit += e.amount
        receiver.lend_lease_arrival = e.arrival


def _intercepted(state: ReichState, e: ec.LendLeaseIntercepted) -> None:
    receiver = _economy(state, e.receiver)
    if e.hits > receiver.lend_lease_in_transit:
        raise NegativeBalanceError(f"only {receiver.lend_lease_in_transit} BRPs are in transit to {e.receiver}")
    receiver.lend_lease_in_transit -= e.hits


def _arrived(state: ReichState, e: ec.LendLeaseArrived) -> None:
    receiver = _economy(state, e.receiver)
    if e.amount > receiver.lend_lease_in_transit:
        raise NegativeBalanceError(f"only {receiver.lend_lease_in_transit} BRPs are in transit to {e.receiver}")
    receiver.lend_lease_in_transit -= e.amount
    receiver.total += e.amount
    if receiver.lend_lease_in_transit == 0:
        receiver.lend_lease_arrival = None


def _activated(state: ReichState, e: ec.PowerActivated) -> None:
    economy = _economy(state, e.power)
    economy.active = True
    economy.total = max(economy.total, economy.base)


def _brp_granted(state: ReichState, e: ec.BrpGranted) -> None:
    _economy(state, e.power).total += e.amount


def _brp_spent(state: ReichState, e: ec.BrpSpent) -> None:
    economy = _economy(state, e.power)
    _take(economy, e.amount, e.reason)
    economy.spent_this_turn += e.amount


def _brp_base_adjusted(state: ReichState, e: ec.BrpBaseAdjusted) -> None:
    economy = _economy(state, e.power)
    if economy.base + e.change < 0:
        raise NegativeBalanceError(
            f"{e.power} BRP base is {economy.base}; a change of {e.change} would make it negative"
        )
    economy.base += e.change


ECONOMY_APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    ec.BrpGranted: _brp_granted,
    ec.BrpSpent: _brp_spent,
    ec.BrpBaseAdjusted: _brp_base_adjusted,
    ec.BrpTurnStarted: _turn_started,
    ec.BrpCharged: _charged,
    ec.NavalRepairStarted: _repair,
    ec.SwHitsRecorded: _sw_hits,
    ec.ForcePoolConverted: _converted,
    ec.ConquestRecorded: _conquest,
    ec.ConquestLost: _conquest_lost,
    ec.CityLossRecorded: _city_loss,
    ec.BrpSavedAtYearEnd: _saved,
    ec.YearStartApplied: _year_start,
    ec.LendLeaseSent: _sent,
    ec.LendLeaseIntercepted: _intercepted,
    ec.LendLeaseArrived: _arrived,
    ec.PowerActivated: _activated,
}
