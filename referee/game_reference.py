"""What each game declares for the table, in words: the facts its rules read off the map and the
phase in which the book accepts each command.

Both come from the game packages' own declarations (``Game.facts``, from the game's
``facts.py``; ``Game.phases``, from its ``command_phases.py``), which the handlers check against;
docs/commands.md (`referee.schema`) and `turnledger facts` (tui/cli_facts.py) print them from
here, so neither can drift from what the book enforces.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.facts import FactKind
from referee.common.game import Game
from referee.common.phases import accepted_text
from referee.games import GAMES


def game_called(name: str) -> Game:
    """The game ``name`` names (its package name or its title, in any case), or a refusal naming
    the games this release referees."""
    for game in GAMES.values():
        if name.casefold() in (game.name.casefold(), game.title.casefold()):
            return game
    known = ", ".join(f"{game.name} ({game.title})" for game in GAMES.values())
    raise IllegalOrderError(f"there is no game {name!r}; this release referees {known}")


def accepted_in(kind: str, games: Iterable[Game]) -> str:
    """Where the book accepts ``kind``, as docs/commands.md says it: one sentence for one game,
    one clause per game for a command every game takes (a game that declares nothing for it
    takes it in any phase)."""
    games = list(games)
    if len(games) == 1:
        return f"**Accepted** {accepted_text(games[0].phases.get(kind, ()))}."
    if not any(kind in game.phases for game in games):
        return "**Accepted** in any phase."
    parts = [f"{game.title}: {accepted_text(game.phases.get(kind, ()))}" for game in games]
    return f"**Accepted** — {'; '.join(parts)}."


def fact_row(kind: FactKind) -> dict[str, Any]:
    """One fact as plain data (`turnledger facts --json`)."""
    return {
        "fact": kind.name,
        "subject": kind.subject,
        "value": kind.value,
        "choices": list(kind.choices),
        "means": kind.description,
        "rules": kind.rules,
        "read_by": list(kind.read_by),
    }


def read_by_text(kind: FactKind) -> str:
    """The commands that read a fact, or why none does."""
    return ", ".join(kind.read_by) or "no command (kept for the record)"


def facts_markdown(game: Game) -> list[str]:
    """The lines of docs/commands.md that list ``game``'s facts."""
    said = f"`turnledger facts --game {game.name}` lists them too"
    lines = [
        f"## Facts the referee states in {game.title}",
        "",
        f"What the rules read off the map, stated with `StateFact` ({said}); any other name is refused.",
        "",
        "| fact | about | value | what it means | rules | read by |",
        "|---|---|---|---|---|---|",
    ]
    for kind in game.facts:
        read_by = ", ".join(f"`{name}`" for name in kind.read_by) or "no command (kept for the record)"
        lines.append(
            f"| `{kind.name}` | {kind.subject} | {kind.value_text} | {kind.description} | {kind.rules} | {read_by} |"
        )
    return [*lines, ""]
