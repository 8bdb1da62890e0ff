"""`turnledger facts`: what each game's rules read off the map, for the referee to state.

The book keeps no map (RULES.md K-12): the referee states what the players read off the board
(`StateFact`) and the rules cite it. This lists those facts from the games' own declarations
(``Game.facts``, referee/game_reference.py): what each means, its value, the rules and the
commands that read it; given a campaign, its game's and what the campaign has stated so far.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.markup import escape
from rich.table import Table

from referee.common.errors import IllegalOrderError
from referee.common.game import Game
from referee.game_reference import fact_row, game_called, read_by_text
from referee.games import GAMES
from referee.service import RefereeService
from tui import cli_output as output
from tui.render import printable

SHOWN = 3
"""Statements of one fact named in the table (all of them with --json)."""


def add_facts_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `turnledger facts`."""
    p.add_argument("store", nargs="?", help="a campaign: its game's facts and what it has stated")
    p.add_argument("--game", help="one game, by name or title (europa, third_reich); without it, every game")
    p.add_argument("--json", action="store_true")


def cmd_facts(args: argparse.Namespace) -> int:
    if args.store and args.game:
        raise IllegalOrderError("name a campaign or --game, not both: a campaign's game is the one it was created in")
    stated: dict[str, list[dict[str, Any]]] | None = None
    if args.store:
        service = RefereeService.open(args.store)
        try:
            games = [service.game]
            stated = _stated(service.state())
        finally:
            service.close()
    else:
        games = [game_called(args.game)] if args.game else list(GAMES.values())
    if args.json:
        output.print_json([_game_json(game, stated) for game in games])
        return 0
    for game in games:
        output.out.print(_table(game, stated))
    output.out.print(
        'state one: {"kind": "StateFact", "fact": NAME, "subject": HEX_OR_UNIT, "value": VALUE} '
        "(docs/commands.md lists them too)",
        highlight=False,
        soft_wrap=True,
    )
    return 0


def _stated(state: Any) -> dict[str, list[dict[str, Any]]]:
    """Fact name -> the campaign's latest statement about each subject."""
    found: dict[str, list[dict[str, Any]]] = {}
    for fact in state.table.facts.values():
        found.setdefault(fact.fact, []).append(
            {"subject": fact.subject, "value": fact.value, "entry": fact.entry, "stated_by": fact.stated_by}
        )
    return found


def _game_json(game: Game, stated: dict[str, list[dict[str, Any]]] | None) -> dict[str, Any]:
    facts = [fact_row(kind) for kind in game.facts]
    if stated is not None:
        for row in facts:
            row["stated"] = stated.get(row["fact"], [])
    return {"game": game.name, "title": game.title, "facts": facts}


def _table(game: Game, stated: dict[str, list[dict[str, Any]]] | None) -> Table:
    columns = ["fact", "about", "value", "what it means", "rules", "read by"]
    table = Table(*columns, *(["stated here"] if stated is not None else []), title=f"{game.title} ({game.name})")
    for kind in game.facts:
        cells = [kind.name, kind.subject, kind.value_text, kind.description, kind.rules, read_by_text(kind)]
        if stated is not None:
            cells.append(_stated_text(stated.get(kind.name, [])))
        table.add_row(*(escape(printable(cell)) for cell in cells))
    return table


def _stated_text(statements: list[dict[str, Any]]) -> str:
    if not statements:
        return "—"
    shown = ", ".join(f"{item['subject']}={item['value']} (#{item['entry']})" for item in statements[:SHOWN])
    more = len(statements) - SHOWN
    return shown + (f" and {more} more" if more > 0 else "")
