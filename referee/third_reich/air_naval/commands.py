"""Third Reich air and naval commands: a contested hex's air and naval combat, counter-air,
naval interception, airborne drops and amphibious landings (H-20..H-34 [004]), and the checks of
an air unit's reach and a fleet's transport or sea SR (H-25, H-32, J-66, K-46). What the book
cannot read off a map (what is in range, how far a port is) the referee states in the command;
the checks record a ruling and no event."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Digital, Name, Witnessed
from referee.third_reich.air_naval.air_naval_units import AirMission
from referee.third_reich.common.terms import Front

Factors = Annotated[int, Field(ge=0, le=200)]
Drm = Annotated[int, Field(ge=-3, le=3, description="weather or other DRM (values not in the text: K-42)")]
TenSided = Annotated[list[Annotated[int, Field(ge=-100, le=100)]], Field(max_length=12)] | Digital


class RollsBy(Command):
    """The dice fields of these commands: 1D10 faces in the order the ruling asks, or "digital"."""

    kind: str = ""
    """A field group, no command: it keeps `Command`'s empty kind, each command below fixes its own."""
    rolls: TenSided = Field(description='1D10 faces in the order the fight asks for them, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class ResolveAirNavalCombat(RollsBy):
    """Air and naval combat in a hex where both sides have air or fleets, in the order H-23 gives:
    air-to-air, air against fleets (the fleets firing back at 1/3), fleets against fleets; the
    phasing survivors may then support the ground combat there."""

    power: Name = Field(description="the phasing power whose offensive covers the front")
    front: Front
    hex: Name
    phasing_air: Factors = 0
    phasing_naval: Factors = 0
    non_phasing_air: Factors = 0
    non_phasing_naval: Factors = 0
    phasing_drm: Drm = 0
    non_phasing_drm: Drm = 0


class ResolveCounterAir(RollsBy):
    """Counter-air on an enemy air base (H-24): one air-to-air round; as many of the enemy's air
    factors as were sent are neutralized for the rest of the player turn."""

    power: Name
    front: Front
    base: Name = Field(description="the enemy city or airbase attacked")
    sent: Factors
    targeted: Factors = Field(description="the enemy air factors at the base")
    phasing_drm: Drm = 0
    non_phasing_drm: Drm = 0


class InterceptingPort(BaseModel):
    """The fleets of one port trying to intercept, with the range the referee counted (H-30, H-31)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    port: Name
    fleets: list[Annotated[int, Field(ge=1, le=9)]] = Field(min_length=1, max_length=10)
    distance: int = Field(ge=0, le=99, description="hexes to the target's ending hex")
    same_zone: bool = Field(default=True, description="the target is in the port's zone (either, for a dual port)")
    murmansk: bool = Field(default=False, description="fleets assigned to the Murmansk box intercept automatically")


class ResolveInterception(RollsBy):
    """Naval interception of a moving force (H-30, H-31): one roll per port, as a body."""

    power: Name = Field(description="the intercepting (non-phasing) power")
    target: Name = Field(description="the moving force's ending hex")
    phasing_air_in_range: Factors = Field(default=0, description="phasing air factors in range of the target hex")
    non_phasing_air_in_range: Factors = Field(default=0, description="non-phasing air factors in range of it")
    ports: list[InterceptingPort] = Field(min_length=1, max_length=10)


class ResolveAirDrop(RollsBy):
    """An airborne drop (H-34): Clear weather, offensive option, 6 hexes, not into an uncontested
    enemy air zone; intercepting air may destroy the unit beyond what the escort absorbs."""

    power: Name
    front: Front
    unit: Name
    strength: int = Field(ge=1, le=30)
    hex: Name = Field(description="the hex dropped into")
    region: Name = Field(description="the weather region of that hex")
    distance: int = Field(ge=0, le=99, description="hexes from the unit's city or airbase")
    friendly_air_in_range: Factors = 0
    enemy_air_in_range: Factors = Field(default=0, description="enemy air in range of the hex (after counter-air)")
    escort: Factors = 0
    interceptors: Factors = 0
    escort_drm: Drm = 0
    interceptor_drm: Drm = 0


class ResolveAmphibiousLanding(Command):
    """An invasion from the sea (H-32, H-33): an offensive option's movement phase, within the
    fleet's zone, not through an uncontested enemy air zone, at most 2 units and 1/3 of the
    fleets' strength; an empty beach falls and gets a beachhead marker, a defended one is a land
    combat (ResolveLandCombat with the landing units marked amphibious)."""

    power: Name
    front: Front
    beach: Name = Field(description="the hex landed on")
    fleets: list[Annotated[int, Field(ge=1, le=9)]] = Field(min_length=1, max_length=10)
    units: list[Annotated[int, Field(ge=1, le=30)]] = Field(min_length=1, max_length=10, description="unit factors")
    defenders: int = Field(default=0, ge=0, le=10, description="enemy units in the beach hex")
    same_zone: bool = Field(default=True, description="the beach is in the fleets' zone")
    friendly_air_offshore: Factors = 0
    enemy_air_offshore: Factors = 0
    friendly_air_at_beach: Factors = 0
    enemy_air_at_beach: Factors = 0
    bridgeheads_in_play: int = Field(default=0, ge=0, le=10, description="the power's beachhead markers on the map")
    removing: Name | None = Field(default=None, description="a beachhead marker taken off to stay at 3")


class CheckAirMission(Command):
    """Whether an air unit reaches a mission's target, or its new base in the movement phase (H-25,
    K-46 [004]): its type's range from the pinned chart, twice that to move."""

    power: Name
    front: Front
    unit: Name = Field(description="the air unit as the table calls it")
    air_type: Name = Field(description="its type in the air and naval unit chart: '5-4 air fleet'")
    factors: int = Field(ge=1, le=30)
    mission: AirMission
    distance: int = Field(ge=0, le=99, description="hexes from its base to the target (or the new base)")


class SeaFleet(BaseModel):
    """A naval unit of a transport or sea SR: its type in the unit chart and its factors."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    type: Name = Field(default="fleet", description="its type in the air and naval unit chart")
    factors: int = Field(ge=1, le=30)


class CheckSeaMove(Command):
    """A naval transport in the movement phase (an offensive's naval mission: 1/2 of each fleet
    rounded down, H-32) or a sea SR in the SR phase (not through an uncontested enemy air zone,
    H-25; after an interception at least 9 naval factors stay on escort, J-66)."""

    power: Name
    front: Front | None = Field(default=None, description="transport: the front of the offensive that carries it")
    mission: Literal["transport", "sea_sr"]
    fleets: list[SeaFleet] = Field(min_length=1, max_length=10)
    ground_factors: int = Field(default=0, ge=0, le=200, description="ground factors carried")
    friendly_air_in_range: Factors = 0
    enemy_air_in_range: Factors = Field(
        default=0, description="enemy air in range of the sea route (after counter-air)"
    )
    escort_left: list[Annotated[int, Field(ge=0, le=30)]] | None = Field(
        default=None, max_length=10, description="sea SR: each escorting fleet's factors after an interception"
    )


COMMANDS: tuple[type[Command], ...] = (
    ResolveAirNavalCombat,
    ResolveCounterAir,
    ResolveInterception,
    ResolveAirDrop,
    ResolveAmphibiousLanding,
    CheckAirMission,
    CheckSeaMove,
)
"""The air and naval commands (`referee.third_reich.game` lists every command in documentation order)."""
