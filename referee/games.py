"""The games this release referees, by the name a campaign records (``identity.game``).

The only module that names every game: the service, the command schema and the console ask it
for a campaign's `Game` and never branch on a game's name themselves.
"""

from __future__ import annotations

from referee.common import commands as cc
from referee.common.command_set import CommandSet
from referee.common.errors import ScenarioError
from referee.common.game import Game
from referee.europa.game import GAME as EUROPA
from referee.third_reich.game import GAME as THIRD_REICH

GAMES: dict[str, Game] = {game.name: game for game in (EUROPA, THIRD_REICH)}


def game_named(name: str) -> Game:
    """The game called ``name``, or a clear refusal naming the installed ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise ScenarioError(f"this release does not referee the game {name!r}; it knows {', '.join(GAMES)}") from None


_COMMANDS: dict[str, CommandSet] = {}
_EVERY_KIND = frozenset(command.model_fields["kind"].default for game in GAMES.values() for command in game.commands)


def commands_of(game: Game) -> CommandSet:
    """The commands a campaign of ``game`` takes: the neutral ones and the game's."""
    if game.name not in _COMMANDS:
        _COMMANDS[game.name] = CommandSet(
            (*cc.COMMANDS, *game.commands), title=f"{game.title} (this campaign's game)", every=_EVERY_KIND
        )
    return _COMMANDS[game.name]
