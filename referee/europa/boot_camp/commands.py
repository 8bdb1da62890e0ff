"""Europa Boot Camp commands (seed 002, RULES E, C-65): combat on the 1D6 CRT, stacks stated for
the stacking limit, the provisional replacements, and rulings on retreat and supply.

Refused unless the campaign plays Boot Camp (option ``combat_system=boot_camp``, J-46).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.command_base import Command, FreeLabel, Name, OneDie, Points, Witnessed

Label = Annotated[
    str, Field(min_length=1, max_length=60, pattern=r"^[^;|/]+$", description="the unit as the table calls it")
]


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class BootCampUnit(_Part):
    """A unit in a Boot Camp combat, as read off its counter (E-01, E-02, E-10, E-18, E-27)."""

    label: Label
    strength: int = Field(ge=0, le=200, description="printed attack strength (attacker) or defence (defender)")
    divisional: bool = Field(default=False, description="a division: has a ZOC and support (E-18, E-30)")
    cm: bool = Field(default=False, description="combat/motorized: a c/m division counts for AEC (E-10)")
    supported: bool = Field(default=False, description="the supported dot on the counter (E-18)")
    supply: Literal["supplied", "unsupplied", "unsupplied_first_turn"] = Field(
        default="supplied",
        description="as traced in the Initial phase; unsupplied_first_turn: its first turn out of supply and not "
        "isolated (Second Front playtest, F-26: an attacker is not halved)",
    )
    type: Name = Field(default="infantry", description="e.g. infantry, armor, artillery, engineer")
    hexside: Name = Field(default="none", description="an attacker: the hexside it attacks across (TEC)")
    hex: Name | None = Field(default=None, description="an attacker: its hex (support must be stacked with it)")
    retreated_here: bool = Field(default=False, description="a defender that retreated into the hex (E-21)")
    nation: Name | None = Field(default=None, description="its nation (Second Front: US and UK together, F-26)")


class ResolveBootCampCombat(Command):
    """Resolve one attack on the Boot Camp 1D6 CRT (E-01..E-17 [002])."""

    side: Name = Field(description="the attacking (phasing) side")
    what: FreeLabel = Field(default="", description="the combat as the table calls it")
    hex: Name | None = Field(default=None, description="the defender's hex (its stated terrain is read)")
    terrain: Name | None = Field(
        default=None, description="the defender's terrain on the TEC; none: as stated, or clear"
    )
    zone: Name = Field(description="the defender's weather zone")
    attackers: list[BootCampUnit] = Field(min_length=1, max_length=30)
    defenders: list[BootCampUnit] = Field(min_length=1, max_length=20)
    offensive_bombers: Points = Field(default=0, description="offensive air-support bomber points (E-01)")
    defensive_bombers: Points = Field(default=0, description="defensive air-support bomber points (E-02)")
    fortifications: list[Name] = Field(
        default_factory=list,
        max_length=2,
        description="the fortification(s) the attack meets, as the fortification chart names them (F-20): the "
        "hex's, and a fortified hexside crossed; a fortification placed in the hex is read without naming it",
    )
    fort_drm: int = Field(default=0, ge=-3, le=0, description="a fortification's DRM")
    fort_no_aec: bool = Field(default=False, description="a fortification cancels AEC")
    fort_attacker_halved: bool = Field(
        default=False, description="a fortification halves attackers (engineers and artillery excepted)"
    )
    faces: OneDie | None = Field(default=None, description='the 1D6 thrown, or "digital"; none yet: a preview')
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class StackedUnit(_Part):
    """A unit in a stack, as the stacking limit counts it (E-28)."""

    label: Label
    divisional: bool = False
    artillery: bool = False
    artillery_division: bool = False


class RecordStack(Command):
    """State what stands in a hex (no units: the hex is empty); a phase other than the Initial
    cannot end while a stated stack is over the limit (E-28, E-29 [002])."""

    side: Name
    hex: Name = Field(description="the hex as the table calls it")
    units: list[StackedUnit] = Field(default_factory=list, max_length=30)


class ReceiveBootCampReplacements(Command):
    """The phasing nation takes its replacements in the Initial phase, once a turn (C-65 [002];
    the amounts are the scenario's, provisional, K-20)."""

    nation: Name


class RetreatOption(_Part):
    """A hex one hex away a retreat could enter (not enemy-occupied, not prohibited)."""

    hex: Name
    in_enemy_zoc: bool | None = Field(default=None, description="none: as stated for the hex (in_enemy_zoc)")
    overstacked: bool = Field(default=False, description="the unit would be over the stacking limit there")
    friendly_occupied: bool = False


class RetreatingUnit(_Part):
    """A unit that must retreat."""

    label: Label
    has_cadre: bool = Field(default=False, description="a division with a cadre on its back")
    is_cadre: bool = False
    german_cm: bool = Field(default=False, description="a German c/m unit (E-21)")


class CheckBootCampRetreat(Command):
    """Where each unit retreats and what becomes of it (E-20, E-21 [002])."""

    side: Name = Field(description="the retreating side")
    hex: Name = Field(description="the hex it retreats from (its stated retreat_blocked is read)")
    units: list[RetreatingUnit] = Field(min_length=1, max_length=20)
    hexes: list[RetreatOption] = Field(default_factory=list, max_length=6)


class SupplyLineHex(_Part):
    """One hex the overland supply line enters."""

    hex: Name
    enemy_occupied: bool = False
    in_enemy_zoc: bool | None = Field(default=None, description="none: as stated for the hex (in_enemy_zoc)")
    friendly_occupied: bool = False


class TraceBootCampSupply(Command):
    """A unit's overland supply line in the Initial phase (E-25..E-27, A-21, A-22 [002])."""

    side: Name
    unit: Name
    zone: Name = Field(description="the weather zone the line runs in")
    hexes: list[SupplyLineHex] = Field(default_factory=list, max_length=12)
    plain: int = Field(default=0, ge=0, le=12, description="further open hexes not named")
    reaches: Literal["source", "rail", "road"] = Field(
        default="source", description="the line ends at a source, or a rail line or road leading to one"
    )


BOOT_CAMP_COMMANDS = (
    ResolveBootCampCombat,
    RecordStack,
    ReceiveBootCampReplacements,
    CheckBootCampRetreat,
    TraceBootCampSupply,
)
