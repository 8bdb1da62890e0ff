"""The log: every entry, filterable, each opening to its full record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.message import Message

from tui.row_table import Column, RowTable
from tui.screens.listing import ListingScreen

SEARCHED = ("kind", "at", "actor", "summary", "player", "on_behalf_of")
"""The fields of a log row that the filter's text is looked for in."""


def status(row: dict[str, Any]) -> str:
    """What became of the entry: undone (and by which rollback), disputed."""
    words = [f"undone by #{row['undone_by']}"] if row["undone_by"] else []
    if row["disputed"]:
        words.append("disputed")
    return " · ".join(words)


def search_text(row: dict[str, Any]) -> str:
    """The lower-case text the log filter looks in; the console makes it for every row as it
    reads them in the background (`TurnledgerApp._preload_rows`), so that the first keystroke in
    the filter on 100,000 entries does not wait for them (about 170 ms)."""
    text = row.get("search")
    if text is None:
        text = row["search"] = "\n".join(str(row[key]) for key in SEARCHED).lower()
    return str(text)


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

    def make_table(self) -> RowTable[Any]:
        columns = [Column("#", 7), Column("at", 16), Column("player", 14), Column("actor", 16), Column("command", 24)]
        columns += [Column("summary", 90, flex=True), Column("status", 24, least=len("disputed"))]
        return RowTable(columns, cells, id="entries")

    def search_text(self, row: Any) -> str:
        return search_text(row)

    def word_filter(self, text: str) -> Callable[[Any], bool] | None:
        if text == "disputed":
            return lambda row: bool(row["disputed"])
        if text == "undone":
            return lambda row: bool(row["undone_by"])
        return None

    def counts(self) -> str:
        return f"{len(self.matching):,} entries match · Enter opens · / filter · Escape back"

    def reload(self, rows: Sequence[dict[str, Any]]) -> None:
        """The record changed under the open log (a note, a dispute, a ruling, an undo made from
        it): show the new rows through the same filter, the cursor where it was."""
        self.rows = rows
        self.refilter(self.table.cursor_row)

    def on_row_table_chosen(self, event: RowTable.Chosen) -> None:
        self.post_message(self.EntryChosen(int(self.matching[event.index]["number"])))
