"""The fields both games' combat events share: a combat resolved, and a side's loss from it met.

Europa (D-56 [000]) and the Third Reich (H-01 [004]) book a combat the same way: the result
leaves losses owed, and a later entry meets them (`referee.common.fold.settle_owed`). The events'
names and the losses' own shape stay each game's; these mixins, listed before `DomainEvent`,
declare the fields that name the combat once, in the place they always stood.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class CombatResult(BaseModel):
    """The combat (the entry that resolved it) and the result's code (`CombatResolved`,
    `LandCombatResolved`)."""

    combat: int = Field(ge=1)
    code: str


class CombatLossMet(BaseModel):
    """The combat and the side whose loss from it is met (`LossesAllocated`, `LandLossesRemoved`)."""

    combat: int = Field(ge=1)
    side: str
