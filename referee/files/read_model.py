"""What the SQLite read model (ledger/readmodel.py) asks of a game: its figures, the calendar a
state stands at, the campaign's identity, and the notes, disputes and rulings the neutral
commands record."""

from __future__ import annotations

from typing import Any

from ledger.readmodel import ReadModelHooks
from referee.common.game import Game
from referee.common.state import BaseState
from referee.release import release


def _position(state: BaseState) -> dict[str, str]:
    calendar = state.table.calendar
    return {"player": calendar.player or "", "phase": calendar.phase or ""}


def _campaign(state: BaseState) -> dict[str, Any]:
    identity = state.identity
    parent = identity.parent
    return {
        "name": identity.name,
        "game": identity.game,
        "scenario": identity.scenario,
        "ruleset": identity.ruleset,
        "parent_id": parent.campaign_id if parent else None,
        "parent_entry": parent.at_entry if parent else None,
    }


def _note(entry: dict[str, Any]) -> dict[str, Any] | None:
    """Annotate (a note, or with ``disputed`` a dispute) and SettleDispute (a ruling) rows."""
    command = entry["command"]
    if command.get("kind") == "Annotate":
        return {
            "on_entry": command.get("entry"),
            "text": command.get("text"),
            "disputed": int(bool(command.get("disputed"))),
            "settles": None,
        }
    if command.get("kind") == "SettleDispute":
        return {
            "on_entry": command.get("entry"),
            "text": command.get("ruling"),
            "disputed": 0,
            "settles": command.get("dispute"),
        }
    return None


def read_model_hooks(game: Game) -> ReadModelHooks:
    return ReadModelHooks(figures=game.figures, position=_position, campaign=_campaign, note=_note, release=release())
