"""Commands on positions the referee reads off the board (RULES A-11, A-36 [000]; A-19 [001]):
the Soviet set-up checked against A-36, the 001 Supply phase's out-of-supply markers, and the
removal of the interdiction zones and rail breaks a side placed, in its next Initial phase."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Name


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

    kind: Literal["CheckSovietSetUp"] = "CheckSovietSetUp"
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

    kind: Literal["ResolveSupplyPhase"] = "ResolveSupplyPhase"
    side: Name = Field(description="the phasing side")
    units: list[SupplyPhaseUnit] = Field(min_length=1, max_length=300)


class RemoveInterdictionZones(Command):
    """The interdiction zones (and rail breaks) a side placed last turn come off in its Initial
    phase (A-11 step 4, L-08 [000]): each hex named must be stated as one now."""

    kind: Literal["RemoveInterdictionZones"] = "RemoveInterdictionZones"
    side: Name = Field(description="the side that placed them (the phasing side)")
    zones: list[Name] = Field(default_factory=list, max_length=140, description="hexes stated as interdiction zone")
    rail_breaks: list[Name] = Field(default_factory=list, max_length=60, description="hexes stated as rail_cut")


TABLE_CHECK_COMMANDS: tuple[type[Command], ...] = (CheckSovietSetUp, ResolveSupplyPhase, RemoveInterdictionZones)
