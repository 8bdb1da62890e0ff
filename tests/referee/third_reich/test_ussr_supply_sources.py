"""G-83: Moscow is the USSR's ordinary supply source; without it, the pre-war USSR's red victory
cities it holds; with all of those lost, any port or city there. G-82: the USSR fights on whatever
it loses (no -15 for Moscow and Leningrad, no knock-out below 75) (issue 29)."""

from __future__ import annotations

from referee.service import RefereeService
from referee.third_reich.territory.supply_sources import ussr_fights_on
from tests.referee.third_reich.test_conquest_conditions import fact

from support import refused


def source(service: RefereeService, city: str) -> str:
    entry = service.execute_json({"kind": "CheckSupplySource", "city": city})
    assert entry["events"] == []
    summary: str = entry["ruling"]["summary"]
    return summary


def test_G83_supply_sources_fall_back_from_moscow_to_red_victory_cities_to_any_city(reich: RefereeService) -> None:
    assert source(reich, "Moscow") == "Moscow is a Soviet supply source now"
    assert source(reich, "Kiev") == "Kiev is not a Soviet supply source now"
    reich.execute_json(fact("controlled_by", "Moscow", "Germany"))
    assert source(reich, "Kiev") == "Kiev is a Soviet supply source now"
    assert source(reich, "Leningrad") == "Leningrad is a Soviet supply source now"  # a red port: 5 + 1 (G-80)
    assert source(reich, "Odessa") == "Odessa is not a Soviet supply source now"
    for city in ("Leningrad", "Stalingrad", "Kiev", "Kharkov", "Rostov"):
        reich.execute_json(fact("controlled_by", city, "Germany"))
    assert source(reich, "Odessa") == "Odessa is a Soviet supply source now"
    reich.execute_json(fact("controlled_by", "Smolensk", "Germany"))
    assert source(reich, "Smolensk") == "Smolensk is not a Soviet supply source now"
    assert source(reich, "Lwow") == "Lwow is not a Soviet supply source now"  # not pre-war USSR
    refused(reich, {"kind": "CheckSupplySource", "city": "Moskva"}, r"the cities chart lists no city 'Moskva'")


def test_G82_the_ussr_fights_on_with_whatever_it_has(reich: RefereeService) -> None:
    """No surrender, no city losses from its pool (no -15 for Moscow): its cities count against its
    base at the year start, and a base under 75 ends nothing."""
    refused(
        reich,
        {"kind": "RecordSurrender", "power": "USSR", "reason": "Moscow fell"},
        r"the USSR fights on with whatever it has left, in all circumstances \(G-82 \[004\]\)",
    )
    refused(
        reich,
        {"kind": "RecordCityLoss", "power": "USSR", "city": "Moscow", "city_types": ["capital"], "cause": "captured"},
        r"USSR cities are counted against its base at the year start \(G-80 \[004\]\)",
    )
    assert ussr_fights_on("USSR", 75) is None and ussr_fights_on("Germany", 10) is None
    while reich.state().table.calendar.label != "Spring 1941":
        calendar = reich.state().table.calendar
        if calendar.phase == "Year Start":
            for power in ("Germany", "Italy", "USSR", "UK", "France"):
                if f"year_start:{power}" not in calendar.steps_done:
                    reich.execute_json({"kind": "PerformYearStart", "power": power})
        reich.execute_json({"kind": "AdvanceGameTurn"})
    saved = reich.state().brp_economies["USSR"].saved
    entry = reich.execute_json({"kind": "PerformYearStart", "power": "USSR", "ussr_cities_held_value": 150})
    ussr = reich.state().brp_economies["USSR"]
    assert ussr.base == 90 + saved * 60 // 100 - 150 < 75 and ussr.in_play
    assert any(step["rule"] == "G-82 [004]" for step in entry["ruling"]["steps"])
