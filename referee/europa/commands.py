"""Revised Europa commands: SP income and spending, Resource Points, replacements, combat."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import (
    FREE_TEXT,
    Amount,
    Command,
    Divisions,
    EntryNumber,
    FreeLabel,
    FreeText,
    Name,
    OneDie,
    Points,
    TwoDice,
    Witnessed,
)
from referee.common.plausible import Override
from referee.europa.combat_units import Attacker, Defender

Count = Field(default=0, ge=0, le=1000)


class ReceiveSupplyIncome(Command):
    """The phasing side takes its SP income in its Initial phase (B-02 [000])."""

    kind: Literal["ReceiveSupplyIncome"] = "ReceiveSupplyIncome"
    side: Name


class SetCityStatus(Command):
    """Record who holds a Soviet city: soviet, axis (controlled) or besieged (B-10 [000])."""

    kind: Literal["SetCityStatus"] = "SetCityStatus"
    city: Name
    status: Literal["soviet", "axis", "besieged"]


class ActivateMechanized(Command):
    """Pay SP to activate c/m units for the Movement or Exploitation phase (B-31..B-35 [000])."""

    kind: Literal["ActivateMechanized"] = "ActivateMechanized"
    side: Name
    cm_divisions: int = Field(default=0, ge=0, le=1000, description="panzer/tank/mech divisions or corps: 1 SP each")
    motorized: int = Field(
        default=0, ge=0, le=1000, description="motorized and German panzergrenadier divisions: 1/2 SP each"
    )
    exploiting_cavalry: int = Field(
        default=0, ge=0, le=1000, description="Soviet Guards cavalry corps with exploitation: 1/2 SP"
    )
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = Field(default=False, description="record the units as unsupplied instead of paying")


class PayAttackSupply(Command):
    """Pay SP for non-c/m divisions attacking, 1/2 each rounded up per stack (B-36, B-45 [000])."""

    kind: Literal["PayAttackSupply"] = "PayAttackSupply"
    side: Name
    stacks: list[Divisions] = Field(min_length=1, max_length=50, description="divisions attacking from each stack")
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = False
    override: Annotated[Override, FREE_TEXT] = None
    minor_divisions: Divisions = Field(
        default=0,
        description="sp_model 001 only: Axis minor infantry/cavalry and German security divisions among them, "
        "1 SP per 2 (B-66 [001])",
    )


class PayArtillerySupply(Command):
    """Pay 1 SP per combat for all artillery firing in it, support and bombardment (B-37, B-38 [000])."""

    kind: Literal["PayArtillerySupply"] = "PayArtillerySupply"
    side: Name
    combats: int = Field(default=1, ge=1, le=100)
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = False


class PayOverrunSupply(Command):
    """Pay SP for an overrun by non-c/m divisions, 1/2 each rounded up (B-39 [000])."""

    kind: Literal["PayOverrunSupply"] = "PayOverrunSupply"
    side: Name
    divisions: int = Field(ge=1, le=100)
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = False
    minor_divisions: Divisions = Field(
        default=0,
        description="sp_model 001 only: Axis minor infantry/cavalry and German security divisions among them, "
        "1 SP per 2 (B-66 [001])",
    )


class PayAirSupply(Command):
    """Pay SP for air groups: 1 per 3 fighters, 1 per 2 others; transports free (B-30 [000])."""

    kind: Literal["PayAirSupply"] = "PayAirSupply"
    side: Name
    fighters: int = Field(default=0, ge=0, le=1000)
    others: int = Field(default=0, ge=0, le=1000)
    transports: int = Field(default=0, ge=0, le=1000)
    unpaid: bool = False


class BuyResourcePoints(Command):
    """Buy Resource Points with SP in the Initial phase: 3 SP each (B-50 [000])."""

    kind: Literal["BuyResourcePoints"] = "BuyResourcePoints"
    side: Name
    count: Amount
    location: Name = Field(description="where they are placed: a place the side holds Resource Points, in any case")
    override: Annotated[Override, FREE_TEXT] = None


class SellResourcePoints(Command):
    """Exchange Resource Points connected by rail to a friendly board edge for 2 SP each (B-51 [000])."""

    kind: Literal["SellResourcePoints"] = "SellResourcePoints"
    side: Name
    count: Amount
    location: Name
    rail_connected: bool = Field(description="the referee confirms the rail connection to a friendly board edge")


class SpendResourcePoints(Command):
    """Spend Resource Points on construction: a fort or an airfield costs 1 (B-54 [000])."""

    kind: Literal["SpendResourcePoints"] = "SpendResourcePoints"
    side: Name
    purpose: Literal["fort", "airfield"]
    count: Amount
    location: Name
    site: Name = Field(description="where it is built (hex or place name)")


class BuyRailCapacity(Command):
    """Add +10 REs of rail capacity for this game turn per Resource Point, within the nation's limit (B-54)."""

    kind: Literal["BuyRailCapacity"] = "BuyRailCapacity"
    side: Name
    nation: Name
    resource_points: Amount
    location: Name


class ReceiveResourceIncome(Command):
    """Take the Resource Point income of the turn: Ploesti 1 (Axis), Baku 2 (Soviet) (B-53 [000])."""

    kind: Literal["ReceiveResourceIncome"] = "ReceiveResourceIncome"
    side: Name


class ReceiveReplacements(Command):
    """Take regular replacements: Soviet city RPs from Aug I 1941 and factory output (C-30..C-50)."""

    kind: Literal["ReceiveReplacements"] = "ReceiveReplacements"
    nation: Name
    factory_armor: int | None = Field(
        default=None, ge=0, le=1000, description="under factory_profile 001: how many factory RPs go to armor"
    )


class RecordLosses(Command):
    """Add losses to the account special replacements are drawn from (C-40 [000])."""

    kind: Literal["RecordLosses"] = "RecordLosses"
    nation: Name
    type: Name
    amount: Amount


class ReceiveSpecialReplacements(Command):
    """Take special replacements: 1/4 of accumulated losses, from Jul I 1941 (C-40 [000])."""

    kind: Literal["ReceiveSpecialReplacements"] = "ReceiveSpecialReplacements"
    nation: Name


class SetFactories(Command):
    """Record how many factories are operating and how many of those are upgraded (K-07)."""

    kind: Literal["SetFactories"] = "SetFactories"
    nation: Name
    operating: int = Field(ge=0, le=100)
    upgraded: int = Field(default=0, ge=0, le=100)


class DisbandPrewarArmor(Command):
    """Apr II 1942: disband pre-war Soviet tank and mech divisions for armor RPs = attack (C-60 [000])."""

    kind: Literal["DisbandPrewarArmor"] = "DisbandPrewarArmor"
    side: Name
    unit_ids: list[Name] = Field(min_length=1, max_length=200)


class CreditExcessLossReplacements(Command):
    """RPs from over-fulfilling a combat loss, usable next game turn (C-10..C-15 [000])."""

    kind: Literal["CreditExcessLossReplacements"] = "CreditExcessLossReplacements"
    nation: Name
    required: int = Field(ge=0, le=1000)
    removed: int = Field(ge=0, le=1000, description="strength counted toward the requirement")
    change: int | None = Field(
        default=None, ge=0, le=1000, description="strength actually lost (full − cadre), if different"
    )
    armor_loss_required: bool = False
    armor_cost: int = Field(default=0, ge=0, le=1000, description="armor RP cost of the unit change (K-05 chart)")
    isolated: bool = False


class CreditBreakoutReplacements(Command):
    """Infantry RPs from breaking out an Isolated stack, usable next game turn (C-20 [000])."""

    kind: Literal["CreditBreakoutReplacements"] = "CreditBreakoutReplacements"
    nation: Name
    total_strength: int = Field(ge=0, le=1000, description="armor and artillery count their defense strength")
    modified_roll: int = Field(ge=-20, le=30)
    unit_ids: list[Name] = Field(default_factory=list, max_length=200)


class RebuildUnit(Command):
    """Spend RPs to bring a cadre to full strength (C-02, C-62, C-63 [000])."""

    kind: Literal["RebuildUnit"] = "RebuildUnit"
    side: Name
    unit_id: Name
    cost: dict[Name, Points] | None = Field(
        default=None, description="RPs by type from your own chart; default: provisional chart"
    )


class ReturnCadre(Command):
    """Spend RPs equal to the cadre's strength to bring a dead cadre back (C-63 [000])."""

    kind: Literal["ReturnCadre"] = "ReturnCadre"
    side: Name
    unit_id: Name
    location: str = Field(default="", max_length=80)


class ResolveCombat(Command):
    """Resolve one attack or overrun on the 2D6 CRT with the dice thrown at the table (D-01..D-71 [000])."""

    kind: Literal["ResolveCombat"] = "ResolveCombat"
    side: Name = Field(description="the attacking (phasing) side")
    what: FreeLabel = Field(default="", description="the combat as the table calls it, e.g. 'Kiev, hex 2715'")
    attackers: list[Attacker] = Field(min_length=1, max_length=60)
    defenders: list[Defender] = Field(min_length=1, max_length=40)
    terrain: Name = Field(default="clear", description="the defender's hex: a terrain of the campaign's combat chart")
    fortified: bool = Field(default=False, description="a fort counter in the hex (D-41)")
    zone: Name = Field(description="the defender's weather zone")
    hex: Name | None = Field(
        default=None,
        description="the defender's hex as ResolveBombardment named it: the bombardment hits waiting there are used",
    )
    bombardment_shifts: int = Field(
        default=0,
        ge=0,
        le=2,
        description="1R shifts earned by prior bombardment not recorded in the book (recorded hits: name the hex)",
    )
    winterization: bool = Field(default=False, description="+1: winterization advantage (Snow only)")
    winterized: Name | None = Field(
        default=None,
        description="the attackers' nationality as the Winterization chart names it: its entry for the turn is "
        "the winterization DRM, in Snow only (D-20, D-23); instead of winterization",
    )
    commando: bool = Field(default=False, description="+1: a commando success")
    axis_first_winter: bool = Field(
        default=False, description="-1: non-winterized Axis attack in Snow before May I 1942"
    )
    overrun: bool = Field(default=False, description="an overrun in the Movement or Exploitation phase (D-90..D-95)")
    paying_stacks: list[Divisions] = Field(
        default_factory=list,
        max_length=20,
        description=(
            "non-c/m divisions paying attack SP, per stack (B-36); for an overrun, per stack overrunning (B-39); "
            "under sp_model 001 every attacking division (B-66)"
        ),
    )
    override: Annotated[Override, FREE_TEXT] = None
    minor_divisions: Divisions = Field(
        default=0,
        description="under sp_model 001: how many of the paying divisions are Axis minor infantry or cavalry or "
        "German security divisions (1 SP per 2, B-66)",
    )
    faces: TwoDice | None = Field(
        default=None, description='the 2D6 thrown, or "digital"; none yet: the odds only (preview)'
    )
    d10: OneDie | None = Field(
        default=None,
        description='optional rule D (option fractional_odds=d10): the D10 thrown with the 2D6, or "digital"; '
        "asked for when the odds lie between two columns (D-12)",
    )
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class LostUnit(BaseModel):
    """One unit a side gives up to meet a loss: what it counts and what it really lost."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str = Field(
        min_length=1,
        max_length=60,
        description="the unit as labelled in the combat, in any case, optionally followed by what became of it",
    )
    counted: int = Field(
        ge=0, le=200, description="strength counted toward the loss (a division to cadre counts full, D-56)"
    )
    armor: bool = Field(default=False, description="an AECA unit (D-57)")
    change: int | None = Field(
        default=None, ge=0, le=200, description="strength actually lost, if less (full − cadre, C-11)"
    )
    armor_cost: int = Field(default=0, ge=0, le=200, description="armor RP cost of the change (K-05 chart)")


class AllocateLosses(Command):
    """A side names the units that meet its loss from a combat; over-fulfilment earns RPs (D-56, D-57, C-10 [000])."""

    kind: Literal["AllocateLosses"] = "AllocateLosses"
    combat: EntryNumber = Field(description="the entry that resolved the combat")
    side: Name
    units: list[LostUnit] = Field(min_length=1, max_length=60)
    nation: Name | None = Field(default=None, description="the nation whose track takes any excess-loss RPs")
    isolated: bool = Field(default=False, description="the units were Isolated: no RPs (C-13)")


class CreditSupplyPoints(Command):
    """Add Supply Points to a side's pool, with the reason."""

    kind: Literal["CreditSupplyPoints"] = "CreditSupplyPoints"
    side: Name
    amount: Amount
    reason: FreeText
    override: Annotated[Override, FREE_TEXT] = None


class DebitSupplyPoints(Command):
    """Take Supply Points from a side's pool, with the reason."""

    kind: Literal["DebitSupplyPoints"] = "DebitSupplyPoints"
    side: Name
    amount: Amount
    reason: FreeText


class CreditReplacementPoints(Command):
    """Add Replacement Points of one type to a nation's track."""

    kind: Literal["CreditReplacementPoints"] = "CreditReplacementPoints"
    nation: Name
    type: Name = Field(description="replacement type, e.g. infantry, armor, artillery")
    amount: Amount
    reason: FreeText
    override: Annotated[Override, FREE_TEXT] = None


class DebitReplacementPoints(Command):
    """Take Replacement Points of one type from a nation's track."""

    kind: Literal["DebitReplacementPoints"] = "DebitReplacementPoints"
    nation: Name
    type: Name
    amount: Amount
    reason: FreeText


class EnterSupplyZone(Command):
    """Under sp_model 001: a side's units reached supply zone 2, 3 or 4 (B-60); the German stockpile is cut (B-62)."""

    kind: Literal["EnterSupplyZone"] = "EnterSupplyZone"
    side: Name
    zone: int = Field(ge=2, le=4, description="the supply zone now reached (lines 1-3 of B-60 crossed)")
    reason: FreeText = Field(description="what was reached, e.g. 'within 2 hexes of Kiev'")


BrpCategory = Literal[
    "year_start",
    "option",
    "declaration",
    "build",
    "replacement",
    "repair",
    "lend_lease",
    "strategic_warfare",
    "conquest",
    "economic_loss",
    "adjustment",
]


COMMANDS: tuple[type[Command], ...] = (
    CreditSupplyPoints,
    DebitSupplyPoints,
    CreditReplacementPoints,
    DebitReplacementPoints,
    ReceiveSupplyIncome,
    SetCityStatus,
    ActivateMechanized,
    PayAttackSupply,
    PayArtillerySupply,
    PayOverrunSupply,
    PayAirSupply,
    EnterSupplyZone,
    BuyResourcePoints,
    SellResourcePoints,
    SpendResourcePoints,
    BuyRailCapacity,
    ReceiveResourceIncome,
    ReceiveReplacements,
    RecordLosses,
    ReceiveSpecialReplacements,
    SetFactories,
    DisbandPrewarArmor,
    CreditExcessLossReplacements,
    CreditBreakoutReplacements,
    RebuildUnit,
    ReturnCadre,
    ResolveCombat,
    AllocateLosses,
)
"""The Revised Europa commands, in documentation order."""
