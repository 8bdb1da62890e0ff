"""The Second Front minimum-dice-roll AA fire table as data (Optional Rule 37L; RULES K-30, F-14).

The printed table is not in the source text. The bundled file (`scenarios/charts/second-front-aa.toml`)
is a labelled provisional table holding what the text fixes: columns headed by AA strength, the
"-1" and "0" columns reached only by shifts (F-07 [003]), exactly one column between "10" and "17"
(F-11 [003], J-52) and the one printed cell, column "17" roll 8 = 19 (K-30); each cell is "-" or a
number of modified DF points (F-05, F-09 [003]). A referee replaces it with their printed table in
the same layout (`turnledger charts check`, `AdoptCharts`); the known cell is checked when a
"17" column is there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from referee.common.chart_files import ChartHeading, check_grid, read_chart
from referee.common.pinned import pinned_chart
from referee.common.state import BaseState

BUNDLED = "second-front-aa"
KEY = "aa_min_roll"
KNOWN_CELL = ("17", "8", "19")
"""K-30 / F-11 [003]: the one cell the text prints (column, 2D6 roll, result)."""


def _not_a_result(cell: str) -> str | None:
    """F-05 [003]: a cell is "-" (no effect) or a positive number; what is wrong otherwise (`check_grid`)."""
    return None if cell == "-" or (cell.isdigit() and int(cell) > 0) else f'{cell!r} is not "-" or a number (F-05)'


class AAChart(ChartHeading):
    """The minimum-dice-roll AA table: 2D6 rows by AA strength columns, lowest first (F-05 [003])."""

    rule: str
    dice: Literal["2D6"]
    columns: list[str] = Field(min_length=3, description='AA strengths, lowest first, starting "-1", "0"')
    rows: dict[str, list[str]] = Field(description='2D6 roll -> one result per column: "-" or DF points')

    @model_validator(mode="after")
    def _shape(self) -> AAChart:
        try:
            values = [int(column) for column in self.columns]
        except ValueError:
            raise ValueError(f"columns: each heading is a whole AA strength; got {self.columns}") from None
        if values[:2] != [-1, 0] or values != sorted(set(values)):
            raise ValueError(f'columns: "-1", "0" first (F-07), then rising AA strengths; got {self.columns}')
        if set(self.rows) != {str(roll) for roll in range(2, 13)}:
            raise ValueError(f"rows: one row per 2D6 roll 2..12; got {sorted(self.rows)}")
        check_grid("rows", self.rows, self.columns, _not_a_result, cells="results")
        column, roll, known = KNOWN_CELL
        if column in self.columns and self.rows[roll][self.columns.index(column)] != known:
            raise ValueError(f"rows.{roll} column {column}: the text prints {known} there (F-11, K-30 [003])")
        return self

    def read(self, column: str, modified: int) -> tuple[int, int | None]:
        """F-05, F-07 [003]: the result (None for "-") for a modified roll, read at 2 or 12 when
        beyond them, and the row read."""
        row = max(2, min(12, modified))
        result = self.rows[str(row)][self.columns.index(column)]
        return row, None if result == "-" else int(result)


def load_aa_chart(name: str = BUNDLED) -> tuple[AAChart, str]:
    """A chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, AAChart, "minimum-dice-roll AA table")


def pinned_aa(state: BaseState) -> AAChart:
    """The AA table pinned into the campaign (K-30)."""
    return pinned_chart(state, KEY, AAChart, BUNDLED)
