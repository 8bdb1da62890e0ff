"""Applying the strategic-warfare events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import NegativeBalanceError, UnknownAccountError
from referee.third_reich.common.fold import economy_account, take
from referee.third_reich.common.state import ReichState
from referee.third_reich.strategic_warfare import events as ec


def _sw_hits(state: ReichState, e: ec.SwHitsRecorded) -> None:
    economy = economy_account(state, e.power)
    year = economy.sw_hits.setdefault(str(e.year), {})
    year[e.kind] = year.get(e.kind, 0) + e.hits
    if e.kind == "bombers":
        economy.bomber_hits_total += e.hits
    if e.immediate:
        take(economy, e.immediate, "1945 strategic-warfare hits")
    if e.year == 1945 and "1945" not in economy.sw_hits_deducted:  # G-66: taken at once, never at a year start
        economy.sw_hits_deducted.append("1945")


def _converted(state: ReichState, e: ec.ForcePoolConverted) -> None:
    economy = economy_account(state, e.power)
    economy.force_pool_changes.append(f"{e.removed} → {e.added} ({e.reason})")
    if e.limit_kind:
        key = f"pending_limit_{e.limit_kind}"
        economy.counts[key] = economy.counts.get(key, 0) + e.limit_brp


def _sw_forces_changed(state: ReichState, e: ec.SwForcesChanged) -> None:
    """Only a count the book keeps changes, and never below 0."""
    economy = economy_account(state, e.power)
    current = economy.sw_forces.get(e.kind)
    if current is None:
        raise UnknownAccountError(f"{e.power} keeps no count of {e.kind} factors to change")
    if current + e.change < 0:
        raise NegativeBalanceError(f"{e.power} has {current} {e.kind} factors; {e.reason} takes {-e.change}")
    economy.sw_forces[e.kind] = current + e.change


def _sw_forces_stated(state: ReichState, e: ec.SwForcesStated) -> None:
    economy_account(state, e.power).sw_forces[e.kind] = e.factors


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    ec.SwHitsRecorded: _sw_hits,
    ec.ForcePoolConverted: _converted,
    ec.SwForcesChanged: _sw_forces_changed,
    ec.SwForcesStated: _sw_forces_stated,
}
