"""RULES.md section I worked examples for the Revised Third Reich economy, each a named test, and the G rules'
tables and boundaries (the surviving mutants of docs/mutation.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.calendar import turn_label
from referee.common.ruleset import load_ruleset
from referee.common.scenario import load_scenario
from referee.third_reich.common.fire import hits, load_fire_tables
from referee.third_reich.economy import economy as eco
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
    poland = {"Poland": ECONOMY.territories["Poland"]}
    germany = full_year(power="Germany", base=150, total=150, conquests=poland, kind="spring1940")
    annexed = {t: ECONOMY.territories[t] for t in ("Eastern Poland", "Bessarabia", "Baltic States")}
    ussr = full_year(power="USSR", base=90, total=90, conquests=annexed, kind="spring1940")
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


def full_year(
    *,
    power: str = "Germany",
    base: int = 200,
    total: int = 0,
    saved: int = 0,
    rate_percent: int = 60,
    conquests: dict[str, int] | None = None,
    sw_hits: int = 0,
    ussr_change: int = 0,
    kind: str = "full",
) -> eco.YearStart:
    """A full year start (G-13) of a power with nothing but the arguments given."""
    return eco.year_start(
        power=power,
        base=base,
        total=total,
        saved=saved,
        rate_percent=rate_percent,
        conquests=conquests or {},
        sw_hits=sw_hits,
        ussr_change=ussr_change,
        kind=kind,
    )


@pytest.mark.parametrize(
    ("saved", "rate", "growth"),
    [(85, 60, 51), (118, 60, 70), (95, 50, 47), (102, 50, 51), (100, 70, 70), (1, 50, 0), (0, 60, 0)],
)
def test_G20_G21_growth_on_the_brps_saved_rounded_down(saved: int, rate: int, growth: int) -> None:
    """G-20, G-21: the base grows by the rate × the BRPs saved, which are lost; G-14: no rounding is given,
    turnledger rounds down (85 at 60% = +51; 118 at 60% = 70.8 → 70; 95 at 50% = 47.5 → 47)."""
    amount, step = eco.growth(saved, rate)
    assert amount == growth
    assert step.rule == "G-20, G-21 [004]"
    assert f"the {saved} are lost" in step.text


def test_G13_G14_G61_G80_a_full_year_start_adds_every_term_and_cites_each_rule() -> None:
    """G-14: base + conquests + growth − SW hits ± USSR cities; G-13: the total is set to the new base."""
    result = full_year(power="USSR", base=200, total=85, saved=85, conquests={"Finland": 5}, sw_hits=12, ussr_change=-6)
    assert (result.new_base, result.new_total, result.growth) == (238, 238, 51)  # 200 + 5 + 51 − 12 − 6
    assert [step.rule for step in result.steps] == [
        "G-14 [004]",
        "G-30, G-33 [004]",
        "G-20, G-21 [004]",
        "G-61 [004]",
        "G-80, G-81 [004]",
        "G-13 [004]",
    ]
    texts = [step.text for step in result.steps]
    assert texts[0] == "USSR base 200"
    assert texts[1].startswith("+5 Finland")
    assert texts[3].startswith("−12 strategic-warfare hits")
    assert texts[4].startswith("-6 USSR city losses")
    assert texts[5].startswith("new base 238;")


@pytest.mark.parametrize(
    ("sw_hits", "ussr_change", "new_base"),
    [(12, 0, 188), (0, -30, 170), (0, 10, 210), (150, -60, 0), (201, 0, 0), (200, 0, 0), (199, 0, 1)],
)
def test_G14_G61_G81_hits_and_city_changes_move_the_base_which_never_goes_below_0(
    sw_hits: int, ussr_change: int, new_base: int
) -> None:
    """G-61: last year's SW hits come off the base; G-81: USSR city losses off, half-recoveries back on;
    G-14 gives no floor, but a base below 0 is no base: turnledger stops at 0 (base 200 throughout)."""
    result = full_year(sw_hits=sw_hits, ussr_change=ussr_change)
    assert (result.new_base, result.new_total) == (new_base, new_base)


def test_G13_nothing_saved_no_growth() -> None:
    """G-20: growth comes only from BRPs saved; with none, the base stays and growth is 0."""
    result = full_year()
    assert (result.new_base, result.new_total, result.growth) == (200, 200, 0)
    assert [step.rule for step in result.steps] == ["G-14 [004]", "G-13 [004]"]


def test_G10_spring_1940_has_no_growth_and_no_sw_deduction() -> None:
    """G-10: Spring 1940 adds 40% of the new base to the total; nothing else (no growth, no SW deductions)."""
    result = full_year(power="France", base=60, total=60, saved=40, rate_percent=50, sw_hits=7, kind="spring1940")
    assert (result.new_base, result.new_total, result.growth) == (60, 84, 0)
    assert [step.rule for step in result.steps] == ["G-14 [004]", "G-10, G-11 [004]"]
    assert result.steps[-1].text.endswith("added to the 60 on hand = 84")


@pytest.mark.parametrize(
    ("base", "saved", "new_base", "received", "growth"),
    [(200, 0, 200, 80, 0), (250, 0, 250, 100, 0), (99, 0, 99, 39, 0), (200, 50, 230, 92, 30)],
)
def test_G15_1945_only_40_percent_of_the_income_is_received(
    base: int, saved: int, new_base: int, received: int, growth: int
) -> None:
    """G-15: 1945 income is calculated normally (growth included), but only 40% is received (99 → 39.6 → 39)."""
    result = full_year(base=base, total=saved, saved=saved, kind="1945")
    assert (result.new_base, result.new_total, result.growth) == (new_base, received, growth)
    assert result.steps[-1].rule == "G-15, A-55 [004]"
    assert result.steps[-1].text == f"new base {new_base}; 1945: only 40% received → total {received}"


@given(
    base=st.integers(min_value=0, max_value=500),
    saved=st.integers(min_value=0, max_value=300),
    more=st.integers(min_value=0, max_value=50),
    rate=st.sampled_from([50, 60, 70]),
    sw_hits=st.integers(min_value=0, max_value=100),
    ussr_change=st.integers(min_value=-100, max_value=50),
)
def test_G13_G14_a_full_year_start_sets_the_total_to_a_base_that_saving_raises_and_hits_lower(
    base: int, saved: int, more: int, rate: int, sw_hits: int, ussr_change: int
) -> None:
    """G-13: the total is the new base; G-14: the terms add up, so saving more never lowers the base and more
    hits never raise it; G-20: growth is less than what was saved (the rates are below 100%); never below 0."""

    def base_after(saved: int, sw_hits: int) -> eco.YearStart:
        return full_year(
            base=base, total=saved, saved=saved, rate_percent=rate, sw_hits=sw_hits, ussr_change=ussr_change
        )

    result = base_after(saved, sw_hits)
    assert result.new_total == result.new_base >= 0
    assert 0 <= result.growth <= saved
    assert base_after(saved + more, sw_hits).new_base >= result.new_base
    assert base_after(saved, sw_hits + more).new_base <= result.new_base


@pytest.mark.parametrize(
    ("previous", "current", "change", "text"),
    [
        (0, 30, -30, "Axis-held USSR city value 0 → 30: base -30"),
        (30, 30, 0, "Axis-held USSR city value 30 → 30: base +0"),
        (40, 20, 10, "Axis-held USSR city value 40 → 20: half of 20 regained = +10 (rounded down)"),
        (40, 25, 7, "Axis-held USSR city value 40 → 25: half of 15 regained = +7 (rounded down)"),
        (6, 5, 0, "Axis-held USSR city value 6 → 5: half of 1 regained = +0 (rounded down)"),
        (16, 0, 8, "Axis-held USSR city value 16 → 0: half of 16 regained = +8 (rounded down)"),
    ],
)
def test_G81_only_the_change_counts_and_an_odd_recovery_rounds_down(
    previous: int, current: int, change: int, text: str
) -> None:
    """G-81: each spring only the change in the Axis-held value counts; a fall returns half of it. The rounding
    of odd halves is unstated; turnledger rounds down (15 regained → +7), as for growth (G-14)."""
    amount, step = eco.ussr_city_change(previous, current)
    assert (amount, step.text, step.rule) == (change, text, "G-80, G-81 [004]")
    assert isinstance(amount, int)


@given(st.lists(st.integers(min_value=0, max_value=60), max_size=8))
def test_G81_over_the_years_the_ussr_never_gets_back_more_than_half(held: list[int]) -> None:
    """G-81: losses count in full, recoveries half: over any run of springs the base has lost at least the value
    the Axis holds at the end, and never more than all the value it ever took; rising only, exactly that."""
    previous, total, taken = 0, 0, 0
    for value in held:
        change, _ = eco.ussr_city_change(previous, value)
        if value < previous:
            assert 0 <= 2 * change <= previous - value
        total += change
        taken += max(value - previous, 0)
        previous = value
    assert -taken <= total <= -previous
    if held == sorted(held):
        assert total == -previous


@pytest.mark.parametrize(
    ("option", "front", "year", "cost"),
    [
        ("offensive", "western", 1940, 10),
        ("offensive", "eastern", 1941, 10),
        ("offensive", "southern", 1939, 5),
        ("offensive", "southern", 1941, 5),  # through 1941 inclusive
        ("offensive", "southern", 1942, 10),
        ("attrition", "southern", 1941, 5),
        ("attrition", "western", 1943, 5),
        ("pass", "eastern", 1944, 0),
        ("pass", "southern", 1940, 0),
    ],
)
def test_A63_option_costs(option: str, front: str, year: int, cost: int) -> None:
    """A-63: offensive 10, attrition 5, pass 0; a Mediterranean offensive costs 5 through 1941 inclusive."""
    amount, step = eco.option_cost(option, front, year)
    assert (amount, step.rule) == (cost, "A-63 [004]")
    assert str(cost) in step.text


def test_A63_the_mediterranean_discount_is_named_in_the_derivation() -> None:
    """A-63: a southern-front offensive through 1941 is the Mediterranean offensive at 5, and the ruling says so."""
    assert eco.option_cost("offensive", "southern", 1941)[1].text == "Mediterranean offensive through 1941: 5"
    assert eco.option_cost("offensive", "southern", 1942)[1].text == "offensive option: 10"


@pytest.mark.parametrize(
    ("category", "factors", "cost"),
    [
        ("air", 5, 15),  # a 5-4 air fleet (G-41)
        ("naval", 9, 27),  # a 9-factor fleet (G-41)
        ("armor", 2, 4),  # a 2-5 (G-41)
        ("armor", 5, 10),  # a 5-5 (G-41)
        ("replacement", 1, 2),  # a replacement unit (G-41)
        ("infantry", 3, 3),
        ("airborne", 2, 6),
        ("submarines", 4, 12),
        ("asw", 1, 3),
        ("bombers", 5, 15),
        ("interceptors", 5, 15),
        ("infantry", 0, 0),
    ],
)
def test_G40_G41_build_costs(category: str, factors: int, cost: int) -> None:
    """G-40: infantry 1 per factor, armor and replacement 2, naval, air, airborne and SW factors 3."""
    amount, step = eco.build_cost(category, factors)
    assert (amount, step.rule) == (cost, "G-40 [004]")
    assert step.text.endswith(f"= {cost}")


@pytest.mark.parametrize(("factors", "turns"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (9, 5)])
def test_G44_naval_repair_time(factors: int, turns: int) -> None:
    """G-44: 1-2 factors 2 game turns, 3-4 3, 5-6 4, 7 or more (a full rebuild too) a year, 5 game turns."""
    assert eco.repair_turns(factors) == turns


@pytest.mark.parametrize(
    ("power", "year", "base", "limits"),
    [
        ("Germany", 1940, 170, {"submarines": 17, "interceptors": 17}),  # G-12
        ("Germany", 1943, 300, {"submarines": 30, "interceptors": 30}),
        ("UK", 1940, 125, {"asw": 12, "bombers": 18}),  # G-12: 12.5 and 18.75, rounded down
        ("UK", 1942, 200, {"asw": 20, "bombers": 30}),
        ("France", 1940, 60, {}),
        ("Italy", 1942, 100, {}),
        ("USSR", 1943, 200, {}),
    ],
)
def test_G10_G63_strategic_warfare_limits(power: str, year: int, base: int, limits: dict[str, int]) -> None:
    """G-10, G-63: Germany 10% subs and 10% interceptors; UK 10% ASW and 15% bombers; no one else."""
    assert eco.sw_limits(power, year, base) == limits


def test_G63_the_us_has_no_limits_before_it_is_at_war() -> None:
    """G-63: the US spends on strategic warfare once a belligerent; others never under the US's clause."""
    assert eco.sw_limits("USA", 1942, 250, us_at_war=False) == {}
    assert eco.sw_limits("France", 1942, 250, us_at_war=True) == {}
