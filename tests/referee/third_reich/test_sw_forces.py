"""Strategic-warfare forces kept by the book (issue 29; G-62..G-67, G-72 [004]): the boxes start as
the text sets them, builds and conversions add, rounds and the Murmansk box remove, and a round
uses no more than is held; a campaign recorded before keeps no counts until they are stated. And
option us_entry: the USA's 1942 base (G-01, G-20, G-57)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.service import RefereeService, import_campaign
from referee.third_reich.strategic_warfare import sw_forces as swf
from referee.third_reich.strategic_warfare import views as warfare_views
from tests.referee.third_reich.test_economy_service import at
from tests.referee.third_reich.test_wars_and_lend_lease import new, war, year_start

from support import refused

GOLDEN_1941 = Path(__file__).resolve().parents[2] / "data" / "exports" / "reich-1941-0.3.0.jsonl"
UBOATS: dict[str, Any] = {"kind": "ResolveStrategicWarfare", "attacker": "submarines", "target": "UK"}


def hold(service: RefereeService, power: str, **counts: int) -> dict[str, Any]:
    """A test's table holds other factors than the book counts: stated with the referee's reason."""
    return service.execute_json(
        {
            "kind": "StateStrategicForces",
            "power": power,
            **counts,
            "reason": "the test's table",
            "override": "set up for the test",
        }
    )


def forces(service: RefereeService, power: str) -> dict[str, int]:
    return dict(service.state().brp_economies[power].sw_forces)


@pytest.fixture
def spring_1940() -> Any:
    """Germany at war with the UK (from Fall 1939), at the Spring 1940 Axis Build phase."""
    service = new()
    service.execute_json(war("Germany", "UK"))
    at(service, "Spring 1940", "Axis", "Build")
    yield service
    service.close()


def test_G67_germany_starts_with_3_uboats_and_the_uk_with_no_asw() -> None:
    service = new()
    try:
        assert forces(service, "Germany") == {"submarines": 3, "interceptors": 0}
        assert forces(service, "UK") == forces(service, "USA") == {"asw": 0, "bombers": 0}
        assert forces(service, "France") == forces(service, "USSR") == {}
        (view,) = warfare_views.views(service.state())
        assert [row[:5] for row in view.rows] == [("Germany", "3", "—", "—", "0"), ("UK", "—", "0", "0", "—")]
    finally:
        service.close()


def test_G62_a_round_uses_no_more_factors_than_the_book_counts(spring_1940: RefereeService) -> None:
    at(spring_1940, "Spring 1940", "Axis", "Strategic Warfare")
    refused(
        spring_1940,
        {**UBOATS, "offensive_factors": 40, "defensive_factors": 0, "rolls": [5]},
        r"Germany has 3 U-boat factors; this round uses 40; if that is really what happened at the table, record "
        r"it with the reason in \"override\"",
    )
    refused(
        spring_1940,
        {**UBOATS, "offensive_factors": 3, "defensive_factors": 4, "rolls": [5, 5, 5]},
        r"the UK has 0 ASW factors; this round uses 4",
    )
    refused(
        spring_1940,
        {**UBOATS, "offensive_factors": 3, "defensive_factors": 0, "uboats_held": 10, "rolls": [5]},
        r"Germany has 3 U-boat factors by the book; the round states 10 held",
    )


def test_G63_builds_add_factors_and_G62_each_sides_losses_come_off(spring_1940: RefereeService) -> None:
    """Germany builds 5 U-boats (8), the UK 4 ASW after the German round (J-61); in Summer I 1940,
    8 U-boats (as 4) against 4 ASW: ASW roll 6, 0.4 × 4 → 1 U-boat lost; U-boats roll 9, 0.6 × 4
    = 2.4 → 2 ASW lost; 7 × 2 = 14 at the economy, roll 6: 5.6 → 5 hits."""
    service = spring_1940
    service.execute_json({"kind": "BuildUnits", "power": "Germany", "category": "submarines", "factors": 5})
    assert forces(service, "Germany")["submarines"] == 8
    at(service, "Spring 1940", "Western Allies", "Build")
    service.execute_json({"kind": "BuildUnits", "power": "UK", "category": "asw", "factors": 4})
    assert forces(service, "UK") == {"asw": 4, "bombers": 0}
    (view,) = warfare_views.views(service.state())
    assert view.rows[1][-1] == "asw 12 of 12, bombers 0 of 18"
    at(service, "Summer I 1940", "Axis", "Strategic Warfare")
    entry = service.execute_json({**UBOATS, "offensive_factors": 8, "defensive_factors": 4, "rolls": [6, 9, 6]})
    assert entry["ruling"]["summary"] == "U-boats lose 1, ASW lose 2; UK takes 5 BRP hits"
    assert forces(service, "Germany")["submarines"] == 7 and forces(service, "UK")["asw"] == 2
    assert any(step["text"] == "Germany has 8 U-boat factors; 8 fight" for step in entry["ruling"]["steps"])


def test_a_round_past_the_book_is_recorded_with_the_referees_reason(spring_1940: RefereeService) -> None:
    """What the book cannot know (a build it never saw): the referee's reason, and the table's count."""
    at(spring_1940, "Spring 1940", "Axis", "Strategic Warfare")
    entry = spring_1940.execute_json(
        {**UBOATS, "offensive_factors": 5, "defensive_factors": 0, "rolls": [5], "override": "2 built in Fall 1939"}
    )
    assert entry["events"][0] == {
        "type": "SwForcesStated",
        "v": 1,
        "power": "Germany",
        "kind": "submarines",
        "factors": 5,
        "reason": "a strategic-warfare round over the book's count: 2 built in Fall 1939",
    }
    assert any("recorded over the book's check" in step["text"] for step in entry["ruling"]["steps"])
    assert forces(spring_1940, "Germany")["submarines"] == 5


def test_G64_a_fleet_converted_after_25_submarine_hits_adds_9_asw(spring_1940: RefereeService) -> None:
    at(spring_1940, "Spring 1940", "Axis", "Strategic Warfare")
    spring_1940.execute_json(
        {"kind": "RecordStrategicWarfareHits", "power": "UK", "attacker": "submarines", "hits": 25}
    )
    at(spring_1940, "Spring 1941", None, "Year Start")
    for power in ("Italy", "Germany", "USSR", "France"):
        spring_1940.execute_json(year_start(power))
    entry = spring_1940.execute_json(year_start("UK"))
    assert [event["type"] for event in entry["events"]][:3] == [
        "YearStartApplied",
        "ForcePoolConverted",
        "SwForcesChanged",
    ]
    assert forces(spring_1940, "UK")["asw"] == 9


def test_G65_each_air_fleet_converted_adds_5_interceptors(spring_1940: RefereeService) -> None:
    at(spring_1940, "Spring 1940", "Western Allies", "Strategic Warfare")
    hits = {"kind": "RecordStrategicWarfareHits", "power": "Germany", "attacker": "bombers", "hits": 31}
    entry = spring_1940.execute_json(hits)
    assert entry["events"][-1]["type"] == "SwForcesChanged" and entry["events"][-1]["change"] == 10
    assert forces(spring_1940, "Germany") == {"submarines": 3, "interceptors": 10}


def test_a_statement_of_the_forces_is_checked_like_any_value_beyond_the_rules() -> None:
    service = new()
    try:
        statement = {"kind": "StateStrategicForces", "power": "Germany", "reason": "counted"}
        refused(service, {**statement, "asw": 4}, r"Germany holds only U-boat and interceptor factors, not ASW \(G-63")
        refused(service, {**statement, "power": "France", "bombers": 2}, r"France holds none, not bomber \(G-63")
        refused(service, {**statement, "submarines": 3}, "the book already counts Germany's factors so")
        refused(service, {**statement, "submarines": 6}, r"Germany has 3 U-boat factors by the book; 6 stated; if")
        hold(service, "Germany", submarines=6)
        assert forces(service, "Germany") == {"submarines": 6, "interceptors": 0}
    finally:
        service.close()


def test_G72_the_murmansk_box_takes_no_more_than_held_and_its_losses_come_off() -> None:
    """The UK and the USA send 20 north in Spring 1940; Germany holds 8 U-boats, the UK 4 ASW."""
    from tests.referee.third_reich.test_murmansk_service import SENT, _rolls
    from tests.referee.third_reich.test_wars_and_lend_lease import _both_northern_and_southern

    service = _both_northern_and_southern()
    try:
        at(service, "Summer I 1940", "Western Allies", "Combat")
        fight = {"kind": "ResolveMurmanskFight", "receiver": "USSR", **SENT, "rolls": _rolls(9)}
        refused(service, fight, r"6 U-boats are in the Murmansk box, but Germany has 3 U-boat factors by the book")
        hold(service, "Germany", submarines=8)
        refused(service, fight, r"4 ASW are in the Murmansk box, but the Western Allies have 0 ASW factors")
        hold(service, "UK", asw=4)
        entry = service.execute_json(fight)
        lost = {event["kind"]: -event["change"] for event in entry["events"] if event["type"] == "SwForcesChanged"}
        summary = entry["ruling"]["summary"]
        assert f"U-boats lose {lost.get('submarines', 0)}" in summary and f"ASW lose {lost.get('asw', 0)}" in summary
        assert forces(service, "Germany")["submarines"] == 8 - lost.get("submarines", 0)
        assert forces(service, "UK")["asw"] == 4 - lost.get("asw", 0)
    finally:
        service.close()


def test_a_campaign_recorded_before_keeps_no_counts_until_they_are_stated(tmp_path: Path) -> None:
    """The golden 1939-1942 campaign of release 0.3.0: no counts, so its rounds are decided as they
    were (the audit of its entries is clean, tests/tui/test_audit_cli.py); a side's kind is checked
    once the book knows every holder's count."""
    service = import_campaign(str(GOLDEN_1941), str(tmp_path / "golden.db"))
    try:
        assert all(not economy.sw_forces for economy in service.state().brp_economies.values())
        at(service, "Summer I 1942", "Western Allies", "Strategic Warfare")
        bombing = {"kind": "ResolveStrategicWarfare", "attacker": "bombers", "target": "Germany", "rolls": [1]}
        entry = service.execute_json({**bombing, "offensive_factors": 50, "defensive_factors": 0})
        assert [event["type"] for event in entry["events"]] == []  # unopposed, roll 1: no hits, no counts
        hold(service, "UK", bombers=5)  # no override needed where the book knows nothing; given anyway
        service.execute_json({**bombing, "offensive_factors": 50, "defensive_factors": 0})  # the USA's unknown
        service.execute_json({"kind": "StateStrategicForces", "power": "USA", "bombers": 6, "reason": "counted"})
        refused(
            service,
            {**bombing, "offensive_factors": 50, "defensive_factors": 0},
            r"the Western Allies have 11 bomber factors; this round uses 50",
        )
    finally:
        service.close()


@pytest.mark.parametrize(("reading", "base"), [("enters_with_base", 250), ("saves_before_entry", 425)])
def test_us_entry_the_usa_activated_in_winter_1941_enters_1942_with_250_or_grows_its_savings(
    reading: str, base: int
) -> None:
    """G-57 needs the USA at war with Germany before the 1942 year start, so it is activated in
    Winter 1941; the text says it enters 1942 with 250 (default), the other reading grows the 250
    it held at 70%: 250 + 175 = 425."""
    service = new({"us_entry": reading})
    try:
        at(service, "Winter 1941", "Axis", "Options")
        service.execute_json({"kind": "ActivatePower", "power": "USA"})
        service.execute_json(war("Germany", "USA"))
        at(service, "Spring 1942", None, "Year Start")
        assert service.state().brp_economies["USA"].saved == 250
        for power in ("Italy", "Germany", "USSR", "UK"):
            service.execute_json(year_start(power))
        entry = service.execute_json(year_start("USA", ("USA to UK", 20)))
        usa = service.state().brp_economies["USA"]
        assert (usa.base, usa.total) == (base, base - 20)
        said = any("option us_entry=enters_with_base" in step["text"] for step in entry["ruling"]["steps"])
        assert said == (reading == "enters_with_base")
        assert swf.side_counts(service.state(), "asw") == {"UK": 0, "USA": 0}
    finally:
        service.close()
