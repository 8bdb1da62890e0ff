"""The events of a sealed order (any game), and how they change the state.

The seals live in the chain (``state.chain.seals``), beside the people seated and the disputes:
part of the record rather than of the game, so a rollback never changes them. A seal whose entry
a rollback undid stays, marked undone by the record itself (`referee.common.sealing_handlers.undone_seals`);
a reveal that a rollback undid stays revealed, as a dice seed revealed in an undone entry does:
what the table has seen cannot be hidden again (docs/sealed-orders.md, "Undo").
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ledger.errors import UnknownAccountError
from referee.common.event_base import DomainEvent
from referee.common.sealing import COMMITMENT_PATTERN, SealedOrder
from referee.common.state import BaseState


class OrderSealed(DomainEvent):
    """A side sealed an order: its commitment, who sealed it, what for, and when."""

    seal: int = Field(ge=1, description="the entry that sealed it")
    side: str
    slot: str
    commitment: str = Field(pattern=COMMITMENT_PATTERN)
    turn: int
    at: str = ""


class OrderRevealed(DomainEvent):
    """A sealed order was revealed: the order and the salt, which give its commitment again."""

    seal: int = Field(ge=1)
    revealed_in: int = Field(ge=1)
    order: dict[str, int | str]
    salt: str


def _order_sealed(state: BaseState, e: OrderSealed) -> None:
    state.chain.seals[str(e.seal)] = SealedOrder(
        seal=e.seal, side=e.side, slot=e.slot, commitment=e.commitment, turn=e.turn, at=e.at
    )


def _order_revealed(state: BaseState, e: OrderRevealed) -> None:
    seal = state.chain.seals.get(str(e.seal))
    if seal is None:
        raise UnknownAccountError(f"a reveal of sealed order #{e.seal}, which was never sealed")
    if seal.revealed_in is not None:
        raise UnknownAccountError(f"sealed order #{e.seal} revealed twice (#{seal.revealed_in}, #{e.revealed_in})")
    seal.revealed_in = e.revealed_in
    seal.order = dict(e.order)
    seal.salt = e.salt


SEALING_EVENTS: tuple[type[DomainEvent], ...] = (OrderSealed, OrderRevealed)
SEALING_APPLIERS: dict[type[Any], Any] = {OrderSealed: _order_sealed, OrderRevealed: _order_revealed}
