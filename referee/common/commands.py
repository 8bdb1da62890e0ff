"""The commands every game has: the calendar, weather, markers, dice, notes, units, facts,
rollback and branch, and the creation of a campaign (the JSON form of each is in docs/commands.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from referee.common.command_base import AnyDice, Command, EntryNumber, FreeText, Name, Text, TwoDice, Witnessed
from referee.common.sealing_commands import RevealOrder, SealOrder


class CreateCampaign(Command):
    """Start a campaign from a scenario (entry #1)."""

    scenario: str = Field(
        min_length=1, max_length=400, description="bundled scenario name or path to a scenario TOML file"
    )
    name: Name = Field(description="the campaign's name")
    ruleset: Name | None = Field(
        default=None,
        description="play under another rules version of the same game (e.g. europa-001); default: the scenario's",
    )
    options: dict[Name, Name] = Field(default_factory=dict, description="ruleset options to change (docs/options.md)")
    charts: str | None = Field(
        default=None,
        max_length=400,
        description=(
            "your own printed chart in the layout of the bundled one: Europa scenarios/charts/europa-combat.toml, "
            "Third Reich scenarios/charts/third-reich-fire.toml; default: the bundled provisional chart"
        ),
    )
    campaign_id: str | None = Field(default=None, description="UUID; generated when omitted")


class AdvancePhase(Command):
    """Move to the next phase (into the next player turn or game turn at the end)."""


class AdvancePlayerTurn(Command):
    """Move to the first phase of the next player turn."""


class AdvanceGameTurn(Command):
    """Move to the first phase of the next game turn."""


class SetWeather(Command):
    """Record the weather in a zone (Europa) or region (Third Reich)."""

    zone: Name
    condition: Name


class SetMarker(Command):
    """Put a named marker on the game record."""

    name: Name
    value: Text


class ClearMarker(Command):
    """Remove a named marker."""

    name: Name


class RecordRoll(Command):
    """Record dice thrown at the table, for a stated purpose."""

    purpose: FreeText
    dice: Literal["1D6", "2D6", "1D10", "D10"]
    faces: AnyDice = Field(description='the faces thrown, or "digital" for the service\'s committed dice')
    rolled_by: Name
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class ResolveIsolationAttrition(Command):
    """Roll isolation attrition for one hex (Europa D-104..D-106 [000]; Third Reich H-40, H-41 [004])."""

    side: Name = Field(description="the side whose units are isolated (the phasing side)")
    hex: Name = Field(description="the hex as the table calls it")
    units: list[Name] = Field(default_factory=list, max_length=60, description="the units in the hex")
    strength: int = Field(default=0, ge=0, le=1000, description="Europa: the stack's strength, for the 50% loss")
    turns_unsupplied: int = Field(
        default=2, ge=1, le=100, description="Europa: consecutive unsupplied turns, this one included (D-104)"
    )
    region: Name | None = Field(
        default=None, description="Third Reich: the weather region of the hex (Snow -2, Mud -1)"
    )
    adjacent_enemy: bool = Field(default=False, description="-1: adjacent to enemy combat units")
    remote_region: bool = Field(
        default=False, description="-1: Eastern Europe, Russia, Scandinavia, North Africa (3R: or Middle East)"
    )
    winter: bool = Field(default=False, description="Europa -1: winter season, not in North Africa")
    home_country: bool = Field(default=False, description="+1: in the units' home country")
    traces_to_city: bool = Field(default=False, description="+1: can trace to a friendly (Europa: major) city hex")
    faces: TwoDice = Field(description='the 2D6 thrown, or "digital"')
    rolled_by: Name
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


class Annotate(Command):
    """Attach a note to an earlier entry (optionally flagging it as disputed, by the player who raised it)."""

    version: ClassVar[int] = 2  # 2: raised_by, the player who raised the dispute (issue 28)
    upcasters: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {
        1: lambda recorded: {**recorded, "raised_by": None}
    }

    entry: EntryNumber
    text: FreeText
    disputed: bool = False
    raised_by: Name | None = Field(
        default=None,
        description="a dispute: the player who raised it (a seated one once players are seated; none: not recorded)",
    )


class SettleDispute(Command):
    """The referee's ruling on a dispute raised by a disputed note: it closes the dispute."""

    entry: EntryNumber = Field(description="the entry disputed")
    dispute: EntryNumber = Field(description="the entry whose disputed note raised the dispute")
    ruling: FreeText = Field(description="what the referee rules, in words the table will read later")


class SeatPlayer(Command):
    """Seat a person at the table: who they are and the side they play. Once anyone is seated,
    the people a command names (who entered it, for whom, who threw the dice, who watched, who
    gave the witness word) must be seated ones or the referee, so that "Hans" and "hans" are one
    person and a typo is not a new one."""

    name: Name = Field(description="the person, as the campaign will spell them")
    side: Name = Field(description="the side or player they play (any case)")


class RegisterUnit(Command):
    """Add a unit to a side's force roster."""

    side: Name
    unit_id: Name
    name: Name
    nation: Name
    type: Name
    size: Name
    attack: int | None = Field(default=None, ge=0, le=1000)
    defense: int | None = Field(default=None, ge=0, le=1000)
    movement: int | None = Field(default=None, ge=0, le=1000)
    cadre_attack: int | None = Field(default=None, ge=0, le=1000)
    cadre_defense: int | None = Field(default=None, ge=0, le=1000)
    ratings: dict[Name, Name] = Field(default_factory=dict)
    location: str = Field(default="", max_length=80)


class SetUnitStatus(Command):
    """Change a registered unit's status (and, optionally, its location label)."""

    side: Name
    unit_id: Name
    status: Literal["full", "cadre", "eliminated", "out_of_supply", "isolated"]
    location: str | None = Field(default=None, max_length=80)


class CommitDice(Command):
    """Start digital dice: the service draws a secret seed and records only its commitment.

    Players may add seed strings of their own first; the seed is revealed, and a new one
    committed, at the end of each game turn (DESIGN "Dice: physical and verifiable").
    """

    player_seeds: dict[Name, Annotated[str, Field(max_length=200)]] = Field(
        default_factory=dict, max_length=12, description="player name -> any string the player chooses"
    )


class Rollback(Command):
    """Undo every entry after #to; they stay in the record, marked undone."""

    to: EntryNumber
    reason: FreeText


class BranchCampaign(Command):
    """Recorded as the first new entry of a what-if branch (made by ``turnledger branch``)."""

    at: EntryNumber
    name: Name
    parent_store: str


class StateFact(Command):
    """State a fact read off the map (a stack out of supply since a turn, a hex's terrain, a
    blocked retreat path): recorded like any entry, so it can be disputed; the rules that read
    it cite it. The game lists its facts (`turnledger facts`)."""

    fact: Name = Field(description="the fact's name, as the game declares it")
    subject: Name = Field(description="what it is about: the hex, stack or unit as the table calls it")
    value: Name = Field(description="yes/no, a whole number, or one of the fact's choices")


class AdoptRuleset(Command):
    """Move the campaign to the bundled ruleset now installed (a newer release's copy, or another
    version of the same game's rules): the entry records the new rules and what changes."""

    ruleset: Name | None = Field(default=None, description="the ruleset id; default: the campaign's own")
    reason: FreeText


class AdoptCharts(Command):
    """Play on with another chart (your printed CRT or fire tables in the bundled layout): the
    entry pins the chart's content and hash, as creating a campaign with it would."""

    charts: str = Field(max_length=400, description="path to the chart file, or a bundled chart's name")
    reason: FreeText


COMMANDS: tuple[type[Command], ...] = (
    CreateCampaign,
    AdvancePhase,
    AdvancePlayerTurn,
    AdvanceGameTurn,
    SetWeather,
    SetMarker,
    ClearMarker,
    RecordRoll,
    CommitDice,
    ResolveIsolationAttrition,
    Annotate,
    SettleDispute,
    SeatPlayer,
    RegisterUnit,
    SetUnitStatus,
    Rollback,
    BranchCampaign,
    StateFact,
    SealOrder,
    RevealOrder,
    AdoptRuleset,
    AdoptCharts,
)
"""The commands of every game, in documentation order."""
