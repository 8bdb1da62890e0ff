"""What a game gives the book: how its entries change its state.

The book (this package) knows entries, the hash chain, replay, rollback markers, verify and
export; it knows no game. A game registers one `Fold`: the book asks the registered folds
which of them reads a campaign (by its first entry) and from then on folds every entry with
it. Nothing here names a game: the games live in ``referee/<game>/`` and the book's own tests
use a toy game defined in ``tests/``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from ledger.errors import LedgerError


class Fold(Protocol):
    """A game's state as the book folds it from entries.

    ``name`` is stable for ever (cached states name it); ``state_version`` changes whenever the
    state model changes, so that cached states of an earlier model are rebuilt, never read.
    """

    name: str
    state_version: int

    def claims(self, first: dict[str, Any]) -> bool:
        """True when entry #1 opens a campaign of this game."""
        ...

    def open(self, first: dict[str, Any]) -> Any:
        """The state after entry #1."""
        ...

    def apply(self, state: Any, entry: dict[str, Any]) -> Any:
        """Fold one later entry into ``state`` (may mutate it); raises a `LedgerError` when the
        entry's events do not fit the accounts."""
        ...

    def copy(self, state: Any) -> Any:
        """A deep copy callers may keep."""
        ...

    def campaign_named(self, entry: dict[str, Any]) -> str | None:
        """The campaign id an entry gives the record (its opening, a branching), if any: an
        export's header must name the last one (ledger.exchange)."""
        ...

    def encode(self, state: Any) -> dict[str, Any]:
        """Plain JSON for a cached state."""
        ...

    def decode(self, data: dict[str, Any]) -> Any:
        """The state back from `encode`'s JSON."""
        ...

    def encode_text(self, state: Any) -> str:
        """A cached state as JSON text (what the snapshot stores; `encode` as text, which a
        game may produce faster than encoding the plain JSON again)."""
        ...

    def decode_text(self, text: str) -> Any:
        """The state back from `encode_text`'s text."""
        ...


_FOLDS: dict[str, Fold] = {}


def register(fold: Fold) -> Fold:
    """Make a game's fold known to the book (each game package does this once, on import)."""
    _FOLDS[fold.name] = fold
    return fold


def fold_named(name: str) -> Fold:
    """The registered fold called ``name``."""
    try:
        return _FOLDS[name]
    except KeyError:
        raise LedgerError(
            f"no game called {name!r} is installed (installed: {', '.join(sorted(_FOLDS)) or 'none'})"
        ) from None


def fold_for(first: dict[str, Any]) -> Fold:
    """The fold that reads the campaign entry #1 opens."""
    for fold in _FOLDS.values():
        if fold.claims(first):
            return fold
    raise LedgerError("no installed game reads this campaign: its first entry opens a game this release does not know")


def replayed(entries: Iterable[dict[str, Any]]) -> Iterator[Any]:
    """The state after each entry, folded from #1 with the campaign's game (no cached state read).

    The same object is folded on: copy a state (``fold.copy``) to keep it past the next step.
    """
    fold: Fold | None = None
    state: Any = None
    for entry in entries:
        if fold is None:
            fold = fold_for(entry)
            state = fold.open(entry)
        else:
            state = fold.apply(state, entry)
        yield state
