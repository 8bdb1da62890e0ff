"""Revised Europa bombardment commands: artillery and air bombardment of a hex, strategic strikes
on facilities, factories and stocks, facility repair, and an Re paid in infantry RPs."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import Command, EntryNumber, Name, TwoDice, Witnessed
from referee.europa.bombardment import AirBomber, ArtilleryFire


class ResolveBombardment(Command):
    """Bombard the units in one hex on the 2D6 bombardment table: artillery in the Combat phase
    (D-80 [000], A-14), air units in the Air phase (A-12, D-82, D-88 [000]; D-86, D-87 [001])."""

    kind: Literal["ResolveBombardment"] = "ResolveBombardment"
    side: Name = Field(description="the firing (phasing) side")
    hex: Name = Field(description="the target hex, as the table names it (the attack on it reads its hits)")
    what: str = Field(default="", max_length=80, description="the bombardment as the table calls it")
    artillery: list[ArtilleryFire] = Field(
        default_factory=list, max_length=40, description="adjacent in-supply artillery, all factors combined"
    )
    air: list[AirBomber] = Field(default_factory=list, max_length=12, description="the air units striking the hex")
    target_res: float = Field(ge=0, le=100, multiple_of=0.5, description="REs in the target hex (D-82, D-86)")
    terrain: Name = Field(default="clear", description="the target hex: a terrain of the campaign's combat chart")
    fortified: bool = Field(default=False, description="a fort counter in the hex")
    night: bool = Field(default=False, description="a night strike (D-82)")
    followed_by_attack: bool = Field(
        default=False, description='artillery: declared "followed by attack", not "bombardment only" (D-80)'
    )
    defenders: list[Name] = Field(
        default_factory=list, max_length=40, description="the units in the hex: a loss is taken from them"
    )
    sp_paid: bool = Field(default=False, description="artillery SP for this combat already paid (B-37, B-38)")
    faces: TwoDice | None = Field(default=None, description='the 2D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


StrategicTarget = Literal["factory", "supply_city", "resource_points", "marshalling_yard", "airfield"]


class ResolveStrategicBombing(Command):
    """An air strike on a facility or stock in the Air phase: the bombardment table gives hits
    (D-85 [000], D-86 [001], J-11); factories and supply cities cost the nation RPs (C-52, J-37),
    Resource Points are destroyed (B-55), marshalling yards cost SP (B-56), airfields capacity
    and air units (D-85, L-14)."""

    kind: Literal["ResolveStrategicBombing"] = "ResolveStrategicBombing"
    side: Name = Field(description="the bombing (phasing) side")
    target: StrategicTarget
    facility: Name = Field(description="the target as the table names it, e.g. 'Kharkov factory', 'airfield 2715'")
    air: list[AirBomber] = Field(min_length=1, max_length=12)
    night: bool = False
    nation: Name | None = Field(default=None, description="factory or supply city: the nation whose RPs are cut")
    rp_type: Name = Field(default="armor", description="factory or supply city: the RP type cut (C-52)")
    location: Name | None = Field(default=None, description="resource_points: the Resource Point location class")
    hit_limit: int | None = Field(
        default=None, ge=0, le=20, description="marshalling yard: the mission's per-target hit limit (B-56, K-13)"
    )
    operable: int = Field(default=0, ge=0, le=100, description="airfield: operable air units based there")
    inoperable: int = Field(default=0, ge=0, le=100, description="airfield: inoperable air units there")
    faces: TwoDice | None = Field(default=None, description='the 2D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class RepairFacility(Command):
    """Repair one hit on a facility: one per facility per game turn; an airbase only in supply
    (D-85, L-14 [000])."""

    kind: Literal["RepairFacility"] = "RepairFacility"
    facility: Name
    airfield: bool = Field(default=False, description="an airbase: repaired only while in supply (L-14)")
    in_supply: bool = True


class PayBombardmentLoss(Command):
    """Meet a bombardment Re at once with 2 infantry RPs when no unit smaller than a division is
    in the hex (C-19 [000])."""

    kind: Literal["PayBombardmentLoss"] = "PayBombardmentLoss"
    combat: EntryNumber = Field(description="the entry that resolved the bombardment")
    side: Name = Field(description="the defending side owing the Re")
    nation: Name = Field(description="the nation whose infantry RPs pay")
    only_divisions: bool = Field(description="no unit smaller than a division is in the hex")


BOMBARDMENT_COMMANDS: tuple[type[Command], ...] = (
    ResolveBombardment,
    ResolveStrategicBombing,
    RepairFacility,
    PayBombardmentLoss,
)
"""The bombardment commands, in documentation order."""
