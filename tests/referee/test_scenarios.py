"""Scenario and ruleset files: bundled ones load; malformed ones name file, field and value."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.common.errors import ScenarioError
from referee.common.scenario import list_scenarios, load_scenario, scenarios_root

GOOD = scenarios_root() / "revised-europa" / "barbarossa.toml"


def test_bundled_scenarios_load_and_pin_hashes() -> None:
    assert list_scenarios() == [
        "europa-boot-camp/first-battle",
        "revised-europa/barbarossa",
        "revised-third-reich/campaign-1939",
        "second-front/1943",
    ]
    for name in list_scenarios():
        loaded = load_scenario(name)
        assert all(len(digest) == 64 for digest in loaded.pinned.values())


def test_starting_values_cite_the_rules() -> None:
    europa = load_scenario("revised-europa/barbarossa").scenario
    assert (europa.supply_pools["Axis"].stockpile, europa.supply_pools["Soviet"].stockpile) == (100, 75)  # B-03
    reich = load_scenario("revised-third-reich/campaign-1939").scenario
    assert {p.name: p.base for p in reich.powers} == {
        "Germany": 150,
        "Italy": 50,
        "USSR": 90,
        "UK": 125,
        "France": 60,
        "USA": 250,
    }  # G-01


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_wrong_value_names_file_field_and_value(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.read_text().replace("stockpile = 100", "stockpile = -4"))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    text = str(caught.value)
    assert path in text and "supply_pools.Axis.stockpile" in text and "-4" in text


def test_an_unknown_side_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.read_text().replace('name = "USSR"\nside = "Soviet"', 'name = "USSR"\nside = "Allies"'))
    with pytest.raises(ScenarioError, match=r"nations.5.side: 'Allies' is not one of sides"):
        load_scenario(path)


def test_broken_toml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.read_text().replace("start_turn = 0", "start_turn = = 0"))
    with pytest.raises(ScenarioError, match=r"mine.toml: not valid TOML: .*line"):
        load_scenario(path)


def test_unknown_weather_condition_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.read_text().replace('B = "Clear"', 'B = "Drizzle"'))
    with pytest.raises(ScenarioError, match=r"field weather.B: 'Drizzle' is not one of"):
        load_scenario(path)


def test_unknown_scenario_lists_the_bundled_ones() -> None:
    with pytest.raises(
        ScenarioError, match="bundled scenarios: europa-boot-camp/first-battle, revised-europa/barbarossa"
    ):
        load_scenario("nowhere/none")
