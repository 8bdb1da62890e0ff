"""Europa Boot Camp (seed 002, RULES E, I.2, J.3): the worked examples I-30..I-34, the combat
rules E-01..E-18, retreat, supply, stacking and movement E-20..E-33, and the contrasts with the
revised rules J-46..J-50, on the bundled provisional chart (K-20)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.errors import IllegalOrderError, ScenarioError
from referee.europa.boot_camp import map_rules as bm
from referee.europa.boot_camp.charts import CODES, load_boot_camp_chart
from referee.europa.boot_camp.combat import (
    Battle,
    Fighter,
    Fortification,
    aec_drm,
    assess,
    column_for,
    halved,
    round_odds,
)
from referee.europa.boot_camp.result import cadre_loss, losses, resolve
from referee.europa.combat.odds import nearest_column
from referee.europa.map_facts import retreat as revised_retreat
from referee.europa.map_facts import stacking as revised_stacking
from referee.europa.map_facts import supply_trace
from tests.referee.europa.europa_support import club_chart

CHART, _ = load_boot_camp_chart()

PANZER = Fighter("pz div", 8, divisional=True, cm=True)
INFANTRY = Fighter("7-6 inf", 7, divisional=True)
RIFLE = Fighter("4-6 rifle", 6, divisional=True)
TANK = Fighter("tank div", 5, divisional=True, cm=True)


def divisions(count: int, cm: bool, prefix: str) -> tuple[Fighter, ...]:
    return tuple(Fighter(f"{prefix} {n}", 5, divisional=True, cm=cm) for n in range(count))


# I.2 worked examples


def test_I30_34_to_9_is_3_to_1() -> None:
    """I-30, E-03, D-15 [002]: 34:9 rounds down in the defender's favour to 3:1."""
    assert round_odds(Fraction(34), Fraction(9)) == (3, 1)
    assert column_for((3, 1), CHART.columns) == "3-1"


def test_I31_aec_net_plus_2() -> None:
    """I-31, E-11 [002]: 5 armored and 2 infantry divisions (+4) against an armored and a
    motorized division, an armored regiment and an infantry division (−2): net +2."""
    attackers = divisions(5, True, "pz") + divisions(2, False, "inf")
    defenders = (
        Fighter("tank div", 5, divisional=True, cm=True),
        Fighter("mot div", 5, divisional=True, cm=True),
        Fighter("tank rgt", 2, cm=True),
        Fighter("rifle div", 5, divisional=True),
    )
    assert aec_drm(Battle(attackers, defenders), CHART, []) == 2


def test_I32_cadre_counts_full_7() -> None:
    """I-32, E-16 [002]: a 7 division reduced to a 3 cadre counts 7, not 4."""
    counted, step = cadre_loss(7, 3)
    assert counted == 7
    assert "not 4" in step.text


def test_I33_halving_keeps_fractions() -> None:
    """I-33, D-02 [002]: half of 7 is 7/2; halved twice it is quartered."""
    assert halved(7) == Fraction(7, 2)
    assert halved(7, 2) == Fraction(7, 4)


def test_I34_cavalry_has_2_mp_left() -> None:
    """I-34, E-32 [002]: woods across a minor river (2 + 1), wooded swamp along a road (the clear
    cost), forest (2): an 8 MP cavalry unit has 2 MP left."""
    costs = [
        bm.enter_cost(CHART, "woods", "minor_river")[0],
        bm.enter_cost(CHART, "wooded_swamp", road=True)[0],
        bm.enter_cost(CHART, "forest")[0],
    ]
    assert costs == [3, 1, 2]
    assert bm.moves_left(8, costs)[0] == 2


# E.1 combat resolution


def test_D15_10_to_25_is_1_to_3() -> None:
    """D-15, E-03 [002]: below 1:1 the inverse rounds up: 10:25 → 1:3."""
    assert round_odds(Fraction(10), Fraction(25)) == (1, 3)
    assert column_for((1, 3), CHART.columns) == "1-3"


def test_E01_E02_bombers_are_added_to_each_total() -> None:
    """E-01, E-02 [002]: offensive bombers on the attack, defensive bombers on the defence."""
    result = assess(Battle((PANZER, INFANTRY), (RIFLE,), offensive_bombers=3, defensive_bombers=2), CHART)
    assert (result.attack, result.defence) == (18, 8)
    assert result.column == "2-1"


def test_E05_above_the_top_column_reads_the_top_and_below_is_an_automatic_AE() -> None:
    """E-05 [002]: 60:1 reads 6-1; 1:5 is an automatic AE, no die."""
    strong = assess(Battle((Fighter("big", 60, divisional=True),), (Fighter("rgt", 1, supported=True),)), CHART)
    assert strong.column == "6-1"
    weak = assess(Battle((Fighter("rgt", 1, supported=True),), (Fighter("big", 5, divisional=True),)), CHART)
    assert (weak.column, weak.automatic) == (None, "AE")
    outcome = resolve(Battle((Fighter("rgt", 1, supported=True),), (RIFLE,)), weak, CHART, None)
    assert (outcome.code, outcome.attacker_loss) == ("AE", 1)


@pytest.mark.parametrize(("weather", "aec"), [("Clear", 1), ("Frost", 1), ("Mud", 0), ("Snow", 0)])
def test_E12_aec_only_in_clear_and_frost(weather: str, aec: int) -> None:
    """E-12 [002]: AEC counts only in Clear and Frost weather."""
    assert aec_drm(Battle((PANZER,), (RIFLE,), weather=weather), CHART, []) == aec


@pytest.mark.parametrize(("terrain", "aec"), [("clear", 1), ("woods", 1), ("swamp", 0), ("forest", 0)])
def test_E12_terrain_cancels_aec_per_the_tec(terrain: str, aec: int) -> None:
    """E-12 [002]: some terrain (swamp, for one) cancels AEC."""
    assert aec_drm(Battle((PANZER,), (RIFLE,), terrain=terrain), CHART, []) == aec


def test_E10_aec_caps_at_plus_4_and_minus_3() -> None:
    """E-10 [002]: +1 per attacking c/m division up to +4, −1 per defending one down to −3;
    non-divisional armor never counts."""
    assert aec_drm(Battle(divisions(6, True, "pz"), (RIFLE,)), CHART, []) == 4
    assert aec_drm(Battle((INFANTRY,), divisions(5, True, "tk")), CHART, []) == -3
    assert aec_drm(Battle((Fighter("pz rgt", 3, cm=True, supported=True),), (RIFLE,)), CHART, []) == 0


def test_E13_drm_is_aec_plus_terrain_plus_fortification() -> None:
    """E-13 [002]: effects are cumulative; a fortification adds its DRM and may cancel AEC."""
    battle = Battle(divisions(2, True, "pz"), (RIFLE,), terrain="woods")
    assert assess(battle, CHART).drm == 2 - 1
    fort = Fortification(drm=-2, no_aec=True, attacker_halved=False)
    assert assess(Battle(battle.attackers, battle.defenders, terrain="woods", fortifications=(fort,)), CHART).drm == -3


def test_fortification_halves_attackers_except_engineers_and_artillery() -> None:
    """A fortification that halves attackers spares the exempt types (engineer, artillery)."""
    fort = Fortification(drm=0, no_aec=False, attacker_halved=True)
    attackers = (INFANTRY, Fighter("eng", 2, type="engineer", supported=True), Fighter("art", 4, type="artillery"))
    assert assess(Battle(attackers, (RIFLE,), fortifications=(fort,)), CHART).attack == Fraction(7, 2) + 2 + 4


def test_E15_losses_on_printed_strengths_without_bombers() -> None:
    """E-15 [002]: an exchange is counted on printed strengths, never on halved ones or bombers."""
    battle = Battle((Fighter("7-6 inf", 7, divisional=True, supply="unsupplied"),), (RIFLE,), offensive_bombers=5)
    attacker, defender, _ = losses("EX", battle)
    assert (attacker, defender) == (6, 6)
    assert losses("HX", battle)[:2] == (3, 6)
    assert losses("AH", battle)[:2] == (4, 0)


def test_E17_a_zero_attack_unit_cannot_attack_alone() -> None:
    """E-17 [002]: attack strength 0 may not attack alone, but may join others."""
    zero = Fighter("0-1 nkvd", 0, supported=True)
    with pytest.raises(IllegalOrderError, match=r"attack strength 0 may not attack alone.*E-17"):
        assess(Battle((zero,), (RIFLE,)), CHART)
    assert assess(Battle((zero, INFANTRY), (RIFLE,)), CHART).attack == 7


def test_E17_a_zero_defence_unit_alone_is_eliminated_automatically() -> None:
    """E-17 [002]: defence 0 alone is eliminated without a die; stacked with a unit above 0 it is not."""
    nkvd = Fighter("nkvd", 0, supported=True)
    alone = assess(Battle((INFANTRY,), (nkvd,)), CHART)
    assert alone.automatic == "DE"
    assert resolve(Battle((INFANTRY,), (nkvd,)), alone, CHART, None).code == "DE"
    assert assess(Battle((INFANTRY,), (nkvd, RIFLE)), CHART).automatic is None


def test_E18_unsupported_halved_unless_supported_by_a_stacked_attacker() -> None:
    """E-18 [002]: an unsupported unit is halved; a division joining the attack from its hex supports it."""
    brigade = Fighter("bde", 4, hex="0101")
    assert assess(Battle((brigade,), (RIFLE,)), CHART).attack == 2
    assert assess(Battle((brigade, Fighter("inf", 6, divisional=True, hex="0101")), (RIFLE,)), CHART).attack == 10
    assert assess(Battle((brigade, Fighter("inf", 6, divisional=True, hex="0102")), (RIFLE,)), CHART).attack == 8


def test_E18_a_defending_supported_unit_supports_its_stack() -> None:
    """E-18 [002]: in defence any supporting unit supports all stacked with it."""
    brigade = Fighter("bde", 4)
    assert assess(Battle((INFANTRY,), (brigade,)), CHART).defence == 2
    assert assess(Battle((INFANTRY,), (brigade, RIFLE)), CHART).defence == 10


def test_E27_out_of_supply_halves_strength_and_movement() -> None:
    """E-27 [002]: halved, and twice halved when also unsupported (D-02: quartered)."""
    assert bm.out_of_supply(7, 8) == (Fraction(7, 2), 4)
    lonely = Fighter("bde", 7, supply="unsupplied")
    assert assess(Battle((lonely,), (RIFLE,)), CHART).attack == Fraction(7, 4)


def test_E06_a_unit_named_twice_is_refused() -> None:
    """E-06 [002]: a unit attacks or is attacked once; it never splits its strength."""
    with pytest.raises(IllegalOrderError, match="E-06"):
        assess(Battle((INFANTRY, INFANTRY), (RIFLE,)), CHART)


def test_E04_the_die_is_clamped_to_the_rows() -> None:
    """E-04 [002], K-20: 6 + 4 AEC reads row 10; the chart's lowest row takes any lower roll."""
    battle = Battle(divisions(4, True, "pz"), (RIFLE,))
    assessment = assess(battle, CHART)
    outcome = resolve(battle, assessment, CHART, 6)
    assert (outcome.modified, outcome.row) == (10, 10)
    assert CHART.read("1-3", -9) == (-2, "AE")


# E.4 retreat and advance


def test_E20_retreat_prefers_free_then_overstacked_then_ezoc() -> None:
    """E-20 [002]: not in an EZOC and not overstacked first; then overstacked; then an EZOC."""
    unit = [bm.Retreater("inf", has_cadre=True)]
    free = bm.RetreatHex("A")
    crowded = bm.RetreatHex("B", overstacked=True)
    zoc = bm.RetreatHex("C", in_enemy_zoc=True)
    assert bm.retreat(unit, [zoc, crowded, free])[0][0].hex == "A"
    fate = bm.retreat(unit, [zoc, crowded])[0][0]
    assert (fate.hex, fate.fate) == ("B", "retreats on")


def test_E21_retreat_into_an_ezoc_reduces_to_cadre_or_eliminates() -> None:
    """E-21, D-74 [002]: into an EZOC a division goes to its cadre; without one (or as one) it is eliminated."""
    zoc = [bm.RetreatHex("C", in_enemy_zoc=True)]
    units = [bm.Retreater("div", has_cadre=True), bm.Retreater("rgt"), bm.Retreater("cadre", True, is_cadre=True)]
    assert [fate.fate for fate in bm.retreat(units, zoc)[0]] == ["cadre", "eliminated", "eliminated"]


def test_E21_no_route_eliminates_cadres_too() -> None:
    """E-21 [002]: no retreat route: eliminated, cadre included."""
    fates, steps = bm.retreat([bm.Retreater("div", has_cadre=True)], [], blocked=True)
    assert fates[0].fate == "eliminated"
    assert "cadres included" in steps[0].text


def test_E21_german_cm_ignores_ezoc_into_a_friendly_occupied_hex() -> None:
    """E-21 [002]: only German c/m units, only into a friendly-occupied hex."""
    hexes = [bm.RetreatHex("C", in_enemy_zoc=True, friendly_occupied=True)]
    german = bm.Retreater("pz", has_cadre=True, german_cm=True)
    other = bm.Retreater("inf", has_cadre=True)
    assert [fate.fate for fate in bm.retreat([german, other], hexes)[0]] == ["retreats", "cadre"]
    alone = [bm.RetreatHex("D", in_enemy_zoc=True)]
    assert bm.retreat([german], alone)[0][0].fate == "cadre"


def test_E22_defenders_never_advance_and_attackers_up_to_the_limit() -> None:
    """E-22 [002]: voluntary, into a cleared hex, up to the stacking limit; never the defender."""
    assert bm.advance(defender=False, cleared=True, units=9, room=8)[0] == 8
    with pytest.raises(IllegalOrderError, match="E-22"):
        bm.advance(defender=True, cleared=True, units=1, room=8)


# E.5 supply, stacking and movement


@pytest.mark.parametrize(("weather", "length"), [("Clear", 7), ("Frost", 4), ("Snow", 4), ("Mud", 3)])
def test_E25_supply_line_length_by_weather(weather: str, length: int) -> None:
    """E-25 [002]: 7 hexes in Clear, 4 in Snow or Frost, 3 in Mud."""
    assert bm.supply_length(weather)[0] == length
    assert bm.trace_supply([bm.SupplyHex()] * length, weather).in_supply
    assert not bm.trace_supply([bm.SupplyHex()] * (length + 1), weather).in_supply


def test_E26_ezoc_blocks_supply_unless_a_friendly_unit_holds_the_hex() -> None:
    """E-26 [002]: no enemy unit, no EZOC without a friendly unit, no prohibited terrain."""
    assert not bm.trace_supply([bm.SupplyHex(in_enemy_zoc=True)], "Clear").in_supply
    assert bm.trace_supply([bm.SupplyHex(in_enemy_zoc=True, friendly_occupied=True)], "Clear").in_supply
    assert not bm.trace_supply([bm.SupplyHex(enemy_occupied=True)], "Clear").in_supply


def stack(divisional: int, other: int, guns: int = 0, gun_divisions: int = 0) -> list[bm.Stacked]:
    return (
        [bm.Stacked(f"div {n}", divisional=True) for n in range(divisional)]
        + [bm.Stacked(f"bde {n}") for n in range(other)]
        + [bm.Stacked(f"art {n}", artillery=True) for n in range(guns)]
        + [bm.Stacked(f"art div {n}", artillery_division=True) for n in range(gun_divisions)]
    )


@pytest.mark.parametrize(
    ("units", "over"),
    [
        (stack(3, 3, guns=2), False),  # 8: the most a hex holds
        (stack(3, 3, gun_divisions=1), False),
        (stack(4, 2), True),  # 4 divisional
        (stack(3, 4), True),  # 7 without artillery
        (stack(3, 3, guns=3), True),  # 9
        (stack(3, 3, guns=1, gun_divisions=1), True),  # 2 guns or 1 gun division, not both
    ],
)
def test_E28_stacking_six_units_three_divisional_plus_artillery(units: list[bm.Stacked], over: bool) -> None:
    """E-28 [002]: 6 units (at most 3 divisional) plus 2 non-divisional artillery or 1 artillery division."""
    assert bm.stacking(units).over is over


def test_E29_the_limit_is_not_in_force_at_the_end_of_the_initial_phase() -> None:
    """E-29 [002]: only the Initial phase may end overstacked."""
    assert not bm.limit_at_phase_end("Initial")
    assert all(bm.limit_at_phase_end(phase) for phase in ("Movement", "Air", "Combat", "Exploitation"))


def test_E30_only_divisions_have_zocs_and_entering_one_stops_at_no_cost() -> None:
    """E-30 [002]: divisional units alone exert ZOCs; entering one ends the move; ZOC to ZOC only from one."""
    assert bm.has_zoc(divisional=True) and not bm.has_zoc(divisional=False)
    assert bm.zoc_move(starts_in_ezoc=False, enters_ezoc=True)[0]
    with pytest.raises(IllegalOrderError, match="E-30"):
        bm.zoc_move(starts_in_ezoc=False, enters_ezoc=True, next_hex_ezoc=True)


def test_E30_a_single_hex_move_is_always_possible() -> None:
    """E-30 [002]: one hex may be entered whatever it costs; a longer move may not overspend."""
    assert bm.moves_left(1, [3])[0] == 0
    with pytest.raises(IllegalOrderError, match="E-32"):
        bm.moves_left(2, [1, 3])


def test_E31_rail_costs_a_fifth_and_road_the_clear_cost() -> None:
    """E-31 [002]: 1/5 MP per rail hex; a road hex costs the clear rate whatever the terrain."""
    assert bm.rail_cost(7) == Fraction(7, 5)
    assert bm.enter_cost(CHART, "mountain", road=True)[0] == 1


def test_E33_exploitation_cm_only_no_rail_halved_out_of_supply() -> None:
    """E-33 [002]: c/m units move again with the full rating as modified by supply, never by rail."""
    assert bm.exploitation(cm=True, movement=8, supplied=False)[0] == 4
    with pytest.raises(IllegalOrderError, match="E-33"):
        bm.exploitation(cm=False, movement=8, supplied=True)
    with pytest.raises(IllegalOrderError, match="rail"):
        bm.exploitation(cm=True, movement=8, supplied=True, by_rail=True)


# J.3 contrasts with the revised rules


def test_J46_one_die_and_per_division_aec_against_two_dice_and_plus_minus_1() -> None:
    """J-46: Boot Camp reads 1D6 with AEC up to +4; the revised CRT reads 2D6 with the armor DRM capped at ±1."""
    assert CHART.dice == "1D6"
    assert aec_drm(Battle(divisions(4, True, "pz"), (RIFLE,)), CHART, []) == 4


def test_J47_odds_round_down_here_to_nearest_there() -> None:
    """J-47: 34:9 is 3:1 in Boot Camp (down) and 4-1 by the revised nearest rounding."""
    assert column_for(round_odds(Fraction(34), Fraction(9)), CHART.columns) == "3-1"
    assert nearest_column(Fraction(34, 9), "nearest_linear") == "4-1"


def test_J48_frost_supply_4_here_7_there() -> None:
    """J-48: Boot Camp Frost 4 hexes (Clear 7); the 000 overland line keeps 7 in Frost."""
    assert bm.supply_length("Frost")[0] == 4
    assert supply_trace.link_limit("overland", "Frost")[0] == 7


def test_J49_ezoc_retreat_cadre_here_one_re_there() -> None:
    """J-49: Boot Camp reduces a division retreating into an EZOC to its cadre; 000 costs 1 RE."""
    fate = bm.retreat([bm.Retreater("div", has_cadre=True)], [bm.RetreatHex("C", in_enemy_zoc=True)])[0][0]
    assert fate.fate == "cadre"
    assert revised_retreat.ezoc_retreat([revised_retreat.ZocHex("C")], reading="per_retreat").res == 1


def test_J50_stacking_8_units_here_10_res_there() -> None:
    """J-50: four divisions overstack in Boot Camp; the revised 10 REs hold three divisions and 1 RE more."""
    assert bm.stacking(stack(4, 0)).over
    assert not revised_stacking.stacking(divisions=3, other_res=1).over


# the provisional chart (K-20)


def test_K20_chart_is_provisional_one_die_and_every_code_defined() -> None:
    """K-20: the bundled chart says it is provisional, and every code it uses is defined."""
    assert CHART.provisional
    assert set(CHART.codes) <= set(CODES)
    assert CHART.lowest() <= 1 and CHART.highest() >= 6


ORDER = ("AE", "AH", "AR", "NE", "EX", "DR", "HX", "DH", "DE")
"""The codes from worst to best for the attacker, as the provisional chart grades them."""


@given(st.integers(-2, 9), st.integers(0, 6))
def test_results_never_get_worse_as_the_die_or_the_column_rises(row: int, column: int) -> None:
    """K-20: the provisional chart is monotone in the die and in the odds."""
    here = ORDER.index(CHART.read(CHART.columns[column], row)[1])
    assert ORDER.index(CHART.read(CHART.columns[column], row + 1)[1]) >= here
    assert ORDER.index(CHART.read(CHART.columns[column + 1], row)[1]) >= here


def test_a_bad_chart_names_the_row_and_field(tmp_path: Path) -> None:
    """Chart validation names the row and field of a bad code."""
    bad = club_chart(tmp_path, "europa-boot-camp", '"3"  = ["AH"', '"3"  = ["ZZ"', file="bad.toml")
    with pytest.raises(ScenarioError, match=r"crt\.3\.0 \(1-3\): 'ZZ'"):
        load_boot_camp_chart(str(bad))
