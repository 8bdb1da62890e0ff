"""The commands of territory: conquests and minor allies recorded, a great power's city taken or
bombed, the French colonies' alignment roll and the USSR's supply sources (G-30..G-36, G-83,
G-90..G-93 [004])."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import AnyDice, Command, Name, OneDie, Witnessed
from referee.third_reich.common.terms import Front


class RecordConquest(Command):
    """A conquest or new minor ally whose BRPs join the base at the next year start (G-30, G-33)."""

    power: Name
    territory: Name
    value: int | None = Field(default=None, ge=0, le=500, description="default: the territory table (G-36)")
    from_power: Name | None = Field(default=None, description="a second conquest: the first conqueror loses it (G-32)")


class RecordCityLoss(Command):
    """A great power's city taken (once) or bombed (hits, once a year, up to its value) (G-90..G-92)."""

    power: Name
    city: Name
    city_types: list[Literal["capital", "red_port", "red_victory_city", "black_port", "black_city"]] = Field(
        default_factory=list, max_length=4, description="the hex's city icons; none: the cities chart's (K-43)"
    )
    cause: Literal["captured", "bombed"]
    hits: int = Field(default=0, ge=0, le=100)


class ResolveCityBombing(Command):
    """Air units attack a city instead of supporting ground combat (G-92, G-93): 1D10 on the air
    row of the fire table; each hit costs the city's power 1 BRP, up to the city's value a year."""

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

    faces: AnyDice = Field(description='one 1D6 per group of colonies, in the scenario\'s order, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class CheckSupplySource(Command):
    """Rule on whether Soviet units may trace supply to a city now (G-83): Moscow while the USSR
    holds it, else any red victory city of the pre-war USSR it holds, else any port or city there."""

    city: Name = Field(description="the supply source traced to, as the cities chart names it")


COMMANDS: tuple[type[Command], ...] = (
    RecordConquest,
    RecordCityLoss,
    ResolveCityBombing,
    RollFrenchColonies,
    CheckSupplySource,
)
"""Territory's commands (`referee.third_reich.game` lists every command in documentation order)."""
