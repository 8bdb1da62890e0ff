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

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import read_chart
from referee.common.pinned import pinned_chart
from referee.common.state import BaseState

BUNDLED = "second-front-aa"
KEY = "aa_min_roll"
KNOWN_CELL = ("17", "8", "19")
"""K-30 / F-11 [003]: the one cell the text prints (column, 2D6 roll, result)."""


class AAChart(BaseModel):
    """The minimum-dice-roll AA table: 2D6 rows by AA strength columns, lowest first (F-05 [003])."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    provisional: bool
    source: str
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
        for roll, results in self.rows.items():
            if len(results) != len(self.columns):
                raise ValueError(f"rows.{roll}: {len(results)} results for {len(self.columns)} columns")
            for index, result in enumerate(results):
                if result != "-" and not (result.isdigit() and int(result) > 0):
                    raise ValueError(
                        f'rows.{roll}.{index} ({self.columns[index]}): {result!r} is not "-" or a number (F-05)'
                    )
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


def aa_chart_data(name: str) -> tuple[dict[str, Any], str]:
    """The table as pinned into a campaign (`referee.common.game.Chart.load`)."""
    chart, digest = load_aa_chart(name)
    return chart.model_dump(mode="json"), digest


def pinned_aa(state: BaseState) -> AAChart:
    """The AA table pinned into the campaign (K-30)."""
    return pinned_chart(state, KEY, AAChart, BUNDLED)
