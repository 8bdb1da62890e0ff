"""Revised Third Reich air and naval operations (H-20..H-34 [004], J-59, J-64, J-66, J-69): the pure rules.

The fire tables are the shipped provisional ones (K-42): effectiveness 0, 0, 0.2, 0.2, 0.2, 0.4,
0.4, 0.4, 0.6, 0.6 for rolls 1..10 on both the air and the naval row.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.ruling import Step
from referee.third_reich import options as campaign_options
from referee.third_reich.air_naval import air_battles as ab
from referee.third_reich.air_naval import air_naval as an
from referee.third_reich.air_naval import air_zones as az
from referee.third_reich.air_naval import airborne as ad
from referee.third_reich.air_naval import naval_operations as nav
from referee.third_reich.common.fire import FireTables, load_fire_tables
from referee.third_reich.land import land_combat as lc

TABLES, _ = load_fire_tables()
FIRE_STEP = re.compile(
    r"(\d+) × (\S+) = (\S+) → (\d+) \((rounded down|0\.6 or more rounds up)\)(?:; .* only (\d+): (\d+))?"
)
FIRE_BACK = re.compile(
    r"(\d+) naval factors, at most (\d+) 9-factor fleet\(s\) against ceil\((\d+) / 5\) = (\d+) "
    r"5-4 air fleet\(s\): (\d+) factors × 1/3 = \S+ → (\d+)"
)
ROLL_STEP = re.compile(r"roll (\d+)(?: ([+-]\d+) = (\d+))?")


def reproduce(step: Step, tables: FireTables = TABLES) -> int:
    """Check a fire step against its own numbers; return the hits it reports."""
    found = FIRE_STEP.search(step.text)
    roll = ROLL_STEP.search(step.text)
    assert found is not None and roll is not None, step.text
    factors, value, exact, raw = int(found[1]), Fraction(found[2]), Fraction(found[3]), int(found[4])
    table = "air" if "air table" in step.text else "naval"
    modified = int(roll[3]) if roll[3] else int(roll[1])
    assert modified == max(1, min(10, int(roll[1]) + int(roll[2] or 0)))
    assert value == tables.value(table, modified)
    assert exact == factors * value
    whole = math.floor(exact)
    six_up = found[5] != "rounded down"
    assert raw == (whole + 1 if six_up and exact - whole >= Fraction(3, 5) else whole)
    if found[6] is not None:
        assert int(found[7]) == int(found[6]) < raw
        return int(found[7])
    return raw


def zone(target: str, friendly: dict[str, int], enemy: dict[str, int], **kw: dict[str, int]) -> az.AirZone:
    return az.air_zone(target, friendly, enemy, sides=("Allied", "Axis"), **kw)


# -- options -----------------------------------------------------------------------------------


def test_options_and_sources_match_and_are_the_campaigns() -> None:
    assert set(an.OPTIONS) == set(an.SOURCES)
    assert all(campaign_options.OPTIONS[name] == readings for name, readings in an.OPTIONS.items())
    assert an.OPTIONS["six_up_privilege"][0] == "under_5_factors"
    assert an.OPTIONS["interception_die"][0] == "1D10"
    assert an.OPTIONS["interception_bands"][0] == "lower_band"
    assert an.OPTIONS["escort_rule"][0] == "nine_factors"
    assert an.OPTIONS["beachhead_removal"][0] == "start_of_friendly_turn_no_enemy_adjacent"


def test_an_unknown_reading_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="option escort_rule has readings"):
        nav.escort_holds((9,), escort_rule="two_fleets")


# -- fire (H-20, H-21, H-27, J-59) -------------------------------------------------------------


@pytest.mark.parametrize(("roll", "expected"), list(zip(range(1, 11), (0, 0, 3, 3, 3, 6, 6, 6, 9, 9), strict=True)))
def test_I57_fifteen_air_factors_reproduce_the_london_example(roll: int, expected: int) -> None:
    """G-93, H-22: three 5-4 air fleets, 15 factors, on the air row."""
    shot = an.fire(TABLES, 15, "air", roll)
    assert shot.hits == expected
    assert reproduce(shot.step) == expected


def test_H20_a_step_reads_like_the_table() -> None:
    assert an.fire(TABLES, 15, "air", 6, who="3 × 5-4").step.text == (
        "3 × 5-4: air table, roll 6 → 0.4; 15 × 0.4 = 6 → 6 (rounded down)"
    )


@pytest.mark.parametrize(("roll", "drm", "modified"), [(1, -2, 1), (9, 3, 10), (5, 1, 6), (10, -9, 1)])
def test_H20_the_modified_roll_is_held_to_1_through_10(roll: int, drm: int, modified: int) -> None:
    assert an.fire(TABLES, 10, "naval", roll, drm).modified == modified


@pytest.mark.parametrize(
    ("factors", "roll", "six_up", "expected"),
    [
        (3, 3, False, 0),  # 0.6 rounds down
        (3, 3, True, 1),  # 0.6 rounds up
        (4, 6, True, 2),  # 1.6 → 2
        (4, 3, True, 1),  # 0.8 → 1
        (1, 3, True, 0),  # 0.2 stays down
        (2, 9, True, 1),  # 1.2 → 1: below 0.6 stays down
    ],
)
def test_H21_the_point_six_privilege(factors: int, roll: int, six_up: bool, expected: int) -> None:
    shot = an.fire(TABLES, factors, "air", roll, round_six_up=six_up)
    assert shot.hits == expected == reproduce(shot.step)


def test_H20_hits_never_exceed_the_target() -> None:
    shot = an.fire(TABLES, 20, "naval", 10, target=9)
    assert shot.hits == 9
    assert shot.step.text.endswith("; the target has only 9: 9")


@pytest.mark.parametrize(
    ("factors", "roll", "error"),
    [(5, 11, "1 to 10; 11 cannot be thrown"), (5, 0, "0 cannot be thrown"), (-1, 5, "never negative")],
)
def test_H20_bad_input_is_refused(factors: int, roll: int, error: str) -> None:
    with pytest.raises(InvalidInputError, match=error):
        an.fire(TABLES, factors, "air", roll)


@pytest.mark.parametrize(
    ("table", "phasing", "factors", "air_to_air", "reading", "expected"),
    [
        ("air", False, 4, False, "under_5_factors", True),
        ("air", False, 4, True, "under_5_factors", True),
        ("air", False, 5, True, "under_5_factors", False),
        ("air", False, 5, True, "all_non_phasing", True),
        ("air", False, 15, True, "all_non_phasing", True),
        ("air", False, 15, False, "all_non_phasing", False),  # at fleets only the tables section speaks
        ("air", False, 4, False, "all_non_phasing", True),
        ("air", True, 3, True, "all_non_phasing", False),
        ("air", True, 3, False, "under_5_factors", False),
        ("naval", False, 3, False, "all_non_phasing", False),
    ],
)
def test_J59_who_may_round_point_six_up(
    table: str, phasing: bool, factors: int, air_to_air: bool, reading: str, expected: bool
) -> None:
    found = an.may_round_six_up(
        table=table, phasing=phasing, factors=factors, air_to_air=air_to_air, six_up_privilege=reading
    )
    assert found is expected


def test_J59_eight_non_phasing_factors_round_up_in_air_to_air_only_under_the_wider_reading() -> None:
    """8 non-phasing factors roll 3: 8 × 0.2 = 1.6 → 2 under all_non_phasing, 1 under under_5_factors."""
    wide = ab.counter_air(TABLES, 5, 8, [1, 3], option="offensive", six_up_privilege="all_non_phasing")
    narrow = ab.counter_air(TABLES, 5, 8, [1, 3], option="offensive")
    assert (wide.phasing_lost, narrow.phasing_lost) == (2, 1)


@given(
    factors=st.integers(0, 60),
    roll=st.integers(1, 10),
    drm=st.integers(-4, 4),
    target=st.integers(0, 60),
    six_up=st.booleans(),
    table=st.sampled_from(["air", "naval"]),
)
def test_property_hits_never_exceed_the_target_and_the_step_reproduces(
    factors: int, roll: int, drm: int, target: int, six_up: bool, table: str
) -> None:
    shot = an.fire(TABLES, factors, table, roll, drm, round_six_up=six_up, target=target)
    assert 0 <= shot.hits <= target
    assert reproduce(shot.step) == shot.hits


@given(
    row=st.lists(st.fractions(min_value=0, max_value=1, max_denominator=12), min_size=10, max_size=10),
    factors=st.integers(0, 45),
    roll=st.integers(1, 10),
    six_up=st.booleans(),
)
def test_property_any_printed_table_reproduces(row: list[Fraction], factors: int, roll: int, six_up: bool) -> None:
    """A referee's own table (thirds included) gives steps whose numbers recompute."""
    values = [str(value) for value in row]
    tables = FireTables(title="t", provisional=False, source="s", effectiveness={"air": values, "naval": values})
    shot = an.fire(tables, factors, "naval", roll, round_six_up=six_up)
    assert reproduce(shot.step, tables) == shot.hits
    assert "K-42" not in shot.step.rule


# -- the contested hex (H-23) ------------------------------------------------------------------

FULL = ab.HexBattle(ab.Committed(air=10, naval=9), ab.Committed(air=5, naval=18))


def test_H23_the_rolls_a_full_hex_needs_in_order() -> None:
    assert ab.rolls_for_hex(FULL) == [
        "air-to-air: phasing air fire at the non-phasing air",
        "air-to-air: non-phasing air fire at the phasing air",
        "air-naval: phasing air fire at the non-phasing fleets",
        "air-naval: non-phasing air fire at the phasing fleets",
        "air-naval: non-phasing fleets fire back at the phasing air (1/3)",
        "air-naval: phasing fleets fire back at the non-phasing air (1/3)",
        "naval-naval: phasing fleets fire at the non-phasing fleets",
        "naval-naval: non-phasing fleets fire at the phasing fleets",
    ]


@pytest.mark.parametrize(
    ("battle", "count"),
    [
        (ab.HexBattle(ab.Committed(air=5), ab.Committed(air=5)), 2),
        (ab.HexBattle(ab.Committed(air=5), ab.Committed(naval=9)), 2),
        (ab.HexBattle(ab.Committed(naval=9), ab.Committed(naval=9)), 2),
        (ab.HexBattle(ab.Committed(air=5, naval=9), ab.Committed(naval=9)), 4),
        (ab.HexBattle(ab.Committed(air=5), ab.Committed()), 0),
    ],
)
def test_H23_only_the_fires_that_can_happen_ask_for_a_roll(battle: ab.HexBattle, count: int) -> None:
    assert len(ab.rolls_for_hex(battle)) == count


def test_H23_a_full_hex_sequential() -> None:
    """Rolls 6, 9 | 9, 10, 6, 9 | 8, 3.

    air-to-air: 10 × 0.4 = 4 non-phasing air lost; 5 × 0.6 = 3 phasing lost (5 factors: no
    privilege) → 7 and 1. Air at fleets: 7 × 0.6 = 4.2 → 4 of 18; 1 × 0.6 = 0.6 → 1 of 9
    (fewer than 5 non-phasing factors round up). Fleets back, after losses: 14 naval factors
    against ceil(7/5) = 2 air fleets (18 allowed) → 14 // 3 = 4 × 0.4 = 1.6 → 1; 8 against one
    air fleet (9 allowed) → 8 // 3 = 2 × 0.6 = 1.2 → 1. Naval: 8 × 0.4 = 3.2 → 3; 14 × 0.2 = 2.8 → 2.
    """
    out = ab.resolve_hex(FULL, TABLES, [6, 9, 9, 10, 6, 9, 8, 3])
    assert out.phasing == ab.SideLosses(air_lost=4, naval_lost=3, air_left=6, naval_left=6)
    assert out.non_phasing == ab.SideLosses(air_lost=5, naval_lost=7, air_left=0, naval_left=11)
    assert (out.support_air, out.support_naval) == (6, 6)
    assert "14 naval factors, at most 2 9-factor fleet(s) against ceil(7 / 5) = 2" in " ".join(
        s.text for s in out.steps
    )
    for step in out.steps:
        if " table, roll " in step.text:
            reproduce(step)


def test_H23_the_fleets_fire_back_with_what_they_had_under_the_simultaneous_reading() -> None:
    """Non-phasing fleets fire back with all 18 (6 at 1/3): 6 × 0.4 = 2.4 → 2; phasing 9 → 3 × 0.6 = 1.8 → 1."""
    out = ab.resolve_hex(FULL, TABLES, [6, 9, 9, 10, 6, 9, 8, 3], air_naval_fire="simultaneous")
    assert out.phasing == ab.SideLosses(air_lost=5, naval_lost=3, air_left=5, naval_left=6)
    assert out.non_phasing.naval_left == 11


def test_H23_no_more_nine_factor_fleets_fire_than_air_fleets_attacked() -> None:
    """One 5-4 (5 factors) attacks three fleets (27): 5 × 0.2 = 1 lost; 26 left, only 9 fire: 3 × 0.6 = 1.8 → 1."""
    out = ab.resolve_hex(ab.HexBattle(ab.Committed(air=5), ab.Committed(naval=27)), TABLES, [3, 9])
    assert "26 naval factors, at most 1 9-factor fleet(s)" in out.steps[1].text
    assert "9 factors × 1/3 = 3 → 3" in out.steps[1].text
    assert (out.phasing.air_lost, out.non_phasing.naval_lost) == (1, 1)


def test_H23_air_shot_down_in_the_first_round_leaves_its_later_roll_unused() -> None:
    battle = ab.HexBattle(ab.Committed(air=5), ab.Committed(air=10, naval=9))
    out = ab.resolve_hex(battle, TABLES, [1, 10, 7, 7])  # 10 × 0.6 = 6 → all 5 phasing air down
    assert out.phasing.air_left == 0
    assert "phasing air at the fleets: no factors left, roll 7 unused" in [s.text for s in out.steps]
    assert out.non_phasing.naval_lost == 0


def test_H23_the_wrong_number_of_rolls_names_the_rolls_needed() -> None:
    with pytest.raises(InvalidInputError, match=r"needs 8 1D10 roll.*air-to-air: phasing air fire"):
        ab.resolve_hex(FULL, TABLES, [5, 5])


@given(
    pa=st.integers(0, 20),
    pn=st.integers(0, 36),
    na=st.integers(0, 20),
    nn=st.integers(0, 36),
    data=st.data(),
    privilege=st.sampled_from(an.OPTIONS["six_up_privilege"]),
    order=st.sampled_from(an.OPTIONS["air_naval_fire"]),
)
def test_property_a_hex_never_loses_more_than_it_had(
    pa: int, pn: int, na: int, nn: int, data: st.DataObject, privilege: str, order: str
) -> None:
    battle = ab.HexBattle(ab.Committed(air=pa, naval=pn), ab.Committed(air=na, naval=nn))
    rolls = data.draw(st.lists(st.integers(1, 10), min_size=len(ab.rolls_for_hex(battle)), max_size=8))
    rolls = rolls[: len(ab.rolls_for_hex(battle))]
    out = ab.resolve_hex(battle, TABLES, rolls, six_up_privilege=privilege, air_naval_fire=order)
    for side, committed in ((out.phasing, battle.phasing), (out.non_phasing, battle.non_phasing)):
        assert side.air_lost + side.air_left == committed.air
        assert side.naval_lost + side.naval_left == committed.naval
        assert min(side.air_left, side.naval_left, side.air_lost, side.naval_lost) >= 0
    for step in out.steps:
        if " table, roll " in step.text:
            reproduce(step)
        back = FIRE_BACK.search(step.text)
        if back is not None:
            left, fleets, fired, air_fleets, firing, third = map(int, back.groups())
            assert (fleets, air_fleets) == (math.ceil(Fraction(fired, 5)),) * 2
            assert (firing, third) == (min(left, 9 * fleets), firing // 3)


# -- counter-air (H-24) ------------------------------------------------------------------------


def test_H24_counter_air_neutralizes_factor_for_factor_whatever_the_dice() -> None:
    """5 sent against 5: 5 × 0.4 = 2 destroyed, 3 survive and all 3 are tied up; 5 × 0.2 = 1 phasing lost."""
    out = ab.counter_air(TABLES, 5, 5, [6, 3], option="offensive")
    assert (out.non_phasing_lost, out.neutralized, out.non_phasing_free) == (2, 3, 0)
    assert (out.phasing_lost, out.phasing_left) == (1, 4)


def test_H24_more_defenders_than_sent_leave_the_rest_free() -> None:
    out = ab.counter_air(TABLES, 5, 10, [1, 1], option="offensive")
    assert (out.neutralized, out.non_phasing_free) == (5, 5)
    assert len(ab.rolls_for_counter_air()) == 2


@pytest.mark.parametrize("option", ["attrition", "pass"])
def test_H24_counter_air_only_under_an_offensive_option(option: str) -> None:
    with pytest.raises(IllegalOrderError, match="only under an offensive option"):
        ab.counter_air(TABLES, 5, 5, [1, 1], option=option)


def test_H24_counter_air_needs_a_target() -> None:
    with pytest.raises(IllegalOrderError, match="enemy air unit in range"):
        ab.counter_air(TABLES, 5, 0, [1, 1], option="offensive")


# -- air zones (H-25, H-26) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ours", "theirs", "status", "blocked"),
    [
        (0, 0, "none", False),
        (5, 0, "friendly", False),
        (10, 5, "friendly", False),
        (5, 5, "contested", False),
        (4, 5, "enemy", True),
        (0, 5, "enemy", True),
    ],
)
def test_H25_the_same_or_more_contests(ours: int, theirs: int, status: str, blocked: bool) -> None:
    found = zone("hex", {"A": ours}, {"B": theirs})
    assert found.status == status
    assert found.blocks == (an.BLOCKED_BY_ENEMY_ZONE if blocked else ())
    for action in an.BLOCKED_BY_ENEMY_ZONE:
        if blocked:
            with pytest.raises(IllegalOrderError, match="uncontested enemy air zone"):
                az.require_open(found, action)
        else:
            az.require_open(found, action)


def test_H25_neutralized_factors_must_be_in_range() -> None:
    with pytest.raises(InvalidInputError, match="Paris: 5 neutralized, but 0"):
        zone("Lorient", {"Portsmouth": 5}, {"La Rochelle": 5}, neutralized={"Paris": 5})


@pytest.mark.parametrize(("factors", "allowed"), [(4, True), (5, True), (6, False)])
def test_H25_five_air_factors_per_city_or_airbase(factors: int, allowed: bool) -> None:
    if allowed:
        assert az.check_air_stacking("Paris", factors).text == f"Paris: {factors} air factors of 5 allowed"
    else:
        with pytest.raises(IllegalOrderError, match="holds 5"):
            az.check_air_stacking("Paris", factors)
    with pytest.raises(IllegalOrderError, match="neither a city nor an airbase"):
        az.check_air_stacking("a clear hex", 5, city_or_airbase=False)


# I-61. Italy has a 5-4 in Rome; the nearest UK air is a 5-4 on Malta. Both air fleets reach
# Syracuse: Malta lies a couple of hexes off Sicily, and the example says Rome's fleet (or one
# at Taranto) does too. The UK has no other base in the Mediterranean to stage to, so Malta's
# 4-hex range reaches no further than Sicily: at Taranto, on the Adriatic coast, in southern
# Sardinia and on Corsica only the Italian 5 is in range. The same factors reach each beach's
# offshore sea hex.
I61 = [
    ("Syracuse", {"Malta": 5}, {"Rome": 5}, True),
    ("Syracuse", {"Malta": 5}, {"Taranto": 5}, True),
    ("Taranto", {}, {"Rome": 5}, False),
    ("the Adriatic coast", {}, {"Rome": 5}, False),
    ("southern Sardinia", {}, {"Rome": 5}, False),
    ("Corsica", {}, {"Rome": 5}, False),
]


@pytest.mark.parametrize(("beach", "uk", "italy", "allowed"), I61)
def test_I61_malta_against_rome(beach: str, uk: dict[str, int], italy: dict[str, int], allowed: bool) -> None:
    offshore, shore = zone(f"off {beach}", uk, italy), zone(beach, uk, italy)
    if allowed:
        steps = nav.check_landing(option="offensive", same_zone=True, offshore=offshore, beach=shore)
        assert shore.status == "contested"
        assert steps[-1].text == f"amphibious assault at {beach} allowed: 5 against 5"
    else:
        with pytest.raises(IllegalOrderError, match=f"no amphibious assault at off {beach}"):
            nav.check_landing(option="offensive", same_zone=True, offshore=offshore, beach=shore)


# I-62. Germany (not phasing, so it cannot stage) has 5-4s in Paris and Vichy, each reaching 4
# hexes; the UK has a 5-4 in London and the US one at Portsmouth, which may stage but only to
# friendly bases in England. Both Allied fleets reach the north French coast; Paris reaches
# Calais, Dieppe and Lorient, and Vichy reaches none of them (the example frees all three by
# neutralizing Paris alone). Only Vichy reaches the Biscay coast west of Bordeaux, which no
# Allied fleet reaches. London reaches Lorient: the variant has to move the UK fleet to Harwich
# for the Germans to outnumber the Allies there.
I62 = {
    "Calais": ({"London": 5, "Portsmouth": 5}, {"Paris": 5}),
    "Dieppe": ({"London": 5, "Portsmouth": 5}, {"Paris": 5}),
    "Lorient": ({"London": 5, "Portsmouth": 5}, {"Paris": 5}),
    "the Biscay coast west of Bordeaux": ({}, {"Vichy": 5}),
}


@pytest.mark.parametrize("beach", ["Calais", "Dieppe", "Lorient"])
def test_I62_the_north_french_coast_is_open_and_counter_air_on_paris_frees_it(beach: str) -> None:
    allies, germany = I62[beach]
    before = zone(beach, allies, germany)
    assert az.require_open(before, "amphibious assault").text.endswith("10 against 5")
    assert before.can_be_air_intercepted
    after = zone(beach, allies, germany, neutralized={"Paris": 5})
    assert (after.enemy, after.can_be_air_intercepted) == (0, False)
    assert after.bars_naval_interception  # the Allies' uncontested zone: no naval interception either
    assert "neutralized by counter-air Paris 5: 5 - 5 = 0" in after.steps[1].text


def test_I62_not_west_of_bordeaux_even_after_counter_air_on_paris() -> None:
    allies, germany = I62["the Biscay coast west of Bordeaux"]
    for found in (zone("Biscay", allies, germany), zone("Biscay", allies, {**germany, "Paris": 0})):
        with pytest.raises(IllegalOrderError, match="0 friendly air factors in range against 5"):
            az.require_open(found, "amphibious assault")


# The variant: the UK fleet at Harwich, east of London, no longer reaches Lorient, and the
# Vichy fleet moved to La Rochelle does. Harwich still reaches Paris for a counter-air mission.
VARIANT_ALLIES = {"Portsmouth": 5}


def test_I62_variant_ten_against_five_bars_lorient() -> None:
    with pytest.raises(IllegalOrderError, match="5 friendly air factors in range against 10"):
        az.require_open(zone("Lorient", VARIANT_ALLIES, {"Paris": 5, "La Rochelle": 5}), "amphibious assault")


@pytest.mark.parametrize(("attack", "defence"), [(1, 1), (6, 3), (10, 10), (9, 1)])
def test_I62_variant_counter_air_from_harwich_makes_it_five_against_five(attack: int, defence: int) -> None:
    """Whatever the dice, every surviving Paris factor is tied up: 5 against 5, the invasion goes."""
    strike = ab.counter_air(TABLES, 5, 5, [attack, defence], option="offensive")
    paris = 5 - strike.non_phasing_lost
    lorient = zone(
        "Lorient", VARIANT_ALLIES, {"Paris": paris, "La Rochelle": 5}, neutralized={"Paris": strike.neutralized}
    )
    assert (lorient.friendly, lorient.enemy, lorient.status) == (5, 5, "contested")
    nav.check_landing(option="offensive", same_zone=True, offshore=lorient, beach=lorient)


@given(ours=st.lists(st.integers(0, 5), max_size=3), theirs=st.lists(st.integers(0, 5), max_size=3), data=st.data())
def test_property_a_zone_adds_up_its_factors(ours: list[int], theirs: list[int], data: st.DataObject) -> None:
    friendly = {f"F{index}": factors for index, factors in enumerate(ours)}
    enemy = {f"E{index}": factors for index, factors in enumerate(theirs)}
    tied = {base: data.draw(st.integers(0, factors)) for base, factors in enemy.items()}
    found = zone("hex", friendly, enemy, neutralized=tied)
    assert (found.friendly, found.enemy) == (sum(ours), sum(theirs) - sum(tied.values()))
    assert found.steps[0].text.endswith(f"= {found.friendly}")
    assert found.steps[1].text.endswith(f"= {found.enemy}")
    assert (found.status == "enemy") is (found.enemy > found.friendly)
    assert (found.status == "contested") is (found.enemy == found.friendly > 0)


# -- naval interception (H-30, H-31, J-64) -----------------------------------------------------

BANDS = [
    # distance, lower_band, higher_band
    (0, 5, 5),
    (1, 5, 5),
    (5, 5, 5),
    (6, 4, 4),
    (10, 4, 3),
    (11, 3, 3),
    (15, 3, 3),
    (16, 2, 2),
    (20, 2, 1),
    (21, 1, 1),
    (25, 1, 1),
    (26, 0, 0),
    (40, 0, 0),
]


@pytest.mark.parametrize(("distance", "lower", "higher"), BANDS)
def test_H30_J64_the_successful_rolls_by_range(distance: int, lower: int, higher: int) -> None:
    assert nav.interception_number(distance)[0] == lower
    assert nav.interception_number(distance, interception_bands="higher_band")[0] == higher


@pytest.mark.parametrize("die", ["1D10", "1D6"])
@pytest.mark.parametrize("bands", ["lower_band", "higher_band"])
@pytest.mark.parametrize("distance", [5, 6, 10, 15, 16, 20, 25])
def test_H30_the_highest_successful_roll_intercepts_and_the_next_fails(die: str, bands: str, distance: int) -> None:
    best = nav.interception_number(distance, interception_bands=bands)[0]
    attempt = [nav.InterceptionAttempt("Brest", (9,), distance)]
    made = nav.intercept(attempt, [best], target="M10", interception_die=die, interception_bands=bands)
    assert (made.succeeded, made.fleets) == (("Brest",), (9,))
    assert f"chance {best}/{an.DIE_FACES[die]}" in made.steps[-1].text
    missed = nav.intercept(attempt, [best + 1], target="M10", interception_die=die, interception_bands=bands)
    assert (missed.failed, missed.fleets) == (("Brest",), ())


def test_H30_a_seven_is_no_roll_of_a_d6() -> None:
    attempt = [nav.InterceptionAttempt("Kiel", (9,), 3)]
    assert nav.intercept(attempt, [7], target="x").failed == ("Kiel",)
    with pytest.raises(InvalidInputError, match="1D6 roll shows faces 1 to 6; 7 cannot be thrown"):
        nav.intercept(attempt, [7], target="x", interception_die="1D6")


def test_H30_twenty_six_hexes_is_impossible() -> None:
    with pytest.raises(IllegalOrderError, match="26 hexes from M10: 26\\+ is impossible"):
        nav.intercept([nav.InterceptionAttempt("Brest", (9,), 26)], [1], target="M10")


def test_H31_one_roll_per_port_as_a_body_and_murmansk_automatic() -> None:
    attempts = [
        nav.InterceptionAttempt("Kiel", (9, 9), 12),
        nav.InterceptionAttempt("Bergen", (9,), 0, murmansk=True),
        nav.InterceptionAttempt("Wilhelmshaven", (9,), 4),
    ]
    assert nav.rolls_for_interceptions(attempts) == [
        "1D10 interception from Kiel",
        "1D10 interception from Wilhelmshaven",
    ]
    out = nav.intercept(attempts, [3, 6], target="the convoy")
    assert (out.succeeded, out.failed, out.fleets) == (("Kiel", "Bergen"), ("Wilhelmshaven",), (9, 9, 9))


def test_H31_a_port_rolls_once() -> None:
    twice = [nav.InterceptionAttempt("Kiel", (9,), 4), nav.InterceptionAttempt("Kiel", (9,), 4)]
    with pytest.raises(IllegalOrderError, match="Kiel intercept as one body with one roll"):
        nav.intercept(twice, [1, 1], target="x")


def test_H31_only_into_the_ports_own_zone() -> None:
    with pytest.raises(IllegalOrderError, match="only into their own zone"):
        nav.intercept([nav.InterceptionAttempt("Taranto", (9,), 4, same_zone=False)], [1], target="x")


def test_H31_not_in_the_phasing_players_uncontested_air_zone() -> None:
    covered = zone("Calais", {"London": 5}, {})
    with pytest.raises(IllegalOrderError, match="uncontested air zone \\(5 against 0\\): no naval interception"):
        nav.intercept([nav.InterceptionAttempt("Kiel", (9,), 4)], [1], target="Calais", target_zone=covered)
    contested = zone("Calais", {"London": 5}, {"Paris": 5})
    assert nav.intercept([nav.InterceptionAttempt("Kiel", (9,), 4)], [1], target="Calais", target_zone=contested).fleets


def test_H31_the_roll_count_is_checked() -> None:
    with pytest.raises(InvalidInputError, match="1 roll\\(s\\) needed \\(1D10 interception from Kiel\\); 0 given"):
        nav.intercept([nav.InterceptionAttempt("Kiel", (9,), 4)], [], target="x")


@given(
    distance=st.integers(0, 25),
    roll=st.integers(1, 6),
    die=st.sampled_from(an.OPTIONS["interception_die"]),
    bands=st.sampled_from(an.OPTIONS["interception_bands"]),
)
def test_property_an_interception_step_agrees_with_its_numbers(distance: int, roll: int, die: str, bands: str) -> None:
    out = nav.intercept(
        [nav.InterceptionAttempt("Kiel", (9,), distance)],
        [roll],
        target="x",
        interception_die=die,
        interception_bands=bands,
    )
    best = int(re.findall(r"intercepts on (?:1-)?(\d)", out.steps[0].text)[0])
    assert f"{die} {roll} {'≤' if roll <= best else '>'} {best}" in out.steps[1].text
    assert (out.succeeded == ("Kiel",)) is (roll <= best)


@given(distance=st.integers(0, 40), bands=st.sampled_from(an.OPTIONS["interception_bands"]))
def test_property_interception_never_gets_easier_with_range(distance: int, bands: str) -> None:
    here = nav.interception_number(distance, interception_bands=bands)[0]
    assert nav.interception_number(distance + 1, interception_bands=bands)[0] <= here


# -- fleet capacities (H-32, J-66) -------------------------------------------------------------


@pytest.mark.parametrize(("fleets", "expected"), [((9,), 4), ((8,), 4), ((7,), 3), ((1,), 0), ((9, 9), 8), ((), 0)])
def test_H32_transport_is_half_of_each_fleet_rounded_down(fleets: tuple[int, ...], expected: int) -> None:
    capacity, steps = nav.transport_capacity(fleets)
    assert capacity == expected
    if fleets == (9,):
        assert steps[0].text == "transport, 1/2 of each fleet rounded down: 9 // 2 = 4 = 4"


def test_H32_a_transport_over_capacity_is_refused() -> None:
    nav.check_transport((9,), 4)
    with pytest.raises(IllegalOrderError, match="carry 4 ground factors by transport; 5 named"):
        nav.check_transport((9,), 5)


@pytest.mark.parametrize(("fleets", "expected"), [((9,), 3), ((8,), 2), ((9, 9), 6), ((9, 4), 4), ((2,), 0)])
def test_H32_amphibious_and_bombardment_are_a_third_of_each_fleet(fleets: tuple[int, ...], expected: int) -> None:
    assert nav.amphibious_capacity(fleets)[0] == expected
    assert nav.bombardment(fleets)[0] == expected


@pytest.mark.parametrize(
    ("fleets", "units", "error"),
    [
        ((9,), (2, 1), None),
        ((9,), (3,), None),
        ((9,), (4,), "land 3 ground factors .*; 4 named"),
        ((9, 9), (3, 3), None),
        ((9, 9, 9), (1, 1, 1), "only 2 ground units may land from one sea hex; 3 named"),
        ((5,), (2,), "land 1 ground factors"),  # a fleet cut to 5 by interception lands 1: the load turns back
    ],
)
def test_H32_amphibious_loads(fleets: tuple[int, ...], units: tuple[int, ...], error: str | None) -> None:
    if error is None:
        assert nav.check_amphibious(fleets, units)[-1].text.endswith("may land")
    else:
        with pytest.raises(IllegalOrderError, match=error):
            nav.check_amphibious(fleets, units)


@pytest.mark.parametrize(
    ("fleets_left", "nine_factors", "one_nine_fleet"),
    [
        ((9,), True, True),
        ((5, 4), True, False),
        ((8,), False, False),
        ((9, 0), True, True),
        ((4, 4), False, False),
        ((), False, False),
        ((3, 3, 3), True, False),
    ],
)
def test_H32_J66_the_escort_holds(fleets_left: tuple[int, ...], nine_factors: bool, one_nine_fleet: bool) -> None:
    assert nav.escort_holds(fleets_left)[0] is nine_factors
    held, step = nav.escort_holds(fleets_left, escort_rule="one_nine_fleet")
    assert held is one_nine_fleet
    assert "escort_rule=one_nine_fleet" in step.rule


@given(fleets=st.lists(st.integers(0, 9), max_size=4))
def test_property_capacity_steps_reproduce(fleets: list[int]) -> None:
    for function, divisor in ((nav.transport_capacity, 2), (nav.amphibious_capacity, 3), (nav.bombardment, 3)):
        total, steps = function(fleets)
        terms = re.findall(r"(\d+) // (\d+)", steps[0].text)
        assert [(int(a), int(b)) for a, b in terms] == [(f, divisor) for f in fleets]
        assert total == sum(f // divisor for f in fleets) == int(steps[0].text.rsplit("= ", 1)[1])


# -- landings and beachheads (H-33, J-69) ------------------------------------------------------


def test_H33_an_empty_beach_falls_and_the_invaders_must_advance() -> None:
    landing = nav.land("Salerno", 0, (3, 2))
    assert (landing.automatic, landing.must_advance) == (True, True)
    defended = nav.land("Salerno", 2, (3, 2))
    assert not defended.automatic
    assert "1 column left" in defended.steps[0].text


def test_H33_landings_need_an_offensive_option_and_the_same_zone() -> None:
    open_zone = zone("x", {"A": 5}, {})
    with pytest.raises(IllegalOrderError, match="offensive option"):
        nav.check_landing(option="attrition", same_zone=True, offshore=open_zone, beach=open_zone)
    with pytest.raises(IllegalOrderError, match="its own zone"):
        nav.check_landing(option="offensive", same_zone=False, offshore=open_zone, beach=open_zone)


def test_H33_a_beachhead_stacks_four_and_each_power_keeps_three() -> None:
    assert (nav.stacking_limit(beachhead=True), nav.stacking_limit(beachhead=False)) == (4, 2)
    assert (lc.ADVANCE_INTO_BRIDGEHEAD, lc.ADVANCE_LIMIT) == (4, 2)  # the same numbers as land combat's (I-55)
    assert "acts as a port" in nav.place_beachhead("Anzio", 2)[0].text
    with pytest.raises(IllegalOrderError, match="3 bridgeheads already in play"):
        nav.place_beachhead("Anzio", 3)
    assert nav.place_beachhead("Anzio", 3, removing="Salerno")[0].text.startswith("Salerno's marker removed")


@pytest.mark.parametrize(
    ("reading", "moment", "turns", "adjacent", "removed"),
    [
        ("start_of_friendly_turn_no_enemy_adjacent", "start", 1, False, True),
        ("start_of_friendly_turn_no_enemy_adjacent", "start", 1, True, False),
        ("start_of_friendly_turn_no_enemy_adjacent", "end", 1, False, False),
        ("start_of_friendly_turn_no_enemy_adjacent", "start", 0, False, False),
        ("end_of_next_friendly_turn", "end", 0, False, False),
        ("end_of_next_friendly_turn", "end", 1, False, True),
        ("end_of_next_friendly_turn", "end", 3, True, False),
        ("end_of_next_friendly_turn", "start", 1, False, False),
    ],
)
def test_J69_when_the_beachhead_marker_goes(
    reading: str, moment: str, turns: int, adjacent: bool, removed: bool
) -> None:
    went, step = nav.beachhead_removed(
        moment=moment,  # type: ignore[arg-type]  # the parametrized moments are the Literal values
        friendly_turns_since_landing=turns,
        enemy_adjacent=adjacent,
        beachhead_removal=reading,
    )
    assert went is removed
    assert f"beachhead_removal={reading}" in step.rule


# -- airborne (H-34) ---------------------------------------------------------------------------

OPEN = zone("Crete", {"Athens": 5}, {"Alexandria": 5})


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({}, None),
        ({"distance": 6}, None),
        ({"distance": 7}, "7 hexes away; an air landing reaches 6"),
        ({"weather": "Mud"}, "Clear weather"),
        ({"weather": "Snow"}, "Clear weather"),
        ({"option": "attrition"}, "offensive option"),
        ({"from_base": False}, "city or airbase"),
        ({"zone": zone("Crete", {"Athens": 5}, {"Alexandria": 10})}, "no airborne drop at Crete"),
    ],
)
def test_H34_where_and_when_a_drop_may_go(changes: dict[str, object], error: str | None) -> None:
    order: dict[str, object] = {"weather": "Clear", "option": "offensive", "distance": 5, "zone": OPEN, **changes}
    if error is None:
        assert ad.check_air_drop(**order)[-1].text.startswith("airborne drop at Crete allowed")  # type: ignore[arg-type]  # keywords from a dict
    else:
        with pytest.raises(IllegalOrderError, match=error):
            ad.check_air_drop(**order)  # type: ignore[arg-type]  # keywords from a dict


@pytest.mark.parametrize(
    ("airborne", "escort", "interceptors", "rolls", "escort_lost", "on_unit", "destroyed"),
    [
        (3, 5, 5, [3, 10], 3, 0, False),  # 5 × 0.6 = 3: all on the escort
        (3, 0, 5, [10], 0, 3, True),  # 3 hits ≥ strength 3: destroyed
        (3, 2, 5, [1, 10], 2, 1, False),  # 3 hits: 2 escort, 1 on the unit
        (2, 0, 3, [10], 0, 2, True),  # 3 non-phasing factors: 1.8 rounds up to 2
        (4, 0, 10, [10], 0, 4, True),  # 6 hits, but only up to its 4
    ],
)
def test_H34_interception_hits_beyond_the_escort_fall_on_the_airborne_unit(
    airborne: int, escort: int, interceptors: int, rolls: list[int], escort_lost: int, on_unit: int, destroyed: bool
) -> None:
    assert len(ad.rolls_for_air_drop(escort, interceptors)) == len(rolls)
    out = ad.air_drop(TABLES, airborne, escort, interceptors, rolls)
    assert (out.escort_lost, out.airborne_hits, out.destroyed) == (escort_lost, on_unit, destroyed)


def test_H34_no_interceptors_no_rolls() -> None:
    assert ad.rolls_for_air_drop(5, 0) == []
    assert not ad.air_drop(TABLES, 3, 5, 0, []).destroyed


@pytest.mark.parametrize(
    ("links", "blocked", "error"),
    [
        ((6,), (), None),
        ((6, 6), (), None),
        ((6, 6, 1), (), "1 or 2 links"),
        ((), (), "1 or 2 links"),
        ((7,), (), "a link of 7 hexes"),
        ((3, 3), ("Malta",), "passes Malta, uncontested enemy air zone"),
    ],
)
def test_H34_an_air_landing_sr_is_two_links_of_six(
    links: tuple[int, ...], blocked: tuple[str, ...], error: str | None
) -> None:
    if error is None:
        ad.check_air_landing_sr(links)
    else:
        with pytest.raises(IllegalOrderError, match=error):
            ad.check_air_landing_sr(links, enemy_zone_hexes=blocked)
