"""The log as Rich's table: its columns, each row's cells, and the whole log printed a chunk of
rows at a time with the widths of all of them (issue 17: a long log is never held), drawn as one
table (tests/tui/test_log_streamed.py). Where the console writes no styles, later chunks' rows
are plain lines (tui/log_lines.py). The console's own log screen draws rows itself
(tui/recent.py reads `log_cells`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from tui.log_lines import PlainRows, plain_rows
from tui.render import SafeText

LOG_COLUMNS = {"#": 3, "at": 11, "actor": 6, "command": 10, "summary": 14, "status": 16}
"""The log's columns and their least widths. On a narrow screen the columns wrap at spaces; none is
narrower than its longest usual word ("undone by #12345", "Jun II 1941"), so no word is cut ("undon")."""
LOG_CHUNK = 500
"""Rows `print_log` draws at a time."""


def log_view(rows: list[dict[str, Any]]) -> RenderableType:
    """One line per entry: number, calendar position, actor, kind, summary, status."""
    table = _log_table()
    for row in rows:
        cells, style = log_cells(row)
        table.add_row(*cells, style=style)
    return table


def _log_table(*, top: bool = True) -> Table:
    """The log's table; ``top``: with its title and header (the first of several chunks)."""
    table = Table(title="Campaign log" if top else None, title_justify="left", show_header=top)
    for column, width in LOG_COLUMNS.items():
        table.add_column(column, justify="right" if column == "#" else "left", min_width=width)
    return table


def log_cells(row: dict[str, Any]) -> tuple[list[SafeText], str | None]:
    """A log row's cells and its style (an undone entry struck through)."""
    undone = f"undone by #{row['undone_by']}" if row.get("undone_by") else ""
    status = f"rolled, then {undone}" if undone and row.get("rolls") else undone
    if row.get("receipts"):  # `turnledger log`: each digital roll's receipt (cli_read.py)
        status = " · ".join(part for part in (status, *row["receipts"]) if part)
    if row.get("notes"):
        status = " · ".join(
            part for part in (status, f"{row['notes']} note(s)", "disputed" if row.get("disputed") else "") if part
        )
    style = "dim strike" if row.get("undone_by") else None
    cells = [
        SafeText(str(cell)) for cell in (row["number"], row["at"], row["actor"], row["kind"], row["summary"], status)
    ]
    return cells, style


class LogWidths:
    """How wide each column of a whole log runs (its longest word and its longest line, header
    included, as a table measures a column), gathered row by row so that the rows need not be kept."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.options = console.options  # asked once: the console's options read the terminal's size
        self.columns = [self._measure(Text(name)) for name in LOG_COLUMNS]
        self._plain: PlainRows | None = None
        self._plain_known = False

    def _measure(self, cell: Text) -> Measurement:
        return Measurement.get(self.console, self.options, cell)

    def _measure_plain(self, cell: Text) -> tuple[int, int]:
        """`_measure` of a plain `Text`, as Rich's `Text.__rich_measure__` and `Measurement.get`
        work it out (its longest word and its longest line, at most the console's width) without
        their calls around it: a third of `turnledger log`'s time at 100,000 entries
        (tests/tui/test_log_streamed.py compares the two)."""
        text, limit = cell.plain, self.options.max_width
        lines = text.splitlines()
        most = max(map(cell_len, lines)) if lines else 0
        words = text.split()
        least = max(map(cell_len, words)) if words else most
        if limit < 1 or min(most, limit) < 1:
            return 0, 0
        return min(least, limit), min(most, limit)

    def plain_rows(self) -> PlainRows | None:
        """How a later chunk's rows are drawn as plain lines on this console (tui/log_lines.py),
        worked out once: the layout of a chunk table whose first row measures as the whole log."""
        if not self._plain_known:
            table = _log_table(top=False)
            names = [Text(name) for name in LOG_COLUMNS]
            table.add_row(*(_MeasuredAs(name, whole) for name, whole in zip(names, self.columns, strict=True)))
            self._plain, self._plain_known = plain_rows(self.console, table), True
        return self._plain

    def add(self, row: dict[str, Any]) -> None:
        cells, _style = log_cells(row)
        for index, cell in enumerate(cells):
            least, most = self._measure_plain(cell) if type(cell) is SafeText else self._measure(cell)
            known = self.columns[index]
            if least > known.minimum or most > known.maximum:
                self.columns[index] = Measurement(max(least, known.minimum), max(most, known.maximum))


class _MeasuredAs:
    """A cell that a table measures as its whole column (`LogWidths`): put in the first row of
    each chunk, it makes the chunk lay its columns out as one table of every row would."""

    def __init__(self, cell: Text, measurement: Measurement) -> None:
        self.cell = cell
        self.measurement = measurement

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.cell

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return self.measurement


def print_log(console: Console, rows: Iterable[dict[str, Any]], widths: LogWidths, *, chunk: int | None = None) -> None:
    """Print ``rows`` as `log_view` draws them, a table of ``chunk`` rows at a time, so that the rows
    of a long log need not all be held (issue 17). ``widths`` are the whole log's, measured in a
    pass over the rows before: every chunk lays its columns out by them, the first alone has the
    title and the header, and the edges where one chunk meets the next are left out, so that what
    is printed is the one table `log_view` would draw. ``chunk``: rows a table (`LOG_CHUNK`)."""
    size = LOG_CHUNK if chunk is None else max(1, chunk)
    batch: list[dict[str, Any]] = []
    first = True
    for row in rows:
        if len(batch) == size:
            _print_chunk(console, batch, widths, first=first, last=False)
            batch, first = [], False
        batch.append(row)
    _print_chunk(console, batch, widths, first=first, last=True)


def _print_chunk(console: Console, rows: list[dict[str, Any]], widths: LogWidths, *, first: bool, last: bool) -> None:
    """A chunk of the log: the first through Rich whole (title, header, the columns laid out); a
    later one, where the console writes no styles, row by row as plain lines where each fits on
    one (tui/log_lines.py), Rich drawing the others and the table's bottom edge."""
    plain = None if first else widths.plain_rows()
    if plain is None:
        _print_table(console, rows, widths, first=first, last=last)
        return
    lines: list[str] = []
    for index, row in enumerate(rows):
        line = None if last and index == len(rows) - 1 else plain.line(log_cells(row)[0])
        if line is not None:
            lines.append(line)
            continue
        if lines:
            console.file.write("\n".join(lines) + "\n")
            lines = []
        _print_table(console, [row], widths, first=False, last=last and index == len(rows) - 1)
    if lines:
        console.file.write("\n".join(lines) + "\n")


def _print_table(console: Console, rows: list[dict[str, Any]], widths: LogWidths, *, first: bool, last: bool) -> None:
    table = _log_table(top=first)
    for index, row in enumerate(rows):
        cells, style = log_cells(row)
        if index == 0:
            table.add_row(
                *(_MeasuredAs(cell, whole) for cell, whole in zip(cells, widths.columns, strict=True)), style=style
            )
        else:
            table.add_row(*cells, style=style)
    console.print(table if first and last else _Edged(table, top=first, bottom=last))


class _Edged:
    """A table drawn with or without its top line (its top edge, when it has no title or header)
    and its bottom line (its bottom edge): a chunk of the log that another chunk continues."""

    def __init__(self, table: Table, *, top: bool, bottom: bool) -> None:
        self.table, self.top, self.bottom = table, top, bottom

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = iter(Segment.split_lines(console.render(self.table, options)))
        if not self.top:
            next(lines, None)
        held: list[Segment] | None = None
        for line in lines:
            if held is not None:
                yield from held
                yield Segment.line()
            held = line
        if held is not None and self.bottom:
            yield from held
            yield Segment.line()
