"""Domain events of strategic warfare: hits on a power's economy, the forced conversions of its
force pool, and the strategic-warfare factors the book keeps (G-61..G-67, G-70 [004])."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.event_base import DomainEvent


class SwHitsRecorded(DomainEvent):
    """Strategic-warfare hits on a power's economy (deducted at the next year start, or at once in 1945)."""

    power: str
    kind: Literal["submarines", "bombers"]
    hits: int = Field(ge=0)
    year: int
    immediate: int = Field(default=0, ge=0, description="BRPs taken from the total at once (1945)")


class ForcePoolConverted(DomainEvent):
    """A forced conversion of the force pool (G-64, G-65)."""

    power: str
    removed: str
    added: str
    reason: str
    limit_kind: str | None = Field(default=None, description="the SW limit the new factors count against")
    limit_brp: int = Field(default=0, ge=0)


SwKind = Literal["submarines", "asw", "bombers", "interceptors"]
"""The strategic-warfare kinds of factor (G-40, G-62 [004])."""


class SwForcesChanged(DomainEvent):
    """A power's strategic-warfare factors of one kind, changed by ``change``: built (G-63),
    converted from a fleet or an air fleet (G-64, G-65), or lost in a round or in the Murmansk box
    (G-62, G-70). Recorded only where the book keeps that count (`SwForcesStated` starts one)."""

    power: str
    kind: SwKind
    change: int
    reason: str


class SwForcesStated(DomainEvent):
    """A power's strategic-warfare factors of one kind set to ``factors``: stated where the book did
    not know them (a campaign recorded before it kept them), or the referee's correction of its count
    with a reason (G-62..G-67)."""

    power: str
    kind: SwKind
    factors: int = Field(ge=0)
    reason: str
