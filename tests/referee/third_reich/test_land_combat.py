"""Revised Third Reich land combat (H-01..H-09 [004], J-62, K-40): the pure rules and the referee's entries."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.service import RefereeService
from referee.third_reich.land import land_combat as lc
from referee.third_reich.land.charts import BUNDLED, load_land_chart, read_code
from tests.referee.third_reich.reich_support import WARSAW, declared
from tests.referee.third_reich.test_economy_service import at

from support import refused

CHART, _ = load_land_chart()
INFANTRY_4 = lc.Attacker("4-3", 4, "infantry")


def battle(**changes: Any) -> lc.Battle:
    base: dict[str, Any] = {
        "attackers": (lc.Attacker("pz", 4, "armor"), lc.Attacker("inf", 3, "infantry")),
        "defenders": (lc.Defender("a", 4, "infantry"), lc.Defender("b", 3, "infantry")),
        "weather": "Clear",
    }
    return lc.Battle(**{**base, **changes})


# -- the defence (H-04, H-05, J-62, A-68) -----------------------------------------------------


@pytest.mark.parametrize(("weather", "expected"), [("Clear", 8), ("Mud", 9), ("Snow", 9)])
def test_H04_the_hex_gets_a_weather_add_and_no_doubling(weather: str, expected: int) -> None:
    assert lc.final_defence(battle(weather=weather))[0] == expected


def test_A68_the_russian_winter_voids_even_the_plus_one() -> None:
    assert lc.final_defence(battle(weather="Snow", russian_winter=True))[0] == 7


@pytest.mark.parametrize(("reading", "expected"), [("doubled", 13), ("not_doubled", 12)])
def test_H05_J62_a_fortified_hex_doubles_its_strongest_unit_under_either_reading(reading: str, expected: int) -> None:
    """RULES.md H-05's derived example: Clear, units 4 and 3: (4+1)×2 + 3 = 13, or 4×2 + 1 + 3 = 12."""
    total, steps = lc.final_defence(battle(fortified=True, fortified_add=reading))
    assert total == expected
    assert "J-62" in steps[-1].rule


# -- support (H-07) -----------------------------------------------------------------------------


def test_H07_support_above_the_cap_is_ignored_and_snow_halves_the_defence_term() -> None:
    clear = lc.assess(battle(air_support=30), CHART)  # defence 8, ground 7: cap min(16, 14) = 14
    assert clear.support_counted == 14
    assert "16 ignored" in " ".join(step.text for step in clear.steps)
    snow = lc.assess(battle(air_support=30, weather="Snow"), CHART)  # defence 9: cap min(9, 14) = 9
    assert snow.support_counted == 9


def test_H07_naval_support_is_one_fleet_at_a_third_against_a_coastal_hex() -> None:
    assert lc.assess(battle(fleets=(9,), coastal=True), CHART).support_counted == 3
    with pytest.raises(IllegalOrderError, match="at most one 9-factor fleet"):
        lc.assess(battle(fleets=(9, 9), coastal=True), CHART)
    with pytest.raises(IllegalOrderError, match="coastal"):
        lc.assess(battle(fleets=(9,)), CHART)


@given(
    ground=st.lists(st.integers(0, 12), min_size=1, max_size=6),
    defence=st.lists(st.integers(0, 12), min_size=1, max_size=4),
    air=st.integers(0, 60),
    fleet=st.sampled_from([(), (9,), (5,)]),
    weather=st.sampled_from(["Clear", "Mud", "Snow"]),
    fortified=st.booleans(),
)
def test_support_never_exceeds_its_cap_and_the_odds_step_reproduces_its_numbers(
    ground: list[int], defence: list[int], air: int, fleet: tuple[int, ...], weather: str, fortified: bool
) -> None:
    fight = lc.Battle(
        attackers=tuple(lc.Attacker(f"a{i}", s, "infantry") for i, s in enumerate(ground)),
        defenders=tuple(lc.Defender(f"d{i}", s, "infantry") for i, s in enumerate(defence)),
        weather=weather,  # type: ignore[arg-type]  # one of the three conditions
        air_support=air,
        fleets=fleet,
        coastal=True,
        fortified=fortified,
    )
    try:
        found = lc.assess(fight, CHART)
    except IllegalOrderError as refused:
        assert "below 1-4" in str(refused)
        return
    assert found.support_counted <= lc.support_cap(found.final_defence, sum(ground), weather)
    assert found.support_counted <= air + (fleet[0] // 3 if fleet else 0)
    odds = next(step.text for step in found.steps if step.text.startswith("odds "))
    numbers = re.match(r"odds (\d+):(\d+)", odds)
    assert numbers is not None
    attack, final = map(int, numbers.groups())
    assert (attack, final) == (sum(ground) + found.support_counted, found.final_defence)
    defence_line = next(step.text for step in found.steps if step.text.startswith("defenders "))
    assert defence_line.endswith(f"= {sum(defence)} (no doubling)")


# -- odds, shifts and the DRM (H-06, H-08, K-40) ------------------------------------------------------------------


def test_odds_round_down_and_below_the_first_column_there_is_no_attack() -> None:
    assert lc.assess(battle(), CHART).column_name == "1-2"  # 7:8 is short of 1-1
    with pytest.raises(IllegalOrderError, match="below 1-4"):
        lc.assess(battle(attackers=(lc.Attacker("x", 1, "infantry"),)), CHART)  # 1:8


@pytest.mark.parametrize(
    ("changes", "columns_left"),
    [
        ({"terrain": "swamp"}, 1),
        ({"terrain": "mountain"}, 1),
        ({"attackers": (lc.Attacker("a", 8, "infantry", across_river=True),)}, 1),
        ({"attackers": (lc.Attacker("a", 8, "infantry", across_river=True), INFANTRY_4)}, 0),
        ({"attackers": (lc.Attacker("a", 8, "infantry", amphibious=True),)}, 1),
        ({"terrain": "mountain", "attackers": (lc.Attacker("a", 8, "infantry", across_river=True),)}, 2),
        (
            {
                "attackers": (
                    lc.Attacker("a", 8, "infantry", across_river=True),
                    lc.Attacker("para", 1, "airborne", air_landed=True),
                )
            },
            0,
        ),
    ],
)
def test_H06_one_column_left_for_each_condition_and_air_landing_cancels_river_and_beach(
    changes: dict[str, Any], columns_left: int
) -> None:
    fight = battle(**changes)
    found = lc.assess(fight, CHART)
    plain = lc.assess(
        lc.Battle(
            attackers=tuple(
                lc.Attacker(unit.unit, unit.strength, unit.type, air_landed=unit.air_landed) for unit in fight.attackers
            ),
            defenders=fight.defenders,
            weather=fight.weather,
        ),
        CHART,
    )
    assert plain.column - found.column == columns_left


@pytest.mark.parametrize(
    ("changes", "drm"),
    [
        ({"attackers": (lc.Attacker("pz", 8, "armor"),)}, 1),
        ({"attackers": (lc.Attacker("pz", 7, "armor"),)}, 0),  # 7 armor < defence 8
        ({"attackers": (lc.Attacker("pz", 8, "armor"),), "weather": "Mud"}, 0),
        ({"attackers": (lc.Attacker("pz", 8, "armor"),), "terrain": "swamp"}, 0),
        ({"attackers": (lc.Attacker("pz", 9, "armor"),), "weather": "Snow"}, 1),
        ({"attackers": (INFANTRY_4, INFANTRY_4), "defenders": (lc.Defender("t", 2, "armor"),)}, -1),
        ({"defenders": (lc.Defender("t", 2, "armor"),)}, 0),  # armor on both sides
    ],
)
def test_H08_armor_superiority_only_in_clear_or_snow_and_clear_terrain(changes: dict[str, Any], drm: int) -> None:
    assert lc.assess(battle(**changes), CHART).drm == drm


def test_H09_mechanized_combat_is_armor_and_air_in_clear_weather_only() -> None:
    with pytest.raises(IllegalOrderError, match="Clear weather"):
        lc.assess(battle(mechanized=True, weather="Snow"), CHART)
    with pytest.raises(IllegalOrderError, match="inf may not attack"):
        lc.assess(battle(mechanized=True), CHART)
    para = lc.Attacker("para", 1, "airborne", air_landed=True)
    assert lc.assess(battle(mechanized=True, attackers=(lc.Attacker("pz", 8, "armor"), para)), CHART)


# -- results (H-01..H-03) --------------------------------------------------------------------------------------


def test_I55_a_bridgehead_of_four_with_its_back_to_the_sea_loses_three_on_D2R() -> None:
    """H-03 [004]: D2R, no retreat possible: 2 + 1 to cancel the retreat; 1 remains."""
    fight = battle(defenders=tuple(lc.Defender(f"u{i}", 2, "infantry") for i in range(4)))
    assessment = lc.assess(fight, CHART)
    column, roll = next(
        (column, roll) for roll in range(2, 13) for column in range(10) if CHART.crt[str(roll)][column] == "D2R"
    )
    assessment.column, assessment.drm = column, 0
    outcome = lc.resolve(fight, assessment, CHART, roll, defender_can_retreat=False, bridgehead=True)
    assert (outcome.defender_units, outcome.retreat, outcome.hex_emptied) == (3, None, False)
    retreating = lc.resolve(fight, assessment, CHART, roll)
    assert (retreating.defender_units, retreating.retreat, retreating.hex_emptied) == (2, "defender", True)


def test_H02_an_emptied_hex_may_be_entered_by_two_units_or_four_into_a_bridgehead() -> None:
    fight = battle(defenders=(lc.Defender("d", 1, "infantry"),))
    assessment = lc.assess(fight, CHART)
    outcome = lc.resolve(fight, assessment, CHART, 12)
    assert outcome.hex_emptied
    assert "up to 2 units" in outcome.steps[-1].text
    assert "up to 4 units" in lc.resolve(fight, assessment, CHART, 12, bridgehead=True).steps[-1].text


def test_the_provisional_crt_satisfies_everything_the_text_says() -> None:
    """H-01 [004], K-40: codes A1/A2/D1/D2/X1 with retreats by either side (D2R among them);
    a provisional table marked as such; never worse for the attacker up a row or a column."""
    assert CHART.provisional and "provisional" in CHART.title
    codes = {code for row in CHART.crt.values() for code in row}
    assert {"A1", "A2", "D1", "D2", "X1", "D2R"} <= codes
    assert any(read_code(code).retreat == "attacker" for code in codes)
    order = ["A2R", "A2", "A1R", "A1", "X1", "D1", "D1R", "D2", "D2R"]
    for roll in range(2, 13):
        row = [order.index(code) for code in CHART.crt[str(roll)]]
        assert row == sorted(row), roll
        if roll > 2:
            above = [order.index(code) for code in CHART.crt[str(roll - 1)]]
            assert all(now >= before for now, before in zip(row, above, strict=True)), roll


def test_a_malformed_land_chart_is_refused_with_the_file_field_and_value(tmp_path: Path) -> None:
    text = (Path(__file__).parents[3] / "scenarios" / "charts" / f"{BUNDLED}.toml").read_text()
    bad = tmp_path / "my-crt.toml"
    bad.write_text(text.replace('"D2R"]', '"D3"]', 1))
    with pytest.raises(ScenarioError, match=r"(?s)my-crt.toml.*crt.9.9 \(6-1\): 'D3' is not a result code"):
        load_land_chart(str(bad))


# -- through the referee service ---------------------------------------------------------------------------------

ATTACK: dict[str, Any] = {
    **WARSAW,
    "attackers": [{"unit": "XXIV pz", "strength": 4, "type": "armor"}, {"unit": "VII inf", "strength": 3}],
    "defenders": [{"unit": "Pol 1", "strength": 2}, {"unit": "Pol 2", "strength": 1}],
    "faces": [3, 4],
    "rolled_by": "Karl",
}


@pytest.fixture
def combat_phase(tmp_path: Path) -> RefereeService:
    service = declared(tmp_path, "land")
    at(service, "Fall 1939", "Axis", "Combat")
    return service


def test_a_combat_owes_units_that_the_loser_names_from_those_that_fought(combat_phase: RefereeService) -> None:
    service = combat_phase
    entry = service.execute_json(ATTACK)  # 7:(2+1+1) → 3-2; armor 4 ≥ 4: +1; 7 + 1 → D1
    assert entry["ruling"]["summary"].endswith("3-2, roll 8 → D1; Western Allies removes 1")
    combat = entry["number"]
    refused(service, {"kind": "AdvancePhase"}, "Western Allies still owes 1 unit")
    removal = {"kind": "RemoveLandLosses", "combat": combat, "side": "Western Allies"}
    refused(service, {**removal, "units": ["Pol 9"]}, "Pol 9 was not in land combat Warsaw")
    refused(service, {**removal, "units": ["Pol 1", "Pol 2"]}, "must remove 1 unit")
    service.execute_json({**removal, "units": ["pol 2"]})
    assert service.state().table.lost_units["Pol 2"].cause == "defender_in_enemy_offensive"
    service.execute_json({"kind": "AdvancePhase"})


def test_a_defender_lost_in_an_enemy_offensive_is_never_recovered(combat_phase: RefereeService) -> None:
    service = combat_phase
    combat = service.execute_json(ATTACK)["number"]
    service.execute_json({"kind": "RemoveLandLosses", "combat": combat, "side": "Western Allies", "units": ["Pol 1"]})
    at(service, "Fall 1939", "Western Allies", "Build")
    refused(
        service,
        {
            "kind": "RecoverUnit",
            "power": "UK",
            "unit": "Pol 1",
            "unit_type": "infantry",
            "strength": 2,
            "cause": "attacker_crt_loss",
        },
        f"Pol 1 was lost in the combat of #{combat} as defender in enemy offensive",
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"supporting_fleets": [9, 9], "coastal": True}, r"at most one 9-factor fleet .*\(H-07 \[004\]\)"),
        ({"front": "western"}, r"offensive option on the western front \(A-58, A-63 \[004\]\); Germany declared no"),
        ({"defender": "Axis"}, r"the defenders are one of the other sides \(USSR, Western Allies\); not 'Axis'"),
        ({"region": "Narnia"}, "there is no weather region 'Narnia'"),
        ({"russian_winter": True}, "Russian winter .* Winter turn"),
        ({"attackers": [{"unit": "x", "strength": 0}]}, "below 1-4"),
    ],
)
def test_refusals_cite_the_rule_and_change_nothing(
    combat_phase: RefereeService, change: dict[str, Any], message: str
) -> None:
    refused(combat_phase, {**ATTACK, **change}, message)


def test_a_mechanized_combat_in_snow_is_refused(tmp_path: Path) -> None:
    service = declared(tmp_path, "snow", label="Winter 1939")
    at(service, "Winter 1939", "Axis", "Mechanized Combat")
    refused(
        service,
        {**ATTACK, "attackers": [{"unit": "XXIV pz", "strength": 9, "type": "armor"}]},
        r"mechanized combat needs Clear weather \(A-66, H-09 \[004\]\); the defender's region has Snow",
    )


def test_stated_facts_fortify_the_hex_and_block_the_retreat(combat_phase: RefereeService) -> None:
    service = combat_phase
    for fact in ("fortified", "retreat_possible"):
        service.execute_json(
            {"kind": "StateFact", "fact": fact, "subject": "Warsaw", "value": "yes" if fact == "fortified" else "no"}
        )
    entry = service.execute_json(
        {**ATTACK, "attackers": [*ATTACK["attackers"], {"unit": "pz2", "strength": 6}], "faces": [5, 6]}
    )
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert any(text.startswith("fortified of Warsaw = yes, stated at #") for text in texts)
    assert "fortified: the strongest unit (2 + 1) × 2 = 6, the others 1 as printed: 7" in texts
    assert "the defenders cannot retreat: one more unit lost instead of the retreat" in texts  # 13:7 → 1-1, D1R


def test_a_campaign_started_before_the_land_chart_is_told_to_adopt_it(tmp_path: Path) -> None:
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="old")
    )
    state = service.state()
    del state.identity.tables["land_combat"]
    with pytest.raises(IllegalOrderError, match='"AdoptCharts", "charts": "third-reich-land-combat"'):
        from referee.third_reich.land.handlers import land_chart_of

        land_chart_of(state)
    service.close()


def test_a_printed_land_chart_replaces_only_the_land_chart(tmp_path: Path) -> None:
    text = (Path(__file__).parents[3] / "scenarios" / "charts" / f"{BUNDLED}.toml").read_text()
    printed = tmp_path / "printed-crt.toml"
    printed.write_text(
        text.replace('"2"  = ["A2R", "A2R"', '"2"  = ["A2", "A2R"', 1).replace(
            "provisional = true", "provisional = false"
        )
    )
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="p")
    )
    service.execute_json({"kind": "AdoptCharts", "charts": str(printed), "reason": "our printed chart"})
    identity = service.state().identity
    assert identity.tables["land_combat"]["provisional"] is False
    assert "chart:printed-crt.toml" in identity.pinned and "chart:third-reich-fire" in identity.pinned
    assert "chart:third-reich-land-combat" not in identity.pinned
    service.close()
