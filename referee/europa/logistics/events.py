"""Domain events of the Europa logistics accounts: SP income and spending, Resource Points,
pending replacements, losses for special replacements, factories and city status.

Plain accounting: every number was decided by the referee and is carried by the event.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from referee.common.event_base import DomainEvent


class SupplyIncomeReceived(DomainEvent):
    """A side's SP income for this Initial phase; sets its current income and cap."""

    side: str
    amount: int = Field(ge=0)
    income: int = Field(ge=0)
    cap: int | None = Field(ge=0, description="None: no cap (B-68 [001])")
    breakdown: dict[str, int]


class SupplyCapApplied(DomainEvent):
    """SP above the cap were lost."""

    side: str
    lost: int = Field(gt=0)
    cap: int


class SpecialSupplyChanged(BaseModel):
    """The fields of a side's use-or-lose SP granted or dropped (`SpecialSupplyGranted`,
    `SpecialSupplyExpired`), declared once so the two stay one shape. A mixin, listed before
    `DomainEvent`: its fields follow ``v`` and ``type`` as they always stood."""

    side: str
    amount: int = Field(gt=0)


class SpecialSupplyGranted(SpecialSupplyChanged, DomainEvent):
    """Use-or-lose SP (the surprise turn's) were granted."""


class SpecialSupplyExpired(SpecialSupplyChanged, DomainEvent):
    """Unspent use-or-lose SP were dropped."""


class SupplySpent(DomainEvent):
    """SP paid for an activity: first from the special SP, then from the stockpile."""

    side: str
    from_special: int = Field(ge=0)
    from_stockpile: int = Field(ge=0)
    activity: str
    detail: str


class UnsuppliedActivityRecorded(DomainEvent):
    """An activity went unpaid; its effect is recorded (no balance changes)."""

    side: str
    activity: str
    detail: str
    effect: str


class ResourcePointsMoved(BaseModel):
    """The fields of Resource Points credited or debited at a location class
    (`ResourcePointsCredited`, `ResourcePointsDebited`), declared once so the two stay one shape."""

    side: str
    location: str
    amount: int = Field(gt=0)
    reason: str


class ResourcePointsCredited(ResourcePointsMoved, DomainEvent):
    """Resource Points added at a location class."""


class ResourcePointsDebited(ResourcePointsMoved, DomainEvent):
    """Resource Points taken from a location class."""


class RailCapacityBought(DomainEvent):
    """Resource Points turned into rail capacity for this game turn (counted against the limit)."""

    side: str
    nation: str
    resource_points: int = Field(gt=0)


class ResourceTurnReset(DomainEvent):
    """A new game turn: rail purchases start again from zero."""

    side: str


class ResourceIncomeReceived(DomainEvent):
    """Marks that a side took its Resource Point income this game turn."""

    side: str
    turn: int


class CityStatusSet(DomainEvent):
    """Who holds a city, as the referee records it: soviet, axis or besieged."""

    city: str
    status: Literal["soviet", "axis", "besieged"]


class ReplacementsPending(DomainEvent):
    """RPs earned now, usable from ``available_turn``."""

    nation: str
    kind: str
    amount: int = Field(gt=0)
    available_turn: int
    reason: str


class PendingReplacementsReleased(DomainEvent):
    """Pending RPs due by ``turn`` join the track."""

    nation: str
    turn: int


class LossesRecorded(DomainEvent):
    """Losses added to (or, negative, consumed from) the account special replacements draw on."""

    nation: str
    kind: str
    amount: int


class RegularReplacementsReceived(DomainEvent):
    """Marks that a nation took its regular replacements this game turn."""

    nation: str
    turn: int


class FactoriesSet(DomainEvent):
    """How many factories a nation has operating, and how many of those are upgraded."""

    nation: str
    operating: int = Field(ge=0)
    upgraded: int = Field(ge=0)


class SupplyPointsMoved(BaseModel):
    """The fields of Supply Points credited to or debited from a side's pool (`SupplyCredited`,
    `SupplyDebited`), declared once so the two stay one shape."""

    side: str
    amount: int = Field(gt=0)
    reason: str


class SupplyCredited(SupplyPointsMoved, DomainEvent):
    """Supply Points added to a side's pool."""


class SupplyDebited(SupplyPointsMoved, DomainEvent):
    """Supply Points taken from a side's pool."""


class ReplacementPointsMoved(BaseModel):
    """The fields of Replacement Points of one type credited to or debited from a nation's track
    (`ReplacementsCredited`, `ReplacementsDebited`), declared once so the two stay one shape."""

    nation: str
    kind: str
    amount: int = Field(gt=0)
    reason: str


class ReplacementsCredited(ReplacementPointsMoved, DomainEvent):
    """Replacement Points of one type added to a nation's track."""


class ReplacementsDebited(ReplacementPointsMoved, DomainEvent):
    """Replacement Points of one type taken from a nation's track."""


class SupplyZoneEntered(DomainEvent):
    """A side's units reached a further 001 supply zone; ``cut`` SP of its stockpile are lost (B-60, B-62 [001])."""

    side: str
    zone: int = Field(ge=2, le=4)
    cut: int = Field(ge=0)
    reason: str


class MechanizedMovementPaid(DomainEvent):
    """001: these mechanized units paid their movement SP for game turn ``turn`` (B-66 [001])."""

    side: str
    units: list[str] = Field(min_length=1)
    turn: int
