"""Applying the attrition events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import UnknownAccountError
from referee.third_reich.attrition import events as cb
from referee.third_reich.common.state import ReichState


def _attrition(state: ReichState, e: cb.AttritionResolved) -> None:
    state.table.losses_due.extend(loss.model_copy() for loss in e.losses)
    if e.hexes:
        state.table.attrition_hexes[str(e.combat)] = e.hexes


def _claimed(state: ReichState, e: cb.AttritionHexesClaimed) -> None:
    if str(e.combat) not in state.table.attrition_hexes:
        raise UnknownAccountError(f"no hexes are owed from attrition #{e.combat}")
    del state.table.attrition_hexes[str(e.combat)]


APPLIERS: dict[type[Any], Callable[[ReichState, Any], None]] = {
    cb.AttritionResolved: _attrition,
    cb.AttritionHexesClaimed: _claimed,
}
