"""Third Reich fire: a 1D10 roll gives an effectiveness that multiplies the firing factors (H-20..H-22, K-42).

The tables are data (`scenarios/charts/third-reich-fire.toml`, provisional: the air row is
rebuilt from the London example, the naval row is not in the text) and are pinned into the
campaign at creation like the Europa combat chart; a referee may load a printed table.
"""

from __future__ import annotations

import math
from fractions import Fraction

from pydantic import field_validator

from referee.common.chart_files import ChartHeading, read_chart

BUNDLED = "third-reich-fire"


class FireTables(ChartHeading):
    """Effectiveness by roll 1..10 for each table (H-20)."""

    effectiveness: dict[str, list[str]]

    @field_validator("effectiveness")
    @classmethod
    def _rows(cls, rows: dict[str, list[str]]) -> dict[str, list[str]]:
        for table in ("air", "naval"):
            if table not in rows:
                raise ValueError(f"effectiveness.{table} is missing (H-20 needs an air and a naval row)")
        for table, row in rows.items():
            if len(row) != 10:
                raise ValueError(f"effectiveness.{table}: {len(row)} values; one per 1D10 roll 1..10 is 10")
            for index, text in enumerate(row):
                try:
                    value = Fraction(text)
                except (ValueError, ZeroDivisionError):
                    raise ValueError(
                        f"effectiveness.{table}.{index} (roll {index + 1}): {text!r} is not a number"
                    ) from None
                if not 0 <= value <= 1:
                    raise ValueError(f"effectiveness.{table}.{index} (roll {index + 1}): {text} is outside 0..1")
        return rows

    def value(self, table: str, roll: int) -> Fraction:
        """Effectiveness for a modified roll, clamped to 1..10 (H-20)."""
        return Fraction(self.effectiveness[table][max(1, min(10, roll)) - 1])


def load_fire_tables(name: str = BUNDLED) -> tuple[FireTables, str]:
    """The bundled tables, or a referee's own file; errors name file, field and value."""
    return read_chart(name, FireTables, "fire table")


def hits(factors: int, effectiveness: Fraction, *, round_six_up: bool) -> int:
    """Factors × effectiveness, rounded down; 0.6 or more rounds up where H-21 allows it."""
    exact = factors * effectiveness
    whole = math.floor(exact)
    return whole + 1 if round_six_up and exact - whole >= Fraction(3, 5) else whole
