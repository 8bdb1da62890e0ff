"""The force pools as the game registers them (`referee.common.game.Chart`; provisional, K-44:
`referee.third_reich.economy.force_pools` reads and validates the chart, a build checks against it)."""

from __future__ import annotations

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.third_reich.economy import force_pools

CHART = Chart("force_pools", force_pools.BUNDLED, pinned_data(force_pools.load_force_pools), force_pools.ForcePoolChart)
