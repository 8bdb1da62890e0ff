"""Revised Third Reich commands of issue 29's economy rules: northern lend lease placed in the
movement phase (J-67), an air attack on a city (G-92, G-93), the French colonies' alignment roll
(G-35) and the USSR's supply sources (G-83)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import AnyDice, Command, Name, OneDie, Witnessed
from referee.third_reich.commands import Front


class PlaceLendLease(Command):
    """Northern lend lease placed in the Murmansk box in the giver's Spring movement phase, under
    option lend_lease_placement=movement_phase (J-67, G-56, G-58): 20 or nothing, 1 SR."""

    kind: Literal["PlaceLendLease"] = "PlaceLendLease"
    route: Name = Field(description="a northern route of the scenario, e.g. 'UK to USSR'")
    amount: int = Field(ge=0, le=100)


class ResolveCityBombing(Command):
    """Air units attack a city instead of supporting ground combat (G-92, G-93): 1D10 on the air
    row of the fire table; each hit costs the city's power 1 BRP, up to the city's value a year."""

    kind: Literal["ResolveCityBombing"] = "ResolveCityBombing"
    power: Name = Field(description="the attacking power, under its offensive option on the front")
    front: Front
    city: Name = Field(description="the city as the cities chart names it")
    air_factors: int = Field(ge=1, le=200, description="air factors over the city after any air-to-air combat")
    drm: int = Field(default=0, ge=-3, le=3, description="weather DRM (values not in the text: K-42)")
    faces: OneDie | None = Field(default=None, description='1D10 as thrown, e.g. [7], or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class RollFrenchColonies(Command):
    """After Vichy forms, each group of French colonies rolls 50-50 for Vichy or the Free French
    (G-35): 1D6, 1-3 Vichy, 4-6 Free French, one die per group in the scenario's order."""

    kind: Literal["RollFrenchColonies"] = "RollFrenchColonies"
    faces: AnyDice = Field(description='one 1D6 per group of colonies, in the scenario\'s order, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class CheckSupplySource(Command):
    """Rule on whether Soviet units may trace supply to a city now (G-83): Moscow while the USSR
    holds it, else any red victory city of the pre-war USSR it holds, else any port or city there."""

    kind: Literal["CheckSupplySource"] = "CheckSupplySource"
    city: Name = Field(description="the supply source traced to, as the cities chart names it")


ECONOMY_COMMANDS: tuple[type[Command], ...] = (
    PlaceLendLease,
    ResolveCityBombing,
    RollFrenchColonies,
    CheckSupplySource,
)
"""Issue 29's economy commands, in documentation order."""
