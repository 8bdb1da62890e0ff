"""Issue 29: the Success table (K-09; D-22, L-08 [000]), the Airbase table (K-09; L-14 [000]) and the
weather roll tables (K-10, A-06 [000]) as provisional, pinned, replaceable charts read by
ResolveSuccess, CheckAirCapacity and RollWeather; a club's own chart changes the result, and a
chart contradicting what the text fixes is refused by name. Refusals leave the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import ScenarioError
from referee.common.ruleset import scenarios_root
from referee.europa.tables import charts as table_charts
from referee.service import RefereeService
from tests.referee.europa.europa_support import club_chart, texts
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused

CHARTS = scenarios_root() / "charts"


def campaign(ruleset: str | None = None) -> RefereeService:
    extra = {"ruleset": ruleset} if ruleset else {}
    create = CreateCampaign(scenario="revised-europa/barbarossa", name="c", **extra)
    return RefereeService.create(":memory:", create, clock=TickingClock())


ours = club_chart


COMMANDO: dict[str, Any] = {"kind": "ResolveSuccess", "side": "Axis", "operation": "commando", "hex": "2715"}


def test_D22_german_commandos_of_jun_ii_1941_get_plus_1_not_plus_2(barbarossa: RefereeService) -> None:
    state = barbarossa.state()
    assert state.identity.tables["success"]["provisional"] is True
    entry = barbarossa.execute_json({**COMMANDO, "faces": [4]})
    assert entry["ruling"]["summary"] == "commando at 2715: Success table, DRM +1, roll 4 → success"
    assert "German commandos in Jun II 1941: the original +2 read as +1" in texts(entry)
    assert "the commando succeeds: +1 to its attack (ResolveCombat's commando)" in texts(entry)
    at_phase(barbarossa, "Jul I 1941", "Axis", "Initial")
    later = barbarossa.execute_json({**COMMANDO, "faces": [4]})
    assert later["ruling"]["summary"] == "commando at 2715: Success table, DRM +0, roll 4 → failure"


def test_D22_under_001_the_original_plus_2_stands() -> None:
    service = campaign("europa-001")
    try:
        entry = service.execute_json({**COMMANDO, "faces": [3]})
        assert entry["ruling"]["summary"] == "commando at 2715: Success table, DRM +2, roll 3 → success"
    finally:
        service.close()


def test_L08_partisans_break_a_rail_line_on_5_6_unmodified(barbarossa: RefereeService) -> None:
    partisans = {"kind": "ResolveSuccess", "side": "Soviet", "operation": "partisan", "hex": "3020"}
    refused(barbarossa, {**partisans, "drm": 1, "faces": [4]}, r"without modifiers \(L-08 \[000\]\)")
    missed = barbarossa.execute_json({**partisans, "faces": [4]})
    assert missed["events"] == [] and missed["ruling"]["summary"].endswith("roll 4 → failure")
    broke = barbarossa.execute_json({**partisans, "faces": [5]})
    assert barbarossa.state().table.facts["rail_cut:3020"].value == "yes"
    assert "a rail break at 3020 (rail_cut)" in texts(broke)


def test_K09_a_clubs_success_table_changes_the_result_and_one_breaking_l08_is_refused(
    barbarossa: RefereeService, tmp_path: Path
) -> None:
    mine = ours(tmp_path, "europa-success", '"3" = "failure"', '"3" = "success"')
    barbarossa.execute_json({"kind": "AdoptCharts", "charts": str(mine), "reason": "our table"})
    at_phase(barbarossa, "Jul I 1941", "Axis", "Initial")
    assert barbarossa.execute_json({**COMMANDO, "faces": [3]})["ruling"]["summary"].endswith("roll 3 → success")
    bad = ours(tmp_path, "europa-success", '"4" = "failure"', '"4" = "success"')
    with pytest.raises(ScenarioError, match=r"rows\.4: partisans need a 5 or 6"):
        table_charts.load_success(str(bad))


CAPACITY: dict[str, Any] = {"kind": "CheckAirCapacity", "side": "Axis", "hex": "Minsk"}


def test_L14_K09_air_capacity_from_the_halved_airbase_table(barbarossa: RefereeService) -> None:
    entry = barbarossa.execute_json({**CAPACITY, "items": ["major_city", "airbase"], "groups": 5})
    assert entry["ruling"]["summary"] == "air capacity of Minsk: 5 group(s), 5 based there"
    assert "major_city 6 + airbase 4 = 10, halved and rounded up: 5" in texts(entry)
    dot = barbarossa.execute_json({**CAPACITY, "items": ["dot_city", "airbase"], "hits": 1})
    assert dot["ruling"]["summary"] == "air capacity of Minsk: 2 group(s), 0 based there"
    refused(barbarossa, {**CAPACITY, "items": ["dot_city"], "groups": 2}, r"Minsk holds 1 air group\(s\); 2 are based")
    refused(barbarossa, {**CAPACITY, "items": ["airbase", "airbase"]}, r"at most one airbase")
    refused(barbarossa, {**CAPACITY, "items": ["port"]}, r"the Airbase table has no port")


def test_K09_a_clubs_airbase_table_adds_an_item_and_keeps_l14(barbarossa: RefereeService, tmp_path: Path) -> None:
    mine = ours(tmp_path, "europa-airbase", "airbase = 4\n", "airbase = 4\nport = 3\n")
    barbarossa.execute_json({"kind": "AdoptCharts", "charts": str(mine), "reason": "our table"})
    entry = barbarossa.execute_json({**CAPACITY, "items": ["dot_city", "port"]})
    assert entry["ruling"]["summary"] == "air capacity of Minsk: 2 group(s), 0 based there"
    bad = ours(tmp_path, "europa-airbase", "major_city = 6", "major_city = 8")
    with pytest.raises(ScenarioError, match=r"items\.major_city: 8 halved and rounded up is not 3"):
        table_charts.load_airbase(str(bad))


def test_K10_the_weather_is_rolled_on_the_zones_table_for_the_month_once_a_turn(
    barbarossa: RefereeService, tmp_path: Path
) -> None:
    at_phase(barbarossa, "Jun II 1941", "Axis", "Initial")
    entry = barbarossa.execute_json({"kind": "RollWeather", "zone": "A", "faces": [5]})
    assert entry["ruling"]["summary"] == "weather in zone A: Clear (1D6 5)"
    assert barbarossa.state().table.weather["A"] == "Clear"
    refused(barbarossa, {"kind": "RollWeather", "zone": "A", "faces": [1]}, r"already set for Jun II 1941")
    refused(barbarossa, {"kind": "RollWeather", "zone": "Q", "faces": [1]}, r"there is no weather zone 'Q'")
    summer = 'Jun = ["Clear", "Clear", "Clear", "Clear", "Clear", "Clear"]'
    mine = tmp_path / "our-weather.toml"
    text = (CHARTS / "europa-weather.toml").read_text(encoding="utf-8")
    start = text.index("[zones.B]")
    end = text.index(summer, start)
    mine.write_text(text[:end] + 'Jun = ["Clear", "Clear", "Clear", "Clear", "Mud", "Mud"]' + text[end + len(summer) :])
    barbarossa.execute_json({"kind": "AdoptCharts", "charts": str(mine), "reason": "our weather tables"})
    wet = barbarossa.execute_json({"kind": "RollWeather", "zone": "B", "faces": [5]})
    assert wet["ruling"]["summary"] == "weather in zone B: Mud (1D6 5)"
    assert barbarossa.state().table.weather["B"] == "Mud"


def test_K10_the_weather_table_names_every_month() -> None:
    chart, _ = table_charts.load_weather()
    assert chart.provisional and set(chart.zones) >= {"A", "B", "C", "D", "G"}
    assert chart.zones["A"]["Jan"] == ["Snow"] * 6
