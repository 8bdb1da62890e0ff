"""Domain events of war and lend lease: a declaration and the state of war it creates, a power
leaving play, lend lease sent by a route and arriving (G-34, G-35, G-55..G-60 [004]). The hits
the Murmansk box takes off a shipment are the Murmansk box's (referee.third_reich.murmansk.events)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import Field

from referee.common.event_base import DomainEvent


class LendLeaseSent(DomainEvent):
    """BRPs sent from one power to another by a route; immediate grants arrive at once.

    Version 2 (``spending_base``): a grant made at a year start moves the totals the half-spend
    limit of the Spring turn counts from (G-42, J-65); version 1 left them as they were."""

    v: int = 2
    giver: str
    receiver: str
    amount: int = Field(ge=0)
    route: str
    arrival: Literal["immediate", "murmansk", "summer_i"]
    spending_base: bool = Field(default=True, description="False: version 1, see above")


class LendLeaseArrived(DomainEvent):
    """What survives of the lend lease in transit reaches the receiver.

    Version 2 says what arrived by each route (``by_route``); version 1 (None) delivered all the
    receiver had in transit."""

    v: int = 2
    receiver: str
    amount: int = Field(ge=0)
    by_route: dict[str, int] | None = None


class WarDeclared(DomainEvent):
    """A declaration of war and the state of war it creates from ``entry`` on: the declarer is at
    war with each of ``enemies`` (the target, and for a major power its allies, G-34)."""

    power: str
    target: str
    enemies: list[str] = Field(min_length=1)
    entry: int = Field(ge=1)


class PowerLeftPlay(DomainEvent):
    """A major power left play (France when Vichy forms, G-35): no year start, no BRPs."""

    power: str
    reason: str


UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("LendLeaseSent", 1): lambda data: {"spending_base": False, **data},
    ("LendLeaseArrived", 1): lambda data: {"by_route": None, **data},
}
"""The lend lease events whose shape changed in release 0.3.0, from the version earlier releases
stored: each field version 1 lacked, filled with what version 1 meant."""
