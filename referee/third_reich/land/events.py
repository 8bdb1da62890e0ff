"""Domain events of Third Reich land combat: the units a result requires and their removal (an
attrition step's losses are removed with the same event, referee.third_reich.attrition).

The referee works out the result; these events carry the obligation into the table account
(so that no phase is left with a loss unremoved) and discharge it, sending the units to the
force pool and noting whether a replacement may recover them (G-50 [004]).
"""

from __future__ import annotations

from pydantic import Field

from referee.common.combat_events import CombatLossMet, CombatResult
from referee.common.event_base import DomainEvent
from referee.third_reich.common.state import UnitLossDue


class LandCombatResolved(CombatResult, DomainEvent):
    """A land combat was resolved; each side that lost units owes their removal."""

    losses: list[UnitLossDue] = Field(default_factory=list)


class LandLossesRemoved(CombatLossMet, DomainEvent):
    """A side removed the units a land combat cost it: they return to the force pool."""

    power: str
    units: list[str]
    cause: str
