"""Applying the digital-dice events (checks first, then mutates; see referee.common.fold)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common import dice_events as dv
from ledger.errors import UnknownAccountError
from referee.common.state import DiceState, GameState


def _open(state: GameState, period: int, what: str) -> DiceState:
    dice = state.table.dice
    if dice is None or dice.period != period:
        current = "none" if dice is None else str(dice.period)
        raise UnknownAccountError(f"{what} for dice period {period}, but the open period is {current}")
    return dice


def _committed(state: GameState, e: dv.DiceCommitted) -> None:
    state.table.dice = DiceState(period=e.period, commitment=e.commitment, player_seeds=dict(e.player_seeds))


def _rolled(state: GameState, e: dv.DigitalRollsMade) -> None:
    _open(state, e.period, "digital rolls").rolls += e.count


def _revealed(state: GameState, e: dv.DiceSeedRevealed) -> None:
    _open(state, e.period, "a seed revealed").revealed = True


DICE_APPLIERS: dict[type[Any], Callable[[GameState, Any], None]] = {
    dv.DiceCommitted: _committed,
    dv.DigitalRollsMade: _rolled,
    dv.DiceSeedRevealed: _revealed,
}
