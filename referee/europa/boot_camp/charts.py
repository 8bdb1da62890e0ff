"""The Europa Boot Camp charts as data (RULES K-20): the 1D6 Combat Results Table and the TEC.

Boot Camp (seed 002) names its CRT and Terrain Effects Chart but the text prints neither
(K-20), so the bundled file (`scenarios/charts/europa-boot-camp.toml`) is a labelled
provisional chart built to fit everything the text says: one die (E-04), odds rounded down
to a column, the top column above it and an automatic AE below it (E-03, E-05), result codes
whose losses are counted on printed strengths (E-15), terrain that halves attackers, modifies
the die or cancels AEC (E-12), and terrain MP costs for the movement example (E-32). A
referee replaces it with the printed charts in the same layout (`turnledger charts check`,
`AdoptCharts`).

Result codes (what each one asks of the table; losses are on printed strengths, E-15):
- ``AE`` attacker eliminated; ``AH`` attacker loses at least half its attack strength;
- ``AR`` attacker retreats one hex (E-20); ``NE`` no effect;
- ``EX`` exchange: the defender is eliminated and the attacker loses at least as much attack
  strength as the defence strength eliminated; ``HX`` half exchange: at least half as much;
- ``DR`` defender retreats one hex (E-20, E-21); ``DH`` defender loses at least half its
  defence strength; ``DE`` defender eliminated.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import check_grid, read_chart, unknown_code
from referee.common.pinned import pinned_chart
from referee.common.state import BaseState

BUNDLED = "europa-boot-camp"
KEY = "boot_camp_chart"
"""The chart's key in the campaign's pinned tables (``boot_camp`` holds the scenario's data)."""

CODES = ("AE", "AH", "AR", "NE", "EX", "HX", "DR", "DH", "DE")
"""Every result code the provisional CRT may hold; their meanings are in the module docstring."""

_COLUMN = re.compile(r"^([1-9][0-9]?)-([1-9][0-9]?)$")


def column_value(column: str) -> Fraction:
    """'1-3' → 1/3: the ratio a column stands for."""
    match = _COLUMN.match(column)
    if match is None:
        raise ValueError(f"{column!r} is not an odds column such as '3-1' or '1-2'")
    return Fraction(int(match.group(1)), int(match.group(2)))


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TerrainRow(_Row):
    """How the defender's hex changes an attack, and what it costs to enter (E-12, E-32 [002])."""

    attack: Literal["full", "half"] = Field(description="attackers into the hex are halved (E-01)")
    drm: int = Field(ge=-3, le=0, description="added to the die (E-04)")
    aec: bool = Field(description="AEC counts in this hex (false: cancelled, E-12)")
    mp: int | None = Field(default=None, ge=1, le=20, description="MP to enter; left out: prohibited (E-32)")
    provisional: bool = True
    rule: str


class HexsideRow(_Row):
    """How a hexside the attacker crosses changes its strength and AEC, and the MP it adds."""

    attack: Literal["full", "half"]
    aec: bool = Field(description="attacking c/m divisions crossing it still count for AEC (E-12)")
    mp: int | None = Field(default=None, ge=0, le=20, description="MP added to cross it; left out: prohibited")
    provisional: bool = True
    rule: str


class BootCampChart(_Row):
    """The Boot Camp CRT (1D6, modified die clamped to its rows) and TEC of one chart file."""

    title: str
    provisional: bool
    source: str
    dice: Literal["1D6"]
    columns: list[str] = Field(min_length=1)
    codes: dict[str, str] = Field(min_length=1, description="result code -> what it means at the table")
    crt: dict[str, list[str]] = Field(min_length=6, description="modified die -> one code per column")
    terrain: dict[str, TerrainRow] = Field(min_length=1)
    hexsides: dict[str, HexsideRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> BootCampChart:
        values = [column_value(column) for column in self.columns]
        if values != sorted(set(values)):
            raise ValueError(f"columns: lowest odds first, each once; got {self.columns}")
        unknown = [code for code in self.codes if code not in CODES]
        if unknown:
            raise ValueError(f"codes.{unknown[0]}: not a Boot Camp result code; codes: {', '.join(CODES)}")
        try:
            rows = sorted(int(row) for row in self.crt)
        except ValueError:
            raise ValueError(f"crt: rows are modified die rolls (whole numbers); got {sorted(self.crt)}") from None
        if rows != list(range(rows[0], rows[-1] + 1)) or rows[0] > 1 or rows[-1] < 6:
            raise ValueError(f"crt: one row per modified die, without gaps, covering 1..6; got rows {rows}")
        check_grid("crt", self.crt, self.columns, unknown_code(self.codes))
        if "clear" not in self.terrain or "none" not in self.hexsides:
            raise ValueError("the chart needs terrain 'clear' and hexside 'none'")
        return self

    def lowest(self) -> int:
        """The lowest row: a lower modified die reads this row."""
        return min(int(row) for row in self.crt)

    def highest(self) -> int:
        """The highest row: a higher modified die reads this row."""
        return max(int(row) for row in self.crt)

    def read(self, column: str, modified: int) -> tuple[int, str]:
        """The code for a modified die in ``column``, clamped to the table's rows, and the row read."""
        row = max(self.lowest(), min(self.highest(), modified))
        return row, self.crt[str(row)][self.columns.index(column)]


def load_boot_camp_chart(name: str = BUNDLED) -> tuple[BootCampChart, str]:
    """A chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, BootCampChart, "Boot Camp chart")


def pinned_boot_camp(state: BaseState) -> BootCampChart:
    """The Boot Camp chart pinned into the campaign (K-20: provisional unless replaced)."""
    return pinned_chart(state, KEY, BootCampChart, BUNDLED)
