"""The dashboard's last entries: one line each, in columns of fixed widths, each line a part.

The dashboard showed them as the log's Rich table (`log_table.log_view`), which measures every
cell to lay its columns out and wraps long summaries: about 3 ms of each replay step, the
largest single cost of a step once the state is read ahead (issue 17). Here the columns are
fixed (the summary takes what the screen leaves), a summary too long is cut with "…" as in the
log screen, and each line is a keyed part (`Rendered.update_parts`): a step back draws the one
line that came into view; the others are drawn already.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.text import Text

from tui.log_table import log_cells
from tui.render import SafeText

COLUMNS = (("#", 6), ("at", 18), ("actor", 10), ("command", 22), ("summary", 0), ("status", 28))
"""Each column and its width; the summary (0) takes the width the others leave."""
LEAST_SUMMARY = 12
GAP = "  "


class _Line:
    """One line of cells laid out in `COLUMNS` at the width it is drawn at."""

    def __init__(self, cells: list[Text], style: str | None) -> None:
        self.cells = cells
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fixed = sum(width for _name, width in COLUMNS) + len(GAP) * (len(COLUMNS) - 1)
        summary = max(LEAST_SUMMARY, options.max_width - fixed)
        line = Text(no_wrap=True, overflow="ellipsis", style=self.style or "")
        for index, (cell, (name, width)) in enumerate(zip(self.cells, COLUMNS, strict=True)):
            room = width or summary
            shown = Text(cell.plain.rjust(room), style=cell.style) if name == "#" else cell.copy()
            shown.truncate(room, overflow="ellipsis", pad=True)
            line.append_text(shown)
            if index < len(COLUMNS) - 1:
                line.append(GAP)
        line.truncate(options.max_width, overflow="ellipsis")
        yield line


def recent_parts(rows: list[dict[str, Any]]) -> list[tuple[Hashable, RenderableType]]:
    """The title, the header and a line per row, each keyed by what it shows."""
    header = _Line([Text(name, style="bold") for name, _width in COLUMNS], None)
    parts: list[tuple[Hashable, RenderableType]] = [
        (("recent-title",), SafeText("Campaign log", style="italic")),
        (("recent-header",), header),
    ]
    for row in rows:
        cells, style = log_cells(row)
        parts.append((("recent-row", tuple(cell.plain for cell in cells), style), _Line(list(cells), style)))
    return parts
