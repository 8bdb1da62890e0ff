"""The calendars and sequences of play (RULES.md A-01..A-65)."""

from __future__ import annotations

import pytest

from referee.common.calendar import advance, position_at, seasonal_weather, slots_of, third_reich_season, turn_label
from referee.common.errors import IllegalOrderError
from referee.common.ruleset import load_ruleset

EUROPA, _ = load_ruleset("europa-000")
EUROPA_001, _ = load_ruleset("europa-001")
REICH, _ = load_ruleset("third-reich-revised")
POWERS = ["Germany", "Italy", "USSR", "UK", "France"]


@pytest.mark.parametrize(
    ("turn", "label"),
    [
        (1, "Jun II 1941"),
        (2, "Jul I 1941"),
        (4, "Aug I 1941"),
        (13, "Dec II 1941"),
        (14, "Jan I 1942"),
        (21, "Apr II 1942"),
        (22, "May I 1942"),
        (25, "Jun II 1942"),
        (46, "May I 1943"),
    ],
)
def test_europa_turn_index_matches_a04_examples(turn: int, label: str) -> None:
    assert turn_label(turn, EUROPA) == label


def test_europa_turn_zero_is_the_surprise_turn() -> None:
    assert turn_label(0, EUROPA) == "Surprise turn 1941"
    assert [(s.player, s.phase) for s in slots_of(0, EUROPA, ["Axis", "Soviet"])] == [
        ("Axis", "Air"),
        ("Axis", "Movement"),
        ("Axis", "Combat"),
    ]


@pytest.mark.parametrize(
    ("turn", "label"),
    [
        (1, "Fall 1939"),
        (2, "Winter 1939"),
        (3, "Spring 1940"),
        (8, "Spring 1941"),
        (13, "Spring 1942"),
        (14, "Summer I 1942"),
        (23, "Spring 1944"),
        (28, "Spring 1945"),
        (29, "Summer I 1945"),
    ],
)
def test_third_reich_turn_numbers_match_a52(turn: int, label: str) -> None:
    assert turn_label(turn, REICH) == label


def test_sequence_differs_between_000_and_001() -> None:
    phases_000 = [s.phase for s in slots_of(1, EUROPA, ["Axis", "Soviet"]) if s.player == "Axis"]
    phases_001 = [s.phase for s in slots_of(1, EUROPA_001, ["Axis", "Soviet"]) if s.player == "Axis"]
    assert phases_000 == ["Initial", "Air", "Movement", "Combat", "Exploitation"]
    assert phases_001 == ["Initial", "Movement", "Air", "Combat", "Exploitation", "Supply", "Replacement"]


def test_advancing_phase_rolls_into_the_soviet_player_turn_then_next_game_turn() -> None:
    players = ["Axis", "Soviet"]
    position = position_at(1, 4, EUROPA, players)  # Axis Exploitation, Jun II 1941
    after, _ = advance(position, "phase", EUROPA, players, [])
    assert (after.label, after.player, after.phase) == ("Jun II 1941", "Soviet", "Initial")
    last = position_at(1, 9, EUROPA, players)
    after, _ = advance(last, "phase", EUROPA, players, [])
    assert (after.label, after.player, after.phase) == ("Jul I 1941", "Axis", "Initial")


def test_surprise_turn_is_followed_by_the_axis_june_ii_turn() -> None:
    after, _ = advance(position_at(0, 0, EUROPA, ["Axis", "Soviet"]), "turn", EUROPA, ["Axis", "Soviet"], [])
    assert (after.turn, after.label, after.player, after.phase) == (1, "Jun II 1941", "Axis", "Initial")


def test_player_turn_advance_skips_to_next_player() -> None:
    players = ["Axis", "USSR", "Western Allies"]
    after, _ = advance(position_at(1, 2, REICH, players), "player", REICH, players, POWERS)
    assert (after.player, after.phase) == ("USSR", "Options")


def test_spring_turns_open_with_the_year_start_and_it_cannot_be_skipped() -> None:
    players = ["Axis", "USSR", "Western Allies"]
    spring_1940 = position_at(3, 0, REICH, players)
    assert (spring_1940.player, spring_1940.phase) == (None, "Year Start")
    for mode in ("phase", "player", "turn"):
        with pytest.raises(IllegalOrderError, match="year start for Germany has not been recorded"):
            advance(spring_1940, mode, REICH, players, POWERS)
    done = spring_1940.model_copy(update={"steps_done": [f"year_start:{p}" for p in POWERS]})
    after, _ = advance(done, "phase", REICH, players, POWERS)
    assert (after.player, after.phase) == ("Axis", "Options")


def test_fall_1939_has_no_year_start() -> None:
    assert all(slot.phase != "Year Start" for slot in slots_of(1, REICH, ["Axis"]))


def test_campaign_ends_after_summer_i_1945() -> None:
    players = ["Axis", "USSR", "Western Allies"]
    with pytest.raises(IllegalOrderError, match="ends after Summer I 1945"):
        advance(position_at(29, 0, REICH, players), "turn", REICH, players, POWERS)


def test_third_reich_weather_by_region_and_season() -> None:
    assert third_reich_season(3) == ("Spring", 1940)
    assert seasonal_weather(3, REICH)["Scandinavia"] == "Clear"  # Spring 1940 exception
    assert seasonal_weather(8, REICH)["Scandinavia"] == "Snow"
    assert seasonal_weather(8, REICH)["Eastern Europe"] == "Mud"
    assert seasonal_weather(2, REICH)["Rest of Europe"] == "Snow"
    assert seasonal_weather(1, EUROPA) == {}
