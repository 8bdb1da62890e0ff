"""The Revised Third Reich attrition option as pure functions and a chart (seed 004, H-10..H-15).

Under the attrition option a front rolls 2D6 once on the column of its ground combat factors
in contact; the result removes units from either side and wins the attacker hexes. The text
gives only each column's expected results (H-14), so the bundled chart
(`scenarios/charts/third-reich-attrition.toml`) is a provisional table built to reproduce them
exactly (K-41, docs/attrition-table.md); a referee may load the printed table instead. Column 4
of the published figures does not add up (J-63): option ``attrition_column_4`` picks a reading,
and the chart holds a column 4 for each. Nothing here reads the state, the clock or the dice:
the caller passes the roll and the facts the referee stated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.errors import IllegalOrderError, InvalidInputError

BUNDLED = "third-reich-attrition"
ROLLS = tuple(range(2, 13))
"""2D6 totals, the rows of the table."""
OUTCOMES = 36
"""Equally likely 2D6 outcomes; every expected value is a multiple of 1/36 (H-15)."""
MIN_CONTACT = 5
"""H-10 [004]: with fewer ground combat factors in contact the attrition step is skipped."""
COLUMNS = 7
"""H-14 [004]: the table has seven columns of factors in contact."""

COLUMN_4_READINGS: dict[str, tuple[Fraction, Fraction]] = {
    "printed_def_att": (Fraction(144, 36), Fraction(69, 36)),
    "printed_diff_raise_def": (Fraction(147, 36), Fraction(69, 36)),
    "printed_diff_lower_att": (Fraction(144, 36), Fraction(66, 36)),
}
"""J-63: the (Def, Att) that column 4 stands for under each reading of option
``attrition_column_4``, the default first. Def 4.00 and Att 1.92 as printed leave a difference
of 2.08; keeping the printed Diff 2.17 needs Def 4.08 or Att 1.83."""
DEFAULT_READING = "printed_def_att"

_TOKEN = re.compile(r"^(?P<code>[AXDH])(?P<units>[1-9][0-9]?)$")


class AttritionResult(BaseModel):
    """One cell of the table read (H-11): units each side removes and hexes the attacker wins."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    code: str
    attacker_units: int
    """AN plus XN: units the attrition attacker (the phasing player) removes."""
    defender_units: int
    """DN plus XN: units the defender removes."""
    hexes: int
    """HN: hexes the defender must vacate."""


def read_cell(code: str) -> AttritionResult:
    """Read a cell such as ``"X2 D1 H1"`` or ``"-"`` (no effect) into units and hexes (H-11 [004]).

    Raises:
        ValueError: not a cell of the table (for the chart's validator to report with its field).
    """
    parts: dict[str, int] = {}
    for token in [] if code.strip() == "-" else code.split():
        found = _TOKEN.match(token)
        if found is None or found["code"] in parts:
            raise ValueError(
                f"{code!r} is not an attrition result; a cell is '-' or codes AN, XN, DN, HN (N 1..99), "
                "each letter at most once, e.g. 'X2 D1 H1'"
            )
        parts[found["code"]] = int(found["units"])
    if not parts and code.strip() != "-":
        raise ValueError(f"{code!r} is empty; write '-' for no effect")
    return AttritionResult(
        code=code,
        attacker_units=parts.get("A", 0) + parts.get("X", 0),
        defender_units=parts.get("D", 0) + parts.get("X", 0),
        hexes=parts.get("H", 0),
    )


def _column_range(text: str) -> tuple[int, int | None]:
    found = re.fullmatch(r"([1-9][0-9]*)(?:-([1-9][0-9]*)|\+)", text)
    if found is None:
        raise ValueError(f"columns: {text!r} is not a range of factors such as '9-14' or '60+'")
    low, high = int(found[1]), None if found[2] is None else int(found[2])
    if high is not None and high < low:
        raise ValueError(f"columns: {text!r} ends below where it starts")
    return low, high


class AttritionChart(ChartHeading):
    """Seven columns of factors in contact, a row of cells per 2D6 total, and column 4 under the
    other readings of J-63 (a printed chart may leave them out: its column 4 then always applies)."""

    columns: list[str]
    results: dict[str, list[str]]
    column_4_readings: dict[str, list[str]] = Field(default={})

    @field_validator("columns")
    @classmethod
    def _columns(cls, columns: list[str]) -> list[str]:
        if len(columns) != COLUMNS:
            raise ValueError(f"columns: {len(columns)} given; the table has {COLUMNS} (H-14)")
        ranges = [_column_range(text) for text in columns]
        if ranges[0][0] > MIN_CONTACT:
            raise ValueError(f"columns: {columns[0]!r} must start at {MIN_CONTACT} factors or fewer (H-10)")
        for index, ((_, high), (low, _)) in enumerate(pairwise(ranges)):
            if high is None or low != high + 1:
                raise ValueError(
                    f"columns: {columns[index + 1]!r} must start right after {columns[index]!r} "
                    "(no gap, no overlap, only the last column open-ended)"
                )
        return columns

    @field_validator("results")
    @classmethod
    def _results(cls, results: dict[str, list[str]], info: ValidationInfo) -> dict[str, list[str]]:
        columns = info.data.get("columns") or [""] * COLUMNS
        if set(results) != {str(roll) for roll in ROLLS}:
            raise ValueError(f"results needs one row per 2D6 total 2..12; got rows {sorted(results)}")
        for roll, cells in results.items():
            if len(cells) != COLUMNS:
                raise ValueError(f"results.{roll}: {len(cells)} cells; one per column is {COLUMNS}")
            for index, cell in enumerate(cells):
                try:
                    read_cell(cell)
                except ValueError as error:
                    where = f"column {index + 1}, {columns[index]} factors" if columns[index] else f"column {index + 1}"
                    raise ValueError(f"results.{roll}.{index} ({where}): {error}") from None
        return results

    @field_validator("column_4_readings")
    @classmethod
    def _readings(cls, readings: dict[str, list[str]]) -> dict[str, list[str]]:
        others = [name for name in COLUMN_4_READINGS if name != DEFAULT_READING]
        for name, cells in readings.items():
            if name not in others:
                raise ValueError(f"column_4_readings.{name}: not a reading; readings other than the default: {others}")
            if len(cells) != len(ROLLS):
                raise ValueError(f"column_4_readings.{name}: {len(cells)} cells; one per 2D6 total 2..12 is 11")
            for roll, cell in zip(ROLLS, cells, strict=True):
                try:
                    read_cell(cell)
                except ValueError as error:
                    raise ValueError(f"column_4_readings.{name} (roll {roll}): {error}") from None
        return readings


def load_attrition_table(name_or_path: str = BUNDLED) -> tuple[AttritionChart, str]:
    """The bundled table by name, or a referee's own ``.toml`` file, and the sha256 of its bytes.

    Raises:
        ScenarioError: the file cannot be read, is not TOML, or has a bad field (file, field and
            value named).
    """
    return read_chart(name_or_path, AttritionChart, "attrition table")


def column_for(chart: AttritionChart, factors: int) -> int:
    """The column (1..7) holding ``factors`` ground combat factors in contact (H-10 [004]).

    Raises:
        InvalidInputError: a negative count.
        IllegalOrderError: fewer than 5 factors in contact: there is no attrition roll.
    """
    if factors < 0:
        raise InvalidInputError(f"ground combat factors in contact cannot be negative; got {factors}")
    if factors < MIN_CONTACT:
        raise IllegalOrderError(
            f"attrition needs at least {MIN_CONTACT} ground combat factors in contact (H-10 [004]); {factors} are"
        )
    highs = [_column_range(text)[1] for text in chart.columns]
    # The validator makes the last column open-ended, so some column always holds the count.
    return next(number for number, high in enumerate(highs, start=1) if high is None or factors <= high)


def column_cells(chart: AttritionChart, column: int, reading: str = DEFAULT_READING) -> list[str]:
    """The 11 cells of a column, top (roll 2) to bottom (roll 12), under a reading of J-63.

    Raises:
        InvalidInputError: a column outside 1..7 or an unknown reading.
    """
    if reading not in COLUMN_4_READINGS:
        raise InvalidInputError(
            f"attrition_column_4 = {reading!r} is not a reading; readings: {', '.join(COLUMN_4_READINGS)} (J-63)"
        )
    if not 1 <= column <= len(chart.columns):
        raise InvalidInputError(f"attrition column {column} does not exist; columns are 1..{len(chart.columns)}")
    if column == 4 and reading in chart.column_4_readings:
        return list(chart.column_4_readings[reading])
    return [chart.results[str(roll)][column - 1] for roll in ROLLS]


def attrition_result(chart: AttritionChart, column: int, roll: int, reading: str = DEFAULT_READING) -> AttritionResult:
    """The result of a 2D6 roll on a column (H-10, H-11 [004]), column 4 as the reading has it (J-63).

    Raises:
        InvalidInputError: a roll outside 2..12, a column outside 1..7 or an unknown reading.
    """
    if roll not in ROLLS:
        raise InvalidInputError(f"an attrition roll is a 2D6 total 2..12; got {roll}")
    return read_cell(column_cells(chart, column, reading)[roll - 2])


@dataclass(frozen=True)
class Expectation:
    """A column's exact expected results over the 36 outcomes of 2D6, as H-14 [004] tabulates them."""

    column: int
    defender: Fraction
    attacker: Fraction
    hexes: Fraction

    @property
    def difference(self) -> Fraction:
        """The Diff row: defender units minus attacker units."""
        return self.defender - self.attacker


def expected_results(chart: AttritionChart, reading: str = DEFAULT_READING) -> list[Expectation]:
    """Each column's expected units lost by each side and hexes won, exactly (H-14, H-15 [004]).

    Raises:
        InvalidInputError: an unknown reading.
    """
    found = []
    for column in range(1, len(chart.columns) + 1):
        cells = [read_cell(cell) for cell in column_cells(chart, column, reading)]
        found.append(
            Expectation(
                column=column,
                defender=_mean([cell.defender_units for cell in cells]),
                attacker=_mean([cell.attacker_units for cell in cells]),
                hexes=_mean([cell.hexes for cell in cells]),
            )
        )
    return found


def _mean(by_roll: list[int]) -> Fraction:
    ways = (6 - abs(roll - 7) for roll in ROLLS)
    return Fraction(sum(way * value for way, value in zip(ways, by_roll, strict=True)), OUTCOMES)
