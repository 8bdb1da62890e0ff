"""Applying the Third Reich BRP events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import NegativeBalanceError, UnknownAccountError
from referee.common import events as ev
from referee.common.accounts import restore_account
from referee.common.calendar import third_reich_season
from referee.common.fold import lookup_account
from referee.third_reich import economy_events as ec
from referee.third_reich.state import BrpEconomy, LendLeaseShipment, NavalRepair, ReichState


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
    if e.year == 1945 and "1945" not in economy.sw_hits_deducted:  # G-66: taken at once, never at a year start
        economy.sw_hits_deducted.append("1945")


def _converted(state: ReichState, e: ec.ForcePoolConverted) -> None:
    economy = _economy(state, e.power)
    economy.force_pool_changes.append(f"{e.removed} → {e.added} ({e.reason})")
    if e.limit_kind:
        key = f"pending_limit_{e.limit_kind}"
        economy.counts[key] = economy.counts.get(key, 0) + e.limit_brp


def _sw_forces_changed(state: ReichState, e: ec.SwForcesChanged) -> None:
    """Only a count the book keeps changes, and never below 0."""
    economy = _economy(state, e.power)
    current = economy.sw_forces.get(e.kind)
    if current is None:
        raise UnknownAccountError(f"{e.power} keeps no count of {e.kind} factors to change")
    if current + e.change < 0:
        raise NegativeBalanceError(f"{e.power} has {current} {e.kind} factors; {e.reason} takes {-e.change}")
    economy.sw_forces[e.kind] = current + e.change


def _sw_forces_stated(state: ReichState, e: ec.SwForcesStated) -> None:
    _economy(state, e.power).sw_forces[e.kind] = e.factors


def _conquest(state: ReichState, e: ec.ConquestRecorded) -> None:
    economy = _economy(state, e.power)
    economy.conquests_pending[e.territory] = e.value
    economy.conquests_held[e.territory] = state.chain.last_number + 1  # the entry being folded


def _conquest_lost(state: ReichState, e: ec.ConquestLost) -> None:
    economy = _economy(state, e.power)
    if e.base_loss > economy.base:
        raise NegativeBalanceError(f"{economy.power} base {economy.base} cannot lose {e.base_loss}")
    economy.conquests_pending.pop(e.territory, None)
    economy.conquests_held.pop(e.territory, None)
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


def _deducted_by_version_1(state: ReichState) -> list[str]:
    """The years whose hits a version-1 year start deducted: the year before, except in Spring
    1940 (turn 3), which deducted none (G-10)."""
    turn = state.table.calendar.turn
    return [] if turn == 3 else [str(third_reich_season(turn)[1] - 1)]


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


def _year_start(state: ReichState, e: ec.YearStartApplied) -> None:
    economy = _economy(state, e.power)
    deducted = e.sw_hits_deducted if e.sw_hits_deducted is not None else _deducted_by_version_1(state)
    economy.sw_hits_deducted += [year for year in deducted if year not in economy.sw_hits_deducted]
    economy.base = e.base
    economy.total = e.total
    economy.total_at_turn_start = e.total  # the year start opens the Spring turn: the half limit counts from here
    economy.saved = 0
    economy.first_year_start_due = False
    economy.conquests_pending = {}
    economy.sw_limits = dict(e.sw_limits)
    economy.city_air_hits = {}
    economy.ussr_city_value = e.ussr_city_value
    economy.counts = {k: v for k, v in economy.counts.items() if not k.startswith(("pending_limit_", "sw_"))}


def _sent(state: ReichState, e: ec.LendLeaseSent) -> None:
    giver, receiver = _economy(state, e.giver), _economy(state, e.receiver)
    _take(giver, e.amount, f"lend lease to {e.receiver}")
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


def _shares(receiver: BrpEconomy, amount: int, by_route: dict[str, int] | None) -> dict[str, int]:
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


def _intercepted(state: ReichState, e: ec.LendLeaseIntercepted) -> None:
    receiver = _economy(state, e.receiver)
    shares = _shares(receiver, e.hits, e.by_route)
    for route, hits in shares.items():
        shipment = receiver.lend_lease_by_route[route]
        shipment.lost += hits
        if not shipment.carried:
            del receiver.lend_lease_by_route[route]
    receiver.lend_lease_in_transit -= e.hits


def _arrived(state: ReichState, e: ec.LendLeaseArrived) -> None:
    receiver = _economy(state, e.receiver)
    shares = _shares(receiver, e.amount, e.by_route)
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
    economy = _economy(state, e.power)
    for enemy in e.enemies:
        economy.at_war.setdefault(enemy, e.entry)
        if enemy in state.brp_economies:
            state.brp_economies[enemy].at_war.setdefault(e.power, e.entry)


def _left_play(state: ReichState, e: ec.PowerLeftPlay) -> None:
    _economy(state, e.power).left_play = e.reason


def _activated(state: ReichState, e: ec.PowerActivated) -> None:
    economy = _economy(state, e.power)
    economy.active = True
    economy.first_year_start_due = True
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
    ec.SwForcesChanged: _sw_forces_changed,
    ec.SwForcesStated: _sw_forces_stated,
    ec.ConquestRecorded: _conquest,
    ec.ConquestLost: _conquest_lost,
    ec.CityLossRecorded: _city_loss,
    ec.BrpSavedAtYearEnd: _saved,
    ec.YearStartApplied: _year_start,
    ec.LendLeaseSent: _sent,
    ec.LendLeaseIntercepted: _intercepted,
    ec.LendLeaseArrived: _arrived,
    ec.PowerActivated: _activated,
    ev.AccountRestored: _account_restored,
    ev.RolledBack: _rolled_back,
    ec.WarDeclared: _war_declared,
    ec.PowerLeftPlay: _left_play,
}
