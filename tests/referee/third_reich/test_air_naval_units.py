"""Air unit ranges and naval unit types (K-46, H-25, H-32, J-66 [004]): a provisional, pinned,
replaceable chart read by CheckAirMission and CheckSeaMove; refusals leave the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.common.errors import IllegalOrderError
from referee.files import chart_check
from referee.service import RefereeService
from referee.third_reich.air_naval import air_naval_units as anu
from tests.referee.third_reich.reich_support import declared
from tests.referee.third_reich.test_economy_service import at

from support import refused

CHART = Path(__file__).parents[3] / "scenarios" / "charts" / f"{anu.BUNDLED}.toml"
MISSION: dict[str, Any] = {
    "kind": "CheckAirMission",
    "power": "Germany",
    "front": "eastern",
    "unit": "Luftflotte 1",
    "air_type": "5-4 air fleet",
    "factors": 5,
    "mission": "ground_support",
    "distance": 4,
}
TRANSPORT: dict[str, Any] = {
    "kind": "CheckSeaMove",
    "power": "Germany",
    "front": "eastern",
    "mission": "transport",
    "fleets": [{"factors": 9}, {"factors": 5}],
    "ground_factors": 6,
}


def test_K46_the_chart_keeps_the_5_4_range_and_marks_the_rest_provisional() -> None:
    chart, _ = anu.load_air_naval_units()
    assert chart.provisional and chart_check.check(str(CHART)).ok
    fleet = chart.air["5-4 air fleet"]
    assert (fleet.factors, fleet.range, fleet.provisional) == (5, 4, False)
    assert anu.check_air_reach(chart, "5-4 AIR FLEET", 3, "rebase", 8)[0].text.startswith("5-4 air fleet, 3 factors")
    with pytest.raises(IllegalOrderError, match=r"reaches 4 hexes \(range 4 hexes\); the counter_air is 5 away"):
        anu.check_air_reach(chart, "5-4 air fleet", 5, "counter_air", 5)
    with pytest.raises(IllegalOrderError, match="holds at most 5 air factors"):
        anu.check_air_reach(chart, "5-4 air fleet", 6, "escort", 1)
    assert "transport allowed" in anu.check_naval_mission(chart, "Fleet", 9, "transport").text
    with pytest.raises(IllegalOrderError, match=r"submarines may not transport; its missions: strategic_warfare"):
        anu.check_naval_mission(chart, "submarines", 5, "transport")


@pytest.fixture
def offensive(tmp_path: Path) -> RefereeService:
    return declared(tmp_path, "air")


def test_K46_H25_an_air_unit_reaches_its_range_and_twice_that_to_move(offensive: RefereeService) -> None:
    service = offensive
    at(service, "Fall 1939", "Axis", "Movement")
    refused(service, MISSION, "an air mission happens in the Axis Air Missions or Combat or Mechanized Combat phase")
    service.execute_json({**MISSION, "mission": "rebase", "distance": 8})
    refused(service, {**MISSION, "mission": "rebase", "distance": 9}, r"reaches 8 hexes \(4 × 2 = 8 hexes to move\)")
    at(service, "Fall 1939", "Axis", "Air Missions")
    entry = service.execute_json(MISSION)
    assert entry["ruling"]["summary"] == "Luftflotte 1: ground support at 4 hexes, in reach"
    assert "K-46" in entry["ruling"]["steps"][0]["rule"]
    refused(service, {**MISSION, "distance": 5}, "reaches 4 hexes")
    refused(service, {**MISSION, "front": "western"}, "needs an offensive option on the western front")


def test_K46_the_users_unit_chart_changes_the_reach(offensive: RefereeService, tmp_path: Path) -> None:
    service = offensive
    printed = tmp_path / "our-units.toml"
    printed.write_text(CHART.read_text(encoding="utf-8").replace("range = 4", "range = 5", 1))
    at(service, "Fall 1939", "Axis", "Air Missions")
    refused(service, {**MISSION, "distance": 5}, "reaches 4 hexes")
    service.execute_json({"kind": "AdoptCharts", "charts": str(printed), "reason": "our printed unit charts"})
    service.execute_json({**MISSION, "distance": 5})


def test_H32_a_transport_and_a_sea_sr_are_checked(offensive: RefereeService) -> None:
    """H-32: a transport carries 1/2 of each fleet rounded down, as an offensive's naval mission in
    the Movement phase; a sea SR does not pass an uncontested enemy air zone (H-25) and is blocked
    when fewer than 9 naval factors stay on escort after an interception (J-66)."""
    service = offensive
    at(service, "Fall 1939", "Axis", "Movement")
    entry = service.execute_json(TRANSPORT)
    assert "transport, 1/2 of each fleet rounded down: 9 // 2 + 5 // 2 = 4 + 2 = 6" in [
        step["text"] for step in entry["ruling"]["steps"]
    ]
    refused(service, {**TRANSPORT, "ground_factors": 7}, r"the fleets carry 6 ground factors by transport; 7 named")
    refused(service, {**TRANSPORT, "fleets": [{"type": "submarines", "factors": 9}]}, "submarines may not transport")
    refused(service, {**TRANSPORT, "front": "western"}, "needs an offensive option on the western front")
    sea_sr = {**TRANSPORT, "mission": "sea_sr", "front": None}
    refused(service, sea_sr, "a sea SR happens in the Axis Strategic Redeployment phase")
    at(service, "Fall 1939", "Axis", "Strategic Redeployment")
    assert service.execute_json(sea_sr)["ruling"]["summary"] == "Germany's sea SR goes ahead"
    blocked = service.execute_json({**sea_sr, "escort_left": [5, 3]})
    assert blocked["ruling"]["summary"] == "Germany's sea SR is blocked and returns"
    refused(service, {**sea_sr, "enemy_air_in_range": 5}, r"no sea SR at the sea route: an uncontested enemy air zone")
