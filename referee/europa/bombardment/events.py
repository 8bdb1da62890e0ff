"""Domain events of bombardment and air strikes, and the table markers they keep.

A bombardment's loss owed rides on `CombatResolved` (so `AllocateLosses` discharges it) and its
Replacement, Resource and Supply Point debits on the logistics events; these events carry the
rest into the table's markers (no new state fields): which hexes were bombarded by what this
turn, the unused 1R / +1 DRM hits on a hex, facility hits and repairs, and factory hits short
of a whole RP.

Markers (``state.table.markers``):
- ``bombarded:<hex>``: ``"<turn>|<player>|<source>"`` items joined by ``;`` (air, artillery);
- ``bombardment_hit:<hex>``: the same items, one per unused hit (D-84 [000], D-86 [001]);
- ``facility_hits:<facility>``: unrepaired hits; ``facility_repaired:<facility>``: the game
  turn of its last repair (D-85 [000]);
- ``factory_hits:<nation>``: hits carried toward the next RP lost (C-52, J-37).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.event_base import DomainEvent

Source = Literal["air", "artillery"]

BOMBARDED = "bombarded:{hex}"
HIT = "bombardment_hit:{hex}"
FACILITY_HITS = "facility_hits:{facility}"
FACILITY_REPAIRED = "facility_repaired:{facility}"
FACTORY_HITS = "factory_hits:{nation}"


def marks(value: str | None) -> list[tuple[int, str, str]]:
    """The (turn, player, source) items of a ``bombarded:`` or ``bombardment_hit:`` marker."""
    found = []
    for item in (value or "").split(";"):
        parts = item.split("|")
        if len(parts) == 3 and parts[0].isdigit():
            found.append((int(parts[0]), parts[1], parts[2]))
    return found


def mark(items: list[tuple[int, str, str]]) -> str:
    """The marker value of (turn, player, source) items."""
    return ";".join(f"{turn}|{player}|{source}" for turn, player, source in items)


class BombardmentResolved(DomainEvent):
    """A hex was bombarded (D-80, D-83 [000]; D-86 [001]); ``hit``: an unused 1R (000) or
    +1 DRM (001) now waits on the hex for the player's attack."""

    hex: str = Field(min_length=1)
    source: Source
    code: str
    turn: int
    player: str
    hit: bool = False


class BombardmentHitsUsed(DomainEvent):
    """The hits waiting on a hex were used by an attack or overrun, or expired (D-84 [000])."""

    hex: str = Field(min_length=1)


class FacilityHit(DomainEvent):
    """A facility (airfield, marshalling yard, factory ...) took hits (D-85 [000])."""

    facility: str = Field(min_length=1)
    hits: int = Field(gt=0)


class FacilityRepaired(DomainEvent):
    """One hit on a facility repaired, at most once per game turn (D-85, L-14 [000])."""

    facility: str = Field(min_length=1)
    turn: int


class FactoryHitsCarried(DomainEvent):
    """Hits on a nation's factories not yet worth a whole RP under factory_bombing (C-52, J-37)."""

    nation: str = Field(min_length=1)
    hits: int = Field(ge=0)
