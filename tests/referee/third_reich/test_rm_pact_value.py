"""J-57: the USSR's Ribbentrop-Molotov annexations, by option rm_pact_value: one by one (eastern
Poland 5, Bessarabia 5, the Baltic States 10: 90 -> 110, the default), eastern Poland at the early
example's 10 (115), or 25 for all the Ribbentrop-Molotov cities (115) (issue 29)."""

from __future__ import annotations

import pytest

from referee.service import RefereeService
from tests.referee.third_reich.reich_support import new
from tests.referee.third_reich.test_conquest_conditions import conquest, fact

from support import refused

PARTS = ("Eastern Poland", "Bessarabia", "Baltic States")
WHOLE = "Ribbentrop-Molotov Pact cities"


def ussr_base_in_1940(service: RefereeService) -> int:
    while service.state().table.calendar.phase != "Year Start":
        service.execute_json({"kind": "AdvanceGameTurn"})
    service.execute_json({"kind": "PerformYearStart", "power": "USSR"})
    return service.state().brp_economies["USSR"].base


@pytest.mark.parametrize(("reading", "base"), [(None, 110), ("by_territory", 110), ("eastern_poland_10", 115)])
def test_J57_the_annexations_one_by_one(reading: str | None, base: int) -> None:
    service = new({"rm_pact_value": reading} if reading else {})
    try:
        for part in PARTS:
            service.execute_json(conquest("USSR", part))
        refused(
            service,
            conquest("USSR", WHOLE),
            rf"under option rm_pact_value={reading or 'by_territory'} the Ribbentrop-Molotov annexations are "
            r"valued one by one",
        )
        assert ussr_base_in_1940(service) == base
    finally:
        service.close()


def test_J57_25_for_all_the_ribbentrop_molotov_cities() -> None:
    """The parts count nothing alone; the whole is 25 once every RM city is held by the USSR (a city
    stated held by Germany refuses it); a part taken back by Germany costs the USSR the 25."""
    service = new({"rm_pact_value": "all_cities_25"})
    try:
        parts = [service.execute_json(conquest("USSR", part))["events"][0]["value"] for part in PARTS]
        assert parts == [0, 0, 0]
        service.execute_json(fact("controlled_by", "Lwow", "Germany"))
        refused(
            service,
            conquest("USSR", WHOLE),
            r"Ribbentrop-Molotov Pact cities is a region: it falls when every city in it is held \(G-31 \[004\]\); "
            r"Lwow is held by Germany",
        )
        refused(service, conquest("Germany", WHOLE), r"the Ribbentrop-Molotov Pact cities are USSR's annexations")
        service.execute_json(fact("controlled_by", "Lwow", "USSR"))
        whole = service.execute_json(conquest("USSR", WHOLE))
        assert whole["events"][0]["value"] == 25
        assert ussr_base_in_1940(service) == 115
        service.execute_json(fact("controlled_by", "Lwow", "Germany"))
        service.execute_json(fact("controlled_by", "Brest-Litovsk", "Germany"))
        taken = service.execute_json(conquest("Germany", "Eastern Poland", from_power="USSR"))
        lost = [(e["territory"], e["base_loss"]) for e in taken["events"] if e["type"] == "ConquestLost"]
        assert lost == [("Eastern Poland", 0), (WHOLE, 25)]
        assert service.state().brp_economies["USSR"].base == 90
    finally:
        service.close()
