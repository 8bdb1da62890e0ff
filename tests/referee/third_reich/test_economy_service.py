"""Revised Third Reich economy through the referee service: refusals change nothing; rollback across a year start."""

from __future__ import annotations

import pytest

from referee.common.errors import IllegalOrderError, RulesError
from referee.service import RefereeService


def at(service: RefereeService, label: str, player: str | None, phase: str) -> None:
    """Advance (performing year starts where required) until the calendar shows the position."""
    for _ in range(2000):
        calendar = service.state().table.calendar
        if (calendar.label, calendar.player, calendar.phase) == (label, player, phase):
            return
        if calendar.phase == "Year Start":
            for power, economy in service.state().brp_economies.items():
                if economy.active and f"year_start:{power}" not in calendar.steps_done:
                    service.execute_json({"kind": "PerformYearStart", "power": power})
        service.execute_json({"kind": "AdvancePhase"})
    raise AssertionError(f"never reached {label} {player} {phase}")


GERMANY_ON_USSR = {"kind": "DeclareWar", "power": "Germany", "target": "USSR", "target_kind": "major"}


@pytest.mark.parametrize(
    ("position", "command", "message"),
    [
        (
            ("Fall 1939", "Axis", "Build"),
            {"kind": "BuildUnits", "power": "Germany", "category": "armor", "factors": 38},
            "Germany may spend at most 75 BRPs this turn \\(half of 150\\); 0 spent already, this costs 76",
        ),
        (
            ("Fall 1939", "Western Allies", "Build"),
            {"kind": "BuildUnits", "power": "UK", "category": "naval", "factors": 18, "fleets": 2},
            "UK may buy only 1 9-factor fleet per game turn",
        ),
        (
            ("Fall 1939", "Axis", "Movement"),
            {"kind": "DeclareWar", "power": "Germany", "target": "Poland", "target_kind": "minor"},
            "declaring war happens in the Axis Options phase",
        ),
        (
            ("Fall 1939", "USSR", "Options"),
            {"kind": "DeclareOption", "power": "USSR", "front": "western", "option": "offensive"},
            "USSR is not on the western front",
        ),
        (
            ("Fall 1939", "Axis", "Options"),
            {"kind": "DeclareOption", "power": "USSR", "front": "eastern", "option": "offensive"},
            "declaring options happens in the USSR Options phase",
        ),
        (
            ("Spring 1940", None, "Year Start"),
            {
                "kind": "PerformYearStart",
                "power": "Germany",
                "lend_lease": [{"kind": "LendLeaseGrant", "route": "Germany to Italy", "amount": 7}],
            },
            "Germany to Italy lend lease is exactly 0 or 5 or 10 BRPs, not 7",
        ),
        (
            ("Fall 1939", "Axis", "Build"),
            {"kind": "BuildUnits", "power": "Germany", "category": "air", "factors": 10},
            "Germany may buy at most 5 air factors per game turn",
        ),
        (
            ("Fall 1939", "Western Allies", "Build"),
            {
                "kind": "RecoverUnit",
                "power": "UK",
                "unit": "BEF",
                "unit_type": "infantry",
                "strength": 3,
                "cause": "defender_in_enemy_offensive",
            },
            "never recovered by replacements",
        ),
        (
            ("Fall 1939", "Axis", "Options"),
            {"kind": "GrantBrp", "power": "USA", "amount": 5, "category": "adjustment", "reason": "x"},
            "USA is not in play yet",
        ),
    ],
)
def test_refusals_in_table_language_change_nothing(
    third_reich: RefereeService, position: tuple[str, str | None, str], command: dict[str, object], message: str
) -> None:
    at(third_reich, *position)
    before, head = third_reich.state().to_json(), third_reich.head()
    with pytest.raises(RulesError, match=message):
        third_reich.execute_json(command)
    assert (third_reich.state().to_json(), third_reich.head()) == (before, head)


def test_minor_declarations_cost_5_once_a_season_and_a_major_15(third_reich: RefereeService) -> None:
    for target, kind in (("Poland", "minor"), ("Denmark", "minor"), ("France", "major")):
        third_reich.execute_json({"kind": "DeclareWar", "power": "Germany", "target": target, "target_kind": kind})
    assert third_reich.state().brp_economies["Germany"].total == 150 - 5 - 0 - 15


def test_I66_submarine_hits_are_recorded_on_the_uk_track_and_deducted_next_spring(third_reich: RefereeService) -> None:
    at(third_reich, "Spring 1940", "Axis", "Strategic Warfare")
    third_reich.execute_json(
        {"kind": "RecordStrategicWarfareHits", "power": "UK", "attacker": "submarines", "hits": 11}
    )
    uk = third_reich.state().brp_economies["UK"]
    assert uk.sw_hits == {"1940": {"submarines": 11}} and uk.base == 125
    at(third_reich, "Spring 1941", None, "Year Start")
    third_reich.execute_json({"kind": "PerformYearStart", "power": "UK"})
    uk = third_reich.state().brp_economies["UK"]
    saved = third_reich.state(third_reich.head() - 1).brp_economies["UK"].saved
    assert uk.base == 125 + saved * 60 // 100 - 11


def test_the_year_start_is_previewed_then_rolled_back_exactly(third_reich: RefereeService) -> None:
    from referee.commands import parse_command

    at(third_reich, "Spring 1940", None, "Year Start")
    before = third_reich.state()
    mark = third_reich.head()
    decision, after = third_reich.preview(parse_command({"kind": "PerformYearStart", "power": "France"}))
    assert third_reich.head() == mark  # a preview writes nothing
    assert "40% = 24 → +24" in " ".join(step.text for step in decision.ruling.steps)
    assert after.brp_economies["France"].total == 84  # I-52
    at(third_reich, "Spring 1940", "Axis", "Options")
    third_reich.execute_json({"kind": "Rollback", "to": mark, "reason": "replay the year start"})
    assert third_reich.state().brp_economies == before.brp_economies
    assert third_reich.state().table == before.table


def test_year_start_cannot_be_repeated_or_done_outside_the_phase(third_reich: RefereeService) -> None:
    with pytest.raises(IllegalOrderError, match="belongs to the Year Start phase"):
        third_reich.execute_json({"kind": "PerformYearStart", "power": "Germany"})
    at(third_reich, "Spring 1940", None, "Year Start")
    third_reich.execute_json({"kind": "PerformYearStart", "power": "Germany"})
    with pytest.raises(IllegalOrderError, match="already had its year start"):
        third_reich.execute_json({"kind": "PerformYearStart", "power": "Germany"})


def _uk_sends_20_to_the_ussr(service: RefereeService) -> None:
    """Germany at war with the USSR (G-56: the UK gives once it is), then the Spring 1940 year
    starts, the UK's granting 20 BRPs by the Murmansk route."""
    service.execute_json(GERMANY_ON_USSR)
    at(service, "Spring 1940", None, "Year Start")
    for power in ("Italy", "Germany", "USSR", "France"):
        service.execute_json({"kind": "PerformYearStart", "power": power})
    grant = {"kind": "LendLeaseGrant", "route": "UK to USSR", "amount": 20}
    service.execute_json({"kind": "PerformYearStart", "power": "UK", "lend_lease": [grant]})


def test_murmansk_lend_lease_is_in_transit_then_arrives_less_the_hits(make_service) -> None:
    from referee.commands import CreateCampaign

    from support import TickingClock

    service = RefereeService.create(
        ":memory:", CreateCampaign(scenario="revised-third-reich/campaign-1939", name="ll"), clock=TickingClock()
    )
    try:
        _uk_sends_20_to_the_ussr(service)
        ussr = service.state().brp_economies["USSR"]
        assert ussr.lend_lease_in_transit == 20
        assert ussr.lend_lease_by_route["UK to USSR"].model_dump() == {
            "giver": "UK",
            "sent": 20,
            "lost": 0,
            "arrival": "murmansk",
        }
        assert service.state().brp_economies["UK"].turn_counters == {"sr": 1}  # G-56: counts as 1 UK SR
        service.execute_json({"kind": "RecordMurmanskHits", "receiver": "USSR", "hits": 6})
        total = service.state().brp_economies["USSR"].total
        at(service, "Summer I 1940", "Western Allies", "Mechanized Movement")
        ussr = service.state().brp_economies["USSR"]
        assert (ussr.lend_lease_in_transit, ussr.total) == (
            0,
            total + 14,
        )  # arrives after the WA Summer I combat (J-58)
    finally:
        service.close()


def test_G67_no_strategic_warfare_builds_before_spring_1940(third_reich: RefereeService) -> None:
    at(third_reich, "Fall 1939", "Axis", "Build")
    with pytest.raises(IllegalOrderError, match="first happy time"):
        third_reich.execute_json({"kind": "BuildUnits", "power": "Germany", "category": "submarines", "factors": 2})


def _new(options: dict[str, str]) -> RefereeService:
    from referee.commands import CreateCampaign

    from support import TickingClock

    return RefereeService.create(
        ":memory:",
        CreateCampaign(scenario="revised-third-reich/campaign-1939", name="o", options=options),
        clock=TickingClock(),
    )


@pytest.mark.parametrize(("reading", "accepted"), [("all_spending", False), ("builds_only", True)])
def test_J65_half_limit_counts_both_readings(reading: str, accepted: bool) -> None:
    """Options and DoWs (35) plus builds (50) exceed half of 150 only if options and DoWs count."""
    service = _new({"half_limit_counts": reading})
    try:
        service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"})
        service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "western", "option": "offensive"})
        service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "France", "target_kind": "major"})
        at(service, "Fall 1939", "Axis", "Build")
        build = {"kind": "BuildUnits", "power": "Germany", "category": "armor", "factors": 25}
        if accepted:
            service.execute_json(build)
        else:
            with pytest.raises(IllegalOrderError, match="at most 75 BRPs this turn"):
                service.execute_json(build)
    finally:
        service.close()


@pytest.mark.parametrize(("reading", "rate"), [("70", 70), ("60", 60)])
def test_J56_us_growth_both_readings(reading: str, rate: int) -> None:
    """The US year start grows its saved BRPs at 70% (default) or 60% (the later passage)."""
    service = _new({"us_growth": reading})
    try:
        service.execute_json({"kind": "ActivatePower", "power": "USA"})
        at(service, "Spring 1941", None, "Year Start")
        saved = service.state().brp_economies["USA"].saved
        entry = service.execute_json({"kind": "PerformYearStart", "power": "USA"})
        assert saved > 0
        assert any(step["text"].startswith(f"growth {rate}% × {saved} saved") for step in entry["ruling"]["steps"])
        assert service.state().brp_economies["USA"].base == 250 + saved * rate // 100
    finally:
        service.close()


MURMANSK_TIMINGS = [
    ("summer_i", ("Summer I 1940", "Western Allies", "Mechanized Movement")),
    ("spring", ("Summer I 1940", "USSR", "Options")),
]
"""Each reading of option murmansk_timing (J-58) and where the Murmansk box's lend lease has arrived."""


@pytest.mark.parametrize(("reading", "where"), MURMANSK_TIMINGS)
def test_J58_murmansk_timing_both_readings(reading: str, where: tuple[str, str, str]) -> None:
    service = _new({"murmansk_timing": reading})
    try:
        _uk_sends_20_to_the_ussr(service)
        at(service, "Summer I 1940", "Axis", "Options")
        assert service.state().brp_economies["USSR"].lend_lease_in_transit == 20
        at(service, *where)
        assert service.state().brp_economies["USSR"].lend_lease_in_transit == 0
    finally:
        service.close()


def test_G66_1945_hits_come_off_the_total_at_once_and_G15_only_40_percent_is_received() -> None:
    service = _new({})
    try:
        at(service, "Spring 1945", None, "Year Start")
        service.execute_json({"kind": "PerformYearStart", "power": "Italy"})
        entry = service.execute_json({"kind": "PerformYearStart", "power": "Germany"})
        germany = service.state().brp_economies["Germany"]
        assert germany.total == germany.base * 40 // 100
        assert any("1945: only 40% received" in step["text"] for step in entry["ruling"]["steps"])
        at(service, "Spring 1945", "Western Allies", "Strategic Warfare")
        before = service.state().brp_economies["Germany"].total
        service.execute_json(
            {"kind": "RecordStrategicWarfareHits", "power": "Germany", "attacker": "bombers", "hits": 9}
        )
        assert service.state().brp_economies["Germany"].total == before - 9
    finally:
        service.close()
