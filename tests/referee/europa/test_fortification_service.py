"""Second Front fortifications through the referee service (a second-front/1943 campaign): the
chart pinned at creation, placements and changes of hands, the Westwall's emergency restoration
(once per game) and its improvement, each one entry; refusals change nothing.

Needs the lead's wiring in referee/europa/game.py: FORTIFICATION_COMMANDS, FORTIFICATION_HANDLERS,
FORTIFICATION_APPLIERS, fortification_events in the events catalog, the ``fortifications`` chart,
and the ``allied_near_westwall`` fact."""

from __future__ import annotations

from referee.service import RefereeService
from tests.referee.europa.europa_support import AACHEN

from support import refused


def markers(service: RefereeService) -> dict[str, str]:
    return service.state().table.markers


def test_D47_the_fortification_chart_is_pinned_at_creation(sf: RefereeService) -> None:
    """D-47, F-20 [003]: the printed chart is pinned, not provisional."""
    chart = sf.state().identity.tables["fortifications"]
    assert chart["provisional"] is False and chart["types"]["westwall_3"]["drm"] == -3


def test_F20_check_effects_reads_the_fortress_and_the_hexside(sf: RefereeService) -> None:
    """F-20 [003]: the effects of Metz's improved fortress, combined with a crossed fortified hexside."""
    sf.execute_json(
        {"kind": "PlaceFortification", "side": "Axis", "hex": "Metz/Verdun", "fortification": "fortified_hexside"}
    )
    entry = sf.execute_json({"kind": "CheckFortificationEffects", "hex": "Metz", "hexside": "Metz/Verdun"})
    assert entry["ruling"]["summary"].startswith("Metz: DRM −1; no AEC; attackers halved (except artillery, engineer)")
    assert entry["events"] == []


def test_F21_F22_the_enemy_gains_a_fort_and_a_fortress(sf: RefereeService) -> None:
    """F-21, F-22 [003]: the fort is destroyed; the improved fortress becomes unimproved."""
    sf.execute_json({"kind": "PlaceFortification", "side": "Axis", "hex": "Caen", "fortification": "fort"})
    entry = sf.execute_json({"kind": "RecordHexOwnership", "hex": "Caen", "owner": "Allies"})
    assert "fort:Caen" not in markers(sf) and "F-21 [003]" in [step["rule"] for step in entry["ruling"]["steps"]]
    sf.execute_json({"kind": "RecordHexOwnership", "hex": "Metz", "owner": "Allies"})
    assert markers(sf)["fort:Metz"] == "unimproved_fortress"
    refused(sf, {"kind": "RecordHexOwnership", "hex": "Metz", "owner": "Allies"}, "Allies already owns Metz")


def test_F25_emergency_restoration_through_the_service(sf: RefereeService) -> None:
    """F-25 [003]: declared Jul I 43 on the stated fact, restored in the Axis Initial phase of
    Aug I 43; a second declaration is refused and changes nothing."""
    refused(sf, {"kind": "DeclareWestwallRestoration"}, "allied_near_westwall")
    sf.execute_json({"kind": "StateFact", "fact": "allied_near_westwall", "subject": "Westwall", "value": "yes"})
    entry = sf.execute_json({"kind": "DeclareWestwallRestoration"})
    assert entry["ruling"]["summary"] == "Westwall emergency restoration declared; restored in Aug I 1943"
    sf.execute_json({"kind": "AdvanceGameTurn"})
    refused(sf, {"kind": "CompleteWestwallRestoration"}, "Aug I 1943, the second")
    refused(sf, {"kind": "DeclareWestwallRestoration"}, r"once per game \(F-25")
    sf.execute_json({"kind": "AdvanceGameTurn"})
    assert sf.state().table.calendar.label == "Aug I 1943"
    sf.execute_json({"kind": "CompleteWestwallRestoration"})
    assert {markers(sf)[f"westwall:{hex_}"] for hex_ in ("Aachen", "Saarbrucken", "Kleve")} == {
        "2|improved",
        "3|improved",
        "1|improved",
    }


def test_F25_improvement_needs_axis_resource_points(sf: RefereeService) -> None:
    """F-25 [003]: improving a Westwall hex costs 2 Resource Points (the scenario's Axis stock in the
    Ruhr: 6), not Replacement Points; works are refused where no Resource Points are held."""
    refused(sf, {"kind": "CompleteWestwallImprovement", "hex": "Aachen"}, "no Westwall works are under way")
    refused(sf, {"kind": "ImproveWestwallHex", "hex": "Aachen", "location": "Cologne"}, "Cologne")
    points = sf.state().replacement_tracks["Germany"].points
    entry = sf.execute_json({"kind": "ImproveWestwallHex", "hex": "Aachen", "location": "Ruhr"})
    assert sf.state().resource_points["Axis"].stock["Ruhr"] == 4
    assert sf.state().replacement_tracks["Germany"].points == points
    assert entry["ruling"]["summary"] == "the Axis begins improving the Westwall at Aachen: done in Sep I 1943"
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert "Axis Resource Points in Ruhr: 6 − 2 = 4 (Resource Points, not Replacement Points)" in texts


def test_A40_the_campaign_ends_after_may_i_45(sf: RefereeService) -> None:
    """A-40 [003]: no turn after May I 45 (the ruleset's last_turn)."""
    for _ in range(44):
        sf.execute_json({"kind": "AdvanceGameTurn"})
    assert sf.state().table.calendar.label == "May I 1945"
    refused(sf, {"kind": "AdvanceGameTurn"}, r"ends after May I 1945 \(A-40")


def test_F20_F26_a_second_front_attack_reads_the_westwall_mud_and_the_coalition(sf: RefereeService) -> None:
    """europa-003 fights the one-die combat (its DRMs need one): an Allied attack in Mud by US and
    UK units on a Westwall [2] hex, placed unimproved as every Westwall hex starts (F-25), meets −1
    (unimproved Westwall) −2 (Mud) −1 (US and UK together)."""
    sf.execute_json(
        {"kind": "PlaceFortification", "side": "Axis", "hex": "0910", "fortification": "westwall", "level": 2}
    )
    for _ in range(20):
        calendar = sf.state().table.calendar
        if (calendar.player, calendar.phase) == ("Allies", "Combat"):
            break
        if calendar.phase == "Initial" and calendar.player == "Axis" and "C" not in sf.state().table.weather_turns:
            sf.execute_json({"kind": "SetWeather", "zone": "C", "condition": "Mud"})
        sf.execute_json({"kind": "AdvancePhase"})
    attack = {
        **AACHEN,
        "attackers": [
            {"label": "1us", "strength": 12, "divisional": True, "nation": "USA"},
            {"label": "7uk", "strength": 10, "divisional": True, "nation": "UK"},
        ],
        "defenders": [{"label": "246vg", "strength": 5, "divisional": True}],
    }
    before, _ = sf.preview(sf.parse(attack))
    texts = [step.text for step in before.ruling.steps]
    assert "Mud weather: attack DRM -2" in texts
    assert "US and UK ground units in the same attack: DRM −1" in texts
    assert any("westwall" in text.lower() for text in texts)
    assert before.ruling.summary.endswith("DRM -4")
