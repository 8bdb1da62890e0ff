"""Three Europa tables the text uses but does not print, as charts (RULES K-09, K-10; D-22, L-08,
L-14, A-06 [000]).

- The Success table (K-09): commando operations and partisans roll on it (D-22: the German
  commandos of Jun II 1941 get +1, not the original +2; L-08: partisans place a rail break on a
  5-6, without modifiers). Bundled provisionally: 1D6, 5-6 a success, the original's Jun II 1941
  commando modifier +2 (which the 000 rules read as +1).
- The Airbase table (K-09): the air capacity of a hex's entry items, used halved and rounded up
  after adding the items together (000). Bundled provisionally with the original values L-14's
  revised capacities come from (a major city 3, a dot or reference city 1, an airbase +2); a
  replacement is held to them.
- The weather roll tables (K-10): a 1D6 per weather zone and month giving the zone's weather.
  Bundled provisionally; the zones are the scenario's (A-06: the zone borders are on the map, so
  the referee names the zone).

Each file under scenarios/charts/ is labelled provisional and replaced with `AdoptCharts`.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.pinned import pinned_chart
from referee.common.state import BaseState

SUCCESS, SUCCESS_KEY = "europa-success", "success"
AIRBASE, AIRBASE_KEY = "europa-airbase", "airbase"
WEATHER, WEATHER_KEY = "europa-weather", "weather_rolls"
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
CONDITIONS = ("Clear", "Frost", "Mud", "Snow")
L14_CAPACITIES = {"major_city": 3, "dot_city": 1, "reference_city": 1, "airbase": 2}
"""L-14 [000]: the capacities the halved Airbase table must give (airbase: alone in a hex)."""


class _Chart(ChartHeading):
    rule: str


class SuccessTable(_Chart):
    """The Success table: one result per modified 1D6 roll, read at 1 or 6 beyond them."""

    dice: Literal["1D6"]
    rows: dict[str, Literal["failure", "success"]]
    commando_surprise_drm: int = Field(
        ge=0, le=3, description="the original commando modifier of Jun II 1941 (D-22: 000 reads +2 as +1)"
    )

    @model_validator(mode="after")
    def _shape(self) -> SuccessTable:
        if set(self.rows) != {str(face) for face in range(1, 7)}:
            raise ValueError(f"rows: one row per 1D6 roll 1..6; got {sorted(self.rows)}")
        if (self.rows["5"], self.rows["6"]) != ("success", "success"):
            raise ValueError("rows: a 5 and a 6 succeed (partisans break a rail line on 5-6 unmodified, L-08 [000])")
        if self.rows["4"] != "failure":
            raise ValueError("rows.4: partisans need a 5 or 6 (L-08 [000]): a 4 fails")
        return self

    def read(self, modified: int) -> tuple[int, str]:
        row = max(1, min(6, modified))
        return row, self.rows[str(row)]


class AirbaseTable(_Chart):
    """The Airbase table: each entry item's original capacity, added and then halved, rounded up."""

    items: dict[str, int] = Field(description="entry item -> original air capacity")

    @model_validator(mode="after")
    def _shape(self) -> AirbaseTable:
        for item, revised in L14_CAPACITIES.items():
            if item not in self.items:
                raise ValueError(f"items: {item} is missing (L-14 [000])")
            if math.ceil(self.items[item] / 2) != revised:
                raise ValueError(
                    f"items.{item}: {self.items[item]} halved and rounded up is not {revised}, the capacity L-14 [000] "
                    "gives it"
                )
        return self


class WeatherTable(_Chart):
    """The weather roll tables: per zone and month, the weather for each face of 1D6."""

    dice: Literal["1D6"]
    zones: dict[str, dict[str, list[Literal["Clear", "Frost", "Mud", "Snow"]]]] = Field(
        description="zone -> month (Jan..Dec) -> six results, faces 1..6"
    )

    @model_validator(mode="after")
    def _shape(self) -> WeatherTable:
        for zone, months in self.zones.items():
            if set(months) != set(MONTHS):
                raise ValueError(f"zones.{zone}: one row per month Jan..Dec; got {sorted(months)}")
            for month, results in months.items():
                if len(results) != 6:
                    raise ValueError(f"zones.{zone}.{month}: six results, one per face; got {len(results)}")
        return self


def load_success(name: str = SUCCESS) -> tuple[SuccessTable, str]:
    return read_chart(name, SuccessTable, "Success table")


def load_airbase(name: str = AIRBASE) -> tuple[AirbaseTable, str]:
    return read_chart(name, AirbaseTable, "Airbase table")


def load_weather(name: str = WEATHER) -> tuple[WeatherTable, str]:
    return read_chart(name, WeatherTable, "weather roll tables")


def pinned_success(state: BaseState) -> SuccessTable:
    return pinned_chart(state, SUCCESS_KEY, SuccessTable, SUCCESS)


def pinned_airbase(state: BaseState) -> AirbaseTable:
    return pinned_chart(state, AIRBASE_KEY, AirbaseTable, AIRBASE)


def pinned_weather(state: BaseState) -> WeatherTable:
    return pinned_chart(state, WEATHER_KEY, WeatherTable, WEATHER)
