"""Second Front fortification commands (Rule 30A4, RULES F-20..F-26 [003]): placing fortifications,
recording who owns a hex, the Westwall's emergency restoration and hex-by-hex improvement, and
reading the effects an attack meets. Each fortification is kept as a table marker
(`referee.europa.fortification_events`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.common.command_base import Command, Name

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

    kind: Literal["PlaceFortification"] = "PlaceFortification"
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

    kind: Literal["RecordHexOwnership"] = "RecordHexOwnership"
    hex: Name
    owner: Name = Field(description="the side that now owns the hex")


class ReviewAlliedWestwall(Command):
    """The Allied Initial phase: every improved Westwall hex the Allies own becomes unimproved (F-25)."""

    kind: Literal["ReviewAlliedWestwall"] = "ReviewAlliedWestwall"


class DeclareWestwallRestoration(Command):
    """Declare the Westwall's emergency restoration at the start of an Axis Initial phase, with an
    Allied ground unit in a Wehrkreis, the Benelux or a French Military Region next to Greater
    Germany (the stated fact ``allied_near_westwall`` of ``Westwall``); once per game (F-25)."""

    kind: Literal["DeclareWestwallRestoration"] = "DeclareWestwallRestoration"


class CompleteWestwallRestoration(Command):
    """In the second Axis Initial phase after the declaration, the German-owned Westwall hexes
    become improved (F-25 [003])."""

    kind: Literal["CompleteWestwallRestoration"] = "CompleteWestwallRestoration"


class ImproveWestwallHex(Command):
    """Begin improving an unimproved, Axis-owned Westwall hex: 4 turns (2 with quick construction)
    and 2 Axis Resource Points from one location (F-25 [003])."""

    kind: Literal["ImproveWestwallHex"] = "ImproveWestwallHex"
    hex: Name
    location: Name = Field(description="where the 2 Axis Resource Points are taken from")
    quick_construction: bool = False


class CompleteWestwallImprovement(Command):
    """The improvement of a Westwall hex is done, once its turns have passed (F-25 [003])."""

    kind: Literal["CompleteWestwallImprovement"] = "CompleteWestwallImprovement"
    hex: Name


class CheckFortificationEffects(Command):
    """The effects an attack into ``hex`` meets from its fortifications, and from a fortified
    hexside it crosses (combined, F-20 [003]); a ruling only."""

    kind: Literal["CheckFortificationEffects"] = "CheckFortificationEffects"
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
