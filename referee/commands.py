"""Every referee command, by game, as plain data (the JSON form of each is in docs/commands.md).

A command says what happened or what the referee orders; the service checks it against the
rules and the current state and turns it into one ledger entry. Each JSONL line given to
``turnledger apply`` is one of these objects, chosen by its ``kind`` field. The commands every
game has live in ``referee.common.commands``; each game package lists its own.
"""

from __future__ import annotations

from typing import Any

from referee.common import commands as cc
from referee.common.command_base import Command
from referee.common.command_set import CommandSet, command_json
from referee.common.commands import (
    AdoptCharts,
    AdoptRuleset,
    AdvanceGameTurn,
    AdvancePhase,
    AdvancePlayerTurn,
    Annotate,
    BranchCampaign,
    ClearMarker,
    CommitDice,
    CreateCampaign,
    RecordRoll,
    RegisterUnit,
    ResolveIsolationAttrition,
    Rollback,
    SetMarker,
    SetUnitStatus,
    SetWeather,
    StateFact,
)
from referee.games import GAMES

__all__ = [
    "ALL",
    "AdoptCharts",
    "AdoptRuleset",
    "AdvanceGameTurn",
    "AdvancePhase",
    "AdvancePlayerTurn",
    "Annotate",
    "BranchCampaign",
    "ClearMarker",
    "Command",
    "CommandSet",
    "CommitDice",
    "CreateCampaign",
    "RecordRoll",
    "RegisterUnit",
    "ResolveIsolationAttrition",
    "Rollback",
    "SetMarker",
    "SetUnitStatus",
    "SetWeather",
    "StateFact",
    "command_json",
    "parse_command",
]


ALL = CommandSet((*cc.COMMANDS, *(command for game in GAMES.values() for command in game.commands)), title="any game")
"""Every command of every game (the schema and docs/commands.md list these)."""


def parse_command(data: Any) -> Any:
    """Validate a command of any game, exactly as spelled (the schema's view: a new campaign's
    CreateCampaign, a command made in code). A command typed for a campaign is read by the
    service's ``parse`` instead, which narrows it to the campaign's game and reads its names and
    choices in any case (`referee.common.names`); `RefereeService.execute` and ``preview`` read
    the names of a command made here the same way."""
    return ALL.parse(data)
