"""What the console shows of a game's accounts, as data: the game describes, the console draws.

A game turns its state into a list of `TableView` and `Notice` objects (``Game.views``); the
console renders them without knowing any game (tui/ imports no game package).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableView:
    """A titled table: column names, rows of cells, and which columns hold numbers."""

    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    numeric: tuple[str, ...] = ()


@dataclass(frozen=True)
class Notice:
    """A line the referee must see (a loss still owed): shown highlighted."""

    text: str


View = TableView | Notice
"""One piece of a game's dashboard."""
