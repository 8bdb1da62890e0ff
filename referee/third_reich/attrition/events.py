"""Domain events of the attrition option: a front's attrition step rolled (the units each side owes,
the hexes the attacker won) and the hexes named (H-10..H-13 [004]). The units are removed with land
combat's `LandLossesRemoved`."""

from __future__ import annotations

from pydantic import Field

from referee.common.event_base import DomainEvent
from referee.third_reich.common.state import UnitLossDue


class AttritionResolved(DomainEvent):
    """A front's attrition step was rolled: units owed by each side, hexes won by the attacker."""

    combat: int = Field(ge=1)
    code: str
    losses: list[UnitLossDue] = Field(default_factory=list)
    hexes: int = Field(default=0, ge=0)


class AttritionHexesClaimed(DomainEvent):
    """The attacker named the hexes an attrition result won (or waived them)."""

    combat: int = Field(ge=1)
    hexes: list[str]
