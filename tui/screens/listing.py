"""What the log and the roster screens share: a filter field over a virtual table of rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from tui.key_bar import KeyBar
from tui.row_table import RowTable


class ListingScreen(Screen[None]):
    """A full screen listing every row (drawn a screenful at a time): / filters, Escape goes back.

    Subclasses give the filter's placeholder and the table, and say which rows a filter keeps
    and what the line above the table says."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("escape", "app.pop_screen", "Back"),
        ("slash", "focus_filter", "Filter"),
    ]
    PLACEHOLDER = "filter"
    OPENS_AT_END = True
    """Whether the cursor starts on the last row (the newest entry) or the first (a roster)."""

    def __init__(self, rows: Sequence[Any]) -> None:
        super().__init__()
        self.rows = rows
        self.matching: Sequence[Any] = rows

    def make_table(self) -> RowTable[Any]:
        raise NotImplementedError

    def keeps(self, row: Any, text: str) -> bool:
        """Whether the filter ``text`` (stripped, lower case, not empty) keeps ``row``."""
        raise NotImplementedError

    def counts(self) -> str:
        """The line above the table: how many rows match, and what they are."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder=self.PLACEHOLDER, id="filter")
        yield Static("", id="count")
        yield self.make_table()
        yield KeyBar()

    @property
    def table(self) -> RowTable[Any]:
        return self.query_one(RowTable)

    def on_mount(self) -> None:
        self.fill(self.rows)
        self.table.focus()

    def fill(self, rows: Sequence[Any], cursor: int | None = None) -> None:
        """Show ``rows`` (all, or those the filter keeps), the cursor on ``cursor`` (default the
        last row, or the first when the screen does not open at the end)."""
        self.matching = rows
        self.query_one("#count", Static).update(self.counts())
        self.table.show(rows, cursor if cursor is not None or self.OPENS_AT_END else 0)

    def open_on(self, rows: Sequence[Any]) -> None:
        """Opened again (the app keeps the screen): ``rows``, no filter, the cursor on the last row."""
        self.rows = rows
        search = self.query_one("#filter", Input)
        if search.value:
            with search.prevent(Input.Changed):
                search.clear()
        self.fill(rows)
        self.table.focus()

    def refilter(self, cursor: int | None = None) -> None:
        """Apply the filter as typed to ``self.rows`` again."""
        text = self.query_one("#filter", Input).value.strip().lower()
        self.fill([row for row in self.rows if self.keeps(row, text)] if text else self.rows, cursor)

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.refilter()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.table.focus()  # Enter in the filter: on to the rows it kept

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()
