"""K-43, K-45: the cities of the 3R map, a provisional chart pinned per campaign and replaced by the
club's own; the minor capitals and regions the conquests read; a city loss takes its icons from it
(issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import ScenarioError
from referee.files.chart_check import check
from referee.service import RefereeService
from referee.third_reich.common.context import economy_of
from referee.third_reich.common.territory_map import BUNDLED, load_cities, pinned_cities
from tests.referee.third_reich.reich_support import new

from support import refused

CHART = Path(__file__).parents[3] / "scenarios" / "charts" / f"{BUNDLED}.toml"


def test_K43_K45_the_bundled_chart_is_provisional_and_places_every_territory() -> None:
    """Every territory of the 1939 campaign falls by a capital or by a region's cities the chart
    lists (Occupied France by Paris, G-35); the USSR's supply sources and southern England are in it."""
    chart, _ = load_cities()
    assert chart.provisional and check(str(CHART)).ok
    service = new()
    try:
        data = economy_of(service.state())
        assert pinned_cities(service.state()) == chart
    finally:
        service.close()
    assert data.vichy is not None and data.rm_pact is not None
    unplaced = [
        name
        for name in data.territories
        if chart.capital_of(name) is None and not chart.region(name) and name != data.vichy.occupied
    ]
    assert unplaced == []
    moscow = chart.capital_of("USSR")
    assert moscow is not None and moscow.name == "Moscow"
    assert {city.name for city in chart.region(data.rm_pact.name)} >= {"Lwow", "Kishinev", "Riga"}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (('name = "Bristol"', 'name = "Birmingham"'), r"cities\.2 \(Birmingham\): listed twice \(first as cities\.1\)"),
        (('capital_of = "Italy"', 'capital_of = "Germany"'), r"Germany already has its capital, Berlin"),
        (
            ('"Leningrad", country = "USSR", types = ["red_port"]', '"Leningrad", country = "USSR", types = ["port"]'),
            "'port'",
        ),
    ],
)
def test_K43_a_wrong_chart_is_named_by_entry_and_field(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    mine = tmp_path / "our-map.toml"
    mine.write_text(CHART.read_text(encoding="utf-8").replace(*edit, 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match=message):
        load_cities(str(mine))
    assert not check(str(mine)).ok


def test_K43_the_clubs_chart_replaces_only_the_cities_and_a_city_loss_reads_it(tmp_path: Path) -> None:
    mine = tmp_path / "our-map.toml"
    text = CHART.read_text(encoding="utf-8").replace("provisional = true", "provisional = false")
    mine.write_text(
        text.replace(
            'name = "Lyon", country = "France", types = ["red_victory_city"]',
            'name = "Lyon", country = "France", types = ["red_port"]',
        ),
        encoding="utf-8",
    )
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="map")
    )
    try:
        service.execute_json({"kind": "AdoptCharts", "charts": str(mine), "reason": "our map"})
        identity = service.state().identity
        assert identity.tables["cities"]["provisional"] is False and "chart:third-reich-fire" in identity.pinned
        entry = service.execute_json({"kind": "RecordCityLoss", "power": "France", "city": "lyon", "cause": "captured"})
        assert entry["events"][0]["amount"] == 6  # the club's red port, not the bundled red victory city
        assert "K-43 (the club's cities chart)" in [step["rule"] for step in entry["ruling"]["steps"]]
        refused(
            service,
            {"kind": "RecordCityLoss", "power": "UK", "city": "Paris", "cause": "captured"},
            r"Paris is a city of France in the cities chart, not of UK \(K-43\)",
        )
    finally:
        service.close()
