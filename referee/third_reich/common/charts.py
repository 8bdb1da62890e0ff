"""The charts every system reads, as the game registers them (`referee.common.game.Chart`): the
fire tables (K-42: air, naval, strategic warfare, the Murmansk box and city bombing fire on them)
and the cities of the map (K-43: conquests, build sites, supply sources and city losses read it)."""

from __future__ import annotations

from typing import Any

from referee.common.game import Chart
from referee.third_reich.common import fire, territory_map


def _fire_tables(name: str) -> tuple[dict[str, Any], str]:
    tables, digest = fire.load_fire_tables(name)
    return tables.model_dump(mode="json"), digest


FIRE = Chart("fire", fire.BUNDLED, _fire_tables, fire.FireTables)
CITIES = Chart(territory_map.KEY, territory_map.BUNDLED, territory_map.cities_chart_data, territory_map.CitiesChart)
