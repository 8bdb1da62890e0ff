"""Revised Europa air commands.

- Air combat read on the campaign's air tables (K-09): one shot air to air, one flak shot at a
  strike, one air unit repair roll. The book keeps no air unit status: each ruling says what became
  of the unit (R, A or X and where X goes, ready or not).
- The air boxes and Group Allowances (RULES L-20, L-22, A-35 [000]): the starting groups deployed
  from the pinned chart, groups placed on or taken off the map within the GA, the triage of the EFT
  and EET boxes, a single group of the schedule spent, and an interception checked against A-35's
  On Alert limits.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Name, OneDie, TwoDice, Witnessed


class ResolveAirCombat(Command):
    """One air-to-air shot (L-09, L-13 [000]): the firer's rating against the target's, with the
    modifiers of L-09, read on the air combat table."""

    side: Name = Field(description="the firing side")
    firer: Name = Field(description="the firing air unit, as the table calls it")
    firer_rating: int = Field(ge=0, le=20, description="its air-to-air rating")
    target: Name
    target_rating: int = Field(ge=0, le=20, description="the target's air-to-air (defence) rating")
    firer_one_step: bool = Field(default=False, description="the firer is a (1)-step unit")
    target_one_step: bool = Field(default=False, description="the target is a (1)-step unit")
    doubled_up: bool = Field(default=False, description="two units on one target: the better fires, at -1")
    pilot_quality: bool = Field(default=False, description="a German or Finnish firer (-1, not against Guards)")
    target_guards: bool = Field(default=False, description="the target is a Soviet Guards unit")
    hexes_to_friendly: int | None = Field(
        default=None, ge=0, le=99, description="from the combat to the nearest friendly hex: X goes to EFT or EET"
    )
    faces: TwoDice | None = Field(default=None, description='the 2D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class ResolveFlak(Command):
    """One flak shot at a strike (L-11 [000]), read on the flak table: the AA factors firing, the
    strike groups, night and bombers; with 2 or 3 groups a 1D6 picks the group hit."""

    side: Name = Field(description="the side firing the AA")
    target: Literal["airfield", "ship", "facility", "front_line", "interdiction"] = Field(
        description="what the strike attacks: it says which AA fires (L-11)"
    )
    hex: Name = Field(description="the target hex (or the interdiction zone's centre)")
    aa_factors: int = Field(ge=1, le=99, description="the AA factors that fire, summed over the zone for interdiction")
    strike_groups: list[Name] = Field(min_length=1, max_length=3, description="the strike groups, escorts left out")
    night: bool = False
    bombers: bool = Field(default=False, description="every strike group is a B or NB bomber")
    faces: TwoDice | None = Field(default=None, description='the 2D6 thrown, or "digital"')
    group_die: OneDie | None = Field(default=None, description="with 2 or 3 groups: the 1D6 picking the group hit")
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class RepairAirUnit(Command):
    """One Inoperable air unit's repair roll on the Air Unit Repair table (1D6; L-23, J-03)."""

    side: Name
    unit: Name = Field(description="the inoperable air unit")
    drm: int = Field(default=0, ge=-3, le=3, description="other modifiers of your printed table")
    faces: OneDie | None = Field(default=None, description='the 1D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class AirMission(BaseModel):
    """One mission as sent out: its name at the table and its kind."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    name: Name
    mission: Literal[
        "sweep",
        "intercept",
        "patrol",
        "alert",
        "escort",
        "transport",
        "strike",
        "interdiction",
        "bombardment",
        "ground_support",
        "facility",
    ]


class SendAirMissions(Command):
    """The Air phase's missions, all sent before any is resolved (A-12 [000]): the ruling gives the
    order they are resolved in."""

    side: Name = Field(description="the phasing side (the other side's intercepts are listed too)")
    missions: list[AirMission] = Field(min_length=1, max_length=60)


class AirSupplyMission(Command):
    """Transport missions flying supply to an airbase in the Initial phase (A-11, D-102 [000], J-10)."""

    side: Name
    airbase: Name = Field(description="the destination airbase")
    zone: Name = Field(description="the weather zone of the airbase")
    groups: list[int] = Field(min_length=1, max_length=10, description="the T groups of each mission (1 to 4 each)")
    res_needed: int = Field(ge=0, le=200, description="REs to be supplied from the airbase")


AIR_COMBAT_COMMANDS: tuple[type[Command], ...] = (
    ResolveAirCombat,
    ResolveFlak,
    RepairAirUnit,
    SendAirMissions,
    AirSupplyMission,
)


class DeployStartingAir(Command):
    """A side's starting air groups join its roster from the pinned air groups chart (L-20 [000]),
    each with its box, and each nation's GA is kept; groups over the GA start off the map."""

    side: Name
    off_map: dict[Name, dict[Name, int]] = Field(
        default_factory=dict, description="nation -> group type -> groups kept off the map in the Ready box"
    )


class PlaceAirGroups(Command):
    """Groups moved between the map and the off-map Ready box in the side's Initial phase, on the
    map within the GA (A-11 step 9, A-35, L-20 [000])."""

    side: Name
    to_map: list[Name] = Field(default_factory=list, max_length=80, description="operable groups from the Ready box")
    off_map: list[Name] = Field(default_factory=list, max_length=80, description="groups taken off to the Ready box")


class TriageAirGroup(Command):
    """One group in the EFT or EET box, 1D6 on the pinned triage table in the side's Initial phase
    (A-35 [000]; the Soviets from their Jul I 1941 turn)."""

    side: Name
    unit: Name = Field(description="the group's unit id")
    faces: OneDie | None = Field(default=None, description='the 1D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class SpendSingleAirGroup(Command):
    """A single group of the air reinforcement schedule spent (L-22 [000]): one group of its type
    from Remnants to EFT, or from EFT or EET to the Ready box; or two of them as a new full group."""

    side: Name
    group: Name = Field(description="the group type, as the schedule names it: 'MiG3'")
    use: Literal["remnants_to_eft", "to_ready", "new_group"]
    unit: Name | None = Field(default=None, description="the group moved (its unit id); a new group: its new id")


class CheckInterception(Command):
    """May this group intercept there? Its box, A-35's On Alert (German Jun II 1941 turn: Soviet
    fighters at 1/2 range) and L-10's patrol range."""

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
