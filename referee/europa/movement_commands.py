"""Checks of a move the referee states (issue 29): the MP a unit's move costs (L-01..L-04, A-31, A-34
[000]; J-39, J-42 [001]; F-26 [003] roads and naval units), a rail engineer's gauge conversion (L-07,
J-41) and Second Front's playtest stacking (F-26). The book holds no map (K-12): the players read
each hex's cost off their TEC and the ZOCs and zones off the board; a named hex's stated
``in_enemy_zoc`` and ``interdiction_zone`` are read when the command leaves them out. Each records a
ruling and no event."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Name

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

    kind: Literal["CheckMove"] = "CheckMove"
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

    kind: Literal["CheckRegauge"] = "CheckRegauge"
    side: Name
    unit: Name = Field(description="the rail engineer")
    ma: int = Field(ge=0, le=100, description="its movement allowance (a 0-6 engineer: 6)")
    hex_cost: int = Field(default=1, ge=1, le=10, description="MP to enter each rail hex")
    movement: Literal["normal", "operational_rail", "administrative", "strategic_rail"] = "normal"
    hexes: list[Name] = Field(min_length=1, max_length=60, description="the connected rail hexes converted, in order")


class CheckSecondFrontStack(Command):
    """A hex's stack against Second Front's playtest limit: 3 units of any size plus 3 REs of
    non-divisional units plus 2 artillery REs (or 1 artillery division); in mountains 2 + 2 + 1 (F-26 [003])."""

    kind: Literal["CheckSecondFrontStack"] = "CheckSecondFrontStack"
    side: Name
    hex: Name = Field(description="the hex as the table calls it (its stated terrain is read)")
    units: int = Field(default=0, ge=0, le=30, description="units of any size and type")
    non_divisional_res: int = Field(default=0, ge=0, le=30, description="REs of non-divisional units")
    artillery_res: int = Field(default=0, ge=0, le=30, description="REs of artillery")
    artillery_divisions: int = Field(default=0, ge=0, le=5, description="artillery divisions (instead of REs)")
    mountain: bool | None = Field(default=None, description="a mountain hex; omitted: as its stated terrain says")


MOVEMENT_COMMANDS: tuple[type[Command], ...] = (CheckMove, CheckRegauge, CheckSecondFrontStack)
