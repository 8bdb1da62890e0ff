"""The log's rows as plain lines, where no style reaches the output (a pipe, a file).

`turnledger log` printed a 100,000-entry record in 45 s and a 1,000,000-entry one in 486 s
(docs/PERFORMANCE.md, bench/memory.py's log row): Rich lays out and renders each cell of each
row of its table, about half a millisecond a row. Where the console writes no styles (no colour
system: output to a pipe or a file, which is where a long log goes), a row whose every cell fits
its column on one line is drawn here as Rich would draw it: each cell padded by one space each
side, justified in its column's width, between the box's vertical bars. The widths are the ones
Rich gives the table (tui/log_table.py's chunks measure as the whole log), the bars the box's own;
any other row, and the table's edges, are still Rich's (tui/log_table.py `print_log`).
tests/tui/test_log_streamed.py holds the lines to Rich's table, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

_LINE_BREAKS = ("\n", "\r", "\t")
"""What Rich would break or expand in a cell: such a cell goes to Rich."""


@dataclass(frozen=True)
class PlainRows:
    """How to draw a row of a table as one plain line: each column's width (its padding
    included) and justification, and the vertical bar between and around the cells."""

    widths: tuple[int, ...]
    right: tuple[bool, ...]
    bar: str

    def line(self, cells: Sequence[Text]) -> str | None:
        """The row's line, or None when a cell does not fit its column on one line (Rich wraps it)."""
        parts = []
        for cell, width, right in zip(cells, self.widths, self.right, strict=True):
            text = cell.plain
            room = width - 2
            if any(mark in text for mark in _LINE_BREAKS):
                return None
            used = cell_len(text)
            if used > room:
                return None
            pad = " " * (room - used)
            parts.append(f" {pad}{text} " if right else f" {text}{pad} ")
        return self.bar + self.bar.join(parts) + self.bar


def plain_rows(console: Console, table: Table) -> PlainRows | None:
    """How `table` (one without a header, as the log's later chunks are) draws a body row on
    ``console``, or None when the console writes styles or the table's layout is not the plain one
    read here (no box, other padding, bars that differ between rows)."""
    if console.color_system is not None or table.box is None or table.show_header or not table.show_edge:
        return None
    if table.padding != (0, 1, 0, 1) or not table.pad_edge or table.collapse_padding:
        return None
    box = table.box.substitute(console.options, safe=table.safe_box if table.safe_box is not None else console.safe_box)
    box = box.get_plain_headed_box()
    bars = {box.head_left, box.head_right, box.head_vertical, box.mid_left, box.mid_right, box.mid_vertical}
    bars |= {box.foot_left, box.foot_right, box.foot_vertical}
    if len(bars) != 1:
        return None
    try:  # Rich's own layout of the columns, as `Table.__rich_console__` asks it (no public name)
        options = console.options
        room = (table.width if table.width is not None else options.max_width) - table._extra_width
        widths = table._calculate_column_widths(console, options.update_width(room))
    except (AttributeError, TypeError):
        return None
    if any(column.justify not in ("left", "right") for column in table.columns):
        return None
    right = tuple(column.justify == "right" for column in table.columns)
    return PlainRows(tuple(widths), right, bars.pop())
