"""The force rosters: every registered unit, filterable, as of the entry the dashboard shows.

A page of 100 units at a time (filling a table with a thousand rows took 0.8 s); the dashboard
itself only counts them (`render.roster_summary`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, Footer, Header, Input, Static

from tui.screens.paged import PagedTableScreen

COLUMNS = ("side", "unit", "name", "nation", "type", "size", "status", "location")


class RosterScreen(PagedTableScreen):
    """Side, unit, name, nation, type, size, status and location of each unit; / filters."""

    def __init__(self, rows: list[tuple[str, ...]], where: str) -> None:
        super().__init__()
        self.rows = rows
        self.where = where
        """Which state the rows are from ('live' or 'as of entry #N')."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder="filter: text in any column (side, unit, name, nation, type, status, hex)", id="filter")
        yield Static("", id="count")
        yield DataTable(id="units", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        self.fill(self.rows)
        table.focus()

    def fill(self, rows: list[tuple[str, ...]], start: int = 0) -> None:
        """Show the page of ``rows`` (all, or those the filter keeps) from ``start``."""
        self.matching = rows
        self.start = max(0, min(start, max(0, len(rows) - 1) // self.PAGE * self.PAGE))
        shown = rows[self.start : self.start + self.PAGE]
        self.query_one("#count", Static).update(
            f"{len(rows):,} of {len(self.rows):,} units · {self.where} · showing {self.start + 1 if shown else 0:,}"
            f"–{self.start + len(shown):,} · [ earlier page · ] later page"
        )
        table = self.query_one(DataTable)
        table.clear()
        table.add_rows(shown)

    def action_page(self, delta: int) -> None:
        self.fill(self.matching, self.start + delta * self.PAGE)

    def on_input_changed(self, event: Input.Changed) -> None:
        text = event.value.strip().lower()
        self.fill([row for row in self.rows if not text or any(text in cell.lower() for cell in row)])
