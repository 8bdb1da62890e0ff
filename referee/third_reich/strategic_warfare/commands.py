"""The strategic-warfare commands: hits typed in, one round of U-boats against ASW or bombers
against interceptors, and the factors a power holds stated (G-61..G-68 [004])."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from referee.common.command_base import FREE_TEXT, Command, Digital, FreeText, Name, Witnessed
from referee.common.plausible import Override

TenSided = Annotated[list[Annotated[int, Field(ge=-100, le=100)]], Field(min_length=0, max_length=3)] | Digital


class RecordStrategicWarfareHits(Command):
    """Hits on a power's economy from submarines or bombers (results of SW combat, G-61..G-66)."""

    power: Name
    attacker: Literal["submarines", "bombers"]
    hits: int = Field(ge=0, le=500)


class ResolveStrategicWarfare(Command):
    """Fight one strategic-warfare round and record the BRP hits (G-61..G-68, H-20, H-21 [004])."""

    attacker: Literal["submarines", "bombers"]
    target: Name = Field(
        description="the economy attacked: UK or USA for U-boats (Germany's choice), Germany for bombers"
    )
    offensive_factors: int = Field(ge=0, le=500, description="U-boat or bomber factors in the round")
    defensive_factors: int = Field(ge=0, le=500, description="ASW or interceptor factors opposing them")
    offence_drm: int = Field(
        default=0, ge=-3, le=3, description="DRM on the U-boats'/bombers' rolls (weather, from your chart)"
    )
    defence_drm: int = Field(default=0, ge=-3, le=3, description="DRM on the ASW/interceptor roll")
    uboats_held: int | None = Field(
        default=None,
        ge=0,
        le=500,
        description="U-boat rounds: every U-boat factor Germany holds, any in the Murmansk box included; where "
        "the book keeps Germany's U-boats it is checked against them, else needed when Germany sealed a Murmansk "
        "order this turn, whose U-boats sit out the round (G-72)",
    )
    asw_held: int | None = Field(
        default=None,
        ge=0,
        le=500,
        description="U-boat rounds: every ASW factor the Allies hold, any left in the Murmansk box included; where "
        "the book keeps the Allies' ASW it is checked against them, else needed when a sealed Murmansk fight keeps "
        "ASW from this round (G-72, J-58)",
    )
    rolls: TenSided = Field(
        description="1D10 faces in order: defence fire, offence fire, offence at the economy "
        '(only those the fight needs), or "digital"'
    )
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None
    override: Annotated[Override, FREE_TEXT] = None


SwCount = Annotated[
    int | None, Field(ge=0, le=500, description="factors of this kind in the power's SW box; null: not stated")
]


class StateStrategicForces(Command):
    """State the strategic-warfare factors a power holds (G-62..G-67): where the book does not know
    them (a campaign recorded before it kept them), or, with the referee's reason, where the table
    holds other than the book's count."""

    power: Name
    submarines: SwCount = None
    asw: SwCount = None
    bombers: SwCount = None
    interceptors: SwCount = None
    reason: FreeText = Field(description="what the table holds, e.g. 'counted in the SW box at the Spring 1943 start'")
    override: Annotated[Override, FREE_TEXT] = None


COMMANDS: tuple[type[Command], ...] = (RecordStrategicWarfareHits, ResolveStrategicWarfare, StateStrategicForces)
"""Strategic warfare's commands (`referee.third_reich.game` lists every command in documentation order)."""
