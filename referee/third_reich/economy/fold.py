"""Applying the BRP economy's events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import NegativeBalanceError
from referee.common.calendar import third_reich_season
from referee.third_reich.common.fold import economy_account, take
from referee.third_reich.common.state import NavalRepair, ReichState
from referee.third_reich.economy import events as ec


def _turn_started(state: ReichState, e: ec.BrpTurnStarted) -> None:
    economy = economy_account(state, e.power)
    economy.player_turn_counters = {}
    if e.new_game_turn:
        economy.turn_counters = {}
        economy.options = {}
        economy.spent_this_turn = 0
        economy.total_at_turn_start = e.total


def _charged(state: ReichState, e: ec.BrpCharged) -> None:
    economy = economy_account(state, e.power)
    take(economy, e.amount, e.detail)
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
    economy_account(state, e.power).naval_repairs.append(
        NavalRepair(fleet=e.fleet, factors=e.factors, ready_turn=e.ready_turn)
    )


def _saved(state: ReichState, e: ec.BrpSavedAtYearEnd) -> None:
    economy_account(state, e.power).saved = e.saved


def _deducted_by_version_1(state: ReichState) -> list[str]:
    """The years whose hits a version-1 year start deducted: the year before, except in Spring
    1940 (turn 3), which deducted none (G-10)."""
    turn = state.table.calendar.turn
    return [] if turn == 3 else [str(third_reich_season(turn)[1] - 1)]


def _year_start(state: ReichState, e: ec.YearStartApplied) -> None:
    economy = economy_account(state, e.power)
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


def _activated(state: ReichState, e: ec.PowerActivated) -> None:
    economy = economy_account(state, e.power)
    economy.active = True
    economy.first_year_start_due = True
    economy.total = max(economy.total, economy.base)


def _brp_granted(state: ReichState, e: ec.BrpGranted) -> None:
    economy_account(state, e.power).total += e.amount


def _brp_spent(state: ReichState, e: ec.BrpSpent) -> None:
    economy = economy_account(state, e.power)
    take(economy, e.amount, e.reason)
    economy.spent_this_turn += e.amount


def _brp_base_adjusted(state: ReichState, e: ec.BrpBaseAdjusted) -> None:
    economy = economy_account(state, e.power)
    if economy.base + e.change < 0:
        raise NegativeBalanceError(
            f"{e.power} BRP base is {economy.base}; a change of {e.change} would make it negative"
        )
    economy.base += e.change


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    ec.BrpGranted: _brp_granted,
    ec.BrpSpent: _brp_spent,
    ec.BrpBaseAdjusted: _brp_base_adjusted,
    ec.BrpTurnStarted: _turn_started,
    ec.BrpCharged: _charged,
    ec.NavalRepairStarted: _repair,
    ec.BrpSavedAtYearEnd: _saved,
    ec.YearStartApplied: _year_start,
    ec.PowerActivated: _activated,
}
