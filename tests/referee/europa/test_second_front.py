"""Second Front's calendar (A-40), the years of the AA column shifts (A-41) and the playtest numbers
of F-26 [003], as pure functions; and the europa-003 ruleset and second-front/1943 scenario that
play them."""

from __future__ import annotations

import pytest

from referee.common.calendar import europa_label
from referee.common.errors import IllegalOrderError
from referee.common.ruleset import load_ruleset
from referee.common.scenario import load_scenario
from referee.europa.common import turn_numbers
from referee.europa.second_front import playtest as sf

RULESET, _RAW = load_ruleset("europa-003")


def test_A40_the_grand_campaign_runs_jul_i_43_to_may_i_45() -> None:
    """A-40 [003]: Jul I 43 (turn 50) to May I 45 (turn 94); counters from Apr I 43 (turn 44)."""
    assert (sf.FIRST_TURN, sf.LAST_TURN, sf.COUNTERS_FROM) == (50, 94, 44)
    turns = sf.campaign_turns()
    assert (turns[0], turns[-1], len(turns)) == ((50, "Jul I 1943"), (94, "May I 1945"), 45)
    assert sf.campaign_turns(sf.COUNTERS_FROM)[0] == (44, "Apr I 1943")
    with pytest.raises(IllegalOrderError, match=r"between Apr I 1943 and May I 1945 \(A-40"):
        sf.campaign_turns(43)


def test_A40_labels_agree_with_the_europa_calendar() -> None:
    """The turn numbers are the Europa calendar's (A-04 [000]): the same labels, 1939 to 1945."""
    for turn in (-42, -20, 1, 37, 38, 50, 63, 94):
        assert turn_numbers.label_of(turn) == europa_label(turn, RULESET)
    assert turn_numbers.turn_of("Sep", "I", 1939) == -42 and turn_numbers.turn_of("Dec", "II", 1942) == 37


def test_A40_the_europa_003_ruleset_ends_after_may_i_45() -> None:
    """A-40 [003]: the ruleset's last turn; Winter is a weather condition for F-26."""
    assert (RULESET.calendar.last_turn, RULESET.calendar.players) == (94, ["Axis", "Allies"])
    assert "A-40" in RULESET.calendar.last_turn_rule
    assert RULESET.weather.conditions == ["Clear", "Frost", "Mud", "Snow", "Winter"]


def test_A40_the_1943_scenario_starts_on_jul_i_43_with_its_order_of_battle() -> None:
    """A-40 [003]: start turn 50; an AA-rated German flak unit and units without AA."""
    loaded = load_scenario("second-front/1943")
    scenario = loaded.scenario
    assert (scenario.start_turn, scenario.ruleset, scenario.sides) == (50, "europa-003", ["Axis", "Allies"])
    ratings = {unit.unit_id: unit.ratings.get("aa") for unit in scenario.units}
    assert ratings["4flak"] == "11" and ratings["246vg"] is None
    assert scenario.markers["westwall:Aachen"] == "2|unimproved"  # F-25: all Westwall hexes start unimproved


@pytest.mark.parametrize(
    ("turn", "shift"),
    [
        (turn_numbers.turn_of("Sep", "I", 1939), -1),
        (turn_numbers.turn_of("Dec", "II", 1940), -1),
        (1, 0),
        (50, 0),
        (63, 1),
        (94, 1),
    ],
)
def test_A41_year_column_shifts(turn: int, shift: int) -> None:
    """A-41 [003]: 1939–40 −1, 1944–45 +1, 1941–43 none."""
    found, step = sf.aa_year_shift(turn)
    assert found == shift and step.rule == "A-41 [003]"


def test_A41_german_allied_plus_one_only_after_dec_ii_42() -> None:
    """A-41 [003]: Dec II 42 (turn 37) is not after itself; Jan I 43 (turn 38) is."""
    assert sf.national_shift_allowed(37)[0] is False
    assert sf.national_shift_allowed(38)[0] is True


@pytest.mark.parametrize(("weather", "drm"), [("Clear", 0), ("Frost", 0), ("Mud", -2), ("Snow", -1), ("Winter", -1)])
def test_F26_weather_attack_drm(weather: str, drm: int) -> None:
    """F-26 [003]: −2 in Mud, −1 in Winter or Snow."""
    assert sf.weather_attack_drm(weather)[0] == drm


def test_F26_weather_must_be_a_known_condition() -> None:
    with pytest.raises(IllegalOrderError, match="Winter"):
        sf.weather_attack_drm("Blizzard")


def test_F26_armor_effects_reduced_in_winter_and_snow_one_rating_step() -> None:
    """F-26 [003], reading: AECA full → half → none in Winter or Snow; unchanged otherwise."""
    assert sf.winter_aeca("full", "Winter")[0] == "half"
    assert sf.winter_aeca("half", "Snow")[0] == "none"
    assert sf.winter_aeca("none", "Snow") == ("none", None)
    assert sf.winter_aeca("full", "Mud") == ("full", None)
    step = sf.winter_aeca("full", "Snow")[1]
    assert step is not None and "antitank effects unchanged" in step.text


def test_F26_us_and_uk_in_one_attack_get_minus_one() -> None:
    """F-26 [003]: American and British ground units attacking together: −1."""
    assert sf.coalition_drm({"USA", "UK"})[0] == -1
    assert sf.coalition_drm({"USA", "UK", "Canada"})[0] == -1
    assert sf.coalition_drm({"USA"}) == (0, None)


def test_F26_roads_cost_one_mp_in_any_weather() -> None:
    """F-26 [003]: 1 MP a road hex whatever the weather."""
    assert {sf.road_cost(weather)[0] for weather in sf.WEATHERS} == {1}


def test_F26_allied_road_supply_lines_are_10_hexes() -> None:
    """F-26 [003]: the Allies' road-element supply lines; the Axis keeps the ordinary rules."""
    assert (sf.road_supply_length(allied=True), sf.road_supply_length(allied=False)) == (10, None)


def test_F26_first_turn_out_of_supply_halves_attack_only_if_isolated() -> None:
    """F-26 [003]: first unsupplied turn: halved only when also isolated; from the second, halved."""
    assert sf.attack_halved_out_of_supply(1, isolated=False)[0] is False
    assert sf.attack_halved_out_of_supply(1, isolated=True)[0] is True
    assert sf.attack_halved_out_of_supply(2, isolated=False)[0] is True
    assert sf.attack_halved_out_of_supply(0, isolated=True)[0] is False


def test_F26_forts_take_two_turns_one_with_quick_construction() -> None:
    """F-26 [003]: 2 turns whatever the terrain, halved by quick construction; brigades of DS ≥ 2 may do it."""
    assert (sf.fort_build_turns(quick=False)[0], sf.fort_build_turns(quick=True)[0]) == (2, 1)
    assert (sf.brigade_quick_construction(2), sf.brigade_quick_construction(1)) == (True, False)


def test_F26_naval_units_move_150_mp_in_movement_and_exploitation() -> None:
    """F-26 [003]: 150 MP per Movement and per Exploitation phase."""
    assert [sf.naval_movement_points(phase) for phase in ("Movement", "Exploitation", "Combat")] == [150, 150, 0]


def test_F26_stacking_variant_regular_and_mountain() -> None:
    """F-26 [003]: 3 units + 3 non-divisional REs + 2 artillery REs (or 1 artillery division);
    mountains 2 + 2 + 1."""
    assert sf.stack_limit(mountain=False) == sf.StackLimit(3, 3, 2, 1)
    assert sf.stack_limit(mountain=True) == sf.StackLimit(2, 2, 1, 0)
    assert sf.check_stack(3, 3, 2, 0, mountain=False)[0] is True
    assert sf.check_stack(3, 3, 0, 1, mountain=False)[0] is True
    assert sf.check_stack(3, 3, 1, 1, mountain=False)[0] is False
    assert sf.check_stack(4, 0, 0, 0, mountain=False)[0] is False
    assert sf.check_stack(2, 2, 1, 0, mountain=True)[0] is True
    fits, step = sf.check_stack(2, 2, 0, 1, mountain=True)
    assert fits is False and "overstacked" in step.text
