"""Europa bombardment, pure: the bundled provisional tables' shape (D-81, D-89, K-02), factors
(D-80, D-87, D-88), shifts (D-82, D-86), results (D-83, D-86), facility hits (D-85, J-11) and
what strikes cost (B-55, B-56, C-19, C-52 / J-37)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from referee.common.chart_files import chart_path
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.europa.bombardment import bombardment as bd
from referee.europa.bombardment.charts import (
    BUNDLED,
    BUNDLED_001,
    CODES,
    BombardmentChart,
    bombardment_001_chart,
    bombardment_chart,
    load_bombardment,
)
from referee.europa.bombardment.strike_handlers import re_paid_in_rps

CHART, _ = load_bombardment(BUNDLED)
CHART_001, _ = load_bombardment(BUNDLED_001)


def _rank(code: str, rules: str) -> int:
    return CODES[rules].index(code)


def test_D81_top_column_is_26_plus() -> None:
    """D-81 [000]: 2D6 rows; the top column is reached at 26 factors, fractions dropped."""
    assert CHART.columns[-1] == "26+"
    assert sorted(CHART.table, key=int) == [str(roll) for roll in range(2, 13)]
    assert CHART.column_of(Fraction(26)) == len(CHART.columns) - 1
    assert CHART.column_of(Fraction(60)) == len(CHART.columns) - 1
    assert CHART.columns[CHART.column_of(Fraction(51, 2)) or 0] == "17-25"
    assert CHART.column_of(Fraction(1, 2)) is None


def test_D81_a_000_table_must_top_out_at_26(tmp_path: Path) -> None:
    """D-81 [000]: a user's 000 table whose last column is not 26+ is refused, naming the field."""
    text = chart_path(BUNDLED).read_text().replace('"26+"]', '"30+"]')
    text = text.replace('"17-25"', '"17-29"')
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=r"columns.*26\+"):
        load_bombardment(str(path))


@pytest.mark.parametrize(("table", "rules"), [(CHART, "000"), (CHART_001, "001")])
def test_D89_bundled_tables_rise_with_factors_and_roll(table: BombardmentChart, rules: str) -> None:
    """D-89: results never get worse as the factors or the roll rise; provisional and labelled."""
    assert table.provisional and "provisional" in table.title
    for roll in range(2, 13):
        row = [_rank(code, rules) for code in table.table[str(roll)]]
        assert row == sorted(row), f"roll {roll}"
        if roll < 12:
            below = [_rank(code, rules) for code in table.table[str(roll + 1)]]
            assert all(a <= b for a, b in zip(row, below, strict=True)), f"rolls {roll}, {roll + 1}"


def test_D89_000_outcomes_and_never_more_than_1R() -> None:
    """D-89, D-83 [000]: the outcomes are -, 1R, Re, C, Re1R, C1R, all used; no 2R."""
    used = {code for row in CHART.table.values() for code in row}
    assert used == set(CODES["000"])
    assert not any("2R" in code for code in used)
    assert {code for row in CHART_001.table.values() for code in row} == {"-", "1", "2"}


def test_D89_a_bad_code_is_named_by_row_and_column(tmp_path: Path) -> None:
    """K-02: a user's table is validated with the row, the column and the codes allowed."""
    text = chart_path(BUNDLED).read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text.replace('"7"  = ["-",  "-",    "1R"', '"7"  = ["-",  "-",    "2R"'))
    with pytest.raises(ScenarioError, match=r"table\.7\.2 \(5-7\): '2R' is not a 000 bombardment code"):
        load_bombardment(str(path))


def test_K02_each_chart_key_takes_only_its_rules() -> None:
    """K-02, J-28: the 000 key reads a 000 table, the 001 key a 001 table (a user's file fits one)."""
    data, digest = bombardment_chart(BUNDLED)
    assert data["rules"] == "000" and len(digest) == 64
    assert bombardment_001_chart(BUNDLED_001)[0]["rules"] == "001"
    with pytest.raises(ScenarioError, match="a 001 bombardment table"):
        bombardment_chart(BUNDLED_001)
    with pytest.raises(ScenarioError, match="a 000 bombardment table"):
        bombardment_001_chart(BUNDLED)


@pytest.mark.parametrize(("res", "shift"), [("2", -1), ("3", -1), ("3.5", 0), ("7", 0), ("7.5", 1), ("12", 1)])
def test_D82_density_shifts(res: str, shift: int) -> None:
    """D-82 [000]: 3 REs or fewer 1L; 7.5 REs or more 1R."""
    assert bd.shifts(bd.Target(res=Fraction(res)), "000", by_air=False)[0] == shift


def test_D82_defensive_terrain_is_cumulative_with_density() -> None:
    """D-82 [000]: defensive terrain 1L on top of the density shift."""
    net, steps = bd.shifts(bd.Target(res=Fraction(3), defensive_terrain=True), "000", by_air=False)
    assert net == -2
    assert all(step.rule == "D-82 [000]" for step in steps)


def test_D82_night_shift_unless_all_bombers_NB() -> None:
    """D-82 [000]: night bombing 1L unless every bomber is NB; artillery never night-shifted."""
    night = bd.Target(res=Fraction(5), night=True)
    assert bd.shifts(night, "000", by_air=True)[0] == -1
    assert bd.shifts(bd.Target(res=Fraction(5), night=True, all_night_bombers=True), "000", by_air=True)[0] == 0
    assert bd.shifts(night, "000", by_air=False)[0] == 0


@pytest.mark.parametrize(("res", "shift"), [("2.5", -1), ("3", 0), ("6", 0), ("6.5", 1)])
def test_D86_density_shifts_001(res: str, shift: int) -> None:
    """D-86 [001]: fewer than 3 REs 1L, more than 6 REs 1R."""
    assert bd.shifts(bd.Target(res=Fraction(res)), "001", by_air=False)[0] == shift


def test_D86_strong_terrain_is_one_shift_and_ignores_000_terrain() -> None:
    """D-86 [001]: fort, mountain or major city 1L once; other defensive terrain gives nothing."""
    assert bd.shifts(bd.Target(res=Fraction(2), strong_terrain=True), "001", by_air=False)[0] == -2
    assert bd.shifts(bd.Target(res=Fraction(4), defensive_terrain=True), "001", by_air=False)[0] == 0


def test_D80_artillery_attack_factors_halved_for_terrain() -> None:
    """D-80 [000]: artillery uses its attack factor, modified for terrain; fractions drop at the column."""
    guns = [bd.ArtilleryFire(label="9-6 art", attack=9, halved=True), bd.ArtilleryFire(label="4-5 art", attack=4)]
    total, steps = bd.total_factors(guns, [], air_units="000", mission="tactical")
    assert total == Fraction(17, 2)
    assert "halved for terrain = 4.5" in steps[0].text
    assert CHART.columns[CHART.column_of(total) or 0] == "8-11"


def test_D88_air_ratings_doubled_except_one_step() -> None:
    """D-88 [000]: air units use twice their printed rating, except (1)-step units."""
    air = [bd.AirBomber(label="Ju88A", rating=6), bd.AirBomber(label="He111 (1)", rating=4, one_step=True)]
    total, steps = bd.total_factors([], air, air_units="000", mission="tactical")
    assert total == 16
    assert [step.rule for step in steps[:2]] == ["D-88, L-09 [000]", "D-88 [000]"]
    with pytest.raises(IllegalOrderError, match="D-88"):
        bd.total_factors([], [bd.AirBomber(label="Ju88A")], air_units="000", mission="tactical")


def test_D87_wing_ratings_001() -> None:
    """D-87 [001]: 3-for-1 wing ratings as data, tactical first, strategic second; never doubled."""
    wings = [bd.AirBomber(label="KG 1", aircraft="He-111"), bd.AirBomber(label="StG 2", aircraft="Ju-87B/D")]
    assert bd.total_factors([], wings, air_units="001", mission="tactical")[0] == 6 + 15
    assert bd.total_factors([], wings, air_units="001", mission="strategic")[0] == 15 + 3
    assert bd.WING_RATINGS_001["bf-109e/f"] == (3, 0)
    assert bd.WING_RATINGS_001["do-17"] == (6, 10)
    assert bd.WING_RATINGS_001["me-110"] == (10, 6)
    with pytest.raises(IllegalOrderError, match="D-87"):
        bd.total_factors([], [bd.AirBomber(label="x", aircraft="Fw-190")], air_units="001", mission="tactical")


def test_D81_column_shifts_off_the_table() -> None:
    """D-81, D-82: a shift left of the first column has no effect; right of the last stays on it."""
    read = bd.read_table(CHART, Fraction(2), -1, 12)
    assert (read.code, read.column) == ("-", None)
    assert bd.read_table(CHART, Fraction(30), 1, 12).column == "26+"
    assert bd.read_table(CHART, Fraction(8), 1, 9).column == "12-16"
    with pytest.raises(IllegalOrderError, match="below the table's first column"):
        bd.read_table(CHART, Fraction(0), 0, 7)


@pytest.mark.parametrize(
    ("code", "hit", "loss"), [("-", False, 0), ("1R", True, 0), ("Re", False, 2), ("Re1R", True, 2), ("C1R", True, 4)]
)
def test_D83_results_000(code: str, hit: bool, loss: int) -> None:
    """D-83 [000]: 1R a shift for the attack; Re one RE, C a division to cadre; the defender chooses."""
    effect = bd.unit_effect(code, "000", "Axis", "Soviet")
    assert (effect.hit, effect.loss) == (hit, loss)
    if loss:
        assert "the defender chooses" in " ".join(step.text for step in effect.steps)


def test_D86_results_001() -> None:
    """D-86 [001]: "1" +1 DRM; "2" +1 DRM and a division reduced, the firing player choosing a soft unit."""
    one = bd.unit_effect("1", "001", "Axis", "Soviet")
    assert (one.hit, one.loss) == (True, 0)
    two = bd.unit_effect("2", "001", "Axis", "Soviet")
    assert (two.hit, two.loss) == (True, 1)
    text = " ".join(step.text for step in two.steps)
    assert "Axis (the firing player) chooses" in text and "soft" in text


@pytest.mark.parametrize(
    ("code", "contains_c", "facility"),
    [("-", 0, 0), ("1R", 1, 1), ("Re", 1, 0), ("Re1R", 1, 1), ("C", 2, 0), ("C1R", 2, 2)],
)
def test_D85_facility_hits(code: str, contains_c: int, facility: int) -> None:
    """D-85 [000]: 1R and Re1R one hit, C1R two; J-11 decides the codes D-85 does not name."""
    assert bd.facility_hits(code, "000", "contains_c")[0] == contains_c
    assert bd.facility_hits(code, "000", "facility_hits")[0] == facility


def test_D86_hits_are_the_code_001() -> None:
    """D-86 [001]: the 001 table's results are hit counts."""
    assert [bd.facility_hits(code, "001", "contains_c")[0] for code in ("-", "1", "2")] == [0, 1, 2]


def test_D85_airfield_hits_send_units_to_repair_then_remnants() -> None:
    """D-85, L-14 [000]: each hit costs 1 capacity and one operable unit to Repair; with none operable, Remnants."""
    assert bd.airfield_effects(2, operable=3, inoperable=0)[:2] == (2, 0)
    assert bd.airfield_effects(2, operable=1, inoperable=1)[:2] == (1, 1)
    assert bd.airfield_effects(1, operable=0, inoperable=0)[:2] == (0, 0)


def test_B55_resource_points_destroyed_by_a_2() -> None:
    """B-55 [000]: a "2" destroys one Resource Point, a "1" nothing."""
    assert [bd.resource_points_lost(hits)[0] for hits in (0, 1, 2)] == [0, 0, 1]


@pytest.mark.parametrize(("code", "reading", "lost"), [("C", "contains_c", 1), ("C", "facility_hits", 0)])
def test_J11_one_and_two_results_read_from_000_codes(code: str, reading: str, lost: int) -> None:
    """J-11: a "2" is a result containing C (contains_c), or one scoring two D-85 hits (facility_hits)."""
    hits, _ = bd.facility_hits(code, "000", reading)
    assert bd.resource_points_lost(hits)[0] == lost
    assert bd.resource_points_lost(bd.facility_hits("C1R", "000", reading)[0])[0] == 1
    assert bd.resource_points_lost(bd.facility_hits("Re1R", "000", reading)[0])[0] == 0


def test_B56_marshalling_yard_hits_cost_SP() -> None:
    """B-56 [000]: 1 SP per hit on a marshalling yard, up to the mission's per-target limit (K-13)."""
    assert bd.marshalling_yard_loss(2, None)[0] == 2
    sp, steps = bd.marshalling_yard_loss(2, 1)
    assert sp == 1 and any("K-13" in step.rule for step in steps)


@pytest.mark.parametrize(
    ("reading", "hits", "carried", "lost", "left"),
    [("000", 2, 0, 2, 0), ("001", 3, 0, 1, 1), ("001", 1, 1, 1, 0), ("original", 2, 0, 0, 2), ("original", 4, 2, 2, 0)],
)
def test_C52_J37_factory_bombing_rates(reading: str, hits: int, carried: int, lost: int, left: int) -> None:
    """C-52, J-37: RPs lost 1 per hit (000), per 2 hits (001), per 3 (original); odd hits carried."""
    assert bd.factory_loss(hits, carried, reading)[:2] == (lost, left)


def test_C19_re_paid_with_two_infantry_rps_only_among_divisions() -> None:
    """C-19 [000]: an Re may be met with 2 infantry RPs at once if no unit smaller than a division is there."""
    assert re_paid_in_rps("Re1R", "000", only_divisions=True)[0].rule == "C-19 [000]"
    with pytest.raises(IllegalOrderError, match="smaller than a division"):
        re_paid_in_rps("Re", "000", only_divisions=False)
    with pytest.raises(IllegalOrderError, match="C-19"):
        re_paid_in_rps("C", "000", only_divisions=True)
    with pytest.raises(IllegalOrderError, match="C-19"):
        re_paid_in_rps("2", "001", only_divisions=True)
