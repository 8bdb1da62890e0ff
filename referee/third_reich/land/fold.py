"""Applying the land-combat events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import UnknownAccountError
from referee.third_reich.common.state import LostUnit, ReichState
from referee.third_reich.land import events as cb


def _resolved(state: ReichState, e: cb.LandCombatResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)


def _removed(state: ReichState, e: cb.LandLossesRemoved) -> None:
    due = state.table.losses_due
    for index, loss in enumerate(due):
        if loss.combat == e.combat and loss.side == e.side:
            del due[index]
            break
    else:
        raise UnknownAccountError(f"no open {e.side} loss from land combat #{e.combat}")
    for unit in e.units:
        state.table.lost_units[unit] = LostUnit(power=e.power, side=e.side, entry=e.combat, cause=e.cause)


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    cb.LandCombatResolved: _resolved,
    cb.LandLossesRemoved: _removed,
}
