"""The log: every entry, filterable, each opening to its full record."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import DataTable, Footer, Header, Input, Static

from tui.screens.paged import PagedTableScreen


class LogScreen(PagedTableScreen):
    """Number, calendar position, actor, command, summary, status; Enter opens an entry."""

    class EntryChosen(Message):
        """The referee opened an entry."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(
            placeholder="filter: text in command, calendar, player turn, actor or summary; 'disputed'; 'undone'",
            id="filter",
        )
        yield Static("", id="page")
        yield DataTable(id="entries", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", "at", "player", "actor", "command", "summary", "status")
        self.fill(self.rows)
        table.focus()

    def fill(self, rows: list[dict[str, Any]], end: int | None = None) -> None:
        """Show the page of ``rows`` ending at ``end`` (default: the newest), cursor on its last row."""
        self.matching = rows
        self.end = len(rows) if end is None else max(min(end, len(rows)), min(self.PAGE, len(rows)))
        start = max(0, self.end - self.PAGE)
        page = rows[start : self.end]
        self.query_one("#page", Static).update(
            f"{len(rows):,} entries match · showing {start + 1:,}–{self.end:,} · [ earlier page · ] later page · "
            "Enter opens"
        )
        table = self.query_one(DataTable)
        table.clear()
        rows = page
        for row in rows:
            status = f"undone by #{row['undone_by']}" if row["undone_by"] else ""
            if row["disputed"]:
                status = (status + " · " if status else "") + "disputed"
            table.add_row(
                str(row["number"]),
                row["at"],
                row["player"] or "—",
                row["actor"],
                row["kind"],
                row["summary"],
                status,
                key=str(row["number"]),
            )
        if rows:
            table.move_cursor(row=len(rows) - 1)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def reload(self, rows: list[dict[str, Any]]) -> None:
        """The record changed under the open log (a note, a dispute, a ruling, an undo made from
        it): show the new rows through the same filter, at the same page."""
        self.rows = rows
        end = None if self.end >= len(self.matching) else self.end  # on the newest page: stay there
        self._filter(self.query_one("#filter", Input).value, end)

    def _filter(self, value: str, end: int | None = None) -> None:
        text = value.strip().lower()
        if not text:
            self.fill(self.rows, end)
            return

        def keep(row: dict[str, Any]) -> bool:
            if text == "disputed":
                return bool(row["disputed"])
            if text == "undone":
                return bool(row["undone_by"])
            return any(
                text in str(row[key]).lower() for key in ("kind", "at", "actor", "summary", "player", "on_behalf_of")
            )

        self.fill([row for row in self.rows if keep(row)], end)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.post_message(self.EntryChosen(int(str(event.row_key.value))))

    def action_page(self, delta: int) -> None:
        self.fill(self.matching, self.end + delta * self.PAGE)
