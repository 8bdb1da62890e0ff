"""Applying domain events to a `GameState`: the only way state changes.

Each ``_apply_*`` checks the accounting invariants first (pools never negative, accounts
must exist: DESIGN invariant 5) and raises a `LedgerError` before touching anything, then
mutates. No dice, no clock, no tables: the event carries every number already decided.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common import events as ev
from referee.common.accounts import restore_account
from ledger.errors import NegativeBalanceError, UnknownAccountError
from referee.europa.fold_combat import COMBAT_APPLIERS
from referee.common.fold_dice import DICE_APPLIERS
from referee.third_reich.fold import ECONOMY_APPLIERS
from referee.europa.fold import LOGISTICS_APPLIERS, lookup_account
from referee.common.state import BrpEconomy, ForceRoster, GameState, ReplacementTrack, SupplyPool


def _pool(state: GameState, side: str) -> SupplyPool:
    return lookup_account(state.supply_pools, side, "supply pool for side")  # type: ignore[no-any-return]


def _track(state: GameState, nation: str) -> ReplacementTrack:
    return lookup_account(state.replacement_tracks, nation, "replacement track for nation")  # type: ignore[no-any-return]


def _economy(state: GameState, power: str) -> BrpEconomy:
    return lookup_account(state.brp_economies, power, "BRP account for power")  # type: ignore[no-any-return]


def _roster(state: GameState, side: str) -> ForceRoster:
    return lookup_account(state.rosters, side, "force roster for side")  # type: ignore[no-any-return]


def _supply_credited(state: GameState, e: ev.SupplyCredited) -> None:
    _pool(state, e.side).stockpile += e.amount


def _supply_debited(state: GameState, e: ev.SupplyDebited) -> None:
    pool = _pool(state, e.side)
    if e.amount > pool.stockpile:
        raise NegativeBalanceError(f"{e.side} SP pool holds {pool.stockpile}; {e.reason} costs {e.amount}")
    pool.stockpile -= e.amount


def _replacements_credited(state: GameState, e: ev.ReplacementsCredited) -> None:
    track = _track(state, e.nation)
    track.points[e.kind] = track.points.get(e.kind, 0) + e.amount


def _replacements_debited(state: GameState, e: ev.ReplacementsDebited) -> None:
    track = _track(state, e.nation)
    held = track.points.get(e.kind, 0)
    if e.amount > held:
        raise NegativeBalanceError(f"{e.nation} holds {held} {e.kind} RP; {e.reason} needs {e.amount}")
    track.points[e.kind] = held - e.amount


def _brp_granted(state: GameState, e: ev.BrpGranted) -> None:
    _economy(state, e.power).total += e.amount


def _brp_spent(state: GameState, e: ev.BrpSpent) -> None:
    economy = _economy(state, e.power)
    if e.amount > economy.total:
        raise NegativeBalanceError(f"{e.power} has {economy.total} BRPs; {e.reason} costs {e.amount}")
    economy.total -= e.amount
    economy.spent_this_turn += e.amount


def _brp_base_adjusted(state: GameState, e: ev.BrpBaseAdjusted) -> None:
    economy = _economy(state, e.power)
    if economy.base + e.change < 0:
        raise NegativeBalanceError(
            f"{e.power} BRP base is {economy.base}; a change of {e.change} would make it negative"
        )
    economy.base += e.change


def _unit_registered(state: GameState, e: ev.UnitRegistered) -> None:
    roster = _roster(state, e.side)
    roster.units[e.unit.unit_id] = e.unit.model_copy()


def _unit_status_changed(state: GameState, e: ev.UnitStatusChanged) -> None:
    roster = _roster(state, e.side)
    if e.unit_id not in roster.units:
        raise UnknownAccountError(f"{e.side} has no unit {e.unit_id!r}")
    unit = roster.units[e.unit_id]
    unit.status = e.status
    unit.location = e.location


def _calendar_advanced(state: GameState, e: ev.CalendarAdvanced) -> None:
    state.table.calendar = e.position.model_copy(deep=True)


def _step_completed(state: GameState, e: ev.StepCompleted) -> None:
    if e.step not in state.table.calendar.steps_done:
        state.table.calendar.steps_done.append(e.step)


def _weather_set(state: GameState, e: ev.WeatherSet) -> None:
    state.table.weather[e.zone] = e.condition


def _marker_set(state: GameState, e: ev.MarkerSet) -> None:
    state.table.markers[e.name] = e.value


def _marker_cleared(state: GameState, e: ev.MarkerCleared) -> None:
    state.table.markers.pop(e.name, None)


def _account_restored(state: GameState, e: ev.AccountRestored) -> None:
    restore_account(state, e.account, e.state)


def _campaign_branched(state: GameState, e: ev.CampaignBranched) -> None:
    state.identity.campaign_id = e.campaign_id
    state.identity.name = e.name
    state.identity.parent = e.parent.model_copy()


def _no_change(state: GameState, e: Any) -> None:
    """Events recorded for the log only (annotations, rollback markers)."""


_APPLIERS: dict[type[Any], Callable[[GameState, Any], None]] = {
    ev.SupplyCredited: _supply_credited,
    ev.SupplyDebited: _supply_debited,
    ev.ReplacementsCredited: _replacements_credited,
    ev.ReplacementsDebited: _replacements_debited,
    ev.BrpGranted: _brp_granted,
    ev.BrpSpent: _brp_spent,
    ev.BrpBaseAdjusted: _brp_base_adjusted,
    ev.UnitRegistered: _unit_registered,
    ev.UnitStatusChanged: _unit_status_changed,
    ev.CalendarAdvanced: _calendar_advanced,
    ev.StepCompleted: _step_completed,
    ev.WeatherSet: _weather_set,
    ev.MarkerSet: _marker_set,
    ev.MarkerCleared: _marker_cleared,
    ev.AccountRestored: _account_restored,
    ev.CampaignBranched: _campaign_branched,
    ev.EntryAnnotated: _no_change,
    ev.RolledBack: _no_change,
}


_APPLIERS.update(LOGISTICS_APPLIERS)
_APPLIERS.update(ECONOMY_APPLIERS)
_APPLIERS.update(COMBAT_APPLIERS)
_APPLIERS.update(DICE_APPLIERS)


def apply_event(state: GameState, event: ev.DomainEvent) -> None:
    """Apply one domain event to ``state`` in place (checks first, then mutates)."""
    _APPLIERS[type(event)](state, event)


def apply_entry(state: GameState | None, entry: dict[str, Any]) -> GameState:
    """Fold one entry's events into ``state``; the first entry must open the campaign.

    Returns the state object (a new one when the entry is ``CampaignOpened``).
    """
    for raw in entry["events"]:
        event = ev.parse_event(raw)
        if isinstance(event, ev.CampaignOpened):
            state = event.state.model_copy(deep=True)
            continue
        if state is None:
            raise UnknownAccountError("the first entry must open the campaign")
        apply_event(state, event)
    if state is None:
        raise UnknownAccountError("the first entry must open the campaign")
    state.chain.last_number = entry["number"]
    state.chain.head_hash = entry["hash"]
    for raw in entry["events"]:
        if raw.get("type") == "RolledBack":
            state.chain.rollbacks.append([entry["number"], int(raw["to"])])
    return state
