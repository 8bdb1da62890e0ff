"""Europa bombardment tables: 2D6 rows against columns of total bombardment factors (RULES K-02).

The printed table is not in the source text (K-02, D-89), so the bundled files are labelled
provisional tables built to what the text says: `scenarios/charts/europa-bombardment.toml`
(000: codes -, 1R, Re, C, Re1R, C1R; top column 26+) and
`scenarios/charts/europa-bombardment-001.toml` (001: hit counts -, 1, 2). A referee may load
their own printed table in the same layout; it is validated here (errors name the row and the
field) and pinned into the campaign by content hash. Each file says which rules it serves, so
a user's file fits exactly one of the two chart keys.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Literal

from pydantic import model_validator

from referee.common.chart_files import ChartHeading, check_grid, read_chart, unknown_code
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.common.pinned import pinned_chart
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState

BUNDLED = "europa-bombardment"
BUNDLED_001 = "europa-bombardment-001"
KEY = "bombardment"
KEY_001 = "bombardment_001"

CODES: dict[str, tuple[str, ...]] = {
    "000": ("-", "1R", "Re", "Re1R", "C", "C1R"),
    "001": ("-", "1", "2"),
}
"""D-83, D-89 [000]: the 000 outcomes; D-86 [001]: no effect, 1 or 2 hits. Listed weakest first."""

ROLLS = tuple(range(2, 13))
"""D-81 [000]: 2D6 totals."""

TOP_000 = "26+"
"""D-81 [000]: the top column is reached at 26 factors."""

_COLUMN = re.compile(r"^(?P<low>[1-9][0-9]?)(?:-(?P<high>[1-9][0-9]?)|(?P<open>\+))?$")


def column_range(label: str) -> tuple[int, int | None]:
    """'5-7' → (5, 7); '4' → (4, 4); '26+' → (26, None): the whole factors a column covers."""
    found = _COLUMN.match(label)
    if found is None:
        raise ValueError(f"{label!r} is not a factor column such as '3-4', '5' or '26+'")
    low = int(found["low"])
    if found["open"]:
        return low, None
    high = int(found["high"]) if found["high"] else low
    if high < low:
        raise ValueError(f"{label!r}: the column's factors must rise")
    return low, high


class BombardmentChart(ChartHeading):
    """A 2D6 bombardment table: factor columns (the last open-ended) and one row per roll."""

    rules: Literal["000", "001"]
    columns: list[str]
    table: dict[str, list[str]]

    @model_validator(mode="after")
    def _shape(self) -> BombardmentChart:
        if not self.columns:
            raise ValueError("columns: at least one factor column, the last open-ended (e.g. '26+')")
        ranges = [column_range(label) for label in self.columns]
        for index, (low, high) in enumerate(ranges):
            if high is None and index != len(ranges) - 1:
                raise ValueError(f"columns.{index} ({self.columns[index]}): only the last column is open-ended")
            if index and ranges[index - 1][1] != low - 1:
                raise ValueError(
                    f"columns.{index} ({self.columns[index]}): must start right after {self.columns[index - 1]}"
                )
        if ranges[-1][1] is not None:
            raise ValueError(f"columns: the last column must be open-ended, e.g. '{TOP_000}' (D-81)")
        if self.rules == "000" and self.columns[-1] != TOP_000:
            raise ValueError(f"columns: the 000 top column is {TOP_000!r} (D-81 [000]); got {self.columns[-1]!r}")
        if set(self.table) != {str(roll) for roll in ROLLS}:
            raise ValueError(f"table needs one row per 2D6 total 2..12; got rows {sorted(self.table, key=len)}")
        check_grid(
            "table", self.table, self.columns, unknown_code(CODES[self.rules], f"a {self.rules} bombardment code")
        )
        return self

    def column_of(self, factors: Fraction) -> int | None:
        """The index of the column holding ``factors`` (fractions dropped); None below the first."""
        whole = int(factors)
        for index, label in enumerate(self.columns):
            low, high = column_range(label)
            if whole >= low and (high is None or whole <= high):
                return index
        return None

    def result(self, column: int, roll: int) -> str:
        """The code in column ``column`` (an index) for a 2D6 total."""
        return self.table[str(roll)][column]


class Bombardment000(BombardmentChart):
    """The layout of chart key ``bombardment`` (its JSON Schema and `turnledger charts check`)."""

    rules: Literal["000"]


class Bombardment001(BombardmentChart):
    """The layout of chart key ``bombardment_001``."""

    rules: Literal["001"]


def _load(name: str, rules: str) -> tuple[BombardmentChart, str]:
    chart, digest = read_chart(name, BombardmentChart, "bombardment table")
    if chart.rules != rules:
        raise ScenarioError(
            f"{name}: a {chart.rules} bombardment table; this chart key reads the {rules} table "
            f"(layout of scenarios/charts/{BUNDLED if rules == '000' else BUNDLED_001}.toml)"
        )
    return chart, digest


def load_bombardment(name: str = BUNDLED) -> tuple[BombardmentChart, str]:
    """Load and validate a bombardment table file (either rules); returns it and the file's sha256.

    Raises:
        ScenarioError: unreadable file, bad TOML, or a field with a wrong value (named).
    """
    return read_chart(name, BombardmentChart, "bombardment table")


def bombardment_chart(name: str) -> tuple[dict[str, Any], str]:
    """The loader of chart key ``bombardment``: a 000 table (K-02, D-81, D-89 [000])."""
    chart, digest = _load(name, "000")
    return chart.model_dump(mode="json"), digest


def bombardment_001_chart(name: str) -> tuple[dict[str, Any], str]:
    """The loader of chart key ``bombardment_001``: a 001 hit-count table (D-86 [001])."""
    chart, digest = _load(name, "001")
    return chart.model_dump(mode="json"), digest


def pinned_bombardment(state: EuropaState) -> BombardmentChart:
    """The campaign's pinned table for its ``bombardment_rules`` reading (J-27, J-28): the 000
    table under key ``bombardment``, the 001 table under ``bombardment_001``."""
    rules = opt_since(state, "bombardment_rules", "000")
    key, bundled = (KEY, BUNDLED) if rules == "000" else (KEY_001, BUNDLED_001)
    chart = pinned_chart(state, key, BombardmentChart, bundled)
    if chart.rules != rules:
        raise IllegalOrderError(
            f"the pinned {key} chart is a {chart.rules} table; this campaign plays bombardment_rules={rules}"
        )
    return chart
