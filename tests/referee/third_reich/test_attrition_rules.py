"""Revised Third Reich attrition option (H-10..H-15 [004], I-64, J-63, K-41): the pure rules and the chart."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.errors import IllegalOrderError, InvalidInputError, ScenarioError
from referee.third_reich.attrition import attrition as at
from referee.third_reich.attrition import attrition_losses as al
from referee.third_reich.attrition.attrition_losses import HexWon, Removal

CHART, DIGEST = at.load_attrition_table()
READINGS = list(at.COLUMN_4_READINGS)
BUNDLED_FILE = Path(__file__).parents[3] / "scenarios" / "charts" / f"{at.BUNDLED}.toml"

# H-14 [004], as printed: expected units lost by the defender and the attacker, their
# difference, and hexes won, per column left to right.
PRINTED = {
    "Def": ["0.67", "1.50", "2.75", "4.00", "5.75", "7.16", "8.67"],
    "Att": ["0.33", "0.75", "1.33", "1.92", "2.75", "3.50", "4.25"],
    "Diff": ["0.33", "0.75", "1.42", "2.17", "3.00", "3.67", "4.42"],
    "Hex": ["0.08", "0.50", "1.33", "2.00", "2.50", "3.33", "4.00"],
}
# H-15: each printed figure as the multiple of 1/36 it stands for.
THIRTY_SIXTHS = {
    "Def": [24, 54, 99, 144, 207, 258, 312],
    "Att": [12, 27, 48, 69, 99, 126, 153],
    "Hex": [3, 18, 48, 72, 90, 120, 144],
}
# What column 4 must show under each reading of J-63: (Def, Att, Diff), as decimals.
COLUMN_4 = {
    "printed_def_att": ("4.00", "1.92", "2.08"),
    "printed_diff_raise_def": ("4.08", "1.92", "2.17"),
    "printed_diff_lower_att": ("4.00", "1.83", "2.17"),
}


def rows(expectation: at.Expectation) -> dict[str, Fraction]:
    return {
        "Def": expectation.defender,
        "Att": expectation.attacker,
        "Diff": expectation.difference,
        "Hex": expectation.hexes,
    }


# -- I-64: the table against the published expectations ------------------------------------------------------------


@pytest.mark.parametrize("reading", READINGS)
def test_I64_the_provisional_table_reproduces_the_published_expectations(reading: str) -> None:
    """I-64 / H-14, H-15, J-63: exactly over the 36 outcomes of 2D6, every column's Def, Att, Diff and Hex
    is within 0.01 of the printed figure; column 4 shows the reading's own figures."""
    for expectation in at.expected_results(CHART, reading):
        index = expectation.column - 1
        for row, value in rows(expectation).items():
            printed = Fraction(PRINTED[row][index])
            if expectation.column == 4 and row in ("Def", "Att", "Diff"):
                printed = Fraction(COLUMN_4[reading][("Def", "Att", "Diff").index(row)])
            assert abs(value - printed) <= Fraction(1, 100), (reading, row, expectation.column, float(value))


@pytest.mark.parametrize("reading", READINGS)
def test_H15_every_expectation_is_the_exact_multiple_of_one_36th(reading: str) -> None:
    """H-15: Def, Att and Hex are exactly the thirty-sixths the printed figures stand for; column 4's
    Def and Att are those of the reading (J-63)."""
    found = at.expected_results(CHART, reading)
    for row, attribute in (("Def", "defender"), ("Att", "attacker"), ("Hex", "hexes")):
        wanted = [Fraction(n, 36) for n in THIRTY_SIXTHS[row]]
        if row != "Hex":
            wanted[3] = at.COLUMN_4_READINGS[reading][0 if row == "Def" else 1]
        assert [getattr(e, attribute) for e in found] == wanted, row


def test_J63_column_4_does_not_add_up_as_printed() -> None:
    """J-63: Def 4.00 − Att 1.92 = 2.08 under the default reading; the other readings keep the printed
    Diff 2.17 by raising Def to 147/36 or lowering Att to 66/36. The other columns never change."""
    by_reading = {reading: at.expected_results(CHART, reading) for reading in READINGS}
    assert by_reading["printed_def_att"][3].difference == Fraction(75, 36)
    assert by_reading["printed_diff_raise_def"][3].difference == Fraction(78, 36)
    assert by_reading["printed_diff_lower_att"][3].difference == Fraction(78, 36)
    for reading in READINGS:
        assert [e for e in by_reading[reading] if e.column != 4] == [
            e for e in by_reading[at.DEFAULT_READING] if e.column != 4
        ]
    assert READINGS[0] == at.DEFAULT_READING == "printed_def_att"


def test_K41_the_bundled_table_is_marked_provisional() -> None:
    """K-41: the text does not print the table; the bundled one says it is provisional and where it
    comes from, and is pinned by the sha256 of its file."""
    assert CHART.provisional is True
    assert "provisional" in CHART.title
    assert all(rule in CHART.source for rule in ("H-14", "H-15", "K-41", "[004]"))
    assert "PROVISIONAL" in BUNDLED_FILE.read_text()
    assert len(DIGEST) == 64 and int(DIGEST, 16) >= 0
    assert at.load_attrition_table(str(BUNDLED_FILE)) == (CHART, DIGEST)


@pytest.mark.parametrize("reading", READINGS)
def test_the_table_makes_sense_at_the_table(reading: str) -> None:
    """A higher roll never costs the attacker more units, the defender fewer, or the attacker hexes; a
    column to the right never gives fewer losses or hexes; a 2 costs the attacker more than the defender;
    hexes are won only where the defender loses more than the attacker."""
    grid = [[at.attrition_result(CHART, column, roll, reading) for roll in at.ROLLS] for column in range(1, 8)]
    for column, cells in enumerate(grid):
        assert cells[0].attacker_units > cells[0].defender_units, column + 1
        for low, high in pairwise(cells):
            assert high.attacker_units <= low.attacker_units and high.defender_units >= low.defender_units
            assert high.hexes >= low.hexes
        for cell in cells:
            assert cell.hexes == 0 or cell.defender_units > cell.attacker_units, cell
    for left, right in pairwise(grid):
        for a, b in zip(left, right, strict=True):
            assert b.attacker_units >= a.attacker_units and b.defender_units >= a.defender_units
            assert b.hexes >= a.hexes


# -- H-10: the column ---------------------------------------------------------------------------------------------


def test_H10_four_factors_in_contact_do_not_roll() -> None:
    with pytest.raises(IllegalOrderError) as refused:
        at.column_for(CHART, 4)
    assert str(refused.value) == "attrition needs at least 5 ground combat factors in contact (H-10 [004]); 4 are"


@pytest.mark.parametrize(
    ("factors", "column"),
    [
        *[(5, 1), (8, 1), (9, 2), (14, 2), (15, 3), (22, 3), (23, 4), (32, 4)],
        *[(33, 5), (44, 5), (45, 6), (59, 6), (60, 7), (61, 7), (1000, 7)],
    ],
)
def test_H10_each_column_edge(factors: int, column: int) -> None:
    assert at.column_for(CHART, factors) == column


def test_H10_a_negative_count_is_malformed() -> None:
    with pytest.raises(InvalidInputError, match="cannot be negative; got -1"):
        at.column_for(CHART, -1)


@given(st.integers(min_value=5, max_value=400), st.integers(min_value=5, max_value=400))
def test_H10_more_factors_never_give_a_smaller_column(low: int, high: int) -> None:
    low, high = sorted((low, high))
    assert 1 <= at.column_for(CHART, low) <= at.column_for(CHART, high) <= 7


# -- H-11: reading a result ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "roll", "attacker", "defender", "hexes"),
    [(1, 2, 2, 0, 0), (1, 5, 0, 0, 0), (1, 12, 0, 2, 1), (4, 2, 3, 2, 0), (4, 7, 2, 4, 2), (7, 12, 3, 11, 6)],
)
def test_H11_a_roll_on_a_column(column: int, roll: int, attacker: int, defender: int, hexes: int) -> None:
    result = at.attrition_result(CHART, column, roll)
    assert (result.attacker_units, result.defender_units, result.hexes) == (attacker, defender, hexes)


@pytest.mark.parametrize(
    ("reading", "roll_11", "roll_12"),
    [
        ("printed_def_att", (1, 5, 4), (1, 6, 4)),
        ("printed_diff_raise_def", (1, 6, 4), (1, 7, 4)),
        ("printed_diff_lower_att", (0, 5, 4), (0, 6, 4)),
    ],
)
def test_J63_the_reading_changes_only_column_4(
    reading: str, roll_11: tuple[int, int, int], roll_12: tuple[int, int, int]
) -> None:
    for roll, wanted in ((11, roll_11), (12, roll_12)):
        result = at.attrition_result(CHART, 4, roll, reading)
        assert (result.attacker_units, result.defender_units, result.hexes) == wanted
    assert at.attrition_result(CHART, 5, 11, reading) == at.attrition_result(CHART, 5, 11)


def test_a_printed_chart_without_column_4_readings_reads_its_own_column_4() -> None:
    printed = CHART.model_copy(update={"column_4_readings": {}})
    for reading in READINGS:
        assert at.column_cells(printed, 4, reading) == at.column_cells(CHART, 4)


@pytest.mark.parametrize(
    ("code", "attacker", "defender", "hexes"),
    [("-", 0, 0, 0), ("A2", 2, 0, 0), ("X3", 3, 3, 0), ("D1", 0, 1, 0), ("H2", 0, 0, 2), ("A1 X2 D3 H4", 3, 5, 4)],
)
def test_H11_codes(code: str, attacker: int, defender: int, hexes: int) -> None:
    result = at.read_cell(code)
    assert (result.attacker_units, result.defender_units, result.hexes) == (attacker, defender, hexes)


@pytest.mark.parametrize("code", ["", "D0", "R1", "X1 X1", "A1R", "d1"])
def test_H11_what_is_not_a_code(code: str) -> None:
    with pytest.raises(ValueError, match=r"attrition result|empty"):
        at.read_cell(code)


@pytest.mark.parametrize(
    ("column", "roll", "reading", "message"),
    [
        (1, 1, at.DEFAULT_READING, "2D6 total 2..12; got 1"),
        (1, 13, at.DEFAULT_READING, "2D6 total 2..12; got 13"),
        (0, 7, at.DEFAULT_READING, "column 0 does not exist"),
        (8, 7, at.DEFAULT_READING, "column 8 does not exist"),
        (4, 7, "printed_diff", "'printed_diff' is not a reading"),
    ],
)
def test_bad_rolls_columns_and_readings_are_malformed(column: int, roll: int, reading: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        at.attrition_result(CHART, column, roll, reading)


def largest_n() -> int:
    cells = [cell for row in CHART.results.values() for cell in row]
    cells += [cell for column in CHART.column_4_readings.values() for cell in column]
    return max(int(token[1:]) for cell in cells for token in cell.split() if token != "-")


@given(st.integers(min_value=5, max_value=300), st.integers(min_value=2, max_value=12), st.sampled_from(READINGS))
def test_H11_a_result_stays_within_what_the_front_can_give(factors: int, roll: int, reading: str) -> None:
    """Never more attacker units than the table's largest N, nor more than the factors in contact could
    field as half units (two 1-factor infantry per unit)."""
    result = at.attrition_result(CHART, at.column_for(CHART, factors), roll, reading)
    assert result.attacker_units <= largest_n()
    assert 2 * result.attacker_units <= factors


# -- H-11: removals -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("type_", "strength", "value"),
    [
        ("infantry", 1, Fraction(1, 2)),
        ("infantry", 3, Fraction(1, 2)),
        ("infantry", 4, Fraction(1)),
        ("armor", 2, Fraction(1)),
        ("airborne", 2, Fraction(1)),
    ],
)
def test_H11_one_to_three_infantry_count_half(type_: str, strength: int, value: Fraction) -> None:
    assert al.removal_value(Removal("u", type_, strength)) == value  # type: ignore[arg-type]  # the parametrized types are the Literal values


HALF = Removal("2-3 inf", "infantry", 2)
HALF_2 = Removal("3-3 inf", "infantry", 3)
FULL = Removal("4-3 inf", "infantry", 4)
ARMOR = Removal("4-6 arm", "armor", 4)


def test_H11_two_half_units_meet_one() -> None:
    assert al.units_counted([HALF, HALF_2]) == 1
    assert al.check_removals([HALF, HALF_2], 1) == 1
    assert al.meets_result([HALF, HALF_2], 1) and al.meets_result([FULL], 1)
    assert al.meets_result([ARMOR, HALF, HALF_2], 2)
    assert al.meets_result([], 0)


def test_H11_half_a_unit_short_is_refused() -> None:
    with pytest.raises(IllegalOrderError, match=r"asks for 2 unit\(s\); these removals count for 1 1/2"):
        al.check_removals([FULL, HALF], 2)
    assert not al.meets_result([HALF], 1)


def test_H11_everything_in_contact_may_fall_short() -> None:
    assert al.check_removals([HALF], 1, everything_in_contact=True) == Fraction(1, 2)


def test_H11_a_unit_more_than_the_result_asks_is_refused() -> None:
    with pytest.raises(IllegalOrderError, match="would still meet it without 2-3 inf"):
        al.check_removals([HALF, FULL], 1)
    assert not al.meets_result([FULL, ARMOR], 1)


def test_H11_only_units_next_to_the_enemy_and_no_replacements() -> None:
    far = Removal("3-3 far", "infantry", 3, adjacent_to_enemy=False)
    with pytest.raises(IllegalOrderError, match=r"3-3 far is not next to an enemy ground unit.*H-11"):
        al.check_removals([far, HALF], 1)
    with pytest.raises(IllegalOrderError, match=r"replacements are not removed by attrition \(G-50"):
        al.check_removals([Removal("repl", "replacement", 1)], 1)


@given(st.lists(st.sampled_from([HALF, HALF_2, FULL, ARMOR]), max_size=12), st.integers(min_value=0, max_value=8))
def test_H11_a_list_counts_between_half_and_all_of_its_units(removals: list[Removal], required: int) -> None:
    counted = al.units_counted(removals)
    assert Fraction(len(removals), 2) <= counted <= len(removals)
    if al.meets_result(removals, required):
        assert required <= counted < required + 1


# -- H-13: replacement swaps --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "limit"),
    [("Germany", 5), ("USA", 5), ("UK", 4), ("Italy", 3), ("France", 3), ("USSR", 0), ("Hungary", 0)],
)
def test_H13_swap_limits(power: str, limit: int) -> None:
    assert al.swap_limit(power) == limit
    al.check_swaps(power, 0, limit)
    if limit:
        al.check_swaps(power, limit - 1, 1)
        with pytest.raises(IllegalOrderError, match=rf"{power} may save {limit} units.*H-13 \[004\]"):
            al.check_swaps(power, limit - 1, 2)


def test_H13_the_ussr_has_no_replacements() -> None:
    with pytest.raises(IllegalOrderError, match=r"the USSR has no replacements \(G-50 \[004\]\)"):
        al.check_swaps("USSR", 0, 1)
    with pytest.raises(IllegalOrderError, match=r"only the powers of H-13 may \(H-13 \[004\]\)"):
        al.check_swaps("Romania", 0, 1)
    with pytest.raises(InvalidInputError):
        al.check_swaps("Germany", -1, 1)


@pytest.mark.parametrize(("cost", "paid"), [(0, 0), (2, 0), (4, 0), (5, 1), (6, 2), (8, 4), (10, 6)])
def test_H13_swap_cost(cost: int, paid: int) -> None:
    """H-13: cost − 4 above 4 BRPs; armor of strength 3, 4, 5 (6, 8, 10 BRPs) pays 2, 4, 6 as G-51 says."""
    assert al.swap_cost(cost) == paid


def test_H13_a_negative_cost_is_malformed() -> None:
    with pytest.raises(InvalidInputError, match="got -1"):
        al.swap_cost(-1)


# -- H-12: hexes won ----------------------------------------------------------------------------------------------


def test_H12_ordinary_hexes_next_to_attackers_are_eligible() -> None:
    al.check_hexes_won([HexWon("Smolensk", True), HexWon("Vitebsk", True)], 2)
    al.check_hexes_won([HexWon("Smolensk", True)], 2)
    al.check_hexes_won([], 0)


@pytest.mark.parametrize(
    ("named", "message"),
    [
        (HexWon("Kiev", False), "Kiev is not next to an attacking ground unit"),
        (HexWon("Sevastopol", True, fortified=True), "Sevastopol is fortified"),
        (HexWon("Moscow", True, national_capital=True), "Moscow is a national capital"),
        (HexWon("Anzio", True, amphibious_bridgehead=True), "Anzio is an amphibious bridgehead"),
    ],
)
def test_H12_ineligible_hexes(named: HexWon, message: str) -> None:
    with pytest.raises(IllegalOrderError, match=rf"{message}.*\(H-12 \[004\]\)"):
        al.check_hexes_won([named], 1)


def test_H12_more_hexes_than_awarded_or_twice_the_same() -> None:
    with pytest.raises(IllegalOrderError, match=r"awards 1 hex\(es\); 2 are named; Orsha is named twice"):
        al.check_hexes_won([HexWon("Orsha", True), HexWon("Orsha", True)], 1)


# -- the chart file -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '"X1 D4 H3", "X2 D5 H4"',
            '"X1 D4 H3", "D0"',
            r"field results.*results\.10\.4 \(column 5, 33-44 factors\): 'D0'",
        ),
        ('"15-22"', '"16-22"', r"field columns.*'16-22' must start right after '9-14'"),
        ("printed_diff_lower_att =", "printed_diff_lower =", r"field column_4_readings.*printed_diff_lower"),
        ("provisional = true", 'provisional = "maybe"', r"field provisional.*'maybe'"),
    ],
)
def test_a_malformed_chart_is_refused_naming_the_file_field_and_value(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    text = BUNDLED_FILE.read_text()
    assert old in text
    bad = tmp_path / "my-attrition.toml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError, match=rf"(?s)my-attrition.toml.*{message}"):
        at.load_attrition_table(str(bad))


def test_an_unreadable_chart_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"nowhere\.toml"):
        at.load_attrition_table(str(tmp_path / "nowhere.toml"))


@pytest.mark.parametrize(
    ("strength", "strength_1_to_3", "one_factor"),
    [
        (1, Fraction(1, 2), Fraction(1, 2)),
        (2, Fraction(1, 2), Fraction(1)),
        (3, Fraction(1, 2), Fraction(1)),
        (4, 1, 1),
    ],
)
def test_H11_what_1_3_infantry_names_under_each_reading(
    strength: int, strength_1_to_3: Fraction, one_factor: Fraction
) -> None:
    """Option half_unit_infantry: RULES.md reads "1-3 infantry" as strength 1 to 3; 3R prints counters
    attack-movement, so it may be the 1-factor, 3-movement counter only."""
    unit = Removal("u", "infantry", strength)
    assert al.removal_value(unit, "strength_1_to_3") == strength_1_to_3
    assert al.removal_value(unit, "one_factor") == one_factor
    with pytest.raises(InvalidInputError, match="half_unit_infantry is one of"):
        al.removal_value(unit, "sideways")


def test_H13_the_bundled_scenario_pins_the_texts_swap_limits() -> None:
    """H-13 and G-52 [004] give the same per-player-turn limits; the campaign reads the scenario's
    (shared with RecoverUnit), which must be the text's."""
    from referee.common.scenario import load_scenario
    from referee.third_reich.setup import economy_of_scenario

    economy = economy_of_scenario(load_scenario("revised-third-reich/campaign-1939").scenario)
    assert economy is not None
    assert {power: data.recovery_limit for power, data in economy.powers.items()} == {
        power: al.swap_limit(power) for power in economy.powers
    }
