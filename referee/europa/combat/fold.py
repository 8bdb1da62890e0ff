"""Applying the combat events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common.fold import settle_owed
from referee.europa.combat import events as cb
from referee.europa.common.state import EuropaState


def _resolved(state: EuropaState, e: cb.CombatResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)


def _allocated(state: EuropaState, e: cb.LossesAllocated) -> None:
    settle_owed(state.table.losses_due, e.combat, e.side, "combat")


COMBAT_APPLIERS: dict[type[Any], Callable[[EuropaState, Any], None]] = {
    cb.CombatResolved: _resolved,
    cb.LossesAllocated: _allocated,
}
