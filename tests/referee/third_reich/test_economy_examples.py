"""RULES.md section I worked examples for the Revised Third Reich economy, each a named test."""

from __future__ import annotations

import pytest

from referee.common.calendar import turn_label
from referee.common.ruleset import load_ruleset
from referee.common.scenario import load_scenario
from referee.third_reich import economy as eco
from referee.third_reich.fire import hits, load_fire_tables
from referee.third_reich.setup import economy_of_scenario

REICH, _ = load_ruleset("third-reich-revised")
ECONOMY = economy_of_scenario(load_scenario("revised-third-reich/campaign-1939").scenario)
assert ECONOMY is not None


def test_I50_turn_numbers() -> None:
    """I-50 / A-51, A-52: Spring 1940 = 3, Spring 1941 = 8, Fall 1939 = 1, Summer I 1945 = 29."""
    assert [turn_label(n, REICH) for n in (1, 3, 8, 29)] == ["Fall 1939", "Spring 1940", "Spring 1941", "Summer I 1945"]


def test_I51_growth_of_85_unspent_at_60_percent() -> None:
    """I-51 / G-21: 85 unspent in Winter 1940 → 1941 base +51, the 85 removed; 102 by 1942, net +17."""
    result = eco.year_start(power="Germany", base=170, total=85, saved=85, rate_percent=60, conquests={}, sw_hits=0)
    assert result.growth == 51 and result.new_base == 221 and result.new_total == 221
    assert 2 * result.growth - 85 == 17


def test_I52_france_spring_1940_special_year_start() -> None:
    """I-52 / G-11: base 60 → +24 → 84 on hand for 1940."""
    result = eco.year_start(
        power="France", base=60, total=60, saved=0, rate_percent=50, conquests={}, sw_hits=0, kind="spring1940"
    )
    assert (result.new_base, result.new_total) == (60, 84)


def test_I53_germany_170_after_poland_ussr_110_after_the_annexations() -> None:
    """I-53 / G-01, J-57: Germany 150 + Poland 20 = 170; USSR 90 + 20 = 110 (eastern Poland 5,
    Bessarabia 5, Baltics 10)."""
    germany = eco.year_start(
        power="Germany",
        base=150,
        total=150,
        saved=0,
        rate_percent=60,
        conquests={"Poland": ECONOMY.territories["Poland"]},
        sw_hits=0,
        kind="spring1940",
    )
    ussr = eco.year_start(
        power="USSR",
        base=90,
        total=90,
        saved=0,
        rate_percent=60,
        conquests={t: ECONOMY.territories[t] for t in ("Eastern Poland", "Bessarabia", "Baltic States")},
        sw_hits=0,
        kind="spring1940",
    )
    assert (germany.new_base, ussr.new_base) == (170, 110)
    assert (germany.new_total, ussr.new_total) == (150 + 68, 90 + 44)  # G-12: +40% of the new base


def test_I54_conquest_of_the_west_and_the_east_are_worth_60_each() -> None:
    """I-54 / G-37: the Axis minors (35) + Yugoslavia and Greece (25) = 60; the West's known part is
    35 (+25 not in the text)."""
    t = ECONOMY.territories
    assert t["Hungary"] + t["Romania"] + t["Bulgaria"] + t["Finland"] + t["Yugoslavia"] + t["Greece"] == 60
    assert t["France (German portion)"] + t["Denmark"] + t["Norway"] + t["Luxembourg"] == 35


@pytest.mark.parametrize(
    ("unit_type", "strength", "cost"),
    [("armor", 3, 2), ("armor", 4, 4), ("armor", 5, 6), ("armor", 2, 0), ("infantry", 3, 0)],
)
def test_I56_replacement_recovery_costs(unit_type: str, strength: int, cost: int) -> None:
    """I-56 / G-51: armor of strength 3, 4, 5 pays 2, 4, 6; infantry and 2-5 armor recover free."""
    assert eco.recovery_cost(unit_type, strength) == cost


def test_I57_london_bombing_table_and_southern_england_maximum() -> None:
    """I-57 / G-93, H-22: 15 factors on the shipped air row, 1D10 rolls 1..10, inflict 0,0,3,3,3,6,6,6,9,9;
    southern England at most 41 a year (10 London + 10 for 2 red cities + 15 for 5 ports + 6 for 3 black cities)."""
    tables, _ = load_fire_tables()
    inflicted = [hits(15, tables.value("air", roll), round_six_up=False) for roll in range(1, 11)]
    assert inflicted == [0, 0, 3, 3, 3, 6, 6, 6, 9, 9]
    southern = (
        eco.city_value(["capital"])
        + 2 * eco.city_value(["red_victory_city"])
        + 5 * eco.city_value(["black_port"])
        + 3 * eco.city_value(["black_city"])
    )
    assert southern == 41


def test_I58_hexes_with_two_cities_add_up() -> None:
    """I-58 / G-91: Southampton & Portsmouth 6; Manchester & Sheffield 7."""
    assert eco.city_value(["black_port", "black_port"]) == 6
    assert eco.city_value(["red_victory_city", "black_city"]) == 7


def test_I59_france_loses_23() -> None:
    """I-59 / G-94: Sedan + Calais + Dieppe (7), Marseilles (6), Paris bombed 6 hits, Lyon bombed 4: −23."""
    taken = eco.city_value(["black_port", "black_city", "black_city"]) + eco.city_value(["red_port"])
    bombed = min(6, eco.city_value(["capital"])) + min(4, eco.city_value(["red_victory_city"]))
    assert taken + bombed == 23


def test_I60_leningrad_is_worth_6_to_the_ussr() -> None:
    """I-60 / G-80: Leningrad is worth 6 (5 as a red victory city + 1 as a port), the value of a red port
    icon (G-90); when the Axis takes it, the USSR's base falls by 6 at the next year start (G-81)."""
    leningrad = eco.city_value(["red_port"])
    assert leningrad == 6
    change, _ = eco.ussr_city_change(0, leningrad)
    result = eco.year_start(
        power="USSR", base=200, total=200, saved=0, rate_percent=60, conquests={}, sw_hits=0, ussr_change=change
    )
    assert (change, result.new_base, result.new_total) == (-6, 194, 194)


@pytest.mark.parametrize(
    ("icons", "value"),
    [(["capital"], 10), (["red_port"], 6), (["red_victory_city"], 5), (["black_port"], 3), (["black_city"], 2)],
)
def test_G80_ussr_city_values_are_those_of_the_city_icons(icons: list[str], value: int) -> None:
    """G-80: Moscow 10, Leningrad 6, other red victory cities 5, other ports 3, other cities 2, the same
    figures as the icons of G-90 (capital, red port, red victory city, black port, black city)."""
    assert eco.city_value(icons) == value


@pytest.mark.parametrize(("before", "after", "conversions"), [(10, 16, 1), (0, 14, 0), (14, 46, 3), (15, 29, 0)])
def test_I63_bomber_hits_convert_an_air_fleet_at_each_multiple_of_15(before: int, after: int, conversions: int) -> None:
    """I-63 / G-65: crossing 15 (30, 45 …) converts a 5-4 air fleet at once."""
    assert eco.bomber_conversions(before, after) == conversions


@pytest.mark.parametrize(
    ("power", "ahead_in_year"), [("Germany", 2), ("UK", 2), ("USSR", 2), ("France", 3), ("Italy", 3)]
)
def test_I67_growth_break_even_year_2_at_60_and_year_3_at_50(power: str, ahead_in_year: int) -> None:
    """I-67 / G-22 (G-20, G-21): 100 BRPs saved at the end of Winter instead of spent are lost, but raise the
    base every year after; the saver pulls ahead (more received than given up) in year 2 at 60% and only in
    year 3 for France and Italy at 50%. Both books go through the production year start, year after year."""
    rate = ECONOMY.powers[power].growth_percent
    saver = spender = 200
    saver_total = spender_total = 0
    given_up, received_more = 100, 0
    for year in range(1, 6):
        saved = given_up if year == 1 else 0
        saving = eco.year_start(
            power=power, base=saver, total=saved, saved=saved, rate_percent=rate, conquests={}, sw_hits=0
        )
        spending = eco.year_start(
            power=power, base=spender, total=0, saved=0, rate_percent=rate, conquests={}, sw_hits=0
        )
        saver, saver_total = saving.new_base, saving.new_total
        spender, spender_total = spending.new_base, spending.new_total
        received_more += saver_total - spender_total
        if received_more > given_up:
            assert year == ahead_in_year
            return
    pytest.fail(f"{power} never pulled ahead")


@pytest.mark.parametrize(
    ("year", "limits"),
    [(1942, {"asw": 12, "bombers": 12}), (1943, {"asw": 25, "bombers": 25}), (1944, {"asw": 25, "bombers": 37})],
)
def test_I68_us_strategic_warfare_limits(year: int, limits: dict[str, int]) -> None:
    """I-68 / G-63: US 5% each in 1942, 10% in 1943, then ASW 10% and bombers 15% (base 250)."""
    assert eco.sw_limits("USA", year, 250) == limits


def test_ussr_city_losses_only_count_the_change_and_half_comes_back() -> None:
    """G-81 (derived example): 30 held in 1942 → −30; 40 in 1943 → −10; 20 in 1944 → +10."""
    assert [eco.ussr_city_change(a, b)[0] for a, b in ((0, 30), (30, 40), (40, 20))] == [-30, -10, 10]
