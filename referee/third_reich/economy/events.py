"""Domain events of the BRP economy: per-turn counters, charges, naval repairs, savings, year
starts, a power entering play and BRPs changed by hand. Every number was decided by the referee."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from referee.common.event_base import DomainEvent


class BrpTurnStarted(DomainEvent):
    """A new game turn or player turn: per-turn counters start again; the spending base is noted."""

    power: str
    new_game_turn: bool
    total: int


class BrpCharged(DomainEvent):
    """BRPs paid for something the rules price (options, declarations, builds, recovery, repair …)."""

    power: str
    amount: int = Field(ge=0)
    category: str
    detail: str
    counters: dict[str, int] = Field(default_factory=dict, description="'turn.x', 'player.x' or 'total.x' increments")
    front: str | None = None
    option: str | None = None


class NavalRepairStarted(DomainEvent):
    """A fleet went into repair."""

    power: str
    fleet: str
    factors: int = Field(gt=0)
    ready_turn: int


class BrpSavedAtYearEnd(DomainEvent):
    """What a power has unspent at the end of Winter (the base of growth)."""

    power: str
    saved: int = Field(ge=0)


class YearStartApplied(DomainEvent):
    """A power's new base and total for the year, its SW maximums, and the accounts cleared.

    Version 2 names the years whose strategic-warfare hits this year start deducted; version 1
    (releases before 0.3.0) deducted those of the year before, except in Spring 1940 (G-10)."""

    v: int = 2
    power: str
    base: int = Field(ge=0)
    total: int = Field(ge=0)
    sw_limits: dict[str, int]
    ussr_city_value: int = Field(ge=0)
    sw_hits_deducted: list[str] | None = Field(
        default=None, description="years whose hits came off the base; None: version 1, see above"
    )


class PowerActivated(DomainEvent):
    """A power enters play (the USA in 1942, G-01)."""

    power: str


class BrpMoved(BaseModel):
    """The fields of BRPs added to or taken from a power's total (`BrpGranted`, `BrpSpent`),
    declared once so the two stay one shape. A mixin, listed before `DomainEvent`: its fields
    follow ``v`` and ``type`` as they always stood."""

    power: str
    amount: int = Field(gt=0)
    category: str
    reason: str


class BrpGranted(BrpMoved, DomainEvent):
    """BRPs added to a power's total."""


class BrpSpent(BrpMoved, DomainEvent):
    """BRPs taken from a power's total."""


class BrpBaseAdjusted(DomainEvent):
    """A power's BRP base changed by ``change`` (may be negative)."""

    power: str
    change: int
    category: str
    reason: str


UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("YearStartApplied", 1): lambda data: {"sw_hits_deducted": None, **data},
}
"""The economy's events whose shape changed in release 0.3.0, from the version earlier releases
stored: each field version 1 lacked, filled with what version 1 meant."""
