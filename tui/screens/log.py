"""The log: every entry, filterable, each opening to its full record."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from textual import work
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from referee.common.errors import REFUSALS
from referee.common.log_index import LogIndex
from referee.common.log_pages import UNREADABLE, LogPages, NewestMatches, search_text
from tui.row_table import SAMPLE, Column, RowTable
from tui.screens.listing import ListingScreen, Picked

AROUND = 60
"""Rows either side of the cursor a search reads before showing its matches (a screenful and more)."""
BEHIND, AHEAD = 8, 56
"""Matches read with one the table asks for and lacks (a screenful, mostly below it)."""
SEARCHING_AFTER = 0.25
"""Seconds a search runs before the count line says so: an answer from the log index comes
sooner, and the line is then laid out once, not twice (a layout of the screen each)."""


def status(row: dict[str, Any]) -> str:
    """What became of the entry: undone (and by which rollback), disputed."""
    words = [f"undone by #{row['undone_by']}"] if row["undone_by"] else []
    if row["disputed"]:
        words.append("disputed")
    return " · ".join(words)


def cells(row: dict[str, Any]) -> tuple[str, ...]:
    """One log row as the table's texts."""
    return (
        str(row["number"]),
        row["at"],
        row["player"] or "—",
        row["actor"],
        row["kind"],
        row["summary"],
        status(row),
    )


def unshown(number: int, why: str) -> dict[str, Any]:
    """The line drawn for entry ``number`` where its row may not be shown: refused by the store,
    or proposed by the log index without holding the filter's text."""
    return {
        "number": number,
        "at": "",
        "player": None,
        "actor": "",
        "kind": "—",
        "summary": why,
        "undone_by": None,
        "disputed": False,
        "notes": 0,
    }


class Hits(Picked):
    """The rows a text filter kept, each read from the store (checked against its hash, as every
    read is) and checked against the text before it is drawn: the log index only proposes entry
    numbers (referee/common/log_index.py). A row that does not hold the text, or that the store
    refuses, is drawn as a line saying so, never as a match; ``wrong`` is told (once)."""

    rows: LogPages

    def __init__(
        self, rows: LogPages, indices: Sequence[int], text: str, wrong: Callable[[str, Exception | None], None]
    ) -> None:
        super().__init__(rows, indices)
        self.text = text
        self.wrong = wrong
        self._told = False

    def rows_at(self, numbers: list[int]) -> list[dict[str, Any]]:
        return self._checked(numbers)

    def row(self, index: int) -> Any:
        if index < 0:
            index += len(self)
        at = self.indices[index]
        if at != UNREADABLE and not self.rows.is_kept(at):  # the table draws a line at a time: read its neighbours too
            ahead = [near for near in self.indices[max(0, index - BEHIND) : index + AHEAD] if near != UNREADABLE]
            with contextlib.suppress(*REFUSALS):  # the one refused is named when its own line is drawn
                self.rows.rows_at(ahead)
        return self._checked([at])[0]

    def _checked(self, indices: list[int]) -> list[dict[str, Any]]:
        if UNREADABLE in indices:  # the index changed while its answer was read: no row for those
            self._tell("the log index changed while its answer was read")
            readable = iter(self._checked([index for index in indices if index != UNREADABLE]))
            return [
                unshown(0, "the log index changed: reading the record") if index == UNREADABLE else next(readable)
                for index in indices
            ]
        try:
            rows = self.rows.rows_at(indices)
        except REFUSALS as error:
            if len(indices) > 1:  # which of them the store refuses
                return [row for index in indices for row in self._checked([index])]
            self._tell(str(error), error)
            return [unshown(indices[0] + 1, f"refused: {error}")]
        shown = []
        for row in rows:
            if self.text in search_text(row):
                shown.append(row)
            else:
                self._tell(f"the log index proposed entry #{row['number']}, which does not hold {self.text!r}")
                shown.append(unshown(row["number"], "not a match: the log index is out of date; reading the record"))
        return shown

    def _tell(self, why: str, error: Exception | None = None) -> None:
        if not self._told:
            self._told = True
            self.wrong(why, error)


class LogScreen(ListingScreen):
    """Number, calendar position, actor, command, summary, status; Enter opens an entry."""

    PLACEHOLDER = "filter: text in command, calendar, player turn, actor or summary; 'disputed'; 'undone'"

    @dataclass
    class EntryChosen(Message):
        """The referee opened an entry."""

        number: int

    rows: LogPages

    def __init__(self, rows: LogPages) -> None:
        super().__init__(rows)
        self.searching = ""
        """The filter text of the search under way or last finished."""
        self.indexing = ""
        """How far the log index is being built ("" : it is not being built)."""
        self._searching_line = ""
        """The count line while a search is under way ("" : none is)."""
        self._searching_timer: Timer | None = None

    def make_table(self) -> RowTable[Any]:
        columns = [Column("#", 7), Column("at", 16), Column("player", 14), Column("actor", 16), Column("command", 24)]
        columns += [Column("summary", 90, flex=True), Column("status", 24, least=len("disputed"))]
        return RowTable(columns, cells, id="entries")

    def on_mount(self) -> None:  # ListingScreen's runs too (Textual calls each class's handler)
        self.keep_index()

    def open_on(self, rows: Any) -> None:
        super().open_on(rows)
        self.keep_index()

    def refilter(self, cursor: int | None = None) -> None:
        """The log's filter: 'disputed' and 'undone' from the marks the log keeps; any other text
        searched in a worker (`LogPages.search`: the log index, checked against the chain, and
        the entries it does not cover read from the store; without an index, the whole record
        streamed and added to the index as it goes), the count line saying so meanwhile; a newer
        text stops an older search."""
        text = self.query_one("#filter", Input).value.strip().lower()
        rows = self.rows
        self.searching, self.indexing = text, ""
        if not text:
            self.fill(rows, cursor)
            return
        kept = rows.marked(text)
        if kept is not None:
            self.fill(Picked(rows, kept), cursor)
            return
        self._searching_line = f"searching {len(rows):,} entries for {text!r} …"
        if self._searching_timer is None:
            self._searching_timer = self.set_timer(SEARCHING_AFTER, self._say_searching)
        self._search(rows, text, cursor)

    def _say_searching(self) -> None:
        self._searching_timer = None
        if self._searching_line:
            self.query_one("#count", Static).update(self._noted(self._searching_line))

    def fill(self, rows: Any, cursor: int | None = None) -> None:
        self._searching_line = ""
        if self._searching_timer is not None:
            self._searching_timer.stop()
            self._searching_timer = None
        super().fill(rows, cursor)

    @work(thread=True, exclusive=True, group="log-filter")
    def _search(self, rows: LogPages, text: str, cursor: int | None) -> None:
        """Search, then read the rows the table draws first (both ends, for its column widths, and
        those around the cursor), so that the console's thread only draws them."""
        worker = get_current_worker()

        def progress(read: int, of: int) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._indexed, f"building the log index as it reads: {read:,} of {of:,}")

        try:
            found = rows.search(text, lambda: worker.is_cancelled, progress)
            if worker.is_cancelled:
                return
            at = len(found) - 1 if cursor is None else min(cursor, len(found) - 1)
            drawn = {*found[:SAMPLE], *found[-SAMPLE:], *found[max(0, at - AROUND) : at + AROUND]}
            read = rows.read_rows(drawn)  # read again even if kept: what is shown is what the store holds now
        except REFUSALS as error:  # an entry altered under the console: said, and nothing shown as found
            if not worker.is_cancelled:
                self.app.call_from_thread(self._refused, rows, text, error)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._found, rows, text, found, cursor, read)

    def _found(
        self, rows: LogPages, text: str, found: Sequence[int], cursor: int | None, read: dict[int, dict[str, Any]]
    ) -> None:
        self.indexing = ""
        if self.searching == text and self.rows is rows and self.is_mounted:  # not closed meanwhile
            rows.keep_rows(read)
            self.fill(Hits(rows, found, text, self._wrong), cursor)

    def _refused(self, rows: LogPages, text: str, error: Exception) -> None:
        self.indexing = ""
        if self.searching == text and self.rows is rows and self.is_mounted:
            self.fill(Picked(rows, []))
        self.app.show_error(error)  # type: ignore[attr-defined]  # TurnledgerApp's error funnel

    def _wrong(self, why: str, error: Exception | None) -> None:
        """A row drawn did not stand: the store refused it (said in the error dialog), or the log
        index proposed a row without the text (the index is distrusted, built again, and the
        filter reads the record meanwhile)."""
        if error is not None:
            self.app.call_later(self.app.show_error, error)  # type: ignore[attr-defined]  # TurnledgerApp's error funnel
            return
        index = self.rows.log_index
        if index is not None:
            index.distrust(why)
        self.call_later(self.refilter, self.table.cursor_row)

    def counts(self) -> str:
        shown = len(self.matching)
        if isinstance(getattr(self.matching, "indices", None), NewestMatches):  # a text of one or two characters
            what = f"the newest {shown:,} entries holding {self.searching!r} (a third character searches them all)"
        else:
            what = f"{shown:,} entries match"
        return self._noted(f"{what} · Enter opens · / filter · Escape back")

    def _noted(self, line: str) -> str:
        return f"{line} · {self.indexing}" if self.indexing else line

    def reload(self, rows: LogPages) -> None:
        """The record changed under the open log (a note, a dispute, a ruling, an undo made from
        it): show the new rows through the same filter, the cursor where it was."""
        self.rows = rows
        self.keep_index()
        self.refilter(self.table.cursor_row)

    def on_row_table_chosen(self, event: RowTable.Chosen) -> None:
        number = int(self.matching[event.index]["number"])
        if number > 0:  # not a line drawn for a match the log index no longer gives
            self.post_message(self.EntryChosen(number))

    # -- the log index (referee/common/log_index.py) ----------------------------------------

    def keep_index(self) -> None:
        """Find the campaign's log index when the log opens (the filter's searches use it and add
        to it what they read beyond it). A read-only view only reads the index, never writes it."""
        rows = self.rows
        service = getattr(self.app, "service", None)
        if rows.log_index is None and service is not None:
            writable = not getattr(self.app, "read_only", False)
            rows.log_index = LogIndex.of(service.location, service.campaign_id, writable=writable)

    def _indexed(self, note: str) -> None:
        self.indexing = note
        if self.is_mounted:
            line = self._noted(self._searching_line) if self._searching_line else self.counts()
            self.query_one("#count", Static).update(line)
