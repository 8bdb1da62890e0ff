"""Odds to columns: how a ratio of strengths becomes a column of the Europa CRT (D-10, D-11, J-06).

Revised Europa rounds to the *nearest* column without saying nearest by what measure (J-06);
the campaign's option `odds_rounding` picks the reading: `nearest_linear` (the default: the
closest column by plain difference), `nearest_log` (closest by ratio) or `down` (the
original Europa practice, which optional rule D presumes). Ties go to the lower column, in
the defender's favour, as rounding down does.
"""

from __future__ import annotations

import math
from fractions import Fraction

from referee.europa.combat.charts import COLUMNS, column_value

VALUES = [column_value(column) for column in COLUMNS]


def nearest_column(ratio: Fraction, rounding: str) -> str | None:
    """The column for ``ratio``; None when it is below 1-4 (attacker eliminated, D-11).

    Above 7-1 the 7-1 column is used. A ratio below 1:4 is never rounded up into the table.
    """
    if ratio < VALUES[0]:
        return None
    if ratio >= VALUES[-1]:
        return COLUMNS[-1]
    if rounding == "down":
        return max((column for column, value in zip(COLUMNS, VALUES, strict=False) if value <= ratio), key=column_value)
    if rounding == "nearest_log":
        logs = [abs(math.log(ratio) - math.log(value)) for value in VALUES]
        return COLUMNS[logs.index(min(logs))]
    exact = [abs(ratio - value) for value in VALUES]
    return COLUMNS[exact.index(min(exact))]


def shifted(column: str, right: int) -> str:
    """The column ``right`` columns to the right (negative: left), kept inside 1-4..7-1."""
    index = min(max(COLUMNS.index(column) + right, 0), len(COLUMNS) - 1)
    return COLUMNS[index]
