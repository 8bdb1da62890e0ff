"""A virtual table: any number of rows, only the lines in view drawn.

Textual's DataTable renders every cell it holds through Rich and restyles as rows are added:
filling 100 rows and drawing them cost 300-700 ms of the log and roster screens on the
realistic campaign (bench/console_keys.py, issue 12), so they showed pages of 100. This table
keeps the caller's rows as they are (log row dicts, unit tuples) and turns a row into text only
when its line is drawn, so the log shows all 100,000 entries and the roster all 1,000 units at
the cost of one screen of lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Row = TypeVar("Row")
STYLES = ("header", "cursor", "even", "odd")
LINES_KEPT = 2000
"""Drawn lines kept for the next frame (a few screenfuls: scrolling back redraws nothing)."""
SAMPLE = 100
"""Rows read at each end to size the columns: widths from the rows in view would jump as one scrolls."""


class Column:
    """A column's title and the widest it may grow (its cells are cut with … beyond); the
    ``flex`` column (the last one, unless another says so) also takes the width left over."""

    def __init__(self, title: str, widest: int = 40, *, least: int = 0, flex: bool = False) -> None:
        self.title = title
        self.widest = widest
        self.least = least
        """The narrowest it may be, for texts the rows sampled may lack ("disputed")."""
        self.flex = flex


class RowTable(ScrollView, Generic[Row], can_focus=True):
    """Rows of text under a fixed header; a cursor row; Enter chooses it (`RowTable.Chosen`).

    ``cells`` turns one of the caller's rows into its column texts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "edge(-1)", "First", show=False),
        Binding("end", "edge(1)", "Last", show=False),
        Binding("enter", "choose", "Open", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"row-table--{name}" for name in STYLES}
    DEFAULT_CSS = """
    RowTable { height: 1fr; overflow-x: hidden; }
    RowTable > .row-table--header { text-style: bold; background: $panel; }
    RowTable > .row-table--cursor { background: $block-cursor-background; color: $block-cursor-foreground; }
    RowTable:blur > .row-table--cursor { background: $block-cursor-blurred-background; }
    RowTable > .row-table--odd { background: $surface; }
    RowTable > .row-table--even { background: $surface-lighten-1 40%; }
    """

    cursor_row: reactive[int] = reactive(0, always_update=True, init=False)

    @dataclass
    class Chosen(Message):
        """Enter (or a click on the cursor row) on row ``index`` of what the table shows."""

        table: RowTable[Any]
        index: int

        @property
        def control(self) -> RowTable[Any]:
            return self.table

    def __init__(
        self, columns: Sequence[Column], cells: Callable[[Row], Sequence[str]], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.columns = list(columns)
        self.cells = cells
        self.rows: Sequence[Row] = []
        self._widths = [len(column.title) for column in self.columns]
        flexible = [number for number, column in enumerate(self.columns) if column.flex]
        self._styles: dict[str, Style] = {}
        self._lines: dict[tuple[int, int, str], Strip] = {}
        self._flex = flexible[0] if flexible else len(self.columns) - 1

    # -- what the table shows --------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def get_row_at(self, index: int) -> list[str]:
        """The texts of row ``index`` (what its line shows, before cutting)."""
        return [str(cell) for cell in self.cells(self.rows[index])]

    def show(self, rows: Sequence[Row], cursor: int | None = None) -> None:
        """Show ``rows`` (kept, not copied), the cursor on row ``cursor`` (default: the last)."""
        self.rows = rows
        self._lines.clear()
        sample = [*rows[:SAMPLE], *rows[max(SAMPLE, len(rows) - SAMPLE) :]]
        self._widths = [max(len(column.title), column.least) for column in self.columns]
        for row in sample:
            for number, cell in enumerate(self.cells(row)):
                self._widths[number] = max(self._widths[number], len(str(cell)))
        self._widths = [min(width, column.widest) for width, column in zip(self._widths, self.columns, strict=True)]
        self.virtual_size = Size(1, len(rows) + 1)  # as wide as the view: no sideways scrolling
        self.cursor_row = max(0, len(rows) - 1 if cursor is None else min(cursor, len(rows) - 1))
        self.call_after_refresh(self._scroll_to_cursor)  # once laid out with the new rows

    # -- drawing ---------------------------------------------------------------------------

    def _line_text(self, cells: Sequence[str], width: int) -> list[str]:
        widths = list(self._widths)
        spare = width - sum(widths) - 2 * len(widths)
        widths[self._flex] = max(1, widths[self._flex] + spare)
        out = []
        for cell, cell_width in zip(cells, widths, strict=True):
            text = str(cell)
            out.append(text.ljust(cell_width) if len(text) <= cell_width else text[: cell_width - 1] + "…")
        return out

    def render_lines(self, crop: Region) -> list[Strip]:
        """Look the styles up once a frame, not once a line (each lookup walks the CSS)."""
        base = self.rich_style
        styles = {name: base + self.get_component_rich_style(f"row-table--{name}") for name in STYLES}
        styles["blank"] = base
        if styles != self._styles:
            self._styles = styles
            self._lines.clear()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the view: the header, or a row; a row's line is made once and kept until
        the rows, the width or the styles change (opening a screen draws each line 2-3 times)."""
        width = self.scrollable_content_region.width
        if y == 0:
            key = (-1, width, "header")
        else:
            index = self.scroll_offset.y + y - 1
            if index >= len(self.rows):
                return Strip.blank(width, self._styles["blank"])
            key = (index, width, "cursor" if index == self.cursor_row else "odd" if index % 2 else "even")
        found = self._lines.get(key)
        if found is None:
            cells = [column.title for column in self.columns] if key[0] < 0 else self.cells(self.rows[key[0]])
            style = self._styles[key[2]]
            line = " " + "  ".join(self._line_text(cells, width)) + " "
            found = Strip([Segment(line, style)]).crop_extend(0, width, style)
            if len(self._lines) > LINES_KEPT:
                self._lines.clear()
            self._lines[key] = found
        return found

    # -- moving ----------------------------------------------------------------------------

    def watch_cursor_row(self) -> None:
        self._scroll_to_cursor()
        self.refresh()

    def _scroll_to_cursor(self) -> None:
        """Scroll the least that shows the cursor row under the header."""
        shown = max(1, self.scrollable_content_region.height - 1)
        top = self.scroll_offset.y
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False, immediate=True)
        elif self.cursor_row >= top + shown:
            self.scroll_to(y=self.cursor_row - shown + 1, animate=False, immediate=True)

    def _move_to(self, index: int) -> None:
        if self.rows:
            self.cursor_row = max(0, min(index, len(self.rows) - 1))

    def action_move(self, delta: int) -> None:
        self._move_to(self.cursor_row + delta)

    def action_page(self, delta: int) -> None:
        self._move_to(self.cursor_row + delta * max(1, self.size.height - 2))

    def action_edge(self, direction: int) -> None:
        self._move_to(0 if direction < 0 else len(self.rows) - 1)

    def action_choose(self) -> None:
        if self.rows:
            self.post_message(self.Chosen(self, self.cursor_row))

    def on_click(self, event: events.Click) -> None:
        index = self.scroll_offset.y + event.y - 1
        if 0 <= index < len(self.rows):
            if index == self.cursor_row:
                self.action_choose()
            self.cursor_row = index

    def on_resize(self, _event: events.Resize) -> None:
        self._scroll_to_cursor()
