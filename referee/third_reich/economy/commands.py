"""The commands of the BRP economy: options, builds, recovery, repair, SRs, the year start (with
the lend lease it sends), a power entering play, and BRPs granted, spent or the base adjusted by
hand (A-63, G-01..G-53 [004])."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, Field

from referee.common.command_base import FREE_TEXT, Amount, Command, FreeText, Name
from referee.common.plausible import Override
from referee.third_reich.common.terms import Front
from referee.third_reich.economy.force_pools import BuiltCounter


class DeclareOption(Command):
    """Declare a power's option on one front for this turn: offensive 10, attrition 5, pass 0 (A-63)."""

    power: Name
    front: Front
    option: Literal["offensive", "attrition", "pass"]


class BuildUnits(Command):
    """Buy units in the Build phase, priced per factor (G-40) within the build limits (G-42, G-43)."""

    power: Name
    category: Literal[
        "infantry", "armor", "replacement", "naval", "air", "airborne", "submarines", "asw", "bombers", "interceptors"
    ]
    factors: int = Field(ge=1, le=200)
    fleets: int = Field(default=0, ge=0, le=20, description="9-factor fleets among the naval factors")
    units: list[Name] = Field(default_factory=list, max_length=50)
    site: Name | None = Field(
        default=None, description="the build port or city (naval and air: checked against the cities chart, G-45)"
    )
    counters: list[BuiltCounter] = Field(
        default_factory=list,
        max_length=10,
        description="the force pool counters bought, checked against the pinned pool of the year (G-02, K-44)",
    )


class BuildAirbase(Command):
    """Build an airbase: 2 BRPs, at most 3 per power (G-40, G-45)."""

    power: Name
    site: Name


class RecoverUnit(Command):
    """Swap a replacement for a just-eliminated unit: armor of strength 3/4/5 pays 2/4/6 (G-50..G-52)."""

    power: Name
    unit: Name
    unit_type: Literal["infantry", "armor"]
    strength: int = Field(ge=1, le=20)
    cause: Literal["enemy_attrition", "attacker_crt_loss", "defender_in_enemy_offensive", "isolation", "airborne"]


class StartNavalRepair(Command):
    """Repair a fleet back to 9 factors: 3 BRPs per factor, time by factors (G-44)."""

    power: Name
    fleet: Name
    factors: int = Field(ge=1, le=9, description="factors to restore")


class RecordRedeployments(Command):
    """Strategic redeployments made this turn, against the power's limit (G-53)."""

    power: Name
    count: Amount


class LendLeaseGrant(Command):
    """Part of a year start: one lend lease grant on a route the text allows (G-55..G-60)."""

    route: Name
    amount: int = Field(ge=0, le=100)


class PerformYearStart(Command):
    """A power's year start (G-10, G-13, G-15): base, total, SW maximums, lend lease it sends."""

    power: Name
    lend_lease: list[LendLeaseGrant] = Field(default_factory=list, max_length=5)
    open_iran_route: bool = Field(default=False, description="USA: pay 15 once to open the southern route (G-59)")
    ussr_cities_held_value: int | None = Field(
        default=None, ge=0, le=500, description="USSR: value of pre-war cities the Axis holds now (G-80)"
    )


class ActivatePower(Command):
    """A power enters play (the USA in 1942 with its base, G-01)."""

    power: Name


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


class BrpCorrection(BaseModel):
    """The fields of BRPs granted or spent by the referee (`GrantBrp`, `SpendBrp`), declared once
    so the pair keeps one shape. A mixin, listed before `Command`: its fields follow ``kind`` as they
    always stood (docs/commands.md, the forms)."""

    power: Name
    amount: Amount
    category: BrpCategory
    reason: FreeText
    override: Annotated[Override, FREE_TEXT] = None


class GrantBrp(BrpCorrection, Command):
    """Add BRPs to a power's total."""


class SpendBrp(BrpCorrection, Command):
    """Spend BRPs from a power's total, within half the total in a game turn (G-42)."""

    version: ClassVar[int] = 2  # 2: override, the referee's reason for spending past the limit
    upcasters: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {
        1: lambda recorded: {**recorded, "override": None}
    }


class AdjustBrpBase(Command):
    """Change a power's BRP base by a signed amount (0 allowed: 'no change this year')."""

    power: Name
    change: int = Field(ge=-100_000, le=100_000)
    category: BrpCategory
    reason: FreeText


COMMANDS: tuple[type[Command], ...] = (
    GrantBrp,
    SpendBrp,
    AdjustBrpBase,
    DeclareOption,
    BuildUnits,
    BuildAirbase,
    RecoverUnit,
    StartNavalRepair,
    RecordRedeployments,
    PerformYearStart,
    ActivatePower,
)
"""The economy's commands (`referee.third_reich.game` lists every command in documentation order)."""
