"""The console's log, read from the store a page at a time instead of held whole.

Issue 17: the console kept a row (and its search text) for every entry, about 1.1 KB an entry:
1,154 MB at 1,000,000 entries against 185 at 100,000. `LogPages` reads the record once and keeps
only what later entries decide about earlier rows (`LogMarks`: rollbacks, counts of notes, open
disputes), the player turn and phase at the start of each page, and the first entry made in each
calendar position (for the console's jump). A row is made when something asks for it, from the
page of `PAGE` entries around it; the last `PAGES_KEPT` pages read are kept. A text filter
streams the record (`search`), keeping the numbers that match and nothing else.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, overload

from referee.common.log import RECORD_KEEPING, LogMarks, Position, position_after, unmarked_rows

PAGE = 256
"""Entries to a page: a screenful of the log is 40-50 rows; a replay step reads one page at most."""
PAGES_KEPT = 16

Read = Callable[[int, int], Iterable[dict[str, Any]]]
"""The store's entries ``first`` to ``last`` (both included), in order."""

SEARCHED = ("kind", "at", "actor", "summary", "player", "on_behalf_of")
"""The fields of a log row that a filter's text is looked for in."""


def search_text(row: dict[str, Any]) -> str:
    """The lower-case text of a log row the filter looks in."""
    return "\n".join(str(row[key]) for key in SEARCHED).lower()


class LogPages(Sequence[dict[str, Any]]):
    """Every entry's log row (index 0 is entry #1), as `log_rows` would make it, by page."""

    def __init__(self, read: Read) -> None:
        self._read = read
        self.marks = LogMarks()
        self._starts: list[Position] = []
        """The position before the first entry of each page."""
        self._position: Position = (None, "")
        self._first_in: dict[str, int] = {}
        self._pages: OrderedDict[int, list[dict[str, Any]]] = OrderedDict()

    @classmethod
    def of(cls, read: Read, entries: Iterable[dict[str, Any]]) -> LogPages:
        """The pages of a record read once from ``entries`` (#1 on, in order)."""
        pages = cls(read)
        for entry in entries:
            pages.take(entry)
        return pages

    def take(self, entry: dict[str, Any]) -> None:
        """Read the next entry (one recorded while the console is open, or the first reading)."""
        number = entry["number"]
        if number != self.marks.last + 1:
            raise ValueError(f"the log has read to #{self.marks.last}; entry #{number} is not the next")
        if (number - 1) % PAGE == 0:
            self._starts.append(self._position)
        rollbacks = len(self.marks.rollbacks)
        self.marks.read(entry)
        self._position = position_after(entry, self._position)
        self._first_in.setdefault(str(entry["at"]).lower(), number)
        kind = entry["command"].get("kind", "")
        if kind in RECORD_KEEPING or len(self.marks.rollbacks) != rollbacks:
            self._pages.clear()  # notes, disputes and undo marks change earlier rows
        else:
            self._pages.pop((number - 1) // PAGE, None)

    def read_last_page(self) -> None:
        """Read the page of the last entries now (the preload's worker: the dashboard shows them)."""
        if len(self):
            self._page((len(self) - 1) // PAGE)

    def first_made_in(self, at: str) -> int | None:
        """The first entry made in calendar position ``at`` ('Aug I 1941'; any case), or None."""
        return self._first_in.get(at.lower())

    def marked(self, word: str) -> list[int] | None:
        """The indices of the rows the filter word ``word`` keeps, from the marks alone:
        'disputed' (a dispute open on it) and 'undone' (a rollback undid it; never a note or a
        ruling, which are about the record, not the game); None for any other text."""
        if word == "disputed":
            return [number - 1 for number in sorted(self.marks.disputed()) if number <= len(self)]
        if word == "undone":
            undone = [number - 1 for number in sorted(self.marks.undone()) if number <= len(self)]
            return [index for index in undone if self[index]["undone_by"]]
        return None

    def search(self, text: str, stopped: Callable[[], bool] = lambda: False) -> list[int]:
        """The indices of the rows whose search text holds ``text`` (lower case), read from the
        store in one stream; ``stopped`` is asked as it goes (a newer filter text replaces this one)."""
        found = []
        for row in unmarked_rows(self._read(1, self.marks.last)) if self.marks.last else ():
            if text in search_text(row):
                found.append(row["number"] - 1)
            if row["number"] % PAGE == 0 and stopped():
                return []
        return found

    def __len__(self) -> int:
        return self.marks.last

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"the log has {len(self)} rows; there is no row {index}")
        page, at = divmod(index, PAGE)
        return self._page(page)[at]

    def _page(self, page: int) -> list[dict[str, Any]]:
        rows = self._pages.get(page)
        if rows is None:
            first = page * PAGE + 1
            entries = self._read(first, min(first + PAGE - 1, self.marks.last))
            rows = [self.marks.mark(row) for row in unmarked_rows(entries, start=self._starts[page])]
            self._pages[page] = rows
            while len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(page)
        return rows
