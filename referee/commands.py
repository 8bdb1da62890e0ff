"""Every referee command, as plain data (the JSON form of each is in docs/commands.md).

A command says what happened or what the referee orders; the service checks it against the
rules and the current state and turns it into one ledger entry. Each JSONL line given to
``turnledger apply`` is one of these objects, chosen by its ``kind`` field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from referee.common.command_base import Amount, AnyDice, Command, Name, Text, TwoDice
from referee.common.errors import InvalidInputError
from referee.europa import commands as eu
from referee.third_reich import commands as tr
from referee.third_reich import warfare_commands as tw


class CreateCampaign(Command):
    """Start a campaign from a scenario (entry #1)."""

    kind: Literal["CreateCampaign"] = "CreateCampaign"
    scenario: Name = Field(description="bundled scenario name or path to a scenario TOML file")
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

    kind: Literal["AdvancePhase"] = "AdvancePhase"


class AdvancePlayerTurn(Command):
    """Move to the first phase of the next player turn."""

    kind: Literal["AdvancePlayerTurn"] = "AdvancePlayerTurn"


class AdvanceGameTurn(Command):
    """Move to the first phase of the next game turn."""

    kind: Literal["AdvanceGameTurn"] = "AdvanceGameTurn"


class SetWeather(Command):
    """Record the weather in a zone (Europa) or region (Third Reich)."""

    kind: Literal["SetWeather"] = "SetWeather"
    zone: Name
    condition: Name


class SetMarker(Command):
    """Put a named marker on the game record."""

    kind: Literal["SetMarker"] = "SetMarker"
    name: Name
    value: Text


class ClearMarker(Command):
    """Remove a named marker."""

    kind: Literal["ClearMarker"] = "ClearMarker"
    name: Name


class CreditSupplyPoints(Command):
    """Add Supply Points to a side's pool, with the reason."""

    kind: Literal["CreditSupplyPoints"] = "CreditSupplyPoints"
    side: Name
    amount: Amount
    reason: Text


class DebitSupplyPoints(Command):
    """Take Supply Points from a side's pool, with the reason."""

    kind: Literal["DebitSupplyPoints"] = "DebitSupplyPoints"
    side: Name
    amount: Amount
    reason: Text


class CreditReplacementPoints(Command):
    """Add Replacement Points of one type to a nation's track."""

    kind: Literal["CreditReplacementPoints"] = "CreditReplacementPoints"
    nation: Name
    type: Name = Field(description="replacement type, e.g. infantry, armor, artillery")
    amount: Amount
    reason: Text


class DebitReplacementPoints(Command):
    """Take Replacement Points of one type from a nation's track."""

    kind: Literal["DebitReplacementPoints"] = "DebitReplacementPoints"
    nation: Name
    type: Name
    amount: Amount
    reason: Text


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


class GrantBrp(Command):
    """Add BRPs to a power's total."""

    kind: Literal["GrantBrp"] = "GrantBrp"
    power: Name
    amount: Amount
    category: BrpCategory
    reason: Text


class SpendBrp(Command):
    """Spend BRPs from a power's total."""

    kind: Literal["SpendBrp"] = "SpendBrp"
    power: Name
    amount: Amount
    category: BrpCategory
    reason: Text


class AdjustBrpBase(Command):
    """Change a power's BRP base by a signed amount (0 allowed: 'no change this year')."""

    kind: Literal["AdjustBrpBase"] = "AdjustBrpBase"
    power: Name
    change: int = Field(ge=-100_000, le=100_000)
    category: BrpCategory
    reason: Text


class RecordRoll(Command):
    """Record dice thrown at the table, for a stated purpose."""

    kind: Literal["RecordRoll"] = "RecordRoll"
    purpose: Text
    dice: Literal["1D6", "2D6", "1D10", "D10"]
    faces: AnyDice = Field(description='the faces thrown, or "digital" for the service\'s committed dice')
    rolled_by: Name
    witnesses: list[Name] = Field(default_factory=list, max_length=20)


class ResolveIsolationAttrition(Command):
    """Roll isolation attrition for one hex (Europa D-104..D-106 [000]; Third Reich H-40, H-41 [004])."""

    kind: Literal["ResolveIsolationAttrition"] = "ResolveIsolationAttrition"
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


class Annotate(Command):
    """Attach a note to an earlier entry (optionally flagging it as disputed)."""

    kind: Literal["Annotate"] = "Annotate"
    entry: int = Field(ge=1)
    text: Text
    disputed: bool = False


class RegisterUnit(Command):
    """Add a unit to a side's force roster."""

    kind: Literal["RegisterUnit"] = "RegisterUnit"
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

    kind: Literal["SetUnitStatus"] = "SetUnitStatus"
    side: Name
    unit_id: Name
    status: Literal["full", "cadre", "eliminated", "out_of_supply", "isolated"]
    location: str | None = Field(default=None, max_length=80)


class CommitDice(Command):
    """Start digital dice: the service draws a secret seed and records only its commitment.

    Players may add seed strings of their own first; the seed is revealed, and a new one
    committed, at the end of each game turn (DESIGN "Dice: physical and verifiable").
    """

    kind: Literal["CommitDice"] = "CommitDice"
    player_seeds: dict[Name, Annotated[str, Field(max_length=200)]] = Field(
        default_factory=dict, max_length=12, description="player name -> any string the player chooses"
    )


class Rollback(Command):
    """Undo every entry after #to; they stay in the record, marked undone."""

    kind: Literal["Rollback"] = "Rollback"
    to: int = Field(ge=1)
    reason: Text


class BranchCampaign(Command):
    """Recorded as the first new entry of a what-if branch (made by ``turnledger branch``)."""

    kind: Literal["BranchCampaign"] = "BranchCampaign"
    at: int = Field(ge=1)
    name: Name
    parent_store: str


AnyCommand = Annotated[
    CreateCampaign
    | AdvancePhase
    | AdvancePlayerTurn
    | AdvanceGameTurn
    | SetWeather
    | SetMarker
    | ClearMarker
    | CreditSupplyPoints
    | DebitSupplyPoints
    | CreditReplacementPoints
    | DebitReplacementPoints
    | GrantBrp
    | SpendBrp
    | AdjustBrpBase
    | RecordRoll
    | CommitDice
    | ResolveIsolationAttrition
    | Annotate
    | RegisterUnit
    | SetUnitStatus
    | Rollback
    | BranchCampaign
    | eu.ReceiveSupplyIncome
    | eu.SetCityStatus
    | eu.ActivateMechanized
    | eu.PayAttackSupply
    | eu.PayArtillerySupply
    | eu.PayOverrunSupply
    | eu.PayAirSupply
    | eu.BuyResourcePoints
    | eu.SellResourcePoints
    | eu.SpendResourcePoints
    | eu.BuyRailCapacity
    | eu.ReceiveResourceIncome
    | eu.ReceiveReplacements
    | eu.RecordLosses
    | eu.ReceiveSpecialReplacements
    | eu.SetFactories
    | eu.DisbandPrewarArmor
    | eu.CreditExcessLossReplacements
    | eu.CreditBreakoutReplacements
    | eu.RebuildUnit
    | eu.ReturnCadre
    | eu.ResolveCombat
    | eu.AllocateLosses
    | tr.DeclareOption
    | tr.DeclareWar
    | tr.BuildUnits
    | tr.BuildAirbase
    | tr.RecoverUnit
    | tr.StartNavalRepair
    | tr.RecordRedeployments
    | tr.RecordStrategicWarfareHits
    | tr.RecordConquest
    | tr.RecordCityLoss
    | tr.RecordMurmanskHits
    | tr.PerformYearStart
    | tr.ActivatePower
    | tw.ResolveStrategicWarfare,
    Field(discriminator="kind"),
]

COMMAND_ADAPTER: TypeAdapter[AnyCommand] = TypeAdapter(AnyCommand)
COMMAND_KINDS: tuple[str, ...] = tuple(
    model.model_fields["kind"].default
    for model in AnyCommand.__origin__.__args__  # type: ignore[attr-defined]
)


def parse_command(data: Any) -> AnyCommand:
    """Validate a command given as a dict; the error lists each bad field and value.

    Raises:
        InvalidInputError: not an object, unknown kind, or fields wrong/missing/extra.
    """
    if not isinstance(data, dict):
        raise InvalidInputError(f"a command is a JSON object with a 'kind'; got {type(data).__name__}")
    kind = data.get("kind")
    if kind not in COMMAND_KINDS:
        raise InvalidInputError(f"unknown command kind {kind!r}; known kinds: {', '.join(COMMAND_KINDS)}")
    try:
        return COMMAND_ADAPTER.validate_python(data)
    except ValidationError as error:
        problems: dict[str, list[str]] = {}
        for problem in error.errors():
            field = ".".join(str(part) for part in problem["loc"][1:] if not _union_tag(part)) or "(command)"
            value = problem.get("input")
            shown = repr(value)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            if problem["type"] == "missing":
                text = f"{field} is missing"
            elif problem["type"] == "extra_forbidden":
                text = f"{field} is not a field of {kind}"
            else:
                text = f"{field}: {problem['msg'].lower()} (got {shown})"
            problems.setdefault(field, []).append(text)
        merged = [texts[0] if len(texts) == 1 else _either(field, texts) for field, texts in problems.items()]
        raise InvalidInputError(f"{kind}: " + "; ".join(merged)) from None


def _union_tag(part: object) -> bool:
    """Pydantic names the member of a union that failed ('list[int]', "literal['digital']"): not a field."""
    return isinstance(part, str) and (
        part.startswith(("list[", "literal[", "dict[", "tuple[")) or part in ("int", "str", "bool", "none")
    )


def _either(field: str, texts: list[str]) -> str:
    """One message for a field that matched none of its forms: 'faces: input should be a valid list, or ...'."""
    reasons = [text.split(": ", 1)[1].rsplit(" (got ", 1)[0] for text in texts]
    got = texts[0].rsplit(" (got ", 1)[1] if " (got " in texts[0] else ")"
    return f"{field}: " + ", or ".join(dict.fromkeys(reasons)) + f" (got {got}"


def command_json(command: Command) -> dict[str, Any]:
    """The command as recorded in the entry."""
    return command.model_dump(mode="json")
