"""Revised Third Reich air unit ranges and naval unit types, as a chart and pure checks (seed 004,
RULES.md H-25, H-32, K-46).

The text implies one range, 4 hexes for a 5-4 air fleet (its worked air-zone examples, H-26), and
names fleets of up to 9 factors that transport, land, bombard, escort and intercept (H-23, H-30..
H-33), U-boats and ASW that fight in the strategic-warfare box and the Murmansk box (G-62, G-72).
The ranges of other air units and the list of naval types are K-46's missing data: the bundled
chart (`scenarios/charts/third-reich-air-naval-units.toml`) keeps what the text says, marks the
rest provisional, and is pinned into each campaign and replaceable like every chart. Nothing
here reads the state: the caller passes the distance the referee counted on the map.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

BUNDLED = "third-reich-air-naval-units"
AirMission = Literal["rebase", "counter_air", "ground_support", "naval_strike", "escort", "interception"]
NavalMission = Literal[
    "transport", "amphibious", "bombardment", "escort", "interception", "naval_combat", "strategic_warfare", "murmansk"
]
STAGING = 2
"""H-25 [004]: in the movement phase an air unit may move up to twice its range."""


class AirType(BaseModel):
    """An air unit type: its factors and its range in hexes."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    factors: int = Field(ge=1, le=30)
    range: int = Field(ge=1, le=40, description="hexes it flies a mission; twice that to move in the movement phase")
    provisional: bool
    rule: str = Field(min_length=1)


class NavalType(BaseModel):
    """A naval unit type: the most factors a unit of it holds and the missions it may fly."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    factors: int = Field(ge=1, le=30)
    missions: list[NavalMission] = Field(min_length=1)
    provisional: bool
    rule: str = Field(min_length=1)


class AirNavalUnits(ChartHeading):
    """K-46: air unit types with their ranges, naval unit types with their missions."""

    air: dict[str, AirType] = Field(min_length=1)
    naval: dict[str, NavalType] = Field(min_length=1)

    @model_validator(mode="after")
    def _names(self) -> AirNavalUnits:
        for table, names in (("air", list(self.air)), ("naval", list(self.naval))):
            folded = [name.casefold() for name in names]
            twice = sorted({name for name in names if folded.count(name.casefold()) > 1})
            if twice:
                raise ValueError(f"{table}: {twice} named twice (names are read in any case)")
        return self


def load_air_naval_units(name: str = BUNDLED) -> tuple[AirNavalUnits, str]:
    """The bundled chart or a referee's own file, and its sha256; errors name file, field and value."""
    return read_chart(name, AirNavalUnits, "air and naval unit chart")


def _tag(provisional: bool) -> str:
    return ", provisional" if provisional else ""


def air_type(chart: AirNavalUnits, name: str) -> tuple[str, AirType]:
    """The chart's air type ``name`` (any case), or a refusal listing the types."""
    for known, found in chart.air.items():
        if known.casefold() == " ".join(name.split()).casefold():
            return known, found
    raise IllegalOrderError(f"the air unit chart has no {name!r} (K-46); air types: {', '.join(chart.air)}")


def naval_type(chart: AirNavalUnits, name: str) -> tuple[str, NavalType]:
    """The chart's naval type ``name`` (any case), or a refusal listing the types."""
    for known, found in chart.naval.items():
        if known.casefold() == " ".join(name.split()).casefold():
            return known, found
    raise IllegalOrderError(f"the naval unit chart has no {name!r} (K-46); naval types: {', '.join(chart.naval)}")


def check_air_reach(chart: AirNavalUnits, name: str, factors: int, mission: str, distance: int) -> list[Step]:
    """H-25, K-46 [004]: an air unit reaches a mission's target within its range, and moves in the
    movement phase (``rebase``) up to twice its range; it holds no more factors than its type.

    Raises:
        IllegalOrderError: an unknown type, too many factors, or a target out of reach.
    """
    known, found = air_type(chart, name)
    rule = f"H-25, K-46 [004] ({found.rule}{_tag(found.provisional)})"
    if factors > found.factors:
        raise IllegalOrderError(f"a {known} holds at most {found.factors} air factors; {factors} named (K-46)")
    reach = found.range * STAGING if mission == "rebase" else found.range
    how = f"{found.range} × {STAGING} = {reach} hexes to move" if mission == "rebase" else f"range {reach} hexes"
    if distance > reach:
        raise IllegalOrderError(f"a {known} reaches {reach} hexes ({how}); the {mission} is {distance} away ({rule})")
    return [Step(text=f"{known}, {factors} factors: {mission} at {distance} of {reach} hexes ({how})", rule=rule)]


def check_naval_mission(chart: AirNavalUnits, name: str, factors: int, mission: str) -> Step:
    """H-23, H-32, G-62, K-46 [004]: a naval unit flies only its type's missions, with no more
    factors than its type holds.

    Raises:
        IllegalOrderError: an unknown type, too many factors, or a mission its type may not fly.
    """
    known, found = naval_type(chart, name)
    rule = f"K-46 [004] ({found.rule}{_tag(found.provisional)})"
    if factors > found.factors:
        raise IllegalOrderError(f"a {known} unit holds at most {found.factors} naval factors; {factors} named ({rule})")
    if mission not in found.missions:
        raise IllegalOrderError(
            f"{known} may not {mission.replace('_', ' ')}; its missions: {', '.join(found.missions)} ({rule})"
        )
    return Step(text=f"{known} of {factors} factors: {mission.replace('_', ' ')} allowed", rule=rule)
