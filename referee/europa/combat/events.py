"""Domain events of combat: the losses a result requires and their allocation.

The referee works out the result and the losses; these events only carry the obligations
into the table account (so that nobody moves on with a loss unallocated) and discharge them.
"""

from __future__ import annotations

from pydantic import Field

from referee.common.combat_events import CombatLossMet, CombatResult
from referee.common.event_base import DomainEvent
from referee.europa.common.state import LossDue


class CombatResolved(CombatResult, DomainEvent):
    """A combat was resolved; each side owing a loss gets an open requirement."""

    losses: list[LossDue] = Field(default_factory=list)


class LossesAllocated(CombatLossMet, DomainEvent):
    """A side fulfilled its loss requirement from a combat (the units named in the entry)."""

    allocated: int = Field(ge=0)
