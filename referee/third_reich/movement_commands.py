"""Checks of a move the referee reads off the board (issue 29): a ground unit's move (H-50, H-51,
A-60, A-61, A-66), an air unit's reach (H-25, K-46) and a fleet's transport or sea SR (H-25,
H-32, J-66, K-46). The book holds no map (K-43): the players count hexes, read terrain, rivers
and adjacent enemy units off their board; a named hex's stated ``terrain`` and
``in_enemy_zoc`` are read where the command leaves them out. Each records a ruling and no event."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Name
from referee.third_reich.air_naval_units import AirMission
from referee.third_reich.commands import Front
from referee.third_reich.movement import Hexside, Terrain, UnitType

Factors = Annotated[int, Field(ge=0, le=200)]


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

    kind: Literal["CheckLandMove"] = "CheckLandMove"
    power: Name = Field(description="the moving power, whose option on the front covers the move")
    front: Front
    unit: Name = Field(description="the unit as the table calls it")
    type: UnitType = "infantry"
    ma: int = Field(ge=0, le=30, description="its printed movement allowance")
    region: Name = Field(description="the weather region it moves in")
    hexes: list[LandMoveHex] = Field(min_length=1, max_length=30, description="the hexes entered, in order")


class CheckAirMission(Command):
    """Whether an air unit reaches a mission's target, or its new base in the movement phase (H-25,
    K-46 [004]): its type's range from the pinned chart, twice that to move."""

    kind: Literal["CheckAirMission"] = "CheckAirMission"
    power: Name
    front: Front
    unit: Name = Field(description="the air unit as the table calls it")
    air_type: Name = Field(description="its type in the air and naval unit chart: '5-4 air fleet'")
    factors: int = Field(ge=1, le=30)
    mission: AirMission
    distance: int = Field(ge=0, le=99, description="hexes from its base to the target (or the new base)")


class SeaFleet(BaseModel):
    """A naval unit of a transport or sea SR: its type in the unit chart and its factors."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    type: Name = Field(default="fleet", description="its type in the air and naval unit chart")
    factors: int = Field(ge=1, le=30)


class CheckSeaMove(Command):
    """A naval transport in the movement phase (an offensive's naval mission: 1/2 of each fleet
    rounded down, H-32) or a sea SR in the SR phase (not through an uncontested enemy air zone,
    H-25; after an interception at least 9 naval factors stay on escort, J-66)."""

    kind: Literal["CheckSeaMove"] = "CheckSeaMove"
    power: Name
    front: Front | None = Field(default=None, description="transport: the front of the offensive that carries it")
    mission: Literal["transport", "sea_sr"]
    fleets: list[SeaFleet] = Field(min_length=1, max_length=10)
    ground_factors: int = Field(default=0, ge=0, le=200, description="ground factors carried")
    friendly_air_in_range: Factors = 0
    enemy_air_in_range: Factors = Field(
        default=0, description="enemy air in range of the sea route (after counter-air)"
    )
    escort_left: list[Annotated[int, Field(ge=0, le=30)]] | None = Field(
        default=None, max_length=10, description="sea SR: each escorting fleet's factors after an interception"
    )
