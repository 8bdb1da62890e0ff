"""What the log and the roster screens share: a filter field over a virtual table of rows."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, overload

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from tui.key_bar import KeyBar
from tui.row_table import RowTable


class Picked(Sequence[Any]):
    """The rows a filter kept, by index, without copying them (100,000 kept rows are a filter's
    first keystroke, 'x' in the log: every Axis row). A subclass that reads its rows otherwise
    gives `row` and `rows_at`; the indexing stays here."""

    def __init__(self, rows: Sequence[Any], indices: Sequence[int]) -> None:
        self.rows = rows
        self.indices = indices

    def __len__(self) -> int:
        return len(self.indices)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return self.rows_at(list(self.indices[index]))
        return self.row(index)

    def row(self, index: int) -> Any:
        """The kept row ``index`` (counted among the kept ones, from the end when negative)."""
        return self.rows[self.indices[index]]

    def rows_at(self, numbers: list[int]) -> list[Any]:
        """The rows at ``numbers`` (indices of the rows kept)."""
        return [self.rows[number] for number in numbers]


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
        self._texts: list[str] = []
        self._texts_of: Sequence[Any] | None = None
        self._narrowed: tuple[str, list[int]] = ("", [])
        """The last filter text and the indices of the rows it kept: a longer text searches those only."""

    def make_table(self) -> RowTable[Any]:
        raise NotImplementedError

    def search_text(self, row: Any) -> str:
        """The lower-case text of ``row`` that the filter looks for what is typed in."""
        raise NotImplementedError

    def word_filter(self, text: str) -> Callable[[Any], bool] | None:
        """A filter word with a meaning of its own ('disputed' in the log), or None."""
        return None

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
        """Apply the filter as typed to ``self.rows`` again.

        Each row's search text is made once (and for rows appended since, when the log grows),
        and a text that extends the last one searches only the rows the last one kept: on 100,000
        log rows a keystroke in the filter took 170-290 ms when every row was searched afresh."""
        text = self.query_one("#filter", Input).value.strip().lower()
        if not text:
            self.fill(self.rows, cursor)
            return
        word = self.word_filter(text)
        if word is not None:
            self.fill([row for row in self.rows if word(row)], cursor)
            return
        texts = self._search_texts()
        last, kept = self._narrowed
        candidates = kept if last and text.startswith(last) else range(len(texts))
        found = [index for index in candidates if text in texts[index]]
        self._narrowed = (text, found)
        self.fill(Picked(self.rows, found), cursor)

    def _search_texts(self) -> list[str]:
        if self._texts_of is not self.rows or len(self._texts) > len(self.rows):
            self._texts_of, self._texts, self._narrowed = self.rows, [], ("", [])
        elif len(self._texts) < len(self.rows):
            self._narrowed = ("", [])  # rows were added: the last text's matches miss them
        self._texts.extend(self.search_text(row) for row in self.rows[len(self._texts) :])
        return self._texts

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.refilter()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.table.focus()  # Enter in the filter: on to the rows it kept

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()
