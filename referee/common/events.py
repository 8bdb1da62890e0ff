"""Domain events every game has, and the catalog that reads a game's stored events.

Each event is plain data with a stable ``type`` name (its class name, `referee.common.stored_name`)
and a version ``v``. An `EventCatalog` holds the event classes of one game (these neutral ones
plus the game's own) and the upcasters that turn an older version's stored dict into the next version, so that a
campaign recorded years ago replays with a newer release (DESIGN invariant 7). Stored bytes are
never rewritten: upcasting happens on reading, after the hash of the stored bytes was checked.

The referee computes; the event stores the result (a new calendar position, an amount);
applying it never rolls, reads the clock or consults a table.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from functools import reduce
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from referee.common import dice_events as dv
from referee.common import receipt_events as rv
from referee.common.event_base import DomainEvent as DomainEvent
from referee.common.sealing_events import SEALING_EVENTS
from referee.common.state import CalendarPosition, ParentLink, Unit, UnitStatus


class CampaignOpened(DomainEvent):
    """Entry #1: who the campaign is. Its starting accounts follow as `AccountOpened` events and
    the rules it plays under as `RulesPinned` (version 1 embedded release 0.1.0's whole state)."""

    v: int = 2
    campaign_id: str
    name: str
    game: str
    ruleset: str
    scenario: str
    options: dict[str, str] = Field(default_factory=dict)
    sides: list[str] = Field(default_factory=list)
    players: list[str] = Field(default_factory=list)
    weather_zones: list[str] = Field(default_factory=list)


class AccountOpened(DomainEvent):
    """A starting account of the scenario, as the game's account document of this version."""

    account: str
    state: dict[str, Any]


class RulesPinned(DomainEvent):
    """The exact rules the campaign plays under from this entry on.

    ``ruleset_toml`` is the ruleset file's text (empty for campaigns of release 0.1.0, whose
    ruleset is found by its pinned hash among the archived rulesets); ``pinned`` maps each data
    file to the sha256 of its content; ``tables`` holds the scenario data and charts copied in.
    """

    ruleset: str
    ruleset_toml: str = ""
    options: dict[str, str] = Field(default_factory=dict)
    pinned: dict[str, str] = Field(default_factory=dict)
    tables: dict[str, Any] = Field(default_factory=dict)


class CalendarAdvanced(DomainEvent):
    """The game moved to a new phase, player turn or game turn (position computed by referee)."""

    position: CalendarPosition


class StepCompleted(DomainEvent):
    """A step the ruleset requires in the current phase was done (e.g. 'year_start:Germany')."""

    step: str


class WeatherSet(DomainEvent):
    """Weather in a zone or region."""

    zone: str
    condition: str


class MarkerSet(DomainEvent):
    """A named marker on the game record (e.g. 'first_winter' = 'yes')."""

    name: str
    value: str


class MarkerCleared(DomainEvent):
    """A named marker was removed."""

    name: str


class FactStated(DomainEvent):
    """The referee stated a fact read off the map (a hex's terrain, a stack out of supply ...)."""

    fact: str
    subject: str
    value: str
    stated_by: str


class UnitRegistered(DomainEvent):
    """A unit joined a side's force roster."""

    side: str
    unit: Unit


class UnitStatusChanged(DomainEvent):
    """A unit's status or location changed."""

    side: str
    unit_id: str
    status: UnitStatus
    location: str


class EntryAnnotated(DomainEvent):
    """A note attached to an earlier entry (the earlier entry itself never changes)."""

    target: int
    text: str
    disputed: bool = False


class DisputeSettled(DomainEvent):
    """The referee's ruling on a dispute: it names the entry disputed and the note that raised the
    dispute, and closes it."""

    target: int = Field(ge=1)
    dispute: int = Field(ge=1)
    ruling: str


class PlayerSeated(DomainEvent):
    """A person sits at the table for a side (part of the record, not of the game: never undone)."""

    name: str
    side: str


class AccountRestored(DomainEvent):
    """One account set back to its state as of an earlier entry (part of a rollback).

    ``state`` is the game's account document of this event's version (None: the account did
    not exist yet). Version 2 documents are the account models of this release; version 1 ones
    were written by release 0.1.0 and are upcast by each game.
    """

    v: int = 2
    account: str
    state: dict[str, Any] | None


class RolledBack(DomainEvent):
    """Entries after ``to`` were undone by this entry; they stay in the record."""

    to: int
    reason: str


class CampaignBranched(DomainEvent):
    """This campaign is a what-if branch of another, taken at ``parent.at_entry``."""

    campaign_id: str
    name: str
    parent: ParentLink


NEUTRAL_EVENTS: tuple[type[DomainEvent], ...] = (
    CampaignOpened,
    AccountOpened,
    RulesPinned,
    CalendarAdvanced,
    StepCompleted,
    WeatherSet,
    MarkerSet,
    MarkerCleared,
    FactStated,
    UnitRegistered,
    UnitStatusChanged,
    EntryAnnotated,
    DisputeSettled,
    PlayerSeated,
    AccountRestored,
    RolledBack,
    CampaignBranched,
    dv.DiceCommitted,
    dv.DigitalRollsMade,
    dv.DiceSeedRevealed,
    *SEALING_EVENTS,
    rv.ReceiptGiven,
)
"""The events of every game, in documentation order."""

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a stored event dict of version v into the dict of version v + 1."""

EntryUpcaster = Callable[[dict[str, Any]], list[dict[str, Any]]]
"""Turns one stored event into the events it stands for today (an opening of release 0.1.0
becomes the identity, its accounts and its pinned rules)."""


class EventCatalog:
    """The events one game reads, with the upcasters from every older stored version."""

    def __init__(
        self,
        events: Iterable[type[DomainEvent]],
        upcasters: dict[tuple[str, int], Upcaster] | None = None,
        expanders: dict[tuple[str, int], EntryUpcaster] | None = None,
    ) -> None:
        self.classes: tuple[type[DomainEvent], ...] = (*NEUTRAL_EVENTS, *events)
        members: Any = reduce(operator.or_, self.classes)  # the union of the classes, built at run time
        union: Any = Annotated[members, Field(discriminator="type")]
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)
        self.upcasters = dict(upcasters or {})
        self.expanders = dict(expanders or {})

    def upcast(self, data: dict[str, Any]) -> dict[str, Any]:
        """A stored event dict brought to its current version."""
        current = data
        while (key := (str(current.get("type")), int(current.get("v", 1)))) in self.upcasters:
            current = self.upcasters[key](dict(current))
            current["v"] = key[1] + 1
        return current

    def expand(self, stored: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """An entry's stored events as today's event dicts (expanded, then upcast)."""
        events: list[dict[str, Any]] = []
        for data in stored:
            key = (str(data.get("type")), int(data.get("v", 1)))
            events.extend(self.expanders[key](data) if key in self.expanders else [data])
        return [self.upcast(event) for event in events]

    def parse(self, data: dict[str, Any]) -> DomainEvent:
        """Upcast a stored event dict and validate it."""
        event: DomainEvent = self.adapter.validate_python(self.upcast(data))
        return event

    def parse_entry(self, stored: Iterable[dict[str, Any]]) -> list[DomainEvent]:
        """An entry's stored events as today's event objects."""
        return [self.adapter.validate_python(event) for event in self.expand(stored)]


def dump_event(event: DomainEvent) -> dict[str, Any]:
    """The JSON form stored inside an entry."""
    return event.model_dump(mode="json")


def events_of(*modules: Any) -> tuple[type[DomainEvent], ...]:
    """The event classes a game's event modules define, in definition order."""
    found: list[type[DomainEvent]] = []
    for module in modules:
        for value in vars(module).values():
            defined_here = isinstance(value, type) and value.__module__ == module.__name__
            if defined_here and issubclass(value, DomainEvent) and value not in found:
                found.append(value)
    return tuple(found)
