"""The log: every entry, filterable, each opening to its full record."""

from __future__ import annotations

from typing import Any

from textual import work
from textual.message import Message
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from referee.common.log_pages import LogPages
from tui.row_table import Column, RowTable
from tui.screens.listing import ListingScreen, Picked


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


class LogScreen(ListingScreen):
    """Number, calendar position, actor, command, summary, status; Enter opens an entry."""

    PLACEHOLDER = "filter: text in command, calendar, player turn, actor or summary; 'disputed'; 'undone'"

    class EntryChosen(Message):
        """The referee opened an entry."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    rows: LogPages

    def __init__(self, rows: LogPages) -> None:
        super().__init__(rows)
        self.searching = ""
        """The filter text of the search under way or last finished."""

    def make_table(self) -> RowTable[Any]:
        columns = [Column("#", 7), Column("at", 16), Column("player", 14), Column("actor", 16), Column("command", 24)]
        columns += [Column("summary", 90, flex=True), Column("status", 24, least=len("disputed"))]
        return RowTable(columns, cells, id="entries")

    def refilter(self, cursor: int | None = None) -> None:
        """The log's filter: 'disputed' and 'undone' from the marks the log keeps; any other text
        searched in a worker that streams the record (`LogPages.search`: the rows are not held,
        issue 17), the count line saying so meanwhile; a newer text stops an older search."""
        text = self.query_one("#filter", Input).value.strip().lower()
        rows = self.rows
        self.searching = text
        if not text:
            self.fill(rows, cursor)
            return
        kept = rows.marked(text)
        if kept is not None:
            self.fill(Picked(rows, kept), cursor)
            return
        self.query_one("#count", Static).update(f"searching {len(rows):,} entries for {text!r} …")
        self._search(rows, text, cursor)

    @work(thread=True, exclusive=True, group="log-filter")
    def _search(self, rows: LogPages, text: str, cursor: int | None) -> None:
        worker = get_current_worker()
        found = rows.search(text, lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._found, rows, text, found, cursor)

    def _found(self, rows: LogPages, text: str, found: list[int], cursor: int | None) -> None:
        if self.searching == text and self.rows is rows and self.is_mounted:  # not closed meanwhile
            self.fill(Picked(rows, found), cursor)

    def counts(self) -> str:
        return f"{len(self.matching):,} entries match · Enter opens · / filter · Escape back"

    def reload(self, rows: LogPages) -> None:
        """The record changed under the open log (a note, a dispute, a ruling, an undo made from
        it): show the new rows through the same filter, the cursor where it was."""
        self.rows = rows
        self.refilter(self.table.cursor_row)

    def on_row_table_chosen(self, event: RowTable.Chosen) -> None:
        self.post_message(self.EntryChosen(int(self.matching[event.index]["number"])))
