"""The Third Reich land commands: resolve an attack on one hex, then remove the units it cost; and
check a ground unit's move that the referee reads off the board (H-01..H-09, H-50, H-51 [004];
the book holds no map, K-43: a named hex's stated ``terrain`` and ``in_enemy_zoc`` are read where
the command leaves them out, and the check records a ruling and no event)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, EntryNumber, FreeLabel, Name, TwoDice, Witnessed
from referee.third_reich.common.terms import Front
from referee.third_reich.land.movement import Hexside, Terrain, UnitType


class LandAttacker(BaseModel):
    """An attacking ground unit as read off its counter, and how it reaches the hex."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    unit: Name
    strength: int = Field(ge=0, le=30, description="attack factor")
    type: Literal["infantry", "armor", "airborne"] = "infantry"
    across_river: bool = Field(default=False, description="attacks across a river hexside")
    amphibious: bool = Field(default=False, description="lands on a beach from naval transport")
    air_landed: bool = Field(default=False, description="an air-landing unit dropped this turn")


class LandDefender(BaseModel):
    """A defending unit: its printed defence factor."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    unit: Name
    strength: int = Field(ge=0, le=30, description="defence factor")
    type: Literal["infantry", "armor", "airborne", "replacement"] = "infantry"


class ResolveLandCombat(Command):
    """Attack one hex with the 2D6 land CRT (H-01..H-09 [004]): odds, shifts and DRM before the
    dice, the units each side owes after them. Whether the hex is fortified, whether its
    defenders can retreat and whether it is a bridgehead are read from the facts the referee
    stated (StateFact fortified / retreat_possible / bridgehead for the hex)."""

    power: Name = Field(description="the attacking power whose option covers the attack")
    front: Front
    defender: Name = Field(description="the defending side")
    hex: Name = Field(description="the defender's hex, as the facts name it")
    region: Name = Field(description="the weather region of the defender's hex")
    terrain: Literal["clear", "swamp", "mountain"] = "clear"
    coastal: bool = Field(default=False, description="the defender's hex is coastal (naval support)")
    attackers: list[LandAttacker] = Field(min_length=1, max_length=30)
    defenders: list[LandDefender] = Field(min_length=1, max_length=30)
    air_support: int = Field(default=0, ge=0, le=200, description="attacking air factors in support")
    supporting_fleets: list[int] = Field(
        default_factory=list, max_length=5, description="factors of the fleet giving naval support (one at most)"
    )
    russian_winter: bool = Field(
        default=False, description="non-Finnish Axis defenders in the USSR in the first winter of that war (A-68)"
    )
    minor_allies: list[Name] = Field(
        default_factory=list, max_length=6, description="the power's minor allies whose units attack with it (A-64)"
    )
    what: FreeLabel = Field(default="", description="the combat as the table calls it")
    faces: TwoDice | None = Field(default=None, description='2D6 as thrown, e.g. [4, 3], or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class RemoveLandLosses(Command):
    """The losing side names the units a land combat cost it (H-01, H-03 [004]); they go to the
    force pool in this entry, attacker losses open to recovery by replacements (G-50)."""

    combat: EntryNumber
    side: Name
    units: list[Name] = Field(min_length=1, max_length=30)


class LandMoveHex(BaseModel):
    """One hex a ground move enters, in order."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    hex: Name = Field(description="the hex as the table calls it (its stated facts are read)")
    terrain: Terrain | None = Field(default=None, description="clear, swamp, mountain or fortress; omitted: as stated")
    across_river: bool = Field(default=False, description="entered across a river hexside (+1 MP)")
    enemy_adjacent: list[Hexside] | None = Field(
        default=None,
        max_length=6,
        description="the hexside to each adjacent enemy unit (land, river, sea, border_before_dow); omitted: "
        "as stated (in_enemy_zoc)",
    )


class CheckLandMove(Command):
    """What a ground unit's move costs, hex by hex, against its movement allowance (H-50, H-51
    [004]): Mud halves armor (A-66); the mechanized phase is an offensive's, in Clear, for armor
    (A-58, A-60, A-61); ZOCs cost +1 to enter and stop infantry."""

    power: Name = Field(description="the moving power, whose option on the front covers the move")
    front: Front
    unit: Name = Field(description="the unit as the table calls it")
    type: UnitType = "infantry"
    ma: int = Field(ge=0, le=30, description="its printed movement allowance")
    region: Name = Field(description="the weather region it moves in")
    hexes: list[LandMoveHex] = Field(min_length=1, max_length=30, description="the hexes entered, in order")


COMMANDS: tuple[type[Command], ...] = (ResolveLandCombat, RemoveLandLosses, CheckLandMove)
"""The land commands (`referee.third_reich.game` lists every command in documentation order)."""
