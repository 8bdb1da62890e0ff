"""Revised Europa commands for what is read off the map. Each records a ruling with its derivation
and changes no account; where the command names a hex or unit, the handler reads the facts the
referee stated about it.

- Stacking, supply trace, interdiction, the air surprise, rail movement and the exploitation limits
  (RULES D-09, D-100..D-108, L-08, L-12, L-21, A-15, A-16).
- Checks of a move the referee states (issue 29): the MP a unit's move costs (L-01..L-04, A-31,
  A-34 [000]; J-39, J-42 [001]; F-26 [003] roads and naval units), a rail engineer's gauge
  conversion (L-07, J-41) and Second Front's playtest stacking (F-26). The book holds no map (K-12):
  the players read each hex's cost off their TEC and the ZOCs and zones off the board; a named
  hex's stated ``in_enemy_zoc`` and ``interdiction_zone`` are read when the command leaves them out.
- Positions the referee reads off the board (RULES A-11, A-36 [000]; A-19 [001]): the Soviet
  set-up checked against A-36, the 001 Supply phase's out-of-supply markers, and the removal of the
  interdiction zones and rail breaks a side placed, in its next Initial phase.
"""

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

    side: Name
    unit: Name = Field(description="the unit or stack traced for")
    hex: Name | None = None
    zone: Name = Field(description="the weather zone whose weather sets the lengths")
    arctic: bool = False
    links: list[TraceLink] = Field(min_length=1, max_length=10)


class ResolveInterdiction(Command):
    """An interdiction mission's roll: 1D6 against the tactical rating, doubled for normal groups;
    automatic at 6 or more (L-12 [000], J-19)."""

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


ZocKind = Literal["none", "normal", "reduced", "limited"]
"""L-01, D-107, A-34 [000]: the enemy ZOC a hex is in: none, normal, reduced (isolated divisions),
limited (Russian, Jun II 1941)."""


class MoveHex(BaseModel):
    """One hex the move enters, in order."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    hex: Name | None = Field(default=None, description="the hex as the table calls it (its stated facts are read)")
    cost: int = Field(default=1, ge=0, le=200, description="MP to enter it, off your TEC in this weather (K-03)")
    road: bool = Field(default=False, description="entered along a road (Second Front: 1 MP in any weather, F-26)")
    zoc: ZocKind | None = Field(default=None, description="the enemy ZOC it is in; omitted: as stated (in_enemy_zoc)")
    zone: bool | None = Field(
        default=None, description="it is in an air interdiction zone; omitted: as stated (interdiction_zone)"
    )


class CheckMove(Command):
    """What a unit's move costs, hex by hex, against its movement allowance: EZOC and interdiction
    zone costs to leave a hex (L-01, L-03), non-c/m units halting in the first EZOC, administrative
    movement (L-04), the surprise turn's 1-hex moves (A-31), Russian limited ZOCs on Jun II 1941
    (A-34), an overrun's +3 MP (D-91, D-93); under Second Front's playtest numbers roads at 1 MP and
    naval units' 150 MP (F-26)."""

    side: Name = Field(description="the moving (phasing) side")
    unit: Name = Field(description="the unit or stack as the table calls it")
    cm: bool = Field(default=False, description="a c/m unit")
    ma: int | None = Field(default=None, ge=0, le=200, description="its movement allowance; omitted for naval units")
    naval: bool = Field(default=False, description="a naval unit (Second Front's playtest 150 MP, F-26)")
    administrative: bool = Field(default=False, description="administrative movement (L-04)")
    zone: Name | None = Field(default=None, description="the weather zone it moves in (roads under F-26)")
    start_hex: Name | None = Field(default=None, description="the hex it starts in (its stated facts are read)")
    start_zoc: ZocKind | None = Field(default=None, description="the enemy ZOC it starts in; omitted: as stated")
    start_zone: bool | None = Field(default=None, description="it starts in an interdiction zone; omitted: as stated")
    hexes: list[MoveHex] = Field(min_length=1, max_length=60, description="the hexes entered, in order")
    overrun: bool = Field(
        default=False, description="the last hex is overrun (D-91): +3 MP plus its cost, paid in full; name its zone"
    )


class CheckRegauge(Command):
    """A rail engineer converting the gauge of the rail hexes it enters by normal movement (L-07
    [000]; J-41: +1 MP a hex under movement_rules=001); the track is usable from the next Initial phase."""

    side: Name
    unit: Name = Field(description="the rail engineer")
    ma: int = Field(ge=0, le=100, description="its movement allowance (a 0-6 engineer: 6)")
    hex_cost: int = Field(default=1, ge=1, le=10, description="MP to enter each rail hex")
    movement: Literal["normal", "operational_rail", "administrative", "strategic_rail"] = "normal"
    hexes: list[Name] = Field(min_length=1, max_length=60, description="the connected rail hexes converted, in order")


class CheckSecondFrontStack(Command):
    """A hex's stack against Second Front's playtest limit: 3 units of any size plus 3 REs of
    non-divisional units plus 2 artillery REs (or 1 artillery division); in mountains 2 + 2 + 1 (F-26 [003])."""

    side: Name
    hex: Name = Field(description="the hex as the table calls it (its stated terrain is read)")
    units: int = Field(default=0, ge=0, le=30, description="units of any size and type")
    non_divisional_res: int = Field(default=0, ge=0, le=30, description="REs of non-divisional units")
    artillery_res: int = Field(default=0, ge=0, le=30, description="REs of artillery")
    artillery_divisions: int = Field(default=0, ge=0, le=5, description="artillery divisions (instead of REs)")
    mountain: bool | None = Field(default=None, description="a mountain hex; omitted: as its stated terrain says")


MOVEMENT_COMMANDS: tuple[type[Command], ...] = (CheckMove, CheckRegauge, CheckSecondFrontStack)


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class SetUpUnit(_Part):
    """A Soviet unit as set up (A-36 [000])."""

    label: Name = Field(description="the unit as the table calls it")
    force: Literal["army", "mechanized_corps", "other"] = Field(
        description='an "Army" force, a "Mechanized Corps", or another unit A-36 does not place'
    )
    hex: Name = Field(description="its hex (its stated hexes_from_border is read)")
    from_border: int | None = Field(
        default=None, ge=0, le=60, description="hexes from the border (0: a border hex); omitted: as stated"
    )


class CheckSovietSetUp(Command):
    """The Soviet set-up before the surprise turn (A-36 [000]): Army forces on the border or 1 hex
    behind with every border hex in a ZOC, Mechanized Corps 3-5 hexes back. Refused when out of place."""

    side: Name = "Soviet"
    units: list[SetUpUnit] = Field(min_length=1, max_length=400)
    border_hexes_outside_zoc: int | None = Field(
        default=None,
        ge=0,
        le=500,
        description="border hexes in no Soviet ZOC; omitted: as stated (border_hexes_outside_zoc of 'border')",
    )


class SupplyPhaseUnit(_Part):
    """One phasing unit (or stack) in the 001 Supply phase (A-19 [001])."""

    unit: Name = Field(description="the unit or stack; its out_of_supply marker is read and kept")
    traces: Literal["supply", "too_long", "none"] = Field(
        description="a valid supply path; a path, but too long to supply; no path of any length"
    )


class ResolveSupplyPhase(Command):
    """The 001 Supply phase at the end of the player turn (A-19 [001]): Isolated units roll
    attrition, markers of units back in supply come off, newly unsupplied units are marked."""

    side: Name = Field(description="the phasing side")
    units: list[SupplyPhaseUnit] = Field(min_length=1, max_length=300)


class RemoveInterdictionZones(Command):
    """The interdiction zones (and rail breaks) a side placed last turn come off in its Initial
    phase (A-11 step 4, L-08 [000]): each hex named must be stated as one now."""

    side: Name = Field(description="the side that placed them (the phasing side)")
    zones: list[Name] = Field(default_factory=list, max_length=140, description="hexes stated as interdiction zone")
    rail_breaks: list[Name] = Field(default_factory=list, max_length=60, description="hexes stated as rail_cut")


TABLE_CHECK_COMMANDS: tuple[type[Command], ...] = (CheckSovietSetUp, ResolveSupplyPhase, RemoveInterdictionZones)
