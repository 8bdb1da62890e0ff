"""The Europa Unit Identification Chart as data (RULES K-04): each unit type's armor ratings.

The printed chart is not in the source text, so the bundled file
(`scenarios/charts/europa-units.toml`) is a labelled provisional chart built from what the text
says about the ratings: armor attacks with its AECA rating, full or 50% (D-31 [000]); defenders
count their ATEC rating, and anti-tank and heavy flak units have ATEC only (D-30, D-32 [000]);
c/m units are mechanized or motorized (B-33, B-34 [000]). A referee replaces it with their own
printed chart in the same layout (`turnledger charts check`, `AdoptCharts`).

The console's combat form reads it: a unit line naming a type ("9 pz", "3 AT") takes the type's
ratings unless its own flags say otherwise.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, pinned_data, read_chart

BUNDLED = "europa-units"

Rating = Literal["none", "half", "full"]


class UnitType(BaseModel):
    """One row of the chart: a unit type, the words a referee calls it by, and its ratings."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    words: list[str] = Field(min_length=1, description="what the table calls it: 'pz', 'panzer', 'tank'")
    aeca: Rating = Field(description="armor effects when attacking (D-31)")
    atec: Rating = Field(description="anti-tank effects when defending (D-32)")
    cm: Literal["none", "mechanized", "motorized"] = Field(description="c/m class for SP costs (B-33, B-34)")
    artillery: bool = False
    provisional: bool = False
    rule: str


class UnitChart(ChartHeading):
    """The unit types of one chart file."""

    types: dict[str, UnitType] = Field(min_length=1)

    @model_validator(mode="after")
    def _words_name_one_type(self) -> UnitChart:
        seen: dict[str, str] = {}
        for name, row in self.types.items():
            for word in row.words:
                key = word.casefold()
                if key in seen:
                    raise ValueError(f"types.{name}.words: {word!r} already names types.{seen[key]}")
                seen[key] = name
        return self

    def type_called(self, word: str) -> UnitType | None:
        """The type a word names, in any case, if any."""
        wanted = word.casefold()
        for row in self.types.values():
            if wanted in (known.casefold() for known in row.words):
                return row
        return None


def load_unit_chart(name: str = BUNDLED) -> tuple[UnitChart, str]:
    """A chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, UnitChart, "unit identification chart")


unit_chart_data = pinned_data(load_unit_chart)
"""The chart as pinned into a campaign (`referee.common.game.Chart.load`)."""
