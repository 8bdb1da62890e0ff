"""Europa combat charts: the 2D6 CRT and combat terrain effects, as data (RULES K-01, K-03).

The printed charts are not in the source text, so the bundled file
(`scenarios/charts/europa-combat.toml`) is a labelled provisional chart; a referee may load
their own printed chart in the same layout. Either way the chart is validated here, with
errors naming the file, the field and the value, and pinned into the campaign at creation.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import check_grid, read_chart, unknown_code

COLUMNS = ("1-4", "1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")
"""D-11 [000]: the odds columns of the 2D6 CRT (no 2-3 column is mentioned)."""

CODES = ("0", "AR", "DR", "A1", "A2", "D1", "D2", "X1", "X1DR", "D1DR", "D2DR")
"""D-50 [000]: every result code the text names."""

ROLLS = tuple(range(2, 13))
"""D-14 [000]: adjusted rolls are clamped to 2..12."""

BUNDLED = "europa-combat"


def column_value(column: str) -> Fraction:
    """'3-2' → 3/2: the ratio a column stands for."""
    attack, defence = column.split("-")
    return Fraction(int(attack), int(defence))


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TerrainEffect(_Row):
    """How the defender's hex changes an attack (D-03, D-40..D-45, D-70, D-93 [000])."""

    attack: Literal["full", "half"]
    shift: int = Field(ge=0, le=1, description="columns left; at most 1 from terrain (D-13)")
    armor_effects: bool
    artillery: Literal["full", "half"] = "full"
    heavy: bool = Field(default=False, description="a DR needs only a 1-hex retreat (D-70)")
    overrun: bool = True
    major_city: bool = Field(default=False, description="a major city or fortress hex (armor loss rule D-57)")
    defense_add_001: int = Field(
        default=0, ge=0, le=2, description="001: defense strength added (original TEC -1 → +1, -2 → +2, D-46)"
    )
    shift_001: int = Field(default=0, ge=0, le=1, description="001: columns left (original TEC -2 terrain, D-46)")
    attack_001: Literal["full", "half"] = Field(default="full", description="001: the hex halves attackers")
    bombard_support_001: bool = Field(default=True, description="001: bombardment support may be earned (D-46)")
    provisional: bool = False
    rule: str


class HexsideEffect(_Row):
    """How a hexside the attacker crosses changes its strength and armor (D-03, D-31, D-43)."""

    attack: Literal["full", "half"]
    armor: Literal["full", "half", "none"]
    attack_001: Literal["full", "half", "armor_mech_half"] | None = Field(
        default=None, description="001: all AF halved, or armor and mechanized AF only (D-46); none: as attack"
    )
    armor_001: Literal["full", "half", "none"] | None = Field(default=None, description="001: none: as armor")
    overrun: bool = True
    provisional: bool = False
    rule: str


class CombatCharts(_Row):
    """The CRT and the terrain effects of one chart file."""

    title: str
    provisional: bool
    source: str
    columns: list[str]
    crt: dict[str, list[str]]
    terrain: dict[str, TerrainEffect] = Field(min_length=1)
    hexsides: dict[str, HexsideEffect] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> CombatCharts:
        if tuple(self.columns) != COLUMNS:
            raise ValueError(f"columns must be {list(COLUMNS)} (D-11 [000]); got {self.columns}")
        rows = {str(roll) for roll in ROLLS}
        if set(self.crt) != rows:
            raise ValueError(
                f"crt needs one row per roll 2..12; got rows {sorted(self.crt, key=lambda r: (len(r), r))}"
            )
        check_grid("crt", self.crt, COLUMNS, unknown_code(CODES, "a result code"))
        if "clear" not in self.terrain or "none" not in self.hexsides:
            raise ValueError("the chart needs terrain 'clear' and hexside 'none'")
        return self

    def result(self, column: str, roll: int) -> str:
        """The code in ``column`` for an adjusted roll (already clamped to 2..12)."""
        return self.crt[str(roll)][COLUMNS.index(column)]


def load_charts(name: str = BUNDLED) -> tuple[CombatCharts, str]:
    """Load and validate a chart file; returns the charts and the file's sha256.

    Raises:
        ScenarioError: unreadable file, bad TOML, or a field with a wrong value (named).
    """
    return read_chart(name, CombatCharts, "chart")
