"""Revised Europa commands for what is read off the map: stacking, supply trace, interdiction, the
air surprise, rail movement and the exploitation limits (RULES D-09, D-100..D-108, L-08, L-12,
L-21, A-15, A-16). Each records a ruling with its derivation and changes no account; where the
command names a hex or unit, the handler reads the facts the referee stated about it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Digital, Divisions, Name, OneDie, Witnessed

SurpriseDice = Annotated[list[int], Field(min_length=37, max_length=37)] | Digital
"""The 37 faces of 1D6 of the air surprise in attack order, or "digital" (L-21 [000])."""
Terrain = Literal[
    "clear",
    "rough",
    "woods",
    "wooded_rough",
    "forest",
    "swamp",
    "mountain",
    "sand",
    "dot_city",
    "major_city",
]


class CheckStacking(Command):
    """Check a hex's stack against its limit: 10 REs, 7 in Mountain, 4 in the Arctic (D-09, J-43)."""

    kind: Literal["CheckStacking"] = "CheckStacking"
    side: Name
    hex: Name = Field(description="the hex as the table calls it")
    divisions: Divisions = Field(default=0, description="full divisions in the hex (3 REs each, I-26 reading)")
    other_res: int = Field(default=0, ge=0, le=100, description="REs of cadres and non-divisional units")
    half_res: int = Field(default=0, ge=0, le=100, description="units of 1/2 RE (battalions)")
    terrain: Terrain | None = Field(default=None, description="the hex's terrain; omitted: the stated terrain")
    arctic: bool = Field(default=False, description="the hex is in the Arctic (000: 4 REs)")
    units: list[Name] = Field(default_factory=list, max_length=60)


class TraceLink(BaseModel):
    """One link of a supply trace, from the unit towards the source (D-100 [000])."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    link: Literal["overland", "road", "truck", "special"] = Field(description="the kind of link (D-100)")
    hexes: list[Name] = Field(
        default_factory=list,
        max_length=30,
        description="hexes named: each takes its stated terrain and interdiction zone",
    )
    heavy: int = Field(default=0, ge=0, le=30, description="further hexes of heavy terrain (2 hexes each, D-101)")
    interdicted: int = Field(default=0, ge=0, le=30, description="further hexes in an air interdiction zone (D-101)")
    plain: int = Field(default=0, ge=0, le=30, description="further clear hexes outside any interdiction zone")
    depleted_truck: bool = Field(default=False, description="001: through a depleted Truck (D-108, J-41)")


class TraceSupply(Command):
    """Rule on a unit's supply trace, link by link (D-100, D-101 [000], D-108 [001])."""

    kind: Literal["TraceSupply"] = "TraceSupply"
    side: Name
    unit: Name = Field(description="the unit or stack traced for")
    hex: Name | None = None
    zone: Name = Field(description="the weather zone whose weather sets the lengths")
    arctic: bool = False
    links: list[TraceLink] = Field(min_length=1, max_length=10)


class ResolveInterdiction(Command):
    """An interdiction mission's roll: 1D6 against the tactical rating, doubled for normal groups;
    automatic at 6 or more (L-12 [000], J-19)."""

    kind: Literal["ResolveInterdiction"] = "ResolveInterdiction"
    side: Name
    hex: Name = Field(description="the centre hex of the zone")
    air_unit: Name
    tactical_rating: int = Field(ge=0, le=20, description="the printed tactical strike rating")
    one_step: bool = Field(default=False, description="a (1)-step group: the rating is not doubled")
    rail_line: bool | None = Field(default=None, description="the centre is on a rail line; omitted: as stated")
    faces: OneDie | None = Field(default=None, description='1D6 thrown, or "digital"; not needed at rating 6+')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class ResolveAirSurprise(Command):
    """The 000 air surprise on the surprise turn: 1D6 per target on the attacker's table (L-21, I-22)."""

    kind: Literal["ResolveAirSurprise"] = "ResolveAirSurprise"
    side: Name = "Axis"
    faces: SurpriseDice
    targets: list[Name] | None = Field(
        default=None, min_length=37, max_length=37, description="the Soviet group each attack picked, in order"
    )
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class RailMove(Command):
    """Rule on a rail move: operational (MA × multiple, entraining 1 MP, +2 MP per break) or
    strategic (200 hexes, no break) (L-08 [000])."""

    kind: Literal["RailMove"] = "RailMove"
    side: Name
    unit: Name
    ma: int = Field(default=0, ge=0, le=100, description="the unit's movement allowance")
    multiple: int = Field(default=0, ge=0, le=100, description="its rail multiple")
    rail_hexes: int = Field(ge=0, le=1000)
    breaks: int | None = Field(default=None, ge=0, le=50, description="breaks crossed; omitted: counted as stated")
    through: list[Name] = Field(default_factory=list, max_length=200, description="rail hexes passed, for rail_cut")
    entrain: bool = True
    off_rail_mp: int = Field(default=0, ge=0, le=100)
    strategic: bool = False


class CheckExploitation(Command):
    """May this unit activate for Exploitation? Weather of its starting hex (A-15), full supply
    (L-06), Soviet mobility limits (A-16)."""

    kind: Literal["CheckExploitation"] = "CheckExploitation"
    side: Name
    unit: Name
    zone: Name = Field(description="the weather zone of the unit's starting hex")
    cm: bool = True
    fully_supplied: bool = True
    in_enemy_zoc: bool | None = Field(default=None, description="starts in an EZOC; omitted: as stated")
    attacked: bool | None = Field(
        default=None, description="attacked in the preceding combat phase; omitted: as stated (attacked_this_turn)"
    )


class ZocEntered(BaseModel):
    """An enemy-ZOC hex a retreat enters (D-72 [000], D-73 [001])."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    hex: Name | None = None
    friendly: bool = Field(default=False, description="friendly units there negate the EZOC")
    aeca: bool = Field(default=False, description="an enemy unit exerting this ZOC has an AECA rating")


class CheckRetreat(Command):
    """The loss for a retreat through enemy ZOCs, by option ezoc_retreat (D-72 [000], D-73 [001], J-16)."""

    kind: Literal["CheckRetreat"] = "CheckRetreat"
    side: Name = Field(description="the retreating side")
    hex: Name = Field(description="the hex the stack retreats from")
    stack: Literal["armor", "non_armor", "mixed"] = "non_armor"
    divisions: Divisions = 0
    non_divisional: int = Field(default=0, ge=0, le=60)
    zocs: list[ZocEntered] = Field(default_factory=list, max_length=10)


MAP_COMMANDS = (
    CheckStacking,
    TraceSupply,
    ResolveInterdiction,
    ResolveAirSurprise,
    RailMove,
    CheckExploitation,
    CheckRetreat,
)
