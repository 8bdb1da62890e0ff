"""Revised Europa combat commands: one attack or overrun resolved on the 2D6 CRT, and the units a side
names to meet the loss it owes (D-01..D-71 [000], C-10)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import (
    FREE_TEXT,
    Command,
    Divisions,
    EntryNumber,
    FreeLabel,
    Name,
    OneDie,
    TwoDice,
    Witnessed,
)
from referee.common.plausible import Override
from referee.europa.combat.units import Attacker, Defender


class ResolveCombat(Command):
    """Resolve one attack or overrun on the 2D6 CRT with the dice thrown at the table (D-01..D-71 [000])."""

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

    combat: EntryNumber = Field(description="the entry that resolved the combat")
    side: Name
    units: list[LostUnit] = Field(min_length=1, max_length=60)
    nation: Name | None = Field(default=None, description="the nation whose track takes any excess-loss RPs")
    isolated: bool = Field(default=False, description="the units were Isolated: no RPs (C-13)")


COMMANDS: tuple[type[Command], ...] = (ResolveCombat, AllocateLosses)
"""The combat commands, in documentation order."""
