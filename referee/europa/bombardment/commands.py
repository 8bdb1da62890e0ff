"""Revised Europa bombardment commands: artillery and air bombardment of a hex, strategic strikes
on facilities, factories and stocks, facility repair, and an Re paid in infantry RPs."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field

from referee.common.command_base import Command, EntryNumber, FreeLabel, Name, TwoDice, Witnessed
from referee.europa.bombardment.bombardment import AirBomber, ArtilleryFire


def whole_or_half(value: object) -> object:
    """REs as the bombardment table counts them (D-82, D-86: whole and half REs), exact: a whole
    number, or a half written as the fraction "13/2". The record holds no binary float (issue 26,
    docs/verifying.md "Numbers"), so 6.0 and 6.5, as a hand-written file may give them, are read as
    6 and "13/2"; "6.5" and "13/2" as text too. Anything else is refused by name."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return value  # refused by the field's type
    if isinstance(value, str) and len(value) > 12:
        raise ValueError('write a whole number of REs, or a half as "13/2"')
    try:
        exact: Fraction | None = Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):  # not a number, n/0, NaN, infinity
        exact = None
    if exact is None or exact.denominator not in (1, 2):
        raise ValueError(f'{value!r} is not a whole or half number of REs: write e.g. 6 or "13/2"')
    if not 0 <= exact <= 100:
        raise ValueError(f"{value!r} REs: a hex holds 0 to 100")
    return exact.numerator if exact.denominator == 1 else f"{exact.numerator}/2"


HalfRes = Annotated[
    int | str,
    BeforeValidator(whole_or_half),
    Field(
        description='REs in the target hex (D-82, D-86): a whole number 0-100, or a half as "13/2"',
        examples=[6, "13/2"],
    ),
]
"""A count of REs in whole and half REs, recorded exactly (an integer, or "n/2")."""


def _exact_res(recorded: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (to release 0.5.0) recorded ``target_res`` as a float (6.0); version 2 exactly."""
    return {**recorded, "target_res": whole_or_half(recorded["target_res"])}


class ResolveBombardment(Command):
    """Bombard the units in one hex on the 2D6 bombardment table: artillery in the Combat phase
    (D-80 [000], A-14), air units in the Air phase (A-12, D-82, D-88 [000]; D-86, D-87 [001])."""

    version: ClassVar[int] = 2  # 2: target_res exact (an integer or "n/2"), no float
    upcasters: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {1: _exact_res}

    side: Name = Field(description="the firing (phasing) side")
    hex: Name = Field(description="the target hex, as the table names it (the attack on it reads its hits)")
    what: FreeLabel = Field(default="", description="the bombardment as the table calls it")
    artillery: list[ArtilleryFire] = Field(
        default_factory=list, max_length=40, description="adjacent in-supply artillery, all factors combined"
    )
    air: list[AirBomber] = Field(default_factory=list, max_length=12, description="the air units striking the hex")
    target_res: HalfRes
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

    facility: Name
    airfield: bool = Field(default=False, description="an airbase: repaired only while in supply (L-14)")
    in_supply: bool = True


class PayBombardmentLoss(Command):
    """Meet a bombardment Re at once with 2 infantry RPs when no unit smaller than a division is
    in the hex (C-19 [000])."""

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
