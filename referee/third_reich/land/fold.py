"""Applying the land-combat events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common.fold import settle_owed
from referee.third_reich.common.state import LostUnit, ReichState
from referee.third_reich.land import events as cb


def _resolved(state: ReichState, e: cb.LandCombatResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)


def _removed(state: ReichState, e: cb.LandLossesRemoved) -> None:
    settle_owed(state.table.losses_due, e.combat, e.side, "land combat")
    for unit in e.units:
        state.table.lost_units[unit] = LostUnit(power=e.power, side=e.side, entry=e.combat, cause=e.cause)


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    cb.LandCombatResolved: _resolved,
    cb.LandLossesRemoved: _removed,
}
