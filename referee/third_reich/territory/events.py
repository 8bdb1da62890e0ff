"""Domain events of territory: a conquest or minor ally whose BRPs join the base at the next year
start, a conquest lost to a second conqueror, and a city's one-time BRP loss (G-30..G-36,
G-90..G-92 [004])."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.event_base import DomainEvent


class ConquestRecorded(DomainEvent):
    """A conquest or minor ally whose BRPs join the base at the next year start."""

    power: str
    territory: str
    value: int = Field(ge=0)


class ConquestLost(DomainEvent):
    """A territory conquered again by someone else: the first conqueror loses its BRPs (G-32)."""

    power: str
    territory: str
    base_loss: int = Field(ge=0)


class CityLossRecorded(DomainEvent):
    """A one-time loss from the total for a city taken or bombed (G-90..G-92)."""

    power: str
    city: str
    amount: int = Field(ge=0)
    cause: Literal["captured", "bombed"]
