"""One weather per zone and game turn (issue 15): a second SetWeather for a zone in the same game
turn is refused and changes nothing; a correction is a rollback; the next game turn sets it anew.
Campaigns whose pinned ruleset predates the rule (no ``once_per_turn``) keep playing as they did."""

from __future__ import annotations

from pathlib import Path

from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import refused

EXPORTS = Path(__file__).resolve().parents[2] / "data" / "exports"


def test_a_second_weather_for_a_zone_in_one_game_turn_is_refused(europa: RefereeService) -> None:
    europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Mud"})
    europa.execute_json({"kind": "SetWeather", "zone": "C", "condition": "Mud"})
    refused(
        europa,
        {"kind": "SetWeather", "zone": "B", "condition": "Clear"},
        r"the weather in zone B is already set for Surprise turn 1941 \(Mud\): one weather per zone and game "
        r"turn .*roll back to the entry before it",
    )


def test_a_correction_is_a_rollback_and_the_next_turn_sets_the_weather_again(europa: RefereeService) -> None:
    entry = europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Mud"})
    europa.execute_json({"kind": "Rollback", "to": entry["number"] - 1, "reason": "the weather roll was misread"})
    europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Frost"})
    assert europa.state().table.weather["B"] == "Frost"
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Clear"})
    assert europa.state().table.weather["B"] == "Clear"


def test_a_campaign_pinned_before_the_rule_audits_clean(tmp_path: Path) -> None:
    """An older campaign's pinned ruleset has no once_per_turn, so the audit re-adjudicates its
    weather entries as that release did (tests/data/exports/europa-barbarossa-0.1.0.jsonl)."""
    from referee.audit.report import audit
    from tui.cli import main

    store = str(tmp_path / "old.db")
    assert main(["import", str(EXPORTS / "europa-barbarossa-0.1.0.jsonl"), store]) == 0
    service = RefereeService.open(store)
    try:
        assert "once_per_turn" not in service.state().identity.ruleset_toml
        report = audit(service)
    finally:
        service.close()
    assert report.ok, report.differences
