"""Force pools (G-02, J-70, K-44 [004]): a provisional, pinned, replaceable chart that a build
naming its counters is checked against; refusals leave the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.files import chart_check
from referee.service import RefereeService
from referee.third_reich.economy import force_pools as fp
from referee.third_reich.economy.force_pool_builds import force_pools_of
from tests.referee.third_reich.test_economy_service import at

from support import refused

CHART = Path(__file__).parents[3] / "scenarios" / "charts" / f"{fp.BUNDLED}.toml"
TANK_CORPS: dict[str, Any] = {
    "kind": "BuildUnits",
    "power": "UK",
    "category": "armor",
    "factors": 4,
    "counters": [{"counter": "4-5 tank corps", "in_play": 0}],
}


def campaign(tmp_path: Path, **options: str) -> RefereeService:
    tmp_path.mkdir(exist_ok=True)
    service = RefereeService.create(
        str(tmp_path / "reich.db"),
        CreateCampaign(scenario="revised-third-reich/campaign-1939", name="pools", options=options),
    )
    at(service, "Fall 1939", "Western Allies", "Build")
    return service


def test_K44_the_bundled_force_pools_are_provisional_pinned_and_checked() -> None:
    chart, digest = fp.load_force_pools()
    assert chart.provisional and "provisional" in chart.title and len(digest) == 64
    report = chart_check.check(str(CHART))
    assert report.ok and report.fits[0].key == "force_pools"
    text_backed = {(row.power, row.counter) for row in chart.force_pool if row.rule.startswith("G-02")}
    assert text_backed == {("France", "5-4 air fleet"), ("UK", "4-5 tank corps")}


def test_G02_france_starts_with_one_of_its_two_air_fleets(tmp_path: Path) -> None:
    chart, _ = fp.load_force_pools()
    assert fp.starting_force(chart, "France")["5-4 air fleet"] == 1
    assert fp.pool_size(fp.row_of(chart, "France", "5-4 air fleet"), 1939) == 2
    service = campaign(tmp_path)
    second = {
        "kind": "BuildUnits",
        "power": "France",
        "category": "air",
        "factors": 2,  # G-43: France buys 2 air factors a game turn
        "counters": [{"counter": "5-4 AIR FLEET", "in_play": 1}],
    }
    refused(service, {**second, "counters": [{"counter": "5-4 air fleet", "in_play": 2}]}, "holds 2 5-4 air fleet")
    entry = service.execute_json(second)
    steps = [step["text"] for step in entry["ruling"]["steps"]]
    assert (
        "1 5-4 air fleet (5 factors each): 1 on the map + 1 of the 2 the 1939 pool holds (provisional chart)" in steps
    )
    assert any(step.startswith("2 of the counters' 5 air factors bought") for step in steps)
    assert service.state().brp_economies["France"].spent_this_turn > 0
    service.close()


def test_J70_the_uk_tank_corps_are_1941_additions_unless_read_as_in_the_starting_pool(tmp_path: Path) -> None:
    chart, _ = fp.load_force_pools()
    corps = fp.row_of(chart, "UK", "4-5 tank corps")
    assert [fp.pool_size(corps, year) for year in (1939, 1940, 1941)] == [0, 0, 3]
    assert fp.pool_size(corps, 1939, uk_tank_corps="starting_pool") == 3
    service = campaign(tmp_path / "a")
    refused(
        service,
        TANK_CORPS,
        r"UK's 4-5 tank corps counters join its force pool in 1941; it is 1939 \(K-44, G-02 \[004\], J-70",
    )
    service.close()
    service = campaign(tmp_path / "b", uk_tank_corps="starting_pool")
    entry = service.execute_json(TANK_CORPS)
    assert any("J-70 (uk_tank_corps=starting_pool)" in step["rule"] for step in entry["ruling"]["steps"])
    service.close()


def test_K44_the_users_force_pool_chart_changes_the_result(tmp_path: Path) -> None:
    printed = tmp_path / "our-pools.toml"
    text = CHART.read_text(encoding="utf-8")
    printed.write_text(text.replace("additions = { 1941 = 3 }", "additions = { 1939 = 1, 1941 = 2 }", 1))
    assert chart_check.check(str(printed)).ok
    service = campaign(tmp_path)
    refused(service, TANK_CORPS, "join its force pool in 1941")
    service.execute_json({"kind": "AdoptCharts", "charts": str(printed), "reason": "our printed force pools"})
    assert "chart:our-pools.toml" in service.state().identity.pinned
    service.execute_json(TANK_CORPS)
    refused(service, {**TANK_CORPS, "counters": [{"counter": "4-5 tank corps", "in_play": 1}]}, "holds 1 4-5")
    service.close()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"counters": [{"counter": "9-9 armor", "in_play": 0}]}, r"UK's force pool holds no '9-9 armor' \(K-44\)"),
        ({"category": "infantry", "counters": [{"counter": "5-4 air fleet", "in_play": 0}]}, "is air; this build buys"),
        (
            {"category": "infantry", "factors": 7, "counters": [{"counter": "3-3 infantry", "count": 2, "in_play": 0}]},
            "the counters named come to 6 infantry factors; the build buys 7",
        ),
        (
            {"category": "infantry", "factors": 3, "counters": [{"counter": "3-3 infantry", "in_play": 10}]},
            r"holds 10 3-3 infantry\(s\) in 1939; 10 on the map \+ 1 built = 11",
        ),
    ],
)
def test_a_build_naming_counters_is_refused_beyond_the_pool(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    service = campaign(tmp_path)
    refused(service, {**TANK_CORPS, **change}, message)
    service.close()


def test_a_campaign_without_the_chart_builds_as_before_and_is_told_to_adopt_it(tmp_path: Path) -> None:
    service = campaign(tmp_path)
    state = service.state()
    del state.identity.tables["force_pools"]
    with pytest.raises(IllegalOrderError, match='"AdoptCharts", "charts": "third-reich-force-pools"'):
        force_pools_of(state)
    service.close()


def test_a_broken_force_pool_chart_names_file_field_and_value(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(CHART.read_text(encoding="utf-8").replace("start = 20", "start = 99", 1))
    with pytest.raises(ScenarioError, match=r"(?s)broken.toml.*force_pool.0.start: 99 '3-3 infantry' start on the map"):
        fp.load_force_pools(str(broken))
