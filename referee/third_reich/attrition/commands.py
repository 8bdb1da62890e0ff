"""The Third Reich attrition-option commands: roll the front's attrition, remove (or save) the
units it cost, and name the hexes it won."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, EntryNumber, FreeLabel, Name, TwoDice, Witnessed
from referee.third_reich.common.terms import Front


class ResolveAttrition(Command):
    """The attrition step of a front under the attrition option (H-10, H-11 [004]): 2D6 on the
    column of the ground combat factors in contact; the units each side owes and the hexes won."""

    power: Name = Field(description="the attacking power whose attrition option covers the front")
    front: Front
    defender: Name = Field(description="the defending side")
    factors_in_contact: int = Field(ge=0, le=1000, description="ground combat factors next to enemy units")
    minor_allies: list[Name] = Field(
        default_factory=list,
        max_length=6,
        description="the power's minor allies whose units on the front roll with it, their factors counted (A-64)",
    )
    what: FreeLabel = Field(default="", description="the front or sector as the table calls it")
    faces: TwoDice | None = Field(default=None, description='2D6 as thrown, e.g. [4, 3], or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class AttritionLoss(BaseModel):
    """A unit removed for an attrition result, or saved by swapping in a replacement (H-13)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    unit: Name
    type: Literal["infantry", "armor", "airborne", "replacement"] = "infantry"
    strength: int = Field(ge=0, le=30, description="combat factor (1-3 infantry count half a unit, H-11)")
    swapped: bool = Field(default=False, description="saved by a replacement, which goes to the force pool instead")
    cost: int | None = Field(
        default=None,
        ge=0,
        le=100,
        description="the unit's BRP cost, if stated (checked against its factors, G-40); left out, it comes "
        "from its type and factors (a saved unit above 4 pays the rest, H-13)",
    )


class RemoveAttritionLosses(Command):
    """The side's units an attrition result removes, some perhaps saved by replacement swaps (H-11, H-13 [004])."""

    combat: EntryNumber
    side: Name
    power: Name = Field(
        description="the side's power (in play) whose units these are: the units removed are recorded as its "
        "losses (G-50), and its replacements and BRPs pay for any swaps (H-13); a side that saves nothing still "
        "names it, and pays nothing"
    )
    units: list[AttritionLoss] = Field(min_length=1, max_length=40)
    all_in_contact: bool = Field(
        default=False, description="these are all the side's units next to the enemy (fewer than the result asks)"
    )


class ClaimAttritionHexes(Command):
    """The hexes the attacker names for an HN result, all at once (H-12 [004]); none waives them."""

    combat: EntryNumber
    hexes: list[Name] = Field(default_factory=list, max_length=30)


COMMANDS: tuple[type[Command], ...] = (ResolveAttrition, RemoveAttritionLosses, ClaimAttritionHexes)
"""The attrition commands (`referee.third_reich.game` lists every command in documentation order)."""
