"""Dice statistics (issue 13, item 2): the chi-square tail against a published table and closed
forms, fair dice not flagged at the documented level, a loaded die flagged within 600 rolls."""

from __future__ import annotations

import math
import random

import pytest

from referee.dice.stats import (
    FLAG_BELOW,
    TOO_FEW,
    chi_square_sf,
    dice_groups,
    face_test,
    purpose_group,
)

# Upper-tail critical values of the chi-square distribution, as printed in the NIST/SEMATECH
# e-Handbook of Statistical Methods, table 1.3.6.7.4 (three decimals): (freedom, alpha, value).
PUBLISHED = [
    (1, 0.05, 3.841),
    (1, 0.01, 6.635),
    (2, 0.05, 5.991),
    (2, 0.01, 9.210),
    (5, 0.10, 9.236),
    (5, 0.05, 11.070),
    (5, 0.01, 15.086),
    (9, 0.05, 16.919),
    (9, 0.01, 21.666),
    (10, 0.05, 18.307),
    (10, 0.01, 23.209),
    (20, 0.05, 31.410),
]


@pytest.mark.parametrize(("freedom", "alpha", "value"), PUBLISHED)
def test_the_chi_square_tail_matches_the_published_critical_values(freedom: int, alpha: float, value: float) -> None:
    assert chi_square_sf(value, freedom) == pytest.approx(alpha, abs=2e-4)


def test_the_chi_square_tail_matches_its_closed_forms() -> None:
    """One degree of freedom: erfc(sqrt(x/2)); two: exp(-x/2) (both from the standard library)."""
    for x in (0.01, 0.5, 1.0, 2.5, 4.0, 7.9, 15.0, 40.0):
        assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
        assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
    assert chi_square_sf(0.0, 5) == 1.0


def throws(rng: random.Random, count: int, weights: list[float]) -> list[int]:
    return rng.choices(range(1, len(weights) + 1), weights=weights, k=count)


def test_fair_dice_are_flagged_about_as_often_as_the_level_says() -> None:
    """200 runs of 600 fair 1D6 throws each: at p < 0.01 about 2 are flagged by chance."""
    flagged = sum(face_test(throws(random.Random(seed), 600, [1.0] * 6), 6).flagged for seed in range(200))
    assert flagged <= 8
    fair = face_test(throws(random.Random(1), 600, [1.0] * 10), 10)
    assert (fair.freedom, fair.verdict) == (9, "fair so far") and fair.p_value is not None and fair.p_value > FLAG_BELOW


def test_a_die_loaded_to_roll_six_twice_as_often_is_flagged_within_600_rolls() -> None:
    for seed in range(50):
        loaded = face_test(throws(random.Random(seed), 600, [1.0, 1.0, 1.0, 1.0, 1.0, 2.0]), 6)
        assert loaded.flagged, f"seed {seed}: p = {loaded.p_value}"
        assert loaded.verdict == f"flagged (p < {FLAG_BELOW})"
        assert loaded.mean > loaded.expected_mean == 3.5


def test_too_few_rolls_to_say() -> None:
    """Fewer than five expected throws of each face: no test, said in words."""
    few = face_test([1, 2, 3, 4, 5, 6] * 4 + [6] * 5, 6)  # 29 throws: 4.8 expected per face
    assert (few.verdict, few.statistic, few.p_value) == (TOO_FEW, None, None)
    assert few.counts[6] == 9 and not few.flagged
    assert face_test([1, 2, 3, 4, 5, 6] * 5, 6).verdict == "fair so far"


def test_a_face_that_is_not_on_the_die_is_refused() -> None:
    with pytest.raises(ValueError, match="face 7 is not on a 6-sided die"):
        face_test([1, 7], 6)


def test_rolls_are_grouped_by_player_purpose_die_and_method() -> None:
    rolls = [
        {"purpose": "combat: Brest", "dice": "2D6", "faces": [6, 6], "method": "physical", "rolled_by": "Anna"},
        {"purpose": "combat: Kiev", "dice": "2D6", "faces": [1, 3], "method": "physical", "rolled_by": "Anna"},
        {"purpose": "combat: Kiev", "dice": "2D6", "faces": [2, 2], "method": "digital", "rolled_by": "Anna"},
        {
            "purpose": "isolation attrition: 1234",
            "dice": "1D6",
            "faces": [4],
            "method": "physical",
            "rolled_by": "Boris",
        },
        {"purpose": "strategic warfare: U-boats", "dice": "1D10", "faces": [10], "rolled_by": "Boris"},
        {"purpose": "scatter", "dice": "3D6", "faces": [1, 2, 3], "rolled_by": "Boris"},
    ]
    groups = {(g.player, g.purpose, g.dice, g.method): g for g in dice_groups(rolls)}
    assert set(groups) == {
        ("Anna", "combat", "2D6", "physical"),
        ("Anna", "combat", "2D6", "digital"),
        ("Boris", "isolation", "1D6", "physical"),
        ("Boris", "strategic warfare", "1D10", "physical"),
    }
    anna = groups["Anna", "combat", "2D6", "physical"]
    assert (anna.rolls, sorted(anna.face_counts.elements()), anna.totals) == (2, [1, 3, 6, 6], {12: 1, 4: 1})
    assert anna.test().sides == 6 and anna.test().throws == 4


@pytest.mark.parametrize(
    ("purpose", "group"),
    [
        ("combat: Brest", "combat"),
        ("attack", "combat"),
        ("isolation attrition: 0612", "isolation"),
        ("attrition: Poland front", "attrition"),
        ("strategic warfare: bombers", "strategic warfare"),
        ("weather", "other"),
    ],
)
def test_purposes(purpose: str, group: str) -> None:
    assert purpose_group(purpose) == group
