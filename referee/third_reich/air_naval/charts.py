"""The air and naval unit chart as the game registers it (`referee.common.game.Chart`; provisional,
K-46: `referee.third_reich.air_naval.air_naval_units` reads and validates it)."""

from __future__ import annotations

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.third_reich.air_naval import air_naval_units

CHART = Chart(
    "air_naval_units",
    air_naval_units.BUNDLED,
    pinned_data(air_naval_units.load_air_naval_units),
    air_naval_units.AirNavalUnits,
)
