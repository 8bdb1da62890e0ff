"""Domain events: what an entry did to the campaign's accounts.

Each event is plain data with an explicit, stable ``type`` name (its topic) and a class
version ``v``. Upcasters (``UPCASTERS``) turn an old version's dict into the next version so
that a campaign recorded years ago replays with a newer turnledger (DESIGN invariant 7).

The referee computes; the event stores the result (a new calendar position, an amount);
applying it (``referee.common.fold``) never rolls, reads the clock or consults a table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from referee.europa import combat_events as cb
from referee.common import dice_events as dv
from referee.third_reich import events as ec
from referee.europa import logistics_events as lg
from referee.common.event_base import DomainEvent
from referee.common.state import CalendarPosition, GameState, ParentLink, Unit, UnitStatus


class CampaignOpened(DomainEvent):
    """The campaign exists, with its whole starting state (from the scenario)."""

    type: Literal["CampaignOpened"] = "CampaignOpened"
    state: GameState


class CalendarAdvanced(DomainEvent):
    """The game moved to a new phase, player turn or game turn (position computed by referee)."""

    type: Literal["CalendarAdvanced"] = "CalendarAdvanced"
    position: CalendarPosition


class StepCompleted(DomainEvent):
    """A step the ruleset requires in the current phase was done (e.g. 'year_start:Germany')."""

    type: Literal["StepCompleted"] = "StepCompleted"
    step: str


class WeatherSet(DomainEvent):
    """Weather in a zone (Europa) or region (Third Reich)."""

    type: Literal["WeatherSet"] = "WeatherSet"
    zone: str
    condition: str


class MarkerSet(DomainEvent):
    """A named marker on the game record (e.g. 'first_winter' = 'yes')."""

    type: Literal["MarkerSet"] = "MarkerSet"
    name: str
    value: str


class MarkerCleared(DomainEvent):
    """A named marker was removed."""

    type: Literal["MarkerCleared"] = "MarkerCleared"
    name: str


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


class BrpGranted(DomainEvent):
    """BRPs added to a power's total."""

    type: Literal["BrpGranted"] = "BrpGranted"
    power: str
    amount: int = Field(gt=0)
    category: str
    reason: str


class BrpSpent(DomainEvent):
    """BRPs taken from a power's total."""

    type: Literal["BrpSpent"] = "BrpSpent"
    power: str
    amount: int = Field(gt=0)
    category: str
    reason: str


class BrpBaseAdjusted(DomainEvent):
    """A power's BRP base changed by ``change`` (may be negative)."""

    type: Literal["BrpBaseAdjusted"] = "BrpBaseAdjusted"
    power: str
    change: int
    category: str
    reason: str


class UnitRegistered(DomainEvent):
    """A unit joined a side's force roster."""

    type: Literal["UnitRegistered"] = "UnitRegistered"
    side: str
    unit: Unit


class UnitStatusChanged(DomainEvent):
    """A unit's status or location changed."""

    type: Literal["UnitStatusChanged"] = "UnitStatusChanged"
    side: str
    unit_id: str
    status: UnitStatus
    location: str


class EntryAnnotated(DomainEvent):
    """A note attached to an earlier entry (the earlier entry itself never changes)."""

    type: Literal["EntryAnnotated"] = "EntryAnnotated"
    target: int
    text: str
    disputed: bool = False


class AccountRestored(DomainEvent):
    """One account set back to its state as of an earlier entry (part of a rollback)."""

    type: Literal["AccountRestored"] = "AccountRestored"
    account: str
    state: dict[str, Any] | None


class RolledBack(DomainEvent):
    """Entries after ``to`` were undone by this entry; they stay in the record."""

    type: Literal["RolledBack"] = "RolledBack"
    to: int
    reason: str


class CampaignBranched(DomainEvent):
    """This campaign is a what-if branch of another, taken at ``parent.at_entry``."""

    type: Literal["CampaignBranched"] = "CampaignBranched"
    campaign_id: str
    name: str
    parent: ParentLink


AnyDomainEvent = Annotated[
    CampaignOpened
    | CalendarAdvanced
    | StepCompleted
    | WeatherSet
    | MarkerSet
    | MarkerCleared
    | SupplyCredited
    | SupplyDebited
    | ReplacementsCredited
    | ReplacementsDebited
    | BrpGranted
    | BrpSpent
    | BrpBaseAdjusted
    | UnitRegistered
    | UnitStatusChanged
    | EntryAnnotated
    | AccountRestored
    | RolledBack
    | CampaignBranched
    | lg.SupplyIncomeReceived
    | lg.SupplyCapApplied
    | lg.SpecialSupplyGranted
    | lg.SpecialSupplyExpired
    | lg.SupplySpent
    | lg.UnsuppliedActivityRecorded
    | lg.ResourcePointsCredited
    | lg.ResourcePointsDebited
    | lg.RailCapacityBought
    | lg.ResourceTurnReset
    | lg.ResourceIncomeReceived
    | lg.CityStatusSet
    | lg.ReplacementsPending
    | lg.PendingReplacementsReleased
    | lg.LossesRecorded
    | lg.RegularReplacementsReceived
    | lg.FactoriesSet
    | cb.CombatResolved
    | cb.LossesAllocated
    | dv.DiceCommitted
    | dv.DigitalRollsMade
    | dv.DiceSeedRevealed
    | ec.BrpTurnStarted
    | ec.BrpCharged
    | ec.NavalRepairStarted
    | ec.SwHitsRecorded
    | ec.ForcePoolConverted
    | ec.ConquestRecorded
    | ec.ConquestLost
    | ec.CityLossRecorded
    | ec.BrpSavedAtYearEnd
    | ec.YearStartApplied
    | ec.LendLeaseSent
    | ec.LendLeaseIntercepted
    | ec.LendLeaseArrived
    | ec.PowerActivated,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[AnyDomainEvent] = TypeAdapter(AnyDomainEvent)

UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""(type, from_version) -> function returning the dict at from_version + 1."""


def parse_event(data: dict[str, Any]) -> AnyDomainEvent:
    """Upcast a stored event dict to the current version and validate it."""
    current = data
    while (key := (str(current.get("type")), int(current.get("v", 1)))) in UPCASTERS:
        current = UPCASTERS[key](dict(current))
        current["v"] = key[1] + 1
    return EVENT_ADAPTER.validate_python(current)


def dump_event(event: DomainEvent) -> dict[str, Any]:
    """The JSON form stored inside an entry."""
    return event.model_dump(mode="json")
