"""Commands that keep each air group's box and each nation's Group Allowance (RULES L-20, L-22,
A-35 [000]): the starting groups deployed from the pinned chart, groups placed on or taken off
the map within the GA, the triage of the EFT and EET boxes, a single group of the schedule spent,
and an interception checked against A-35's On Alert limits."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import Command, Name, OneDie, Witnessed


class DeployStartingAir(Command):
    """A side's starting air groups join its roster from the pinned air groups chart (L-20 [000]),
    each with its box, and each nation's GA is kept; groups over the GA start off the map."""

    kind: Literal["DeployStartingAir"] = "DeployStartingAir"
    side: Name
    off_map: dict[Name, dict[Name, int]] = Field(
        default_factory=dict, description="nation -> group type -> groups kept off the map in the Ready box"
    )


class PlaceAirGroups(Command):
    """Groups moved between the map and the off-map Ready box in the side's Initial phase, on the
    map within the GA (A-11 step 9, A-35, L-20 [000])."""

    kind: Literal["PlaceAirGroups"] = "PlaceAirGroups"
    side: Name
    to_map: list[Name] = Field(default_factory=list, max_length=80, description="operable groups from the Ready box")
    off_map: list[Name] = Field(default_factory=list, max_length=80, description="groups taken off to the Ready box")


class TriageAirGroup(Command):
    """One group in the EFT or EET box, 1D6 on the pinned triage table in the side's Initial phase
    (A-35 [000]; the Soviets from their Jul I 1941 turn)."""

    kind: Literal["TriageAirGroup"] = "TriageAirGroup"
    side: Name
    unit: Name = Field(description="the group's unit id")
    faces: OneDie | None = Field(default=None, description='the 1D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class SpendSingleAirGroup(Command):
    """A single group of the air reinforcement schedule spent (L-22 [000]): one group of its type
    from Remnants to EFT, or from EFT or EET to the Ready box; or two of them as a new full group."""

    kind: Literal["SpendSingleAirGroup"] = "SpendSingleAirGroup"
    side: Name
    group: Name = Field(description="the group type, as the schedule names it: 'MiG3'")
    use: Literal["remnants_to_eft", "to_ready", "new_group"]
    unit: Name | None = Field(default=None, description="the group moved (its unit id); a new group: its new id")


class CheckInterception(Command):
    """May this group intercept there? Its box, A-35's On Alert (German Jun II 1941 turn: Soviet
    fighters at 1/2 range) and L-10's patrol range."""

    kind: Literal["CheckInterception"] = "CheckInterception"
    side: Name = Field(description="the intercepting side")
    unit: Name = Field(description="the group's unit id")
    listed_range: int = Field(ge=1, le=200, description="its printed range")
    distance: int = Field(ge=0, le=400, description="hexes to the interception, from its airbase (or patrol hex)")
    patrol_from: int | None = Field(
        default=None, ge=0, le=200, description="on patrol: hexes from airbase to patrol hex"
    )


class ResolveAirSurprise001(Command):
    """The 001 air surprise (J-38 [001]): the original rules' strike, with 1 Soviet air unit
    eliminated per 2 German air units dedicated to it; the units lost are chosen at the table."""

    kind: Literal["ResolveAirSurprise001"] = "ResolveAirSurprise001"
    side: Name = "Axis"
    german_units: int = Field(ge=0, le=500, description="German air units dedicated to the airfield surprise strike")
    eliminated: list[Name] = Field(
        default_factory=list, max_length=250, description="the Soviet units eliminated (their unit ids), if named"
    )


AIR_BOX_COMMANDS: tuple[type[Command], ...] = (
    DeployStartingAir,
    PlaceAirGroups,
    TriageAirGroup,
    SpendSingleAirGroup,
    CheckInterception,
    ResolveAirSurprise001,
)
