"""Domain events of the Europa logistics accounts: SP income and spending, Resource Points,
pending replacements, losses for special replacements, factories and city status.

Plain accounting: every number was decided by the referee and is carried by the event.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.event_base import DomainEvent


class SupplyIncomeReceived(DomainEvent):
    """A side's SP income for this Initial phase; sets its current income and cap."""

    type: Literal["SupplyIncomeReceived"] = "SupplyIncomeReceived"
    side: str
    amount: int = Field(ge=0)
    income: int = Field(ge=0)
    cap: int | None = Field(ge=0, description="None: no cap (B-68 [001])")
    breakdown: dict[str, int]


class SupplyCapApplied(DomainEvent):
    """SP above the cap were lost."""

    type: Literal["SupplyCapApplied"] = "SupplyCapApplied"
    side: str
    lost: int = Field(gt=0)
    cap: int


class SpecialSupplyGranted(DomainEvent):
    """Use-or-lose SP (the surprise turn's) were granted."""

    type: Literal["SpecialSupplyGranted"] = "SpecialSupplyGranted"
    side: str
    amount: int = Field(gt=0)


class SpecialSupplyExpired(DomainEvent):
    """Unspent use-or-lose SP were dropped."""

    type: Literal["SpecialSupplyExpired"] = "SpecialSupplyExpired"
    side: str
    amount: int = Field(gt=0)


class SupplySpent(DomainEvent):
    """SP paid for an activity: first from the special SP, then from the stockpile."""

    type: Literal["SupplySpent"] = "SupplySpent"
    side: str
    from_special: int = Field(ge=0)
    from_stockpile: int = Field(ge=0)
    activity: str
    detail: str


class UnsuppliedActivityRecorded(DomainEvent):
    """An activity went unpaid; its effect is recorded (no balance changes)."""

    type: Literal["UnsuppliedActivityRecorded"] = "UnsuppliedActivityRecorded"
    side: str
    activity: str
    detail: str
    effect: str


class ResourcePointsCredited(DomainEvent):
    """Resource Points added at a location class."""

    type: Literal["ResourcePointsCredited"] = "ResourcePointsCredited"
    side: str
    location: str
    amount: int = Field(gt=0)
    reason: str


class ResourcePointsDebited(DomainEvent):
    """Resource Points taken from a location class."""

    type: Literal["ResourcePointsDebited"] = "ResourcePointsDebited"
    side: str
    location: str
    amount: int = Field(gt=0)
    reason: str


class RailCapacityBought(DomainEvent):
    """Resource Points turned into rail capacity for this game turn (counted against the limit)."""

    type: Literal["RailCapacityBought"] = "RailCapacityBought"
    side: str
    nation: str
    resource_points: int = Field(gt=0)


class ResourceTurnReset(DomainEvent):
    """A new game turn: rail purchases start again from zero."""

    type: Literal["ResourceTurnReset"] = "ResourceTurnReset"
    side: str


class ResourceIncomeReceived(DomainEvent):
    """Marks that a side took its Resource Point income this game turn."""

    type: Literal["ResourceIncomeReceived"] = "ResourceIncomeReceived"
    side: str
    turn: int


class CityStatusSet(DomainEvent):
    """Who holds a city, as the referee records it: soviet, axis or besieged."""

    type: Literal["CityStatusSet"] = "CityStatusSet"
    city: str
    status: Literal["soviet", "axis", "besieged"]


class ReplacementsPending(DomainEvent):
    """RPs earned now, usable from ``available_turn``."""

    type: Literal["ReplacementsPending"] = "ReplacementsPending"
    nation: str
    kind: str
    amount: int = Field(gt=0)
    available_turn: int
    reason: str


class PendingReplacementsReleased(DomainEvent):
    """Pending RPs due by ``turn`` join the track."""

    type: Literal["PendingReplacementsReleased"] = "PendingReplacementsReleased"
    nation: str
    turn: int


class LossesRecorded(DomainEvent):
    """Losses added to (or, negative, consumed from) the account special replacements draw on."""

    type: Literal["LossesRecorded"] = "LossesRecorded"
    nation: str
    kind: str
    amount: int


class RegularReplacementsReceived(DomainEvent):
    """Marks that a nation took its regular replacements this game turn."""

    type: Literal["RegularReplacementsReceived"] = "RegularReplacementsReceived"
    nation: str
    turn: int


class FactoriesSet(DomainEvent):
    """How many factories a nation has operating, and how many of those are upgraded."""

    type: Literal["FactoriesSet"] = "FactoriesSet"
    nation: str
    operating: int = Field(ge=0)
    upgraded: int = Field(ge=0)


class SupplyCredited(DomainEvent):
    """Supply Points added to a side's pool."""

    type: Literal["SupplyCredited"] = "SupplyCredited"
    side: str
    amount: int = Field(gt=0)
    reason: str


class SupplyDebited(DomainEvent):
    """Supply Points taken from a side's pool."""

    type: Literal["SupplyDebited"] = "SupplyDebited"
    side: str
    amount: int = Field(gt=0)
    reason: str


class ReplacementsCredited(DomainEvent):
    """Replacement Points of one type added to a nation's track."""

    type: Literal["ReplacementsCredited"] = "ReplacementsCredited"
    nation: str
    kind: str
    amount: int = Field(gt=0)
    reason: str


class ReplacementsDebited(DomainEvent):
    """Replacement Points of one type taken from a nation's track."""

    type: Literal["ReplacementsDebited"] = "ReplacementsDebited"
    nation: str
    kind: str
    amount: int = Field(gt=0)
    reason: str


class SupplyZoneEntered(DomainEvent):
    """A side's units reached a further 001 supply zone; ``cut`` SP of its stockpile are lost (B-60, B-62 [001])."""

    type: Literal["SupplyZoneEntered"] = "SupplyZoneEntered"
    side: str
    zone: int = Field(ge=2, le=4)
    cut: int = Field(ge=0)
    reason: str


class MechanizedMovementPaid(DomainEvent):
    """001: these mechanized units paid their movement SP for game turn ``turn`` (B-66 [001])."""

    type: Literal["MechanizedMovementPaid"] = "MechanizedMovementPaid"
    side: str
    units: list[str] = Field(min_length=1)
    turn: int
