"""What a command is decided with: the state before it, its game, and what the service lends.

A game's handler is a pure function of a `Context` (referee/common/decision.py). The book's own
commands need more than a context holds: a rollback reads the record it undoes, a dice commitment
draws a seed into the campaign's secrets file, a rules change the pinned ruleset's text. The
service hands every command's handler the same `Desk`; `referee.book.handlers` turns it into a
`Context` for a game's handler and gives the book's own handlers the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.common.decision import Decision
from referee.common.dice import DigitalRoller
from referee.common.game import Game
from referee.common.ruleset import Ruleset
from referee.common.state import BaseState
from referee.dice.periods import NewSeed
from referee.dice.secret_keeper import SecretKeeper
from referee.games import game_named


class Book(Protocol):
    """What the service lends a decision: the record and the campaign's dice secrets."""

    @property
    def secrets(self) -> SecretKeeper: ...

    def entries(self, start: int = 1, stop: int | None = None) -> Iterator[dict[str, Any]]: ...
    def state(self, at: int | None = None) -> Any: ...
    def ruleset_text(self, state: BaseState | None = None, *, fresh: bool = False) -> str: ...


@dataclass
class Desk:
    """One decision's desk: ``state`` is the state before the command; ``live`` when the entry
    will be written (only then are seeds read, revealed and drawn); ``roller`` the rolls an entry
    recorded, handed back by the audit (None: the open period's digital dice)."""

    book: Book
    state: BaseState
    rules: Callable[[BaseState], Ruleset]
    """The campaign's pinned ruleset for a state (parsed once per text by the service)."""
    live: bool = False
    roller: DigitalRoller | None = None
    new_seed: NewSeed | None = None
    """A seed drawn for a new dice period: the service keeps it before the entry is written."""
    game: Game = field(init=False)

    def __post_init__(self) -> None:
        self.game = game_named(self.state.identity.game)


BookHandler = Callable[[Any, Desk], Decision]
"""A handler at the desk: the command and the desk in, the ruling and events out."""
