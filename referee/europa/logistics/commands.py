"""Revised Europa logistics commands: SP income and spending, Resource Points, replacements, and the
hand corrections of those accounts (the combat commands are `referee.europa.combat.commands`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from referee.common.command_base import (
    FREE_TEXT,
    Amount,
    Command,
    Divisions,
    FreeText,
    Name,
    Points,
)
from referee.common.plausible import Override

Count = Field(default=0, ge=0, le=1000)
MINOR_DIVISIONS = Field(
    default=0,
    description="sp_model 001 only: Axis minor infantry/cavalry and German security divisions among them, "
    "1 SP per 2 (B-66 [001])",
)
"""The field the attack and overrun payments share (B-66 [001]): written once, so both say the same."""


class ReceiveSupplyIncome(Command):
    """The phasing side takes its SP income in its Initial phase (B-02 [000])."""

    side: Name


class SetCityStatus(Command):
    """Record who holds a Soviet city: soviet, axis (controlled) or besieged (B-10 [000])."""

    city: Name
    status: Literal["soviet", "axis", "besieged"]


class ActivateMechanized(Command):
    """Pay SP to activate c/m units for the Movement or Exploitation phase (B-31..B-35 [000])."""

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

    side: Name
    stacks: list[Divisions] = Field(min_length=1, max_length=50, description="divisions attacking from each stack")
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = False
    override: Annotated[Override, FREE_TEXT] = None
    minor_divisions: Divisions = MINOR_DIVISIONS


class PayArtillerySupply(Command):
    """Pay 1 SP per combat for all artillery firing in it, support and bombardment (B-37, B-38 [000])."""

    side: Name
    combats: int = Field(default=1, ge=1, le=100)
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = False


class PayOverrunSupply(Command):
    """Pay SP for an overrun by non-c/m divisions, 1/2 each rounded up (B-39 [000])."""

    side: Name
    divisions: int = Field(ge=1, le=100)
    units: list[Name] = Field(default_factory=list, max_length=200)
    unpaid: bool = False
    minor_divisions: Divisions = MINOR_DIVISIONS


class PayAirSupply(Command):
    """Pay SP for air groups: 1 per 3 fighters, 1 per 2 others; transports free (B-30 [000])."""

    side: Name
    fighters: int = Field(default=0, ge=0, le=1000)
    others: int = Field(default=0, ge=0, le=1000)
    transports: int = Field(default=0, ge=0, le=1000)
    unpaid: bool = False


class BuyResourcePoints(Command):
    """Buy Resource Points with SP in the Initial phase: 3 SP each (B-50 [000])."""

    side: Name
    count: Amount
    location: Name = Field(description="where they are placed: a place the side holds Resource Points, in any case")
    override: Annotated[Override, FREE_TEXT] = None


class SellResourcePoints(Command):
    """Exchange Resource Points connected by rail to a friendly board edge for 2 SP each (B-51 [000])."""

    side: Name
    count: Amount
    location: Name
    rail_connected: bool = Field(description="the referee confirms the rail connection to a friendly board edge")


class SpendResourcePoints(Command):
    """Spend Resource Points on construction: a fort or an airfield costs 1 (B-54 [000])."""

    side: Name
    purpose: Literal["fort", "airfield"]
    count: Amount
    location: Name
    site: Name = Field(description="where it is built (hex or place name)")


class BuyRailCapacity(Command):
    """Add +10 REs of rail capacity for this game turn per Resource Point, within the nation's limit (B-54)."""

    side: Name
    nation: Name
    resource_points: Amount
    location: Name


class ReceiveResourceIncome(Command):
    """Take the Resource Point income of the turn: Ploesti 1 (Axis), Baku 2 (Soviet) (B-53 [000])."""

    side: Name


class ReceiveReplacements(Command):
    """Take regular replacements: Soviet city RPs from Aug I 1941 and factory output (C-30..C-50)."""

    nation: Name
    factory_armor: int | None = Field(
        default=None, ge=0, le=1000, description="under factory_profile 001: how many factory RPs go to armor"
    )


class RecordLosses(Command):
    """Add losses to the account special replacements are drawn from (C-40 [000])."""

    nation: Name
    type: Name
    amount: Amount


class ReceiveSpecialReplacements(Command):
    """Take special replacements: 1/4 of accumulated losses, from Jul I 1941 (C-40 [000])."""

    nation: Name


class SetFactories(Command):
    """Record how many factories are operating and how many of those are upgraded (K-07)."""

    nation: Name
    operating: int = Field(ge=0, le=100)
    upgraded: int = Field(default=0, ge=0, le=100)


class DisbandPrewarArmor(Command):
    """Apr II 1942: disband pre-war Soviet tank and mech divisions for armor RPs = attack (C-60 [000])."""

    side: Name
    unit_ids: list[Name] = Field(min_length=1, max_length=200)


class CreditExcessLossReplacements(Command):
    """RPs from over-fulfilling a combat loss, usable next game turn (C-10..C-15 [000])."""

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

    nation: Name
    total_strength: int = Field(ge=0, le=1000, description="armor and artillery count their defense strength")
    modified_roll: int = Field(ge=-20, le=30)
    unit_ids: list[Name] = Field(default_factory=list, max_length=200)


class RebuildUnit(Command):
    """Spend RPs to bring a cadre to full strength (C-02, C-62, C-63 [000])."""

    side: Name
    unit_id: Name
    cost: dict[Name, Points] | None = Field(
        default=None, description="RPs by type from your own chart; default: provisional chart"
    )


class ReturnCadre(Command):
    """Spend RPs equal to the cadre's strength to bring a dead cadre back (C-63 [000])."""

    side: Name
    unit_id: Name
    location: str = Field(default="", max_length=80)


class SupplyPointsCorrection(BaseModel):
    """The fields of a hand correction of a side's Supply Points (`CreditSupplyPoints`,
    `DebitSupplyPoints`), declared once so the pair keeps one shape. A mixin, listed before
    `Command`: its fields follow ``kind`` as they always stood (docs/commands.md, the forms)."""

    side: Name
    amount: Amount
    reason: FreeText


class CreditSupplyPoints(SupplyPointsCorrection, Command):
    """Add Supply Points to a side's pool, with the reason."""

    override: Annotated[Override, FREE_TEXT] = None


class DebitSupplyPoints(SupplyPointsCorrection, Command):
    """Take Supply Points from a side's pool, with the reason."""


class ReplacementPointsCorrection(BaseModel):
    """The fields of a hand correction of a nation's Replacement Points of one type
    (`CreditReplacementPoints`, `DebitReplacementPoints`), declared once so the pair keeps one shape."""

    nation: Name
    type: Name
    amount: Amount
    reason: FreeText


class CreditReplacementPoints(ReplacementPointsCorrection, Command):
    """Add Replacement Points of one type to a nation's track."""

    type: Name = Field(description="replacement type, e.g. infantry, armor, artillery")
    override: Annotated[Override, FREE_TEXT] = None


class DebitReplacementPoints(ReplacementPointsCorrection, Command):
    """Take Replacement Points of one type from a nation's track."""


class EnterSupplyZone(Command):
    """Under sp_model 001: a side's units reached supply zone 2, 3 or 4 (B-60); the German stockpile is cut (B-62)."""

    side: Name
    zone: int = Field(ge=2, le=4, description="the supply zone now reached (lines 1-3 of B-60 crossed)")
    reason: FreeText = Field(description="what was reached, e.g. 'within 2 hexes of Kiev'")


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
)
"""The Revised Europa logistics commands, in documentation order (`referee.europa.game` puts the
combat commands after them)."""
