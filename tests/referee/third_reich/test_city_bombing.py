"""G-92, G-93: an air attack on a city: three 5-4 air fleets bombing London unopposed inflict 0, 0, 3,
3, 3, 6, 6, 6, 9, 9 for 1D10 rolls 1..10, never more than London's 10 in a year; southern England
loses at most 41 a year (issue 29)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.service import RefereeService
from referee.third_reich.common.fire import load_fire_tables
from referee.third_reich.common.territory_map import load_cities
from referee.third_reich.territory.city_bombing import bombing_hits, region_maximum
from tests.referee.third_reich.reich_support import new, war
from tests.referee.third_reich.test_economy_service import at

from support import refused


def bomb(city: str, roll: int, factors: int = 15) -> dict[str, Any]:
    return {
        "kind": "ResolveCityBombing",
        "power": "Germany",
        "front": "western",
        "city": city,
        "air_factors": factors,
        "faces": [roll],
    }


@pytest.fixture
def blitz() -> Any:
    """Germany at war with the UK (and France), an offensive declared in the west, in its Combat phase."""
    service = new()
    service.execute_json(war("Germany", "UK"))
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "western", "option": "offensive"})
    at(service, "Fall 1939", "Axis", "Combat")
    yield service
    service.close()


def test_G93_london_unopposed_table_and_southern_england_maximum() -> None:
    tables, _ = load_fire_tables()
    assert [bombing_hits(15, tables.value("air", roll)) for roll in range(1, 11)] == [0, 0, 3, 3, 3, 6, 6, 6, 9, 9]
    chart, _ = load_cities()
    assert region_maximum(chart, "southern England") == 41  # 10 London + 10 + 15 + 6


def test_G93_bombing_london_costs_the_uk_up_to_its_value_once_a_year(blitz: RefereeService) -> None:
    uk_before = blitz.state().brp_economies["UK"].total
    first = blitz.execute_json(bomb("London", 7))
    assert first["events"][0] | {"v": 0} == {
        "type": "CityLossRecorded",
        "power": "UK",
        "city": "London",
        "amount": 6,
        "cause": "bombed",
        "v": 0,
    }
    texts = [step["text"] for step in first["ruling"]["steps"]]
    assert "southern England: at most 41 BRPs a year to air attack" in texts
    second = blitz.execute_json(bomb("London", 9))
    assert second["events"][0]["amount"] == 4  # 9 hits, but only 4 of London's 10 are left this year
    assert blitz.execute_json(bomb("London", 10))["events"][0]["amount"] == 0
    uk = blitz.state().brp_economies["UK"]
    assert (uk.total, uk.city_air_hits) == (uk_before - 10, {"London": 10})


def test_G92_refusals_name_the_rule_and_change_nothing(blitz: RefereeService) -> None:
    refused(blitz, bomb("Moscow", 5), r"Moscow is a Soviet city: the USSR's cities count against its base")
    refused(blitz, bomb("Warsaw", 5), r"Warsaw is a city of Poland, not of a great power")
    refused(blitz, bomb("Londres", 5), r"the cities chart lists no city 'Londres'")
    refused(blitz, {**bomb("London", 5), "front": "eastern"}, r"needs an offensive option on the eastern front")
