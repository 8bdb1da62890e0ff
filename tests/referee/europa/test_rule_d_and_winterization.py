"""Issue 29: optional rule D (a D10 for fractional odds, D-12 [000]) and the Winterization table
(D-20, D-23 [000]) as provisional, replaceable charts read by ResolveCombat; and the minimum-dice-roll
AA table fired only where the campaign's option says so (F-01 [003])."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import DiceNeededError, IllegalOrderError, ScenarioError
from referee.europa.combat import rule_d, winterization
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.referee.europa.test_combat_service import ATTACK as BREST
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock

ATTACK: dict[str, Any] = {
    **BREST,
    "what": "Minsk",
    "attackers": [{"label": "9-6 inf", "attack": 9}, {"label": "7-6 inf", "attack": 7}],
    "defenders": [{"label": "6-6 rifle", "defense": 6}],
    "paying_stacks": [2],
    "faces": [3, 4],
}
"""16:6: 2-1 rounded down, 3-1 by the nearest column; 3-1 needs 18 AF, so 4 of the 6 more: 6 tenths."""


def campaign(tmp_path: Path, name: str, **options: str) -> RefereeService:
    return RefereeService.create(
        str(tmp_path / f"{name}.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name=name, options=options),
        clock=TickingClock(),
    )


def test_D12_rule_d_rounds_down_and_a_d10_thrown_with_the_2d6_may_reach_the_next_column(tmp_path: Path) -> None:
    service = campaign(tmp_path, "rule-d", fractional_odds="d10")
    try:
        at_phase(service, "Jun II 1941", "Axis", "Combat")
        before, _ = service.preview(service.parse({k: v for k, v in ATTACK.items() if k != "faces"}))
        shown = [step.text for step in before.ruling.steps]
        assert "odds 16:6 → 2-1" in shown
        assert (
            "optional rule D: 16 AF against 6 DF, rounded down to 2-1; 3-1 needs 18 AF: 6 tenths of the way there: "
            "a D10 of 6 or less reaches 3-1"
        ) in shown
        with pytest.raises(DiceNeededError, match="throw D10"):
            service.execute_json(ATTACK)
        missed, _ = service.preview(service.parse({**ATTACK, "d10": [7]}))
        assert missed.ruling.summary.startswith("combat #") and ": 2-1, roll 7" in missed.ruling.summary
        entry = service.execute_json({**ATTACK, "d10": [6]})
    finally:
        service.close()
    assert ": 3-1, roll 7" in entry["ruling"]["summary"]
    assert [roll["dice"] for roll in entry["rolls"]] == ["2D6", "D10"]
    assert "optional rule D: D10 6 ≤ 6: the odds reach 3-1" in texts(entry)
    assert "column 2-1 → 3-1" in texts(entry)


def test_D12_without_the_option_odds_go_to_the_nearest_column_and_no_d10_is_taken(tmp_path: Path) -> None:
    service = campaign(tmp_path, "plain")
    try:
        at_phase(service, "Jun II 1941", "Axis", "Combat")
        with pytest.raises(IllegalOrderError, match="fractional_odds=off"):
            service.execute_json({**ATTACK, "d10": [1]})
        entry = service.execute_json(ATTACK)
        assert service.state().identity.tables["rule_d"]["provisional"] is True
    finally:
        service.close()
    assert ": 3-1, roll 7" in entry["ruling"]["summary"] and len(entry["rolls"]) == 1


def test_D12_K13_the_chart_is_provisional_and_a_replacement_keeps_what_the_text_says(tmp_path: Path) -> None:
    chart, _ = rule_d.load_rule_d()
    assert chart.provisional and chart.dice == "D10"
    on_a_column = rule_d.chance(chart, 12, 6, "2-1")
    assert on_a_column.face == 0 and "0 tenths" in on_a_column.steps[0].text
    assert rule_d.chance(chart, 80, 10, "7-1").face == 0
    assert rule_d.chance(chart, 2, 9, None).face == 0
    assert rule_d.chance(chart, 5, 10, "1-2").face == 0 and rule_d.chance(chart, 7, 21, "1-3").face == 0
    assert rule_d.chance(chart, 9, 6, "3-2").face == 0 and rule_d.chance(chart, 11, 6, "3-2").face == 6
    text = (Path(rule_d.__file__).parents[3] / "scenarios" / "charts" / "europa-rule-d.toml").read_text()
    bad = tmp_path / "club.toml"
    bad.write_text(text.replace('"0" = 0', '"0" = 1'))
    with pytest.raises(ScenarioError, match=r"earns\.0: without extra attack factors"):
        rule_d.load_rule_d(str(bad))
    bad.write_text(text.replace('"5" = 5', '"5" = 2'))
    with pytest.raises(ScenarioError, match="more extra factors never earn less"):
        rule_d.load_rule_d(str(bad))


def test_D23_the_winterization_table_counts_in_snow_and_its_single_plus_2_reads_plus_1() -> None:
    chart, _ = winterization.load_winterization()
    assert chart.provisional and sum(row.drm == 2 for row in chart.rows) == 1
    assert winterization.winterization_drm(chart, "Soviet", turn=14, weather="Snow")[0] == 1
    assert winterization.winterization_drm(chart, "Soviet", turn=14, weather="Snow", rules="001")[0] == 2
    assert winterization.winterization_drm(chart, "Soviet", turn=14, weather="Mud")[0] == 0
    assert winterization.winterization_drm(chart, "German", turn=14, weather="Snow")[0] == 0
    with pytest.raises(IllegalOrderError, match="no row for 'Soviets'; its nationalities: Finnish, German, Soviet"):
        winterization.winterization_drm(chart, "Soviets", turn=14, weather="Snow")
    twice = chart.model_dump()
    twice["rows"][1]["drm"] = 2
    with pytest.raises(ValueError, match="single \\+2 entry"):
        winterization.WinterizationChart.model_validate(twice)


def test_D23_resolve_combat_reads_the_winterization_input_off_the_table(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Combat")
    europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Snow"})
    attack = {
        **ATTACK,
        "side": "Soviet",
        "attackers": [{"label": "9-6 rifle", "attack": 9}, {"label": "7-6 rifle", "attack": 7}],
        "defenders": [{"label": "6-6 inf", "defense": 6}],
        "winterized": "Soviet",
    }
    with pytest.raises(IllegalOrderError, match="not both"):
        europa.execute_json({**attack, "winterization": True})
    entry = europa.execute_json(attack)
    assert (
        "Winterization table, Soviet in Jun II 1941 (Jun II 1941 to Apr II 1942): +2, the single +2 entry read as +1: "
        "winterization DRM +1"
    ) in texts(entry)
    assert "DRMs +1 winterization advantage = +1" in texts(entry)


def test_F01_minimum_roll_aa_only_where_the_campaigns_option_says_so(tmp_path: Path) -> None:
    fire = {
        "kind": "ResolveMinimumRollAA",
        "side": "Soviet",
        "hex": "Kiev",
        "mission": "bombing",
        "aa_nationality": "Soviet",
        "aa": 8,
        "air_units": [{"label": "He111 a", "type": "B", "df": 4}],
    }
    flak = {
        "kind": "ResolveFlak",
        "side": "Axis",
        "target": "front_line",
        "hex": "Caen",
        "aa_factors": 6,
        "strike_groups": ["B-26 a"],
    }
    standard, optional = campaign(tmp_path, "standard"), campaign(tmp_path, "optional", aa_fire="minimum_roll")
    second_front = RefereeService.create(
        str(tmp_path / "sf.db"), CreateCampaign(scenario="second-front/1943", name="sf"), clock=TickingClock()
    )
    try:
        for service in (standard, optional):
            at_phase(service, "Jun II 1941", "Axis", "Air")
        with pytest.raises(IllegalOrderError, match="option aa_fire=standard"):
            standard.preview(standard.parse(fire))
        before, _ = optional.preview(optional.parse(fire))
        assert before.ruling.summary.startswith("before the dice: AA over Kiev")
        with pytest.raises(IllegalOrderError, match=r"aa_fire=minimum_roll.*record ResolveMinimumRollAA"):
            optional.preview(optional.parse({**flak, "hex": "Kiev"}))
        assert second_front.state().identity.options["aa_fire"] == "minimum_roll"
        with pytest.raises(IllegalOrderError, match="F-01"):
            second_front.preview(second_front.parse(flak))
    finally:
        for service in (standard, optional, second_front):
            service.close()
