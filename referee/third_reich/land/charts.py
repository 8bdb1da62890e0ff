"""The Revised Third Reich 2D6 land Combat Results Table, as data (H-01 [004], RULES K-40).

The text replaces the original 1D6 table with a 2D6 one but does not print it, so the bundled
file (`scenarios/charts/third-reich-land-combat.toml`) is a labelled provisional table built to
what the text says; a referee may load their own printed chart in the same layout. It is
validated here and pinned into the campaign like every chart.
"""

from __future__ import annotations

import re
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, model_validator

from referee.common.chart_files import ChartHeading, check_grid, pinned_data, read_chart
from referee.common.game import Chart

BUNDLED = "third-reich-land-combat"
ROLLS = tuple(range(2, 13))
"""2D6 totals; a modified roll is clamped to 2..12."""
CODE = re.compile(r"^(?P<side>[ADX])(?P<units>[12])(?P<retreat>R?)$")
"""H-01 [004]: A1, A2 (attacker units), D1, D2 (defender units), X1 (one unit each side); an R
means the losing side also retreats one hex (the text's D2R)."""


def column_value(column: str) -> Fraction:
    """'3-2' → 3/2: the ratio a column stands for."""
    attack, defence = column.split("-")
    return Fraction(int(attack), int(defence))


class LandResult(BaseModel):
    """One CRT code read: units each side loses and who retreats."""

    model_config = ConfigDict(frozen=True)
    code: str
    attacker_units: int
    defender_units: int
    retreat: str | None
    """'attacker', 'defender' or None."""


def read_code(code: str) -> LandResult:
    """A1/A2/D1/D2/X1 with an optional R (H-01 [004]); X1 takes one unit from each side and never retreats."""
    found = CODE.match(code)
    if found is None or (found["side"] == "X" and (found["units"] != "1" or found["retreat"])):
        raise ValueError(f"{code!r} is not a result code; codes: A1, A2, D1, D2, X1, each but X1 with R")
    side, units = found["side"], int(found["units"])
    return LandResult(
        code=code,
        attacker_units=units if side in "AX" else 0,
        defender_units=units if side in "DX" else 0,
        retreat=None if not found["retreat"] else ("attacker" if side == "A" else "defender"),
    )


def _unreadable(code: str) -> str | None:
    """What `read_code` finds wrong with a CRT cell, or None (`check_grid`)."""
    try:
        read_code(code)
    except ValueError as error:
        return str(error)
    return None


class LandCombatChart(ChartHeading):
    """The odds columns and one row of codes per 2D6 total."""

    columns: list[str]
    crt: dict[str, list[str]]

    @model_validator(mode="after")
    def _shape(self) -> LandCombatChart:
        if not self.columns:
            raise ValueError("columns: at least one odds column, e.g. '1-1'")
        values = []
        for column in self.columns:
            if not re.fullmatch(r"[1-9][0-9]?-[1-9][0-9]?", column):
                raise ValueError(f"columns: {column!r} is not odds such as '3-2'")
            values.append(column_value(column))
        if values != sorted(set(values)):
            raise ValueError(f"columns must rise from left to right, each once; got {self.columns}")
        if set(self.crt) != {str(roll) for roll in ROLLS}:
            raise ValueError(f"crt needs one row per 2D6 total 2..12; got rows {sorted(self.crt, key=len)}")
        check_grid("crt", self.crt, self.columns, _unreadable)
        return self

    def result(self, column: int, roll: int) -> LandResult:
        """The code in column index ``column`` for a modified roll (clamped to 2..12)."""
        return read_code(self.crt[str(max(2, min(12, roll)))][column])


def load_land_chart(name: str = BUNDLED) -> tuple[LandCombatChart, str]:
    """The bundled chart or a referee's file; errors name the file, field and value."""
    return read_chart(name, LandCombatChart, "land combat chart")


CHART = Chart("land_combat", BUNDLED, pinned_data(load_land_chart), LandCombatChart)
"""The land CRT as the game registers it (`referee.common.game.Chart`)."""
