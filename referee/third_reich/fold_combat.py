"""Applying the Third Reich land-combat and attrition events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import UnknownAccountError
from referee.third_reich import combat_events as cb
from referee.third_reich.state import LostUnit, ReichState


def _resolved(state: ReichState, e: cb.LandCombatResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)


def _attrition(state: ReichState, e: cb.AttritionResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)
    if e.hexes:
        state.table.attrition_hexes[str(e.combat)] = e.hexes


def _claimed(state: ReichState, e: cb.AttritionHexesClaimed) -> None:
    if str(e.combat) not in state.table.attrition_hexes:
        raise UnknownAccountError(f"no hexes are owed from attrition #{e.combat}")
    del state.table.attrition_hexes[str(e.combat)]


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


COMBAT_APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    cb.LandCombatResolved: _resolved,
    cb.LandLossesRemoved: _removed,
    cb.AttritionResolved: _attrition,
    cb.AttritionHexesClaimed: _claimed,
}
