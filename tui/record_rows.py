"""The record as the console shows it beside the dashboard: every entry's log row (read by page,
never held whole), the recent rows the dashboard lists, and the trend lines. Mixed into the
console app, which provides `service`, `head`, `dashboard`, `trend_lines`, `run_worker`,
`call_from_thread` and `show_error`.

Why a worker: opening a campaign of 1,000,000 entries must stay quick, so nothing is read whole
before the first drawing; after it, one worker reads the log's pages and the trend lines
(`start_preload`), and until it is done the dashboard reads its few recent rows alone
(`recent_rows`). An entry recorded meanwhile is added to the rows as it comes (`_reload_rows`;
the app's `record` adds it to the trend lines).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from referee.common.errors import REFUSALS
from referee.common.log import log_rows
from referee.common.log_pages import LogPages
from referee.common.series import sample_series
from tui.memory import settle_loaded_record
from tui.widgets import Point, TrendLines


class RecordRows:
    """The log rows, the dashboard's recent rows and the trend lines, read in a worker."""

    service: Any
    head: int
    trend_lines: TrendLines
    _rows: LogPages | None
    _undone: tuple[int, dict[int, int]] | None

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        dashboard: Any
        run_worker: Any
        call_from_thread: Any

        def show_error(self, error: BaseException) -> None: ...

    @property
    def series(self) -> dict[str, list[int]]:
        """The trend lines' figures by name, kept current entry by entry (`TrendLines`)."""
        return self.trend_lines.values

    @property
    def rows(self) -> LogPages:
        """Every entry's log row, by page from the store (`LogPages`: the rows are not held); the
        record is read once when first needed (opening stays quick on 1,000,000 entries)."""
        if self._rows is None:
            self._rows = LogPages.of(self.service.entries, self.service.entries())
        return self._rows

    def recent_rows(self, upto: int, count: int = 8) -> list[dict[str, Any]]:
        """The log rows of the ``count`` entries up to ``upto``, with undo marks, without reading the rest."""
        if self._rows is not None:
            return self._rows[max(0, upto - count) : upto]
        rows = log_rows(self.service.entries(max(1, upto - count + 1), upto))
        if self._undone is None or self._undone[0] != self.head:
            self._undone = (self.head, self.service.undone(self.head))
        undone = self._undone[1]
        for row in rows:
            row["undone_by"] = undone.get(row["number"])
        return rows

    def start_preload(self) -> None:
        """After the first drawing: read every log row in a worker, so that the log opens at once later."""
        if self._rows is None:
            self.trend_lines.reading()
            self.run_worker(partial(self._preload_rows, self.head), thread=True, group="rows")

    def _preload_rows(self, head: int) -> None:
        """Two reads of the record, neither its entries nor its rows held (issue 17: every entry,
        then every row, was held): the log's marks and pages (`LogPages`), then the trend lines,
        which skip the entries a rollback undid. An entry altered under the console stops it and
        is shown in the error dialog (it ended the console before). ``head``: the last entry when
        it was started (entries recorded after it are added to the lines as they come)."""
        try:
            rows = LogPages.of(self.service.entries, self.service.entries(1, head))
            rows.read_last_page()
            undone = rows.marks.undone()
            trends, taken = TrendLines.tracing(self.service.game.trends)
            series = sample_series(self.service.entries(1, head), head, trends, undone=undone)
        except REFUSALS as error:
            self.call_from_thread(self.show_error, error)
            return
        self.call_from_thread(self._rows_loaded, rows, series, taken, head)

    def _rows_loaded(self, rows: LogPages, series: dict[str, list[int]], taken: list[Point], head: int) -> None:
        if self._rows is None and self.head == head:
            self._rows = rows
        self.trend_lines.load(series, taken)  # with the entries recorded meanwhile
        self.dashboard.show_trends(self.series)
        settle_loaded_record(head)

    def _reload_rows(self, entry: dict[str, Any]) -> None:
        self.head = entry["number"]
        if self._rows is not None:
            self._rows.take(entry)  # its marks change the rows a note, a ruling or an undo is about
