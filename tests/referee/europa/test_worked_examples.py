"""RULES.md section I worked examples for Revised Europa logistics, each a named test."""

from __future__ import annotations

import pytest

from referee.common.scenario import load_scenario
from referee.europa.common.setup import logistics_of_scenario
from referee.europa.logistics import replacements as rp
from referee.europa.logistics import supply

LOGISTICS = logistics_of_scenario(load_scenario("revised-europa/barbarossa").scenario)
assert LOGISTICS is not None
CLEAR = dict.fromkeys("ABCDG", "Clear")
BORDER = {"Riga", "Minsk", "Kiev", "Odessa", "Dnepropetrovsk"}


def income(
    side: str,
    reached: set[str],
    weather: dict[str, str] = CLEAR,
    turn: int = 1,
    markers: dict[str, str] | None = None,
    rounding: str = "reduction_up",
) -> supply.Income:
    return supply.sp_income(
        side, LOGISTICS, turn=turn, reached=reached, weather=weather, markers=markers or {}, rounding=rounding
    )


def test_I13_all_border_cities_reached_make_both_rates_80() -> None:
    """I-13 / B-14 [000]: Riga, Minsk, Kiev, Odessa, Dnepropetrovsk German or besieged, no lend lease."""
    assert income("Axis", BORDER).received == 80
    assert income("Soviet", BORDER).received == 80


def test_B15_everything_reached_leaves_44_each() -> None:
    everything = {city.name for city in LOGISTICS.cities if city.district != "none"}
    assert income("Axis", everything).received == 44
    assert income("Soviet", everything).received == 44


def soviet_rps(lost: set[str], northern: bool, version: str = "000") -> int:
    eastern = LOGISTICS.eastern_mds_rp_000 if version == "000" else LOGISTICS.eastern_mds_rp_001
    return rp.regular_soviet_rps(
        LOGISTICS.cities, lost=lost, version=version, northern_front=northern, eastern_mds=eastern
    ).points["infantry"]


def test_I14_soviet_infantry_rps_54_56_then_49_51() -> None:
    """I-14 / C-32 [000]: 54/56 with nothing lost; 49/51 once Riga and Minsk are lost.

    The difference of 2 is Arkhangelsk (C-33); the text's sources sum to 50, the provisional
    Transcaucasus MD rate (K-06) supplies the rest.
    """
    assert (soviet_rps(set(), northern=False), soviet_rps(set(), northern=True)) == (54, 56)
    lost = {"Riga", "Minsk"}
    assert (soviet_rps(lost, northern=False), soviet_rps(lost, northern=True)) == (49, 51)


def test_I15_option_001_rates_max_60_and_36_at_the_1941_high_water_mark() -> None:
    """I-15 / C-35 [001], as options soviet_rp_rates=001 and factory_profile=001."""

    def total(lost: set[str], factories: int) -> int:
        city = soviet_rps(lost, northern=True, version="001")
        made = rp.factory_output("001", turn=5, operating=factories, upgraded=0).points
        return city + made["armor"] + made["artillery"]

    assert total(set(), 9) == 60
    assert soviet_rps(set(), True, "001") - soviet_rps({"Riga", "Minsk"}, True, "001") == 4  # Minsk + Riga = 4
    high_water = {"Riga", "Minsk", "Kiev", "Odessa", "Dnepropetrovsk", "Kharkov", "Stalino", "Rostov"}
    assert total(high_water, 9 - 3) == 36  # 3 factories moved and inactive


@pytest.mark.parametrize(
    ("variant", "axis", "soviet"),
    [
        ("full", {"Poland": 32, "Romania": 4, "North": 4}, {"USSR": 25}),
        ("truncated", {"Poland": 32, "Romania": 4}, {"USSR": 25}),
    ],
)
def test_I16_starting_resource_points(variant: str, axis: dict[str, int], soviet: dict[str, int]) -> None:
    """I-16 / B-52 [000]: full Finland 40, truncated 36 = 32 Poland + 4 Romania; Soviets 25."""
    stock = LOGISTICS.resource_variants[variant].stock
    assert stock["Axis"] == axis and stock["Soviet"] == soviet
    assert sum(stock["Axis"].values()) == (40 if variant == "full" else 36)


def test_I24_soviet_june_ii_income_over_the_cap() -> None:
    """I-24 / B-29 (derived): 75 + 60 = 135 against a cap of 120: 15 lost, or 5 Resource Points first."""
    result = income("Soviet", set())
    assert (result.received, result.cap) == (60, 120)
    assert 75 + result.received - result.cap == 15
    assert 15 // LOGISTICS.sp_per_resource_point_bought == 5


@pytest.mark.parametrize(
    ("weather", "rounding", "received"),
    [
        ({**CLEAR, "B": "Mud", "C": "Mud"}, "reduction_up", 75),
        ({**CLEAR, "B": "Mud"}, "reduction_up", 85),
        ({**CLEAR, "B": "Frost", "C": "Frost"}, "reduction_up", 100),
        ({**CLEAR, "A": "Snow", "D": "Snow"}, "reduction_up", 100),
    ],
)
def test_B27_weather_cuts(weather: dict[str, str], rounding: str, received: int) -> None:
    """B-25..B-27 [000]: 25% with B and C both bad, 15% with one; Frost and zones A, D, G do nothing."""
    assert income("Axis", set(), weather=weather, rounding=rounding).received == received


def test_J14_weather_rounding_both_readings() -> None:
    """J-14: 63 at 25% is a cut of 15.75: 47 received if the cut rounds up, 48 if the receipt does."""
    bad = {**CLEAR, "B": "Snow", "C": "Mud"}
    cut_up, _ = supply.weather_cut(63, bad, LOGISTICS, "reduction_up")
    received_up, _ = supply.weather_cut(63, bad, LOGISTICS, "received_up")
    assert (63 - cut_up, 63 - received_up) == (47, 48)
    # The same through the whole income: Soviet 60 + 3 (Riga) − 0 = 63 before weather.
    assert income("Soviet", {"Riga"}, weather=bad).received == 47
    assert income("Soviet", {"Riga"}, weather=bad, rounding="received_up").received == 48


def test_lend_lease_by_date_and_rail_condition() -> None:
    """B-20..B-22 [000]: +15 from May I 1942 (turn 22), +30 from May I 1943 (turn 46)."""
    yes = {"rail_to_arkhangel": "yes", "rail_to_astrakhan": "yes"}
    assert income("Soviet", set(), turn=21, markers=yes).received == 60
    assert income("Soviet", set(), turn=22, markers=yes).received == 75
    assert income("Soviet", set(), turn=46, markers=yes).received == 90
    assert (
        income("Soviet", set(), turn=46, markers={"rail_to_arkhangel": "no", "rail_to_astrakhan": "yes"}).received == 85
    )


@pytest.mark.parametrize(
    ("args", "cost"),
    [
        ((3, 0, 0), 3),
        ((0, 3, 0), 2),
        ((2, 1, 0), 3),
        ((1, 1, 1), 2),
        ((0, 0, 0), 0),
    ],
)
def test_B34_activation_rounds_the_total_up(args: tuple[int, int, int], cost: int) -> None:
    assert supply.activation_cost(*args)[0] == cost


def test_B36_attack_cost_rounds_up_per_stack() -> None:
    assert supply.attack_cost([3, 1, 2])[0] == 2 + 1 + 1


@pytest.mark.parametrize(
    ("rounding", "fighters", "others", "cost"),
    [
        ("per_type", 1, 1, 2),
        ("pooled", 1, 1, 1),
        ("per_type", 3, 2, 2),
        ("pooled", 4, 1, 2),
        ("per_type", 4, 1, 3),
    ],
)
def test_J08_air_sp_rounding_both_readings(rounding: str, fighters: int, others: int, cost: int) -> None:
    assert supply.air_cost(fighters, others, rounding)[0] == cost


@pytest.mark.parametrize(
    ("profile", "turn", "expected"),
    [
        ("000b", 4, {"armor": 2 * 8 + 4, "artillery": 1 * 8 + 2}),  # Aug I: 8 plain, 1 upgraded
        ("000b", 5, {"armor": 0, "artillery": 0}),  # II turn: nothing
        ("000a", 4, {"armor": 2 * 8 + 3, "artillery": 2 * 8 + 3}),
        ("001", 5, {"armor": 18, "artillery": 0}),
    ],
)
def test_J01_factory_profiles(profile: str, turn: int, expected: dict[str, int]) -> None:
    assert rp.factory_output(profile, turn=turn, operating=9, upgraded=1).points == expected


def test_I07_panzer_reduced_to_cadre_recovers_2_armor_rps() -> None:
    """I-07 / C-14 [000]: 10-10 → 4-8 against a loss of 3, no armor loss required: 2 armor RPs."""
    output = rp.excess_loss_rps(required=3, removed=10, change=6, armor_loss_required=False, armor_cost=3)
    assert output.points == {"armor": 2}
    assert rp.rebuild_cost(unit_type="armor", full_attack=10, cadre_attack=4) == {"armor": 3, "infantry": 3}  # C-02


def test_I08_rifle_division_removed_recovers_1_infantry_rp() -> None:
    """I-08 / C-15 [000, 001]: loss 2, a 4-6 rifle division removed: 1 infantry RP."""
    assert rp.excess_loss_rps(required=2, removed=4, armor_loss_required=False).points == {"infantry": 1}


def test_C13_isolated_units_earn_nothing_and_J21_reduction_can_yield_zero() -> None:
    assert rp.excess_loss_rps(required=2, removed=4, armor_loss_required=False, isolated=True).points == {}
    assert rp.excess_loss_rps(required=8, removed=10, change=6, armor_loss_required=False, armor_cost=3).points == {}


@pytest.mark.parametrize(("roll", "points"), [(7, 19), (9, 19), (6, 9), (2, 9)])
def test_C23_breakout_of_a_stack_of_20(roll: int, points: int) -> None:
    assert rp.breakout_rps(20, roll).points == {"infantry": points}


def test_C40_special_replacements_are_a_quarter_of_losses() -> None:
    granted, consumed, _ = rp.special_replacements({"infantry": 17, "armor": 3}, (1, 4))
    assert granted == {"infantry": 4} and consumed == {"infantry": 16}


@pytest.mark.parametrize(("basis", "cap"), [("received", 150), ("before_weather", 200)])
def test_J02_cap_basis_both_readings(basis: str, cap: int) -> None:
    """J-02: the cap is 2 × 'current SP income': this turn's receipt (default) or the rate before weather."""
    result = supply.sp_income(
        "Axis",
        LOGISTICS,
        turn=1,
        reached=set(),
        weather={**CLEAR, "B": "Mud", "C": "Snow"},
        markers={},
        cap_basis=basis,
    )
    assert (result.received, result.cap) == (75, cap)


@pytest.mark.parametrize(("remainder", "points"), [("infantry", {"armor": 1, "infantry": 3}), ("lost", {"armor": 1})])
def test_J15_armor_rp_remainder_both_readings(remainder: str, points: dict[str, int]) -> None:
    output = rp.excess_loss_rps(required=2, removed=7, armor_loss_required=False, armor_cost=1, remainder=remainder)
    assert output.points == points


@pytest.mark.parametrize(("bonus", "total"), [(False, 56), (True, 57)])
def test_J12_soviet_bonus_scope_both_readings(bonus: bool, total: int) -> None:
    output = rp.regular_soviet_rps(
        LOGISTICS.cities,
        lost=set(),
        version="000",
        northern_front=True,
        eastern_mds=LOGISTICS.eastern_mds_rp_000,
        bonus_all_sources=bonus,
    )
    assert output.points["infantry"] == total


def test_B39_overrun_cost() -> None:
    assert [supply.overrun_cost(n) for n in (1, 2, 3)] == [1, 1, 2]


@pytest.mark.parametrize(
    ("turn", "limits"), [(0, (30, 60)), (1, (30, 60)), (21, (30, 60)), (22, (40, 80)), (60, (40, 80))]
)
def test_I12_factor_limits_by_date(turn: int, limits: tuple[int, int]) -> None:
    """I-12 / D-04 [000]: 30 per hex and 60 per attack until Apr II 1942; 40 and 80 from May I 1942."""
    limit = LOGISTICS.factor_limit(turn)
    assert limit is not None and (limit.per_hex, limit.per_attack) == limits
