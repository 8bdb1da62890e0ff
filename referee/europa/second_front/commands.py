"""Second Front commands (seed 003).

- Minimum-dice-roll AA fire (Optional Rule 37L; RULES F-01..F-14 [003]): one AA fire at the air
  units flying air transport or bombing missions in a hex, read on the campaign's pinned AA table
  (K-30). The book keeps no air unit status: the ruling says what befell each unit.
- Fortifications (Rule 30A4, RULES F-20..F-26 [003]): placing fortifications, recording who owns a
  hex, the Westwall's emergency restoration and hex-by-hex improvement, and reading the effects an
  attack meets. Each fortification is kept as a table marker (`referee.europa.second_front.events`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, Name, TwoDice, Witnessed

Mission = Literal[
    "ground_support",
    "DAS",
    "harassment",
    "bombing",
    "naval_bombing",
    "air_transport",
    "airdrop",
    "interception",
    "patrol",
    "sweep",
    "transfer",
]
"""F-01, F-08 [003]: `bombing` is any bombing but GS, DAS, harassment and naval units (rail, airfields,
ports...); the last four are missions AA may not fire at."""
AAPoints = Annotated[int, Field(ge=0, le=999)]


class AirUnitUnderFire(BaseModel):
    """An air unit in the hex, in the order drawn at the table (F-09 [003])."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    label: Name = Field(description="the unit as the table calls it, e.g. 'P-47D25 a'")
    type: Annotated[str, Field(pattern=r"^[A-Z]{1,4}$")] = Field(
        description="F, B, SB, LB, HB, SHB, HT, T...", examples=["F"]
    )
    df: int = Field(ge=0, le=30, description="the printed defense factor")
    codes: Annotated[str, Field(pattern=r"^[A-Za-z]{0,8}$")] = Field(default="", description="code letters, e.g. T")
    escort: bool = Field(default=False, description="flying escort: AA never fires at it (F-01)")
    mission: Mission | None = Field(default=None, description="its own mission if not the command's (F-12)")


class ResolveMinimumRollAA(Command):
    """One minimum-dice-roll AA fire (F-05 [003]): the AA strength (F-02..F-04), its column, the
    shifts (F-06, A-41), the DRM past the left edge (F-07), the DFs by type and mission (F-08) and
    each drawn unit's fate (F-09, F-10)."""

    side: Name = Field(description="the side firing the AA")
    hex: Name = Field(description="the target hex")
    mission: Mission = Field(description="the mission fired at: DAS, harassment and naval bombing count AA their way")
    aa_nationality: Literal["German", "Allied", "Italian", "Soviet", "Minor", "mixed"] = Field(
        description="whose AA fires (F-06: German or Allied +1, Soviet or Minor Power -1)"
    )
    night: bool = False
    aa: AAPoints | None = Field(
        default=None,
        description="the AA in the target hex (GS, bombing, air transport, airdrop, harassment), "
        "or the non-naval AA of a port (naval bombing in port)",
    )
    adjacent_aa: list[AAPoints] = Field(
        default_factory=list,
        max_length=6,
        description="DAS: the AA of each adjacent hex holding friendly units (F-03); "
        "harassment: of each adjacent land hex with AA (F-04)",
    )
    naval_aa: list[AAPoints] = Field(
        default_factory=list, max_length=40, description="naval bombing: the AA of each naval unit firing (F-02)"
    )
    in_port: bool = Field(default=False, description="naval bombing: the naval units are in port (F-02)")
    heavy_aa: AAPoints | None = Field(
        default=None,
        description="the heavy AA alone, counted as the mission counts it: the only AA that fires at an HB on "
        "other missions (F-08); fire at such HBs apart from units light AA may fire at",
    )
    aa_units: list[Name] = Field(
        default_factory=list,
        max_length=40,
        description="instead of aa: the firing side's roster units whose aa rating fires (K-31)",
    )
    air_units: list[AirUnitUnderFire] = Field(default_factory=list, max_length=40, description="in the order drawn")
    roster_air_units: list[Name] = Field(
        default_factory=list,
        max_length=40,
        description="air units of the other side's roster, drawn after air_units: type, DF and codes from their "
        "ratings air_type, df and codes (K-31)",
    )
    dedicated: bool = Field(default=False, description="declared dedicated before the AA fires (F-10)")
    faces: TwoDice | None = Field(default=None, description='the 2D6 thrown, or "digital"')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


AA_COMMANDS: tuple[type[Command], ...] = (ResolveMinimumRollAA,)


Kind = Literal[
    "fort",
    "fortified_area",
    "port_fortification",
    "fortified_hexside",
    "fortress",
    "westwall",
    "ouvrage",
]


class PlaceFortification(Command):
    """Put a fortification on the map: set up as the order of battle gives it (a fortress improved
    or unimproved, F-22; fortified hexsides, ouvrages and Westwall hexes unimproved, F-24, F-25),
    or a fort counter built in play (2 turns, 1 with quick construction, F-26)."""

    side: Name = Field(description="the side that owns the fortification's hex")
    hex: Name = Field(description="the hex, or for a fortified hexside the hexside ('0512/0513')")
    fortification: Kind
    condition: Literal["improved", "unimproved", "destroyed"] | None = Field(
        default=None, description="a fortress: improved or unimproved (F-22); an ouvrage may start destroyed"
    )
    level: int | None = Field(default=None, ge=1, le=3, description="a Westwall hex: its level 1, 2 or 3 (F-20)")
    origin: Literal["setup", "built"] = Field(default="setup", description="set up by the order of battle, or built")
    begun: int | None = Field(default=None, description="a built fort: the game turn its construction began (F-26)")
    quick_construction: bool = Field(default=False, description="a built fort: by quick construction (F-26)")


class RecordHexOwnership(Command):
    """Record that a side now owns a hex; its fortification reacts: a fort is destroyed (F-21), an
    improved fortress becomes unimproved (F-22), others keep their condition (F-24), and a
    Westwall hex the Allies own becomes unimproved in the Allied Initial phase (F-25)."""

    hex: Name
    owner: Name = Field(description="the side that now owns the hex")


class ReviewAlliedWestwall(Command):
    """The Allied Initial phase: every improved Westwall hex the Allies own becomes unimproved (F-25)."""


class DeclareWestwallRestoration(Command):
    """Declare the Westwall's emergency restoration at the start of an Axis Initial phase, with an
    Allied ground unit in a Wehrkreis, the Benelux or a French Military Region next to Greater
    Germany (the stated fact ``allied_near_westwall`` of ``Westwall``); once per game (F-25)."""


class CompleteWestwallRestoration(Command):
    """In the second Axis Initial phase after the declaration, the German-owned Westwall hexes
    become improved (F-25 [003])."""


class ImproveWestwallHex(Command):
    """Begin improving an unimproved, Axis-owned Westwall hex: 4 turns (2 with quick construction)
    and 2 Axis Resource Points from one location (F-25 [003])."""

    hex: Name
    location: Name = Field(description="where the 2 Axis Resource Points are taken from")
    quick_construction: bool = False


class CompleteWestwallImprovement(Command):
    """The improvement of a Westwall hex is done, once its turns have passed (F-25 [003])."""

    hex: Name


class CheckFortificationEffects(Command):
    """The effects an attack into ``hex`` meets from its fortifications, and from a fortified
    hexside it crosses (combined, F-20 [003]); a ruling only."""

    hex: Name
    hexside: Name | None = Field(default=None, description="the hexside the attack crosses, if fortified")


FORTIFICATION_COMMANDS = (
    PlaceFortification,
    RecordHexOwnership,
    ReviewAlliedWestwall,
    DeclareWestwallRestoration,
    CompleteWestwallRestoration,
    ImproveWestwallHex,
    CompleteWestwallImprovement,
    CheckFortificationEffects,
)
