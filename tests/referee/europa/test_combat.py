"""Revised Europa combat (RULES D): the worked examples I-01..I-06, I-10, I-11 and the chart's shape."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.errors import IllegalOrderError, ScenarioError
from referee.europa.combat.assess import assess
from referee.europa.combat.battle import Battle, CombatOptions
from referee.europa.combat.charts import CODES, COLUMNS, load_charts
from referee.europa.combat.odds import nearest_column, shifted
from referee.europa.combat.result import resolve
from referee.europa.combat.units import Attacker, Defender
from referee.europa.common.data import FactorLimit
from tests.referee.europa.europa_support import club_chart

CHARTS, _ = load_charts()
OPTIONS = CombatOptions()

INFANTRY = Attacker(label="7-6 inf", attack=7)
STUG = Attacker(label="2-1-10 StuG", attack=2, aeca="full")
PANZER = Attacker(label="9-10 pz", attack=9, aeca="full")
RIFLE = Defender(label="4-6 rifle", defense=4)
AT_REGIMENT = Defender(label="2-3-8 AT", defense=3, atec="full")
TANK_CADRE = Defender(label="3-2-8 tank cadre", defense=2, atec="full", aeca="full")


def battle(attackers: list[Attacker], defenders: list[Defender], **kwargs: object) -> Battle:
    return Battle(
        attackers=tuple(attackers), defenders=tuple(defenders), terrain=str(kwargs.pop("terrain", "clear")), **kwargs
    )


def test_I01_infantry_against_rifle_and_AT_calculates_no_armor() -> None:
    """D-36a: no AECA on either side: no armor calculation, DRM 0, no shift."""
    result = assess(battle([INFANTRY, INFANTRY], [RIFLE, AT_REGIMENT]), CHARTS, OPTIONS)
    assert (result.armor.calculated, result.drm, result.shifts) == (False, 0, 0)


def test_I02_a_tank_cadre_gives_the_defender_armor_advantage() -> None:
    """D-36b: the defender has AECA, the attacker no armor: −1."""
    result = assess(battle([INFANTRY, INFANTRY], [RIFLE, AT_REGIMENT, TANK_CADRE]), CHARTS, OPTIONS)
    assert (result.armor.drm, result.drm, result.armor.shift) == (-1, -1, 0)


def test_I03_stug_against_AT_and_cadre_is_2_to_5_rounding_to_1_3() -> None:
    """D-36c: armor odds 2:5 → 1-3, defender −1; 2 < total DF 9, so no 1R."""
    result = assess(battle([INFANTRY, INFANTRY, STUG], [RIFLE, AT_REGIMENT, TANK_CADRE]), CHARTS, OPTIONS)
    assert (result.armor.attacker, result.armor.defender) == (2, 5)
    assert nearest_column(Fraction(2, 5), "nearest_linear") == "1-3"
    assert (result.armor.drm, result.armor.shift, result.defence) == (-1, 0, 9)


def test_I04_stug_against_the_cadre_alone_is_1_1_and_no_advantage() -> None:
    """D-36d, D-35: 2 vs 2 = 1:1 denies the defender armor advantage."""
    result = assess(battle([INFANTRY, INFANTRY, STUG], [RIFLE, TANK_CADRE]), CHARTS, OPTIONS)
    assert (result.armor.attacker, result.armor.defender, result.armor.drm) == (2, 2, 0)


def test_I05_stug_against_rifle_only_is_plus_1_without_shift() -> None:
    """D-36e: 2 vs 0 → +1; AECA 2 < DF 4, no shift."""
    result = assess(battle([INFANTRY, INFANTRY, STUG], [RIFLE]), CHARTS, OPTIONS)
    assert (result.armor.drm, result.armor.shift, result.drm) == (1, 0, 1)


def test_I06_panzer_and_stug_earn_plus_1_and_one_column_right() -> None:
    """D-36f: AECA 11 ≥ DF 4: +1 DRM and 1R (large armor advantage, D-59)."""
    result = assess(battle([INFANTRY, PANZER, STUG], [RIFLE]), CHARTS, OPTIONS)
    assert (result.armor.attacker, result.armor.drm, result.armor.shift) == (11, 1, 1)
    assert result.large_armor_advantage
    assert result.odds_column == "4-1" and result.column == "5-1"  # 18:4 = 4.5 → 4-1 (tie goes down), 1R → 5-1


def test_I10_first_winter_attack_against_defender_armor_advantage_nets_minus_1() -> None:
    """D-21: −1 first winter and −1 defender armor advantage are capped at −1, not −2."""
    situation = battle([INFANTRY, INFANTRY], [RIFLE, TANK_CADRE], weather="Snow", turn=12, axis_first_winter=True)
    result = assess(situation, CHARTS, OPTIONS)
    assert result.drm == -1
    assert any("= -2, capped to -1" in step.text for step in result.steps)


def test_I11_a_river_attack_at_1_2_sizes_losses_on_the_attackers_printed_strength() -> None:
    """D-53: the river halves the attack to 1-2, but the loss basis is the printed AF."""
    attackers = [Attacker(label="7-6 inf", attack=7, hexside="minor_river")]
    situation = battle(attackers, [Defender(label="7-6 rifle", defense=7)])
    assessment = assess(situation, CHARTS, OPTIONS)
    assert (assessment.attack, assessment.column) == (4, "1-2")  # 7/2 → 4 (rounded up); 4:7 → 1-2
    result = resolve(situation, assessment, CHARTS, roll=2, options=OPTIONS)
    assert result.code == "A2" and result.attacker_loss == 7  # 100% of the printed 7, not of 3.5


def test_factor_limits_apply_after_halving_per_hex_and_per_attack() -> None:
    """D-04, D-01: 2 × 20 from one hex (limit 30) and 40 from another → 30 + 40 → 60 per attack."""
    limit = FactorLimit(from_turn=0, until_turn=21, per_hex=30, per_attack=60, rule="D-04 [000]")
    attackers = [
        Attacker(label="a", attack=20, hex="A"),
        Attacker(label="b", attack=20, hex="A"),
        Attacker(label="c", attack=40, hex="B"),
    ]
    assert assess(battle(attackers, [Defender(label="d", defense=10)], limit=limit), CHARTS, OPTIONS).attack == 60


def test_artillery_counts_at_most_the_defence_and_defensive_artillery_one_each() -> None:
    """D-06, D-07: attacking artillery capped at 1× DF; the second defending gun counts 1."""
    attackers = [INFANTRY, Attacker(label="art", attack=12, artillery=True)]
    defenders = [
        Defender(label="gun 1", defense=3, artillery=True),
        Defender(label="gun 2", defense=2, artillery=True),
        RIFLE,
    ]
    result = assess(battle(attackers, defenders), CHARTS, OPTIONS)
    assert (result.defence, result.attack) == (3 + 1 + 4, 7 + 8)


def test_fractions_are_kept_to_the_final_count_then_rounded_up() -> None:
    """D-01 (derived example): 7 halved plus 7 = 10.5 → 11."""
    attackers = [INFANTRY, Attacker(label="7-6 unsupplied", attack=7, supply="unsupplied")]
    assert assess(battle(attackers, [RIFLE]), CHARTS, OPTIONS).attack == 11


def test_below_1_4_the_attacker_is_eliminated() -> None:
    """D-11: odds under 1-4 mean attacker eliminated; no roll changes that."""
    situation = battle([Attacker(label="weak", attack=1)], [Defender(label="strong", defense=5)])
    assessment = assess(situation, CHARTS, OPTIONS)
    assert assessment.column is None
    assert resolve(situation, assessment, CHARTS, roll=12, options=OPTIONS).attacker_eliminated


@pytest.mark.parametrize(
    ("ratio", "linear", "log", "down"),
    [
        (Fraction(5, 2), "2-1", "3-1", "2-1"),  # tie by difference → the lower column
        (Fraction(27, 10), "3-1", "3-1", "2-1"),
        (Fraction(5, 4), "1-1", "3-2", "1-1"),  # 1.25 is a tie by difference; by ratio 3-2 is nearer
        (Fraction(9, 1), "7-1", "7-1", "7-1"),
    ],
)
def test_J06_odds_rounding_readings(ratio: Fraction, linear: str, log: str, down: str) -> None:
    """J-06: nearest by difference (default), nearest by ratio, or down."""
    assert [nearest_column(ratio, reading) for reading in ("nearest_linear", "nearest_log", "down")] == [
        linear,
        log,
        down,
    ]


@pytest.mark.parametrize(("cap", "expected"), [(1, "3-1"), (2, "4-1")])
def test_J04_bombardment_shifts_count_once_or_twice(cap: int, expected: str) -> None:
    """J-04: at most 1 column from all prior bombardment (default), or one each from air and artillery."""
    situation = battle([Attacker(label="inf", attack=8)], [RIFLE], bombardment_shifts=2)
    assert assess(situation, CHARTS, CombatOptions(max_bombard_shift=cap)).column == expected


@pytest.mark.parametrize(("threshold", "drm"), [("le_1_2", 0), ("below_1_1", -1)])
def test_J05_defender_armor_threshold(threshold: str, drm: int) -> None:
    """J-05: armor odds 4:5 round to 1-1 (no advantage by the rule body) but are under 1:1 (overview)."""
    attackers = [INFANTRY, Attacker(label="4-8 cadre", attack=4, aeca="full")]
    defenders = [Defender(label="5-4 tank", defense=5, atec="full", aeca="full"), RIFLE]
    assert assess(battle(attackers, defenders), CHARTS, CombatOptions(armor_drm_threshold=threshold)).armor.drm == drm


@pytest.mark.parametrize(
    ("terrain", "reading", "text"),
    [
        ("wooded_rough", "rule", "retreats 1 hex"),
        ("wooded_rough", "overview", "retreats 2 hexes"),
        ("clear", "rule", "retreats 2 hexes"),
        ("swamp", "overview", "retreats 1 hex"),
    ],
)
def test_J18_one_hex_retreat_terrain(terrain: str, reading: str, text: str) -> None:
    """J-18: the rule lists Fortress and Wooded Rough with city, forest, swamp, mountain; the overview does not."""
    situation = battle([Attacker(label="inf", attack=30)], [RIFLE], terrain=terrain)
    options = CombatOptions(dr_heavy_terrain=reading)
    assessment = assess(situation, CHARTS, options)
    roll = next(
        r
        for r in range(2, 13)
        if CHARTS.result(str(assessment.column), max(2, min(12, r + assessment.drm))).endswith("DR")
    )
    result = resolve(situation, assessment, CHARTS, roll=roll, options=options)
    assert any(text in step.text for step in result.steps)


def test_armor_loss_rule_and_its_large_advantage_exception() -> None:
    """D-57, D-59: against ATEC the attacker must lose armor, except on X1 with large armor advantage."""
    plain = battle([INFANTRY, STUG], [RIFLE, AT_REGIMENT])
    big = battle([INFANTRY, PANZER, STUG], [RIFLE, Defender(label="1-1 AT", defense=1, atec="full")])
    for situation, waived in ((plain, False), (big, True)):
        assessment = assess(situation, CHARTS, OPTIONS)
        roll = next(
            r
            for r in range(2, 13)
            if CHARTS.result(str(assessment.column), max(2, min(12, r + assessment.drm))) == "X1"
        )
        result = resolve(situation, assessment, CHARTS, roll=roll, options=OPTIONS)
        assert result.attacker_armor_loss is not waived


def test_refusals_name_the_rule() -> None:
    """D-20, D-93: winterization needs Snow; no overruns in Mud or into swamp."""
    with pytest.raises(IllegalOrderError, match="Snow only"):
        assess(battle([INFANTRY], [RIFLE], winterization=True), CHARTS, OPTIONS)
    with pytest.raises(IllegalOrderError, match="no overruns in Mud"):
        assess(battle([PANZER], [RIFLE], overrun=True, weather="Mud"), CHARTS, OPTIONS)
    with pytest.raises(IllegalOrderError, match="not allowed against swamp"):
        assess(battle([PANZER], [RIFLE], overrun=True, terrain="swamp"), CHARTS, OPTIONS)
    with pytest.raises(IllegalOrderError, match="no terrain 'marsh'"):
        assess(battle([PANZER], [RIFLE], terrain="marsh"), CHARTS, OPTIONS)


def score(code: str) -> float:
    """How good a result is for the attacker (D-61 item 7)."""
    return {
        "A2": -3,
        "A1": -2,
        "AR": -1,
        "0": 0,
        "X1": 1,
        "DR": 1.5,
        "X1DR": 2,
        "D1": 2.5,
        "D1DR": 3,
        "D2": 4,
        "D2DR": 5,
    }[code]


def test_the_provisional_crt_satisfies_everything_the_text_says() -> None:
    """D-61: 2D6, 11 columns, known codes only, monotone in roll and column, A1/X1 up to 7-1, D1 everywhere."""
    assert CHARTS.provisional and CHARTS.columns == list(COLUMNS)
    for column in COLUMNS:
        codes = [CHARTS.result(column, roll) for roll in range(2, 13)]
        assert all(code in CODES for code in codes)
        assert [score(code) for code in codes] == sorted(score(code) for code in codes), column
        assert any(code.startswith("D1") for code in codes), column
    for roll in range(2, 13):
        row = [score(CHARTS.result(column, roll)) for column in COLUMNS]
        assert row == sorted(row), roll
    top = [CHARTS.result("7-1", roll) for roll in range(2, 13)]
    assert "A1" in top and "X1" in top


def test_a_broken_chart_file_names_file_field_and_value(tmp_path: Path) -> None:
    """A user's chart with a bad code is refused with the file, the field and the value."""
    broken = club_chart(tmp_path, "europa-combat", '"2"  = ["A2"', '"2"  = ["AE"', file="my-crt.toml")
    with pytest.raises(ScenarioError, match=r"(?s)my-crt\.toml.*crt.*'AE' is not a result code"):
        load_charts(str(broken))


def test_D41_a_fort_makes_clear_1L_and_in_woods_also_stops_armor() -> None:
    """D-41: fort in clear → 1L with armor effects; fort in woods (already 1L) → still 1L, no armor."""
    clear = assess(battle([INFANTRY, PANZER], [RIFLE], fortified=True), CHARTS, OPTIONS)
    woods = assess(battle([INFANTRY, PANZER], [RIFLE], fortified=True, terrain="woods"), CHARTS, OPTIONS)
    assert (clear.shifts, clear.armor.calculated) == (-1 + 1, True)  # 1L fort, 1R armor (AECA 9 ≥ 4)
    assert (woods.shifts, woods.armor.calculated) == (-1, False)


def test_D42_D43_armor_across_rivers_and_into_wooded_rough() -> None:
    """D-42: armor effects across a minor river (AECA halved, D-31) but not into wooded rough;
    D-43: not across a major river."""
    minor = assess(
        battle([Attacker(label="pz", attack=9, aeca="full", hexside="minor_river")], [RIFLE]), CHARTS, OPTIONS
    )
    major = assess(
        battle([Attacker(label="pz", attack=9, aeca="full", hexside="major_river")], [RIFLE]), CHARTS, OPTIONS
    )
    rough = assess(battle([PANZER], [RIFLE], terrain="wooded_rough"), CHARTS, OPTIONS)
    assert (minor.armor.calculated, minor.armor.attacker) == (True, Fraction(9, 2))
    assert not major.armor.calculated and not rough.armor.calculated


def test_D44_full_cities_halve_normal_artillery_but_not_siege_artillery() -> None:
    """D-44: 12 normal artillery count 6 in a major city; siege artillery counts 12."""
    defenders = [Defender(label="garrison", defense=20)]
    normal = assess(
        battle([Attacker(label="art", attack=12, artillery=True)], defenders, terrain="major_city"), CHARTS, OPTIONS
    )
    siege = assess(
        battle(
            [Attacker(label="siege", attack=12, artillery=True, ignores_terrain=True)], defenders, terrain="major_city"
        ),
        CHARTS,
        OPTIONS,
    )
    assert (normal.attack, siege.attack) == (6, 12)


def test_D71_the_nkvd_may_cancel_a_DR_but_not_a_D1DR() -> None:
    """D-71: with NKVD in the hex the Soviet player may cancel the retreat on DR and X1DR only."""
    situation = battle([Attacker(label="inf", attack=8)], [Defender(label="NKVD", defense=4, nkvd=True)])
    assessment = assess(situation, CHARTS, OPTIONS)  # 8:4 → 2-1: DR on 7, D1DR on 12
    codes = {}
    for roll in (7, 12):
        result = resolve(situation, assessment, CHARTS, roll=roll, options=OPTIONS)
        codes[result.code] = any("NKVD" in step.text for step in result.steps)
    assert codes == {"DR": True, "D1DR": False}


def test_D92_D94_an_overrun_is_one_stack_and_says_what_happens_to_it() -> None:
    """D-90, D-92: one stack from one hex; the ruling says the stack advances or halts."""
    with pytest.raises(IllegalOrderError, match="one stack from one hex"):
        assess(
            battle(
                [Attacker(label="a", attack=9, hex="A"), Attacker(label="b", attack=9, hex="B")], [RIFLE], overrun=True
            ),
            CHARTS,
            OPTIONS,
        )
    situation = battle([PANZER], [RIFLE], overrun=True)
    result = resolve(situation, assess(situation, CHARTS, OPTIONS), CHARTS, roll=7, options=OPTIONS)
    assert any("overrun: the whole stack advances" in step.text for step in result.steps)


READINGS = ("nearest_linear", "nearest_log", "down")
D11_COLUMNS = ["1-4", "1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]


@pytest.mark.parametrize(
    ("ratio", "column"),
    [
        (Fraction(1, 4), "1-4"),
        (Fraction(1, 3), "1-3"),
        (Fraction(1, 2), "1-2"),
        (Fraction(1, 1), "1-1"),
        (Fraction(3, 2), "3-2"),
        (Fraction(2, 1), "2-1"),
        (Fraction(3, 1), "3-1"),
        (Fraction(4, 1), "4-1"),
        (Fraction(5, 1), "5-1"),
        (Fraction(6, 1), "6-1"),
        (Fraction(7, 1), "7-1"),
    ],
)
@pytest.mark.parametrize("reading", READINGS)
def test_D11_odds_exactly_on_a_column_are_that_column_under_every_reading(
    ratio: Fraction, column: str, reading: str
) -> None:
    """D-10, D-11, J-06: odds of exactly 1:4, 3:2, 7:1 … need no rounding; 1:4 is still on the table."""
    assert nearest_column(ratio, reading) == column


@pytest.mark.parametrize(
    ("ratio", "linear", "log", "down"),
    [
        (Fraction(24, 100), None, None, None),  # just under 1:4: attacker eliminated
        (Fraction(3, 10), "1-3", "1-3", "1-4"),
        (Fraction(13, 2), "6-1", "7-1", "6-1"),  # 6.5: a tie by difference goes to the lower column
        (Fraction(71, 10), "7-1", "7-1", "7-1"),  # above 7:1 uses 7-1
        (Fraction(100, 1), "7-1", "7-1", "7-1"),
    ],
)
def test_D11_J06_odds_between_and_beyond_the_columns(
    ratio: Fraction, linear: str | None, log: str | None, down: str | None
) -> None:
    """D-11: below 1-4 the attacker is eliminated, above 7-1 the 7-1 column is used; J-06 readings between."""
    assert [nearest_column(ratio, reading) for reading in READINGS] == [linear, log, down]


@pytest.mark.parametrize(
    ("column", "right", "expected"),
    [
        ("1-1", 1, "3-2"),
        ("1-1", 2, "2-1"),
        ("2-1", -2, "1-1"),
        ("6-1", 1, "7-1"),
        ("6-1", 3, "7-1"),  # past the right end: 7-1
        ("7-1", 1, "7-1"),
        ("1-3", -1, "1-4"),
        ("1-3", -4, "1-4"),  # past the left end: 1-4, never off the table
        ("1-4", -1, "1-4"),
        ("3-2", 0, "3-2"),
    ],
)
def test_D13_D14_column_shifts_stay_on_the_table(column: str, right: int, expected: str) -> None:
    """D-13 (1R/1L shifts) then D-14 step 4, clamp to a column of D-11 (1-4 … 7-1)."""
    assert shifted(column, right) == expected


@given(
    st.fractions(min_value=Fraction(1, 4), max_value=Fraction(10)),
    st.fractions(min_value=Fraction(1, 4), max_value=Fraction(10)),
    st.sampled_from(READINGS),
)
def test_D10_more_strength_never_gives_worse_odds(low: Fraction, high: Fraction, reading: str) -> None:
    """D-10, D-11: on the table, a higher ratio never lands on a lower column under any reading."""
    low, high = min(low, high), max(low, high)
    first, second = nearest_column(low, reading), nearest_column(high, reading)
    assert first is not None and second is not None
    assert D11_COLUMNS.index(first) <= D11_COLUMNS.index(second)


@given(st.fractions(min_value=Fraction(1, 4), max_value=Fraction(10)))
def test_J06_rounding_down_never_gives_the_attacker_more_than_his_odds(ratio: Fraction) -> None:
    """J-06 'down' (original Europa practice): the column is at or below the ratio, the next one above it."""
    column = nearest_column(ratio, "down")
    assert column is not None
    index = D11_COLUMNS.index(column)
    attack, defence = (int(part) for part in column.split("-"))
    assert Fraction(attack, defence) <= ratio
    if index + 1 < len(D11_COLUMNS):
        attack, defence = (int(part) for part in D11_COLUMNS[index + 1].split("-"))
        assert ratio < Fraction(attack, defence)


@given(st.sampled_from(D11_COLUMNS), st.integers(min_value=-20, max_value=20))
def test_D14_any_number_of_shifts_lands_on_a_column(column: str, right: int) -> None:
    """D-14: after any shifts the column is clamped to 1-4 … 7-1; ten or more columns reach an end."""
    result = shifted(column, right)
    assert result in D11_COLUMNS
    if right >= 10:
        assert result == "7-1"
    if right <= -10:
        assert result == "1-4"
    if right == 0:
        assert result == column
