"""G-45: naval units are built in a friendly port of the home country outside an uncontested enemy
air zone, air units in a home-country city, airbases in an in-supply non-city hex with a friendly
ground unit (at most 3), bridgeheads at most 3 a power stacking 4 (issue 29)."""

from __future__ import annotations

from contextlib import closing
from typing import Any

import pytest

from referee.common.errors import IllegalOrderError
from referee.service import RefereeService
from referee.third_reich.air_naval.naval_operations import place_beachhead, stacking_limit
from tests.referee.third_reich.reich_support import new
from tests.referee.third_reich.test_conquest_conditions import fact
from tests.referee.third_reich.test_economy_service import at

from support import refused


def build(category: str, factors: int, site: str | None = None) -> dict[str, Any]:
    return {"kind": "BuildUnits", "power": "Germany", "category": category, "factors": factors, "site": site}


def airbase(site: str) -> dict[str, Any]:
    return {"kind": "BuildAirbase", "power": "Germany", "site": site}


@pytest.fixture
def germany_builds() -> Any:
    with closing(new()) as service:
        at(service, "Fall 1939", "Axis", "Build")
        yield service


def test_G45_naval_units_in_a_friendly_home_port_outside_an_uncontested_enemy_air_zone(
    germany_builds: RefereeService,
) -> None:
    refused(germany_builds, build("naval", 3, "Berlin"), r"Berlin is not a port: naval units are built in a port")
    refused(germany_builds, build("naval", 3, "London"), r"London is in UK, not in Germany's home country")
    germany_builds.execute_json(fact("uncontested_air_zone_of", "Kiel", "Western Allies"))
    refused(germany_builds, build("naval", 3, "Kiel"), r"Kiel is in an uncontested enemy air zone")
    germany_builds.execute_json(fact("controlled_by", "Hamburg", "UK"))
    refused(germany_builds, build("naval", 3, "Hamburg"), r"Hamburg is held by UK .*friendly controlled")
    germany_builds.execute_json(fact("uncontested_air_zone_of", "Kiel", "Axis"))
    entry = germany_builds.execute_json(build("naval", 3, "Kiel"))
    assert any("Kiel: a city of Germany's home country" in step["text"] for step in entry["ruling"]["steps"])


def test_G45_air_units_in_a_home_country_city(germany_builds: RefereeService) -> None:
    refused(germany_builds, build("air", 2, "hex 2215"), r"the cities chart lists no city 'hex 2215' \(an airbase is")
    refused(germany_builds, build("air", 2, "Rome"), r"Rome is in Italy, not in Germany's home country")
    refused(germany_builds, build("submarines", 1, "Kiel"), r"submarines factors are bought into the strategic")
    germany_builds.execute_json(build("air", 2, "Berlin"))
    germany_builds.execute_json(build("infantry", 1))  # no site named: none checked, as before


def test_G45_airbases_in_supply_off_the_cities_with_a_friendly_ground_unit(germany_builds: RefereeService) -> None:
    refused(germany_builds, airbase("Paris"), r"Paris is a city: airbases are never built in a city hex")
    germany_builds.execute_json(fact("out_of_supply", "hex 1812", "yes"))
    refused(germany_builds, airbase("hex 1812"), r"hex 1812 is out of supply \(out_of_supply of hex 1812 = yes")
    germany_builds.execute_json(fact("ground_unit_of", "hex 1813", "none"))
    refused(germany_builds, airbase("hex 1813"), r"an airbase needs a friendly ground unit in the hex")
    germany_builds.execute_json(fact("ground_unit_of", "hex 1813", "Italy"))  # an ally's unit is friendly
    germany_builds.execute_json(airbase("hex 1813"))
    germany_builds.execute_json(airbase("hex 1814"))
    germany_builds.execute_json(airbase("hex 1815"))
    refused(germany_builds, airbase("hex 1816"), r"Germany already has 3 airbases, the most allowed \(G-45 \[004\]\)")


def test_G45_H33_at_most_three_bridgeheads_each_stacking_four() -> None:
    assert stacking_limit(beachhead=True) == 4 and stacking_limit(beachhead=False) == 2
    with pytest.raises(IllegalOrderError, match="3 bridgeheads already in play, 3 is the limit"):
        place_beachhead("Salerno", 3)
    assert "removed to stay at 3" in place_beachhead("Salerno", 3, removing="Anzio")[0].text
