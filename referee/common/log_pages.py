"""The console's log, read from the store a page at a time instead of held whole.

Issue 17: the console kept a row (and its search text) for every entry, about 1.1 KB an entry:
1,154 MB at 1,000,000 entries against 185 at 100,000. `LogPages` reads the record once and keeps
only what later entries decide about earlier rows (`LogMarks`: rollbacks, counts of notes, open
disputes), the entries after which the player turn and phase changed, and the first entry made
in each calendar position (for the console's jump). A row is made when something asks for it,
from the page of `PAGE` entries around it (the last `PAGES_KEPT` pages read are kept), or, for
rows far apart (a filter's matches), from the entry alone (`rows_at`: the position it was made
in is known without reading the entries before it; the last `ROWS_KEPT` such rows are kept).
A text filter asks the log index first (issue 28, referee/common/log_index.py) and reads the
entries it does not cover; a text of one or two characters gets the newest `NEWEST` matches only
(`NewestMatches`); without an index it streams the record (`search`), keeping the numbers that
match and nothing else.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from ledger.text_index import SHORTEST, Found, Newest
from referee.common.log import RECORD_KEEPING, LogMarks, Position, position_after, unmarked_rows
from referee.common.log_index import LogIndex

PAGE = 256
"""Entries to a page: a screenful of the log is 40-50 rows; a replay step reads one page at most."""
PAGES_KEPT = 16
ROWS_KEPT = 2048
"""Rows read one by one (a filter's matches far apart) kept: a few screenfuls and their samples."""
GAP = 4
"""Entries between two wanted rows read rather than asked for apart (a read costs about four rows)."""
PROGRESS_EVERY = 8192
"""Entries read between two reports of how far a search that builds the log index has got."""
WINDOW = 256
"""Matches read from the log index at a time (`Matches`) ..."""
WINDOWS_KEPT = 32
"""... and how many such windows are kept."""
UNREADABLE = -1
"""A match the log index no longer gives (`Matches`)."""
NEWEST = 1000
"""The matches a text of one or two characters shows, newest first (`NewestMatches`): a page of
the log and more; such a text is most often a step on the way to a longer one."""

Read = Callable[[int, int], Iterable[dict[str, Any]]]
"""The store's entries ``first`` to ``last`` (both included), in order."""
Progress = Callable[[int, int], None]
"""Entries read so far, of how many."""

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
        self.log_index: LogIndex | None = None
        """The log index searched first (set by the console when the log opens), or None."""
        self._changed_at = array("q")
        """The entries after which the player turn or phase changed, in order ..."""
        self._changed_to = array("q")
        """... and what to (an index into ``_positions``)."""
        self._positions: list[Position] = []
        self._position_ids: dict[Position, int] = {}
        self._position: Position = (None, "")
        self._first_in: dict[str, int] = {}
        self._pages: OrderedDict[int, list[dict[str, Any]]] = OrderedDict()
        self._rows: OrderedDict[int, dict[str, Any]] = OrderedDict()

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
        rollbacks = len(self.marks.rollbacks)
        self.marks.read(entry)
        after = position_after(entry, self._position)
        if after != self._position:
            self._changed_to.append(self._position_ids.setdefault(after, len(self._positions)))
            if len(self._position_ids) > len(self._positions):
                self._positions.append(after)
            self._changed_at.append(number)  # last: a search in a worker reads these two without a lock
            self._position = after
        self._first_in.setdefault(str(entry["at"]).lower(), number)
        kind = entry["command"].get("kind", "")
        if kind in RECORD_KEEPING or len(self.marks.rollbacks) != rollbacks:
            self._pages.clear()  # notes, disputes and undo marks change earlier rows
            self._rows.clear()
        else:
            self._pages.pop((number - 1) // PAGE, None)

    def position_before(self, number: int) -> Position:
        """The player turn and phase the game stood in before entry ``number`` was made."""
        at = bisect_right(self._changed_at, number - 1) - 1
        return self._positions[self._changed_to[at]] if at >= 0 else (None, "")

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

    # -- searching (in a worker: nothing here changes what the console's thread reads) ------

    def search(
        self, text: str, stopped: Callable[[], bool] = lambda: False, progress: Progress = lambda read, of: None
    ) -> Sequence[int]:
        """The indices of the rows whose search text holds ``text`` (lower case), in order: the
        log index's answer up to the entry it was built to (`LogIndex.search`, checked against
        the chain; `Matches`), then the entries after that read from the store; for a text of
        one or two characters, the index's newest `NEWEST` matches (`LogIndex.newest`: read from
        its kept texts newest first; `NewestMatches` when there are more) and the entries after
        it; without an answer (no index), every entry read from the store in one stream. What
        is read beyond the index is added to it (`LogIndex.writer`: the first searches of a long
        record build it, ``progress`` told how far every `PROGRESS_EVERY` entries while they do).
        ``stopped`` is asked as it goes (a newer filter text replaces this one): then nothing is
        found, and what was read is kept in the index.

        Raises:
            LedgerError: an entry read from the store was refused (altered under the console).
        """
        index = self.log_index
        found: Found | Newest | None = None
        if index is not None:
            short = len(text) < SHORTEST
            found = index.newest(self, text, NEWEST, stopped) if short else index.search(self, text, stopped)
        if stopped():
            return []
        first = found.reflects.last + 1 if found is not None else 1
        last = len(self)
        tail: list[int] = []
        writer = index.writer(self) if index is not None and first <= last else None
        if writer is not None and writer.last >= last:
            writer = None  # nothing to add
        try:
            for number, searched, hash_ in self.texts(first, last):
                if text in searched:
                    tail.append(number - 1)
                if writer is not None:
                    writer.take(number, searched, hash_)
                    if number % PROGRESS_EVERY == 0:
                        progress(number, last)
                if number % PAGE == 0 and stopped():
                    return []
        finally:
            if writer is not None:
                writer.flush()
        if found is None:
            return tail
        if isinstance(found, Newest):
            newest = [number - 1 for number in found.numbers] + tail
            return newest if found.complete else NewestMatches(newest)
        return Matches(found, tail)

    def texts(self, first: int, last: int) -> Iterator[tuple[int, str, str]]:
        """Entries ``first``..``last`` as (number, search text, hash), read from the store: what
        the log index holds."""
        hashes: list[str] = []

        def kept(entries: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
            for entry in entries:
                hashes.append(str(entry["hash"]))
                yield entry

        for row in self._unmarked(first, last, kept):
            yield row["number"], search_text(row), hashes.pop()

    def hash_of(self, number: int) -> str | None:
        """The hash entry ``number`` carries, read from the store (None: there is no such entry)."""
        for entry in self._read(number, number):
            return str(entry["hash"])
        return None

    def read_rows(self, indices: Iterable[int]) -> dict[int, dict[str, Any]]:
        """The unmarked rows of ``indices`` read from the store (a worker's read: `keep_rows`
        hands them to the console's thread)."""
        wanted = sorted({index + 1 for index in indices if 0 <= index < len(self)})
        rows: dict[int, dict[str, Any]] = {}
        for first, last in _runs(wanted):
            for row in self._unmarked(first, last):
                rows[row["number"] - 1] = row
        return {number - 1: rows[number - 1] for number in wanted if number - 1 in rows}

    def _unmarked(
        self, first: int, last: int, tap: Callable[[Iterable[dict[str, Any]]], Iterable[dict[str, Any]]] = iter
    ) -> Iterator[dict[str, Any]]:
        if first > last:
            return iter(())
        return unmarked_rows(tap(self._read(first, last)), start=self.position_before(first))

    # -- rows -------------------------------------------------------------------------------

    def rows_at(self, indices: Sequence[int]) -> list[dict[str, Any]]:
        """The rows of ``indices`` (any order, far apart or not), each from a page already read,
        from the rows kept, or read from the store with its neighbours within `GAP` entries."""
        for index in indices:
            if not 0 <= index < len(self):
                raise IndexError(f"the log has {len(self)} rows; there is no row {index}")
        missing = [index for index in indices if index // PAGE not in self._pages and index not in self._rows]
        if missing:
            self.keep_rows(self.read_rows(missing))
        return [self._kept(index) for index in indices]

    def is_kept(self, index: int) -> bool:
        """Whether row ``index`` is at hand (its page read, or the row itself), not to be read."""
        return index // PAGE in self._pages or index in self._rows

    def keep_rows(self, rows: dict[int, dict[str, Any]]) -> None:
        """Keep rows read by `read_rows` (marked now, as of the last entry read)."""
        for index, row in rows.items():
            if index < len(self) and index not in self._rows:
                self._rows[index] = self.marks.mark(dict(row))
        while len(self._rows) > ROWS_KEPT:
            self._rows.popitem(last=False)

    def _kept(self, index: int) -> dict[str, Any]:
        page = self._pages.get(index // PAGE)
        if page is not None:
            return page[index % PAGE]
        row = self._rows.get(index)
        if row is None:  # pushed out by the rows kept after it (more asked at once than are kept)
            read = self.read_rows([index])
            return self.marks.mark(read[index]) if index in read else self[index]
        self._rows.move_to_end(index)
        return row

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
            rows = [self.marks.mark(row) for row in self._unmarked(first, min(first + PAGE - 1, self.marks.last))]
            self._pages[page] = rows
            while len(self._pages) > PAGES_KEPT:
                self._pages.popitem(last=False)
        else:
            self._pages.move_to_end(page)
        return rows


def _runs(numbers: list[int]) -> Iterator[tuple[int, int]]:
    """Sorted entry numbers as runs to read (first, last), numbers within `GAP` of each other together."""
    if not numbers:
        return
    first = last = numbers[0]
    for number in numbers[1:]:
        if number - last > GAP:
            yield first, last
            first = number
        last = number
    yield first, last


class NewestMatches(list[int]):
    """The indices of the rows holding a text of one or two characters when more than `NEWEST`
    entries up to the log index's last hold it: the newest `NEWEST` of those, then every match
    read after it, in order. Not every match: the console says so."""


class Matches(Sequence[int]):
    """The indices of the rows a search found, in order: those the log index proposed (read from
    it a window of `WINDOW` at a time when asked for: `Found.numbers`), then those read from the
    store after the entry it was built to. A window the index no longer gives (emptied or built
    again since) reads as `UNREADABLE` (-1): the console draws no row for it and searches again."""

    def __init__(self, found: Found, read: list[int]) -> None:
        self.found = found
        self.read = read
        self._windows: OrderedDict[int, list[int] | None] = OrderedDict()
        if found.count <= WINDOW:  # few: read now, in the search's worker
            self._windows[0] = found.numbers(0, found.count)

    def __len__(self) -> int:
        return self.found.count + len(self.read)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"{len(self)} rows match; there is no match {index}")
        if index >= self.found.count:
            return self.read[index - self.found.count]
        window, at = divmod(index, WINDOW)
        if window not in self._windows:
            self._windows[window] = self.found.numbers(window * WINDOW, (window + 1) * WINDOW)
            while len(self._windows) > WINDOWS_KEPT:
                self._windows.popitem(last=False)
        numbers = self._windows[window]
        return UNREADABLE if numbers is None else numbers[at] - 1
