"""The Europa air tables as data (RULES K-09): air combat, AA (flak) fire and air unit repair.

The printed tables are not in the source text. The bundled file
(`scenarios/charts/europa-air.toml`) is a labelled provisional chart in a layout that holds
what the text says about them: air-to-air and flak results are R (returns operable), A
(returns inoperable) and X (shot down: to the EFT or EET box by distance, L-13 [000]); the
die-roll modifiers of L-09 and L-11 [000] are applied to a 2D6 roll before the table is read,
clamped to its rows; the Air Unit Repair table is rolled on 1D6 with a +1 for the Soviets that
is ignored from Jun II 1941 to Jun II 1942 (L-23 [000]). A referee replaces it with their own
printed tables in the same layout (`turnledger charts check`, `AdoptCharts`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import check_grid, read_chart, unknown_code

BUNDLED = "europa-air"

AIR_RESULTS = ("-", "R", "A", "X")
"""L-13 [000]: no effect, returns operable, returns inoperable, shot down."""
REPAIR_RESULTS = ("stays", "ready")


class _Table(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RollTable(_Table):
    """A table read by a modified roll (rows) in a column (columns in order, lowest first)."""

    dice: Literal["2D6", "1D6"]
    columns: list[str] = Field(min_length=1)
    rows: dict[str, list[str]] = Field(min_length=1, description="modified roll -> one result per column")
    codes: list[str] = Field(min_length=1)
    rule: str

    @model_validator(mode="after")
    def _shape(self) -> RollTable:
        faces = range(2, 13) if self.dice == "2D6" else range(1, 7)
        if set(self.rows) != {str(face) for face in faces}:
            raise ValueError(
                f"rows: one row per {self.dice} roll {faces.start}..{faces.stop - 1}; got {sorted(self.rows)}"
            )
        check_grid("rows", self.rows, self.columns, unknown_code(self.codes), cells="results")
        return self

    def lowest(self) -> int:
        return min(int(roll) for roll in self.rows)

    def highest(self) -> int:
        return max(int(roll) for roll in self.rows)

    def read(self, column: str, modified: int) -> tuple[int, str]:
        """The result for a modified roll, clamped to the table's rows, and the row read."""
        row = max(self.lowest(), min(self.highest(), modified))
        return row, self.rows[str(row)][self.columns.index(column)]


class AirTables(_Table):
    """The air tables of one chart file."""

    title: str
    provisional: bool
    source: str
    air_combat: RollTable = Field(description="air-to-air: columns by the firer's rating minus the target's")
    flak: RollTable = Field(description="AA fire: columns by AA factors (the largest not exceeding)")
    repair: RollTable = Field(description="Air Unit Repair table, 1D6 (L-23)")

    @model_validator(mode="after")
    def _codes(self) -> AirTables:
        for name in ("air_combat", "flak"):
            table: RollTable = getattr(self, name)
            if set(table.codes) - set(AIR_RESULTS):
                raise ValueError(f"{name}.codes: results are {', '.join(AIR_RESULTS)} (L-13); got {table.codes}")
        if set(self.repair.codes) - set(REPAIR_RESULTS) or self.repair.dice != "1D6":
            raise ValueError(f"repair: a 1D6 table of {', '.join(REPAIR_RESULTS)} (L-23)")
        return self


def load_air_tables(name: str = BUNDLED) -> tuple[AirTables, str]:
    """A chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, AirTables, "air tables")
