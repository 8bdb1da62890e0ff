"""Events of the Murmansk box: the BRP hits it takes off northern lend lease (G-70 [004]), and
those read with sealed orders (G-72, J-58, I-65 [004]).

The sealed-order events are recorded only by what release 0.7.0 added (a U-boat round that states
the factors held, a fight that reads sealed orders), so an entry of an earlier release decides
again to exactly what it recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from referee.common.event_base import DomainEvent


class LendLeaseIntercepted(DomainEvent):
    """BRP hits on lend lease in the Murmansk box (G-70).

    Version 2 says what came off each northern route (``by_route``); version 1 (None) took the
    hits off the receiver's one amount in transit."""

    v: int = 2
    receiver: str
    hits: int = Field(gt=0)
    by_route: dict[str, int] | None = None


class StrategicWarfareHoldingsStated(DomainEvent):
    """A U-boat round stated the factors of one weapon held in all, and how many fought in it."""

    turn: int
    weapon: Literal["U-boats", "ASW"]
    held: int = Field(ge=0)
    used: int = Field(ge=0)
    entry: int = Field(ge=1, description="the round's entry")


class MurmanskSitOutMarked(DomainEvent):
    """A sealed Murmansk fight keeps these factors from a later turn's strategic warfare."""

    turn: int
    weapon: Literal["U-boats", "ASW"]
    factors: int = Field(ge=0)
    player: str
    phase: str
    fight: int = Field(ge=1)
    seal: int | None = None
    rule: str


def held_key(turn: int, weapon: str) -> str:
    """'14:U-boats': the key of a turn's figures for one weapon."""
    return f"{turn}:{weapon}"


UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("LendLeaseIntercepted", 1): lambda data: {"by_route": None, **data},
}
"""Version 1 of `LendLeaseIntercepted` (releases before 0.3.0) took the hits off the receiver's one
amount in transit: no ``by_route``."""
