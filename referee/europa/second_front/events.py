"""Domain events of the Second Front fortifications (Rule 30A4), and the table markers they keep.

The Resource Points a Westwall improvement costs ride on `referee.europa.logistics.events.ResourcePointsDebited`;
these events carry the rest into the table's markers (no new state fields).

Markers (``state.table.markers``):
- ``fort:<place>``: the chart row of the fortification at a hex or hexside (``improved_fortress``,
  ``unimproved_fortified_hexside`` ...; F-20 [003]);
- ``westwall:<hex>``: ``"<level>|improved"`` or ``"<level>|unimproved"`` (F-25);
- ``owner:<hex>``: the side that owns the hex, as last recorded (F-21, F-22, F-25);
- ``westwall_works:<hex>``: ``"<begun>|<due>"``, the game turns of an improvement under way (F-25);
- ``westwall_restoration``: ``"<declared>|<due>|declared"`` or ``"...|restored"`` (F-25, once per game).
"""

from __future__ import annotations

from pydantic import Field

from referee.common.event_base import DomainEvent

FORT = "fort:{place}"
WESTWALL = "westwall:{place}"
OWNER = "owner:{place}"
WORKS = "westwall_works:{place}"
RESTORATION = "westwall_restoration"


class FortificationPlaced(DomainEvent):
    """A fortification set up by the order of battle or built (F-20..F-26 [003]): ``row`` names its
    chart row, or ``westwall`` with its ``level`` (a Westwall hex starts unimproved, F-25)."""

    place: str = Field(min_length=1)
    row: str = Field(min_length=1)
    level: int | None = Field(default=None, ge=1, le=3)
    owner: str | None = Field(default=None, description="the hex's owner, recorded with it (None: a hexside)")


class HexOwnershipRecorded(DomainEvent):
    """The side that now owns a hex (F-21, F-22, F-25 [003] read it)."""

    place: str = Field(min_length=1)
    owner: str = Field(min_length=1)


class FortificationChanged(DomainEvent):
    """A fortification changed its chart row (F-22), or left play (``row`` None, F-21)."""

    place: str = Field(min_length=1)
    row: str | None


class WestwallConditionChanged(DomainEvent):
    """A Westwall hex became improved or unimproved (F-25 [003])."""

    place: str = Field(min_length=1)
    improved: bool


class WestwallRestorationDeclared(DomainEvent):
    """The once-per-game emergency restoration of the Westwall, declared (F-25 [003])."""

    turn: int
    due: int


class WestwallRestored(DomainEvent):
    """The emergency restoration completed: the German-owned Westwall hexes are improved (F-25)."""

    turn: int
    places: list[str]


class WestwallWorksBegun(DomainEvent):
    """An unimproved Westwall hex is being improved, due on a game turn (F-25 [003])."""

    place: str = Field(min_length=1)
    begun: int
    due: int


class WestwallWorksCompleted(DomainEvent):
    """The improvement of a Westwall hex completed (F-25 [003])."""

    place: str = Field(min_length=1)
