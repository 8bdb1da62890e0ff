"""Applying the combat events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import UnknownAccountError
from referee.europa.combat import events as cb
from referee.europa.common.state import EuropaState


def _resolved(state: EuropaState, e: cb.CombatResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)


def _allocated(state: EuropaState, e: cb.LossesAllocated) -> None:
    due = state.table.losses_due
    for index, loss in enumerate(due):
        if loss.combat == e.combat and loss.side == e.side:
            del due[index]
            return
    raise UnknownAccountError(f"no open {e.side} loss from combat #{e.combat}")


COMBAT_APPLIERS: dict[type[Any], Callable[[EuropaState, Any], None]] = {
    cb.CombatResolved: _resolved,
    cb.LossesAllocated: _allocated,
}
