"""The charts every system reads, as the game registers them (`referee.common.game.Chart`): the
fire tables (K-42: air, naval, strategic warfare, the Murmansk box and city bombing fire on them)
and the cities of the map (K-43: conquests, build sites, supply sources and city losses read it)."""

from __future__ import annotations

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.third_reich.common import fire, territory_map

FIRE = Chart("fire", fire.BUNDLED, pinned_data(fire.load_fire_tables), fire.FireTables)
CITIES = Chart(
    territory_map.KEY, territory_map.BUNDLED, pinned_data(territory_map.load_cities), territory_map.CitiesChart
)
