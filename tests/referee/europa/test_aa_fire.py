"""Second Front minimum-dice-roll AA fire (Optional Rule 37L, RULES F.1 [003]) as pure rules and
the bundled provisional table (K-30): the worked examples I-40..I-46, each shift of F-06 with the
years of A-41, F-07's DRMs past the left edge and its refusal of AA 0, every row of F-08 and the
fighter lookup, and F-09's draws."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from referee.common.calendar import europa_label
from referee.common.errors import IllegalOrderError
from referee.common.ruleset import load_ruleset
from referee.europa.common import turn_numbers
from referee.europa.second_front import aa_fire
from referee.europa.second_front import playtest as second_front
from referee.europa.second_front.aa_charts import AAChart, load_aa_chart

JUL_I_43 = 50
JUN_II_44 = 73
"""2 * (months since Jun 1941) + 1 for a II turn (A-02..A-04 [000], referee.common.calendar)."""
COLUMNS = load_aa_chart()[0].columns


def column(
    aa: int, *, turn: int, units: int, nationality: str = "German", night: bool = False, reading: str = "p47"
) -> tuple[str, int]:
    """The column and DRM an AA strength is read on (F-05, F-06, F-07)."""
    start, _ = aa_fire.starting_column(COLUMNS, aa)
    shift, _ = aa_fire.column_shifts(
        aa=aa, night=night, nationality=nationality, turn=turn, units=units, reading=reading
    )
    read, drm, _ = aa_fire.shifted_column(COLUMNS, start, shift)
    return read, drm


def shift_of(
    *, aa: int = 5, night: bool = False, nationality: str = "Italian", turn: int = JUL_I_43, units: int = 4
) -> int:
    """The net F-06 shift, other things as given (an Italian 5 against 4 units in 1943: none)."""
    shift, _ = aa_fire.column_shifts(aa=aa, night=night, nationality=nationality, turn=turn, units=units)
    return shift


def test_I40_das_aa_6_over_3_is_2() -> None:
    strength, step = aa_fire.das_aa([4, 0, 2])
    assert strength == 2
    assert step.text == "DAS: 4 + 0 + 2 = 6 AA over 3 hex(es), / 3 = 2"
    with pytest.raises(IllegalOrderError, match=r"each adjacent hex holding friendly units.*F-03"):
        aa_fire.das_aa([])


def test_I41_harassment_20_over_4_is_5() -> None:
    strength, _ = aa_fire.harassment_aa(4, [7, 3, 6])
    assert strength == 5
    with pytest.raises(
        IllegalOrderError, match=r"only the adjacent land hexes that have AA count: leave out those without \(F-04"
    ):
        aa_fire.harassment_aa(4, [7, 0])


def test_J54_a_divided_aa_rounds_down_unless_told_and_says_so() -> None:
    strength, step = aa_fire.das_aa([4, 3])
    assert strength == 3 and step.text.endswith("(J-54: the fraction is rounded down)")
    assert aa_fire.das_aa([4, 3], rounding="up")[0] == 4
    assert aa_fire.das_aa([4, 3, 0], rounding="nearest")[0] == 2
    assert aa_fire.harassment_aa(4, [7, 3], rounding="nearest")[0] == 5


def test_I42_naval_units_firing_at_most_the_attackers() -> None:
    strength, _ = aa_fire.naval_aa([1] * 6, 6, in_port=False)
    assert strength == 6
    with pytest.raises(IllegalOrderError, match=r"7 naval units may not fire AA at 6 attacking.*F-02"):
        aa_fire.naval_aa([1] * 7, 6, in_port=False)
    in_port, step = aa_fire.naval_aa([2, 2], 2, in_port=True, other=5)
    assert in_port == 9 and "cargo never fires" in step.text
    with pytest.raises(IllegalOrderError, match=r"at sea only naval units fire AA"):
        aa_fire.naval_aa([2], 2, in_port=False, other=5)


def test_I43_sixteen_in_1943() -> None:
    """J-52: a German 16 in 1943 starts on "14" and qualifies for the +1 (AA ≥ 7, after Dec II 42).
    Under the option's other reading (the +1 from 1944) it is read on "14" as I-43 prints; under
    the default (A-41 as printed, which I-45 follows) the bundled table gives "17" against 4 or 5
    air units, and "14" only against 3 (the -1 for 3 units)."""
    assert aa_fire.starting_column(COLUMNS, 16)[0] == "14"
    assert column(16, turn=JUL_I_43, units=4, reading="plus_1_from_1944") == ("14", 0)
    assert column(16, turn=JUL_I_43, units=4) == ("17", 0)
    assert column(16, turn=JUL_I_43, units=3) == ("14", 0)
    # The other reading keeps the P-47 example: in 1944 the +1 applies under both.
    assert column(11, turn=JUN_II_44, units=4, reading="plus_1_from_1944") == ("17", 0)


def test_I44_ju88_and_he111_against_1_aa() -> None:
    shift, steps = aa_fire.column_shifts(aa=1, night=False, nationality="German", turn=JUL_I_43, units=2)
    assert shift == -2
    assert "German AA 1 is below 7: no German +1" in [step.text for step in steps]
    assert column(1, turn=JUL_I_43, units=2) == ("-1", 0)
    ju88 = aa_fire.modified_df("Ju88A", "B", 5, "ground_support")
    he111 = aa_fire.modified_df("He 111 H", "B", 4, "bombing")
    assert (ju88.df, he111.df) == (4, 4)


def test_I45_p47s_column_17_roll_8_result_19() -> None:
    chart, _ = load_aa_chart()
    assert column(11, turn=JUN_II_44, units=4) == ("17", 0)
    assert chart.read("17", 8) == (8, 19)
    p47 = [aa_fire.modified_df(f"P-47 {n}", "F", 9, "ground_support").df for n in range(1, 5)]
    assert p47 == [6, 6, 6, 6]
    draws, _ = aa_fire.apply_result(19, [(f"P-47 {n}", df) for n, df in enumerate(p47, 1)])
    assert [draw.fate for draw in draws] == ["returned", "aborted", "returned", "unaffected"]
    assert [draw.left for draw in draws] == [13, 7, 1, None]


def test_I46_dedicated_p47s() -> None:
    draws, steps = aa_fire.apply_result(19, [(f"P-47 {n}", 6) for n in range(1, 5)], dedicated=True)
    assert [draw.fate for draw in draws] == ["aborted", "eliminated", "aborted", "unaffected"]
    assert steps[-1].rule == "F-10 [003]" and "after the mission is performed" in steps[-1].text


def test_F01_aa_fires_only_at_bombing_and_air_transport_missions() -> None:
    assert {"ground_support", "DAS", "harassment", "bombing", "naval_bombing", "air_transport", "airdrop"} == set(
        aa_fire.FIREABLE
    )
    assert not {"interception", "patrol", "sweep", "transfer"} & aa_fire.FIREABLE


@pytest.mark.parametrize(
    ("aa", "expected"), [(1, "1"), (8, "8"), (9, "8"), (11, "10"), (13, "10"), (17, "17"), (99, "28")]
)
def test_F05_the_largest_column_not_above_the_aa(aa: int, expected: str) -> None:
    assert aa_fire.starting_column(COLUMNS, aa)[0] == expected


def test_F06_night_is_minus_3() -> None:
    assert shift_of(night=True) == -3


@pytest.mark.parametrize(
    ("units", "shift"), [(1, -3), (2, -2), (3, -1), (4, 0), (5, 0), (6, 1), (9, 1), (10, 2), (14, 2)]
)
def test_F06_the_number_of_air_units_fired_at(units: int, shift: int) -> None:
    assert shift_of(units=units) == shift


def test_F06_german_or_allied_plus_1_needs_aa_7_and_a_turn_after_dec_ii_42() -> None:
    assert shift_of(nationality="German", aa=7) == 1
    assert shift_of(nationality="Allied", aa=7) == 1
    assert shift_of(nationality="German", aa=6) == 0
    assert shift_of(nationality="German", aa=7, turn=second_front.DEC_II_42) == 0
    assert shift_of(nationality="German", aa=7, turn=second_front.DEC_II_42 + 1) == 1
    assert shift_of(nationality="mixed", aa=20) == 0


def test_F06_soviet_or_minor_power_is_minus_1() -> None:
    assert shift_of(nationality="Soviet") == -1
    assert shift_of(nationality="Minor", aa=20) == -1


def test_A41_1939_40_minus_1_and_1944_45_plus_1() -> None:
    sep_i_39, dec_ii_40, jan_i_41 = -42, -11, -10
    assert [shift_of(turn=turn) for turn in (sep_i_39, dec_ii_40, jan_i_41, JUL_I_43)] == [-1, -1, 0, 0]
    assert [shift_of(turn=turn) for turn in (JUN_II_44, JUN_II_44 + 24)] == [1, 1]


def test_A41_dec_ii_42_and_the_years_as_the_calendar_labels_them() -> None:
    ruleset, _ = load_ruleset("europa-000")
    assert europa_label(second_front.DEC_II_42, ruleset) == "Dec II 1942"
    assert europa_label(second_front.DEC_II_42 + 1, ruleset) == "Jan I 1943"
    assert (europa_label(JUL_I_43, ruleset), europa_label(JUN_II_44, ruleset)) == ("Jul I 1943", "Jun II 1944")
    for turn in range(1, 120):
        assert europa_label(turn, ruleset).endswith(str(turn_numbers.year_of(turn)))


def test_F07_shifts_past_the_left_edge_are_minus_drms_on_the_minus_1_column() -> None:
    assert column(1, turn=JUL_I_43, units=1, nationality="Soviet") == ("-1", -2)
    assert column(2, turn=JUL_I_43, units=1, night=True) == ("-1", -3)
    chart, _ = load_aa_chart()
    assert chart.read("-1", 12 - 3) == (9, 1)
    assert chart.read("-1", 4 - 3) == (2, None)


def test_F07_aa_0_is_refused_as_aa_fired_from_a_unit_without_aa() -> None:
    with pytest.raises(IllegalOrderError, match=r"AA fired from a unit without AA.*F-07"):
        aa_fire.starting_column(COLUMNS, 0)
    strength, _ = aa_fire.das_aa([0, 0])
    with pytest.raises(IllegalOrderError, match="AA fired from a unit without AA"):
        aa_fire.starting_column(COLUMNS, strength)


@pytest.mark.parametrize(
    ("kind", "df", "mission", "codes", "expected", "fire"),
    [
        ("HB", 4, "harassment", "", 2, "light and heavy"),
        ("SHB", 5, "harassment", "", 3, "light and heavy"),
        ("B", 4, "DAS", "", 3, "light and heavy"),
        ("SB", 4, "ground_support", "", 3, "light and heavy"),
        ("HT", 3, "harassment", "", 2, "light and heavy"),
        ("T", 2, "airdrop", "", 1, "light and heavy"),
        ("LB", 3, "naval_bombing", "", 2, "light and heavy"),
        ("A", 4, "naval_bombing", "T", 3, "light and heavy"),
        ("LB", 3, "ground_support", "", 3, "light and heavy"),
        ("SHB", 5, "bombing", "", 5, "light and heavy"),
        ("HB", 4, "naval_bombing", "", 4, "light and heavy"),
        ("HB", 4, "bombing", "", 4, "only heavy"),
        ("T", 2, "air_transport", "", 2, "light and heavy"),
        ("B", 0, "DAS", "", 0, "light and heavy"),
    ],
)
def test_F08_each_row_of_df_modifications(
    kind: str, df: int, mission: str, codes: str, expected: int, fire: str
) -> None:
    modified = aa_fire.modified_df("unit", kind, df, mission, codes)
    assert (modified.df, modified.fire) == (expected, fire)


@pytest.mark.parametrize(("printed", "counted"), [(1, 1), (4, 4), (5, 4), (6, 4), (7, 5), (8, 5), (9, 6), (12, 6)])
def test_F08_fighter_lookup_and_no_mission_modification(printed: int, counted: int) -> None:
    assert aa_fire.fighter_df(printed) == counted
    for mission in ("ground_support", "harassment", "naval_bombing"):
        modified = aa_fire.modified_df("fighter", "F", printed, mission, "T")
        assert modified.df == counted and "J-53" in modified.step.rule


def test_F09_a_result_at_least_the_combined_df_aborts_odd_draws_and_returns_even() -> None:
    draws, steps = aa_fire.apply_result(10, [("a", 4), ("b", 4), ("c", 2)])
    assert [draw.fate for draw in draws] == ["aborted", "returned", "aborted"]
    assert steps[0].text == "result 10 ≥ combined modified DF 10: odd draws abort, even draws return"


def test_F09_a_dash_has_no_effect() -> None:
    draws, steps = aa_fire.apply_result(None, [("a", 4)])
    assert [draw.fate for draw in draws] == ["unaffected"] and steps[0].text == '"-": the AA fire has no effect'


def test_K30_the_bundled_table_is_provisional_grows_and_holds_the_printed_cell() -> None:
    chart, _ = load_aa_chart()
    assert chart.provisional and "provisional" in chart.title
    assert chart.columns[:2] == ["-1", "0"] and "11" not in chart.columns
    assert chart.columns.index("17") - chart.columns.index("10") == 2

    def points(roll: int) -> list[int]:
        return [chart.read(heading, roll)[1] or 0 for heading in chart.columns]

    for roll in range(2, 13):
        assert points(roll) == sorted(points(roll)), f"row {roll} falls across the columns"
        if roll > 2:
            pairs = zip(points(roll - 1), points(roll), strict=True)
            assert all(below <= above for below, above in pairs), f"row {roll} is below row {roll - 1}"
    assert chart.read("17", 8)[1] == 19


def test_K30_a_chart_contradicting_the_printed_cell_is_refused() -> None:
    data = load_aa_chart()[0].model_dump(mode="json")
    data["rows"]["8"][data["columns"].index("17")] = "18"
    with pytest.raises(ValidationError, match=r"the text prints 19 there"):
        AAChart.model_validate(data)
    data = load_aa_chart()[0].model_dump(mode="json")
    data["columns"][0] = "1"
    with pytest.raises(ValidationError, match=r'"-1", "0" first'):
        AAChart.model_validate(data)
