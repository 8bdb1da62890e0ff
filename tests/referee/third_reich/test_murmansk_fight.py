"""The Murmansk box fought step by step (seed 004: G-56, G-58, G-70..G-72, H-20..H-23, I-65, J-58).

Hand-worked fights use the shipped provisional tables, whose air and naval rows are the same:
rolls 1..10 → 0, 0, 0.2, 0.2, 0.2, 0.4, 0.4, 0.4, 0.6, 0.6 (H-22, K-42).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.errors import IllegalOrderError
from referee.third_reich.common.fire import FireTables, load_fire_tables
from referee.third_reich.murmansk import box
from referee.third_reich.murmansk import fight as mm
from referee.third_reich.murmansk import timing as mt

TABLES, _ = load_fire_tables()
FULL = box.Commitments(german_air=10, german_fleets=9, uboats=6, allied_fleets=27, asw=4, uk_brps=20, usa_brps=20)
FULL_ROLLS = [9, 6, 6, 3, 8, 10, 6, 9, 7]
SPRING_1942, SUMMER_I_1942, SUMMER_II_1942 = 13, 14, 15


def test_G70_a_full_fight_worked_by_hand() -> None:
    """Two 5-4 air fleets (10), a 9 fleet from Norway and 6 U-boats meet 27 fleet factors, 4 ASW and
    the UK's and the USA's 20 BRPs each.

    1. 10 air at the fleets, roll 9: 0.6 × 10 = 6 (10 factors: no 0.6 privilege) → fleets 27 → 21.
    2. 2 air fleets attacked, so at most 2 × 9 = 18 fleet factors reply; 18 / 3 = 6; roll 6:
       0.4 × 6 = 2.4 → 2 → air 10 → 8.
    3. 8 air at the BRPs, roll 6: 0.4 × 8 = 3.2 → 3 → BRPs 40 → 37.
    4. At the same time: 9 German fleet factors roll 3: 0.2 × 9 = 1.8 → 1; 21 Allied roll 8:
       0.4 × 21 = 8.4 → 8 → Allied fleets 21 → 20, German fleets 9 → 1.
    5. 1 German fleet factor at the BRPs, roll 10: 0.6 × 1 = 0.6 → 0 (down) → 37.
    6. 4 ASW roll 6: 0.4 × 4 = 1.6 → 1 U-boat; 6 U-boats fire as 3 (half, up), roll 9:
       0.6 × 3 = 1.8 → 2 (0.6 up) ASW → U-boats 5, ASW 2.
    7. 5 U-boats × 2 = 10 at the BRPs, roll 7: 0.4 × 10 = 4 → 37 → 33.
    8. 3 + 0 + 4 = 7 hits, shared evenly, the UK the odd one: UK 20 − 4 = 16, USA 20 − 3 = 17.
    """
    assert mm.rolls_needed(FULL) == [
        "German air fire at the Allied fleets",
        "Allied fleets fire at the German air",
        "German air fire at the lend lease BRPs",
        "German fleets fire at the Allied fleets",
        "Allied fleets fire at the German fleets",
        "German fleets fire at the lend lease BRPs",
        "ASW fire at the U-boats",
        "U-boats fire at the ASW",
        "U-boats fire at the lend lease BRPs",
    ]
    outcome = mm.resolve(FULL, TABLES, FULL_ROLLS)
    assert outcome.lost == box.Forces(german_air=2, german_fleets=8, uboats=1, allied_fleets=7, asw=2)
    assert outcome.survivors == box.Forces(german_air=8, german_fleets=1, uboats=5, allied_fleets=20, asw=2)
    assert (outcome.brp_hits, outcome.hits_by_sender, outcome.arriving) == (
        7,
        {"UK": 4, "USA": 3},
        {"UK": 16, "USA": 17},
    )
    assert [face for _, face in outcome.rolls] == FULL_ROLLS
    texts = [step.text for step in outcome.steps]
    for expected in (
        "step 1: 10 German air: air table, roll 9 → 0.6 × 10 = 6 → 6 (rounded down)",
        "Allied fleets lose 6: 21 left",
        "no more 9-factor fleets fire than the 2 air fleet(s) that attacked: 18; at 1/3: 6 (rounded down, provisional)",
        "step 2: 6 Allied fleet factors: naval table, roll 6 → 0.4 × 6 = 2.4 → 2 (rounded down)",
        "step 3: 8 German air at the lend lease BRPs: air table, roll 6 → 0.4 × 8 = 3.2 → 3 (rounded down)",
        "step 4: 21 Allied fleet factors: naval table, roll 8 → 0.4 × 21 = 8.4 → 8 (rounded down)",
        "step 5: 1 German fleet factors at the lend lease BRPs: naval table, roll 10 → 0.6 × 1 = 0.6 → 0",
        "step 6: 3 U-boats: naval table, roll 9 → 0.6 × 3 = 1.8 → 2 (0.6 or more rounds up)",
        "step 7: 5 U-boats × 2 at the lend lease BRPs: naval table, roll 7 → 0.4 × 10 = 4 → 4 (rounded down)",
        "7 BRP hits come off the lend lease: UK 20 − 4 = 16, USA 20 − 3 = 17 (provisional: shared evenly",
    ):
        assert any(expected in text for text in texts), expected
    assert all(step.rule.startswith("G-70 step") for step in outcome.steps)
    assert outcome.summary.endswith("7 lend lease BRPs lost, 33 arrive")


def test_G70_no_german_air_asks_for_fewer_rolls() -> None:
    """Fleets from Norway and U-boats, no air, no ASW; only the UK sent.

    4. 9 German fleet factors roll 9: 0.6 × 9 = 5.4 → 5; 9 Allied roll 10: 5.4 → 5 → 4 and 4 left.
    5. 4 German fleet factors at the BRPs, roll 9: 0.6 × 4 = 2.4 → 2 → 20 → 18.
    6. No ASW: no exchange. 7. 4 U-boats × 2 = 8, roll 6: 0.4 × 8 = 3.2 → 3 → 18 → 15.
    """
    fight = box.Commitments(german_fleets=9, uboats=4, allied_fleets=9, uk_brps=20)
    assert mm.rolls_needed(fight) == [
        "German fleets fire at the Allied fleets",
        "Allied fleets fire at the German fleets",
        "German fleets fire at the lend lease BRPs",
        "U-boats fire at the lend lease BRPs",
    ]
    outcome = mm.resolve(fight, TABLES, [9, 10, 9, 6])
    assert outcome.lost == box.Forces(german_fleets=5, allied_fleets=5)
    assert (outcome.brp_hits, outcome.hits_by_sender, outcome.arriving) == (5, {"UK": 5}, {"UK": 15})


def test_G70_nothing_german_in_the_box_no_rolls_and_everything_arrives() -> None:
    fight = box.Commitments(allied_fleets=18, asw=6, usa_brps=20)
    assert mm.rolls_needed(fight) == []
    outcome = mm.resolve(fight, TABLES, [])
    assert (outcome.brp_hits, outcome.arriving, outcome.lost) == (0, {"USA": 20}, box.Forces())
    assert outcome.steps[0].text == "no German forces in the box: no combat"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"allied_air": 5}, r"the Western Allies may never send air to the Murmansk box \(G-72 \[004\]\); 5 Allied"),
        ({"uk_brps": 0, "usa_brps": 0}, r"no lend lease is in the Murmansk box.*\(G-56, G-58, G-70 \[004\]\)"),
        ({"usa_brps": 40}, r"USA sent 40 BRPs north; at most 20 .*\(G-56, G-58, G-60 \[004\]\)"),
        ({"uboats": -1}, r"U-boats cannot be negative: -1"),
        ({"uk_brps": -20, "usa_brps": 20}, r"UK BRPs cannot be negative: -20"),
    ],
)
def test_G72_refused_commitments(change: dict[str, Any], message: str) -> None:
    """G-72: the Allies never send air; G-56/G-58/G-60: the box needs lend lease, at most 20 a power."""
    with pytest.raises(IllegalOrderError, match=message):
        box.Commitments(**{"german_air": 5, "allied_fleets": 9, "uk_brps": 20, **change})


def test_H21_german_air_under_5_factors_rounds_point_six_up_at_the_fleets_not_at_the_brps() -> None:
    """3 air (non-phasing) roll 9: 0.6 × 3 = 1.8 → 2 fleet factors; 7 fleet factors left, 7 // 3 = 2
    reply, roll 1 → 0; 3 air at the BRPs roll 9: 1.8 → 1 (fire at BRPs rounds down)."""
    fight = box.Commitments(german_air=3, allied_fleets=9, uk_brps=20)
    outcome = mm.resolve(fight, TABLES, [9, 1, 9])
    assert (outcome.lost.allied_fleets, outcome.lost.german_air, outcome.brp_hits) == (2, 0, 1)
    assert any("under 5: 0.6 or more rounds up" in step.text and "H-21" in step.rule for step in outcome.steps)


def test_H23_fleets_replying_to_air_capped_and_under_3_factors_no_reply() -> None:
    """One 5-4 attacks: at most one 9 fleet (9 factors) replies → 3 at 1/3. 2 fleet factors → 0: no roll."""
    capped = mm.resolve(box.Commitments(german_air=5, allied_fleets=36, uk_brps=20), TABLES, [1, 9, 1])
    assert any("air fleet(s) that attacked: 9; at 1/3: 3" in step.text for step in capped.steps)
    assert capped.lost.german_air == 1  # 0.6 × 3 = 1.8 → 1
    few = box.Commitments(german_air=5, allied_fleets=2, uk_brps=20)
    assert mm.rolls_needed(few) == ["German air fire at the Allied fleets", "German air fire at the lend lease BRPs"]


def test_a_fire_drops_out_once_its_side_is_destroyed() -> None:
    """5 air roll 1 → 0 fleets; 27 fleets, 9 reply as 3 at 1/3, roll 10 → 1.8 → 1: air 5 → 4.
    With a table that destroys everything, the reply kills all 5 air: no roll at the BRPs."""
    fight = box.Commitments(german_air=5, allied_fleets=27, uk_brps=20)
    assert mm.rolls_still_needed(fight, TABLES, [1]) == [
        "Allied fleets fire at the German air",
        "German air fire at the lend lease BRPs",
    ]
    deadly = FireTables(
        title="t", provisional=True, source="test", effectiveness={"air": ["0"] * 10, "naval": ["1"] * 10}
    )
    # 3 fleet factors × 1 = 3 air lost of 5: 2 go on; a 9-factor reply would be needed to kill all
    assert mm.rolls_still_needed(fight, deadly, [1, 1]) == ["German air fire at the lend lease BRPs"]
    strong = box.Commitments(german_air=2, allied_fleets=27, uk_brps=20)  # 1 air fleet → 9 reply → 3 ≥ 2
    assert mm.rolls_still_needed(strong, deadly, [1, 1]) == []
    assert mm.resolve(strong, deadly, [1, 1]).survivors.german_air == 0


def test_hits_never_exceed_the_brps_in_the_box() -> None:
    """40 U-boats unopposed: 80 × 0.6 = 48 hits, but the box holds 20."""
    outcome = mm.resolve(box.Commitments(uboats=40, uk_brps=20), TABLES, [10])
    assert (outcome.brp_hits, outcome.arriving) == (20, {"UK": 0})
    assert any("20 BRPs lost (only 20 were left): 0 left in the box" in step.text for step in outcome.steps)


def test_each_step_reads_its_own_table() -> None:
    """Air fire reads the air row, fleet, ASW and U-boat fire the naval row (H-20, H-23, G-62)."""
    tables = FireTables(
        title="t", provisional=False, source="test", effectiveness={"air": ["0"] * 10, "naval": ["1"] * 10}
    )
    outcome = mm.resolve(FULL, tables, [5] * 8)
    # air kills nothing; 18 of 27 fleets reply as 6 → 6 air lost; 4 air at the BRPs → 0;
    # 9 German fleet factors kill 9 Allied, 27 Allied kill all 9 German; 4 ASW kill 4 U-boats,
    # 3 U-boats kill 3 ASW; 2 U-boats × 2 = 4 BRPs
    assert outcome.lost == box.Forces(german_air=6, german_fleets=9, uboats=4, allied_fleets=9, asw=3)
    assert outcome.brp_hits == 4
    assert not any(step.rule.endswith("K-42 provisional") for step in outcome.steps)


@pytest.mark.parametrize(
    ("rolls", "message"),
    [
        (FULL_ROLLS[:-1], r"needs more 1D10 rolls than the 8 given; next: U-boats fire at the lend lease BRPs"),
        ([*FULL_ROLLS, 5], r"the Murmansk fight used 9 roll\(s\) of 1D10; 10 were given"),
        ([11, *FULL_ROLLS[1:]], r"faces 1 to 10; 11 cannot be thrown"),
    ],
)
def test_wrong_rolls_are_refused(rolls: list[int], message: str) -> None:
    with pytest.raises(IllegalOrderError, match=message):
        mm.resolve(FULL, TABLES, rolls)
    if len(rolls) > len(FULL_ROLLS):
        with pytest.raises(IllegalOrderError, match="uses 9 roll"):
            mm.rolls_still_needed(FULL, TABLES, rolls)


@pytest.mark.parametrize(
    ("hits", "carried", "expected"),
    [
        (7, {"UK": 20, "USA": 20}, {"UK": 4, "USA": 3}),
        (8, {"UK": 20, "USA": 20}, {"UK": 4, "USA": 4}),
        (1, {"UK": 20, "USA": 20}, {"UK": 1, "USA": 0}),
        (40, {"UK": 20, "USA": 20}, {"UK": 20, "USA": 20}),
        (5, {"USA": 20}, {"USA": 5}),
        (0, {"UK": 20}, {"UK": 0}),
    ],
)
def test_G70_step_8_hits_shared_evenly_uk_the_odd_one(hits: int, carried: dict[str, int], expected: Any) -> None:
    assert mm.split_hits(hits, carried) == expected


def test_G70_step_8_more_hits_than_carried_refused() -> None:
    with pytest.raises(IllegalOrderError, match=r"41 hits are more than the 40 BRPs in the Murmansk box \(G-70"):
        mm.split_hits(41, {"UK": 20, "USA": 20})


@pytest.mark.parametrize(
    ("reading", "allowed", "refused"),
    [
        (
            "summer_i",
            [(SUMMER_I_1942, "Western Allies", "Combat")],
            [
                (SPRING_1942, "Western Allies", "Combat"),
                (SUMMER_I_1942, "Axis", "Combat"),
                (SUMMER_I_1942, "Western Allies", "Movement"),
                (SUMMER_II_1942, "Western Allies", "Combat"),
            ],
        ),
        (
            "spring",
            [(SPRING_1942, "Western Allies", "Interception"), (SPRING_1942, "Western Allies", "Combat")],
            [
                (SUMMER_I_1942, "Western Allies", "Combat"),
                (SPRING_1942, "Axis", "Combat"),
                (SPRING_1942, None, "Year Start"),
                (SPRING_1942, "Western Allies", "Movement"),
            ],
        ),
    ],
)
def test_I65_murmansk_timing_under_both_readings(
    reading: str, allowed: list[tuple[int, str | None, str]], refused: list[tuple[int, str | None, str]]
) -> None:
    """I-65 / J-58: summer_i fights in the Western Allies' Summer I combat phase, the BRPs arriving at
    its end and spent from Summer II; spring fights in their Spring turn before (or at) the combat
    phase, the BRPs arriving as the USSR's Summer I turn starts."""
    when = mt.timing(reading)
    for moment in allowed:
        mt.require_fight_time(reading, *moment)
    for moment in refused:
        with pytest.raises(IllegalOrderError, match=rf"the Murmansk box fights in {when.fight} .*J-58.*it is now the"):
            mt.require_fight_time(reading, *moment)
    if reading == "summer_i":
        assert when.fight == "the Western Allies Combat phase of Summer I"
        assert when.arrival == "at the end of the Western Allies Combat phase of Summer I"
        assert when.first_spent == "Summer II"
        assert "G-70" in when.rule
    else:
        assert when.fight == "the Western Allies Interception or Combat phase of Spring"
        assert when.arrival == "at the start of the USSR's Summer I turn"
        assert when.first_spent == "Summer I"
        assert "G-71" in when.rule


def test_I65_a_wrong_moment_names_the_reading_and_the_rule() -> None:
    with pytest.raises(IllegalOrderError) as raised:
        mt.require_fight_time("summer_i", SPRING_1942, "Western Allies", "Combat")
    assert str(raised.value) == (
        "the Murmansk box fights in the Western Allies Combat phase of Summer I (option murmansk_timing=summer_i: "
        "G-70, J-58, I-65 [004]); it is now the Western Allies Combat phase of Spring 1942"
    )
    with pytest.raises(IllegalOrderError, match=r"murmansk_timing is summer_i or spring, not 'winter' \(J-58"):
        mt.timing("winter")


def test_G72_J58_which_uboats_and_asw_may_go() -> None:
    """summer_i: any portion of the U-boats; ASW that fought the Axis Summer I U-boats has had its shot
    (provisional). spring: only U-boats that did not attack in the Axis Spring turn."""
    fight = box.Commitments(uboats=6, asw=4, uk_brps=20)
    mt.require_available(fight, "summer_i", uboats_held=6, asw_held=8, uboats_that_attacked=6, asw_that_fought=4)
    with pytest.raises(IllegalOrderError, match=r"4 ASW sent to the Murmansk box; 3 may go \(those that fought"):
        mt.require_available(fight, "summer_i", uboats_held=6, asw_held=8, asw_that_fought=5)
    mt.require_available(fight, "spring", uboats_held=9, asw_held=4, uboats_that_attacked=3, asw_that_fought=4)
    with pytest.raises(IllegalOrderError, match=r"6 U-boats .* did not attack in the Axis Spring turn: 5 \(G-72"):
        mt.require_available(fight, "spring", uboats_held=9, asw_held=4, uboats_that_attacked=4)
    with pytest.raises(IllegalOrderError, match=r"any portion of the strategic-warfare U-boats: 5"):
        mt.require_available(fight, "summer_i", uboats_held=5, asw_held=4)


def test_G72_subs_and_asw_that_went_sit_out_strategic_warfare() -> None:
    """summer_i: every U-boat sent misses the Axis Summer I strategic warfare; spring: the surviving
    ASW stays in the box and misses it."""
    outcome = mm.resolve(FULL, TABLES, FULL_ROLLS)
    (uboats,) = mt.sit_out(FULL, outcome, "summer_i")
    assert (uboats.weapon, uboats.factors, uboats.season, uboats.player, uboats.phase) == (
        "U-boats",
        6,
        "Summer I",
        "Axis",
        "Strategic Warfare",
    )
    (asw,) = mt.sit_out(FULL, outcome, "spring")
    assert (asw.weapon, asw.factors, asw.season, asw.player) == ("ASW", 2, "Summer I", "Axis")
    assert "G-72" in asw.rule and "J-58" in asw.rule
    quiet = box.Commitments(german_air=5, uk_brps=20)
    assert mt.sit_out(quiet, mm.resolve(quiet, TABLES, [5]), "summer_i") == []


FACTORS = st.integers(min_value=0, max_value=40)
EFFECTIVENESS = st.sampled_from(["0", "1/10", "1/5", "3/10", "2/5", "1/2", "3/5", "7/10", "4/5", "9/10", "1"])
ANY_TABLES = st.builds(
    lambda air, naval: FireTables(
        title="drawn", provisional=True, source="hypothesis", effectiveness={"air": air, "naval": naval}
    ),
    st.lists(EFFECTIVENESS, min_size=10, max_size=10),
    st.lists(EFFECTIVENESS, min_size=10, max_size=10),
)


@st.composite
def commitments(draw: st.DrawFn) -> box.Commitments:
    uk, usa = draw(st.integers(0, 20)), draw(st.integers(0, 20))
    if uk + usa == 0:
        uk = 20
    return box.Commitments(
        german_air=draw(FACTORS),
        german_fleets=draw(FACTORS),
        uboats=draw(FACTORS),
        allied_fleets=draw(FACTORS),
        asw=draw(FACTORS),
        uk_brps=uk,
        usa_brps=usa,
    )


def _fight_by_asking(fight: box.Commitments, tables: FireTables, faces: list[int]) -> tuple[list[str], list[int]]:
    """A console form: ask for the next roll until none is needed; returns what it asked and threw."""
    asked: list[str] = []
    thrown: list[int] = []
    stream = iter(faces)
    while needed := mm.rolls_still_needed(fight, tables, thrown):
        asked.append(needed[0])
        thrown.append(next(stream))
    return asked, thrown


def _asked_and_resolved(
    fight: box.Commitments, tables: FireTables, faces: list[int]
) -> tuple[list[str], list[int], box.MurmanskOutcome]:
    """`_fight_by_asking`'s rolls asked and thrown, and the fight resolved with what was thrown."""
    asked, thrown = _fight_by_asking(fight, tables, faces)
    return asked, thrown, mm.resolve(fight, tables, thrown)


FACES = st.lists(st.integers(1, 10), min_size=9, max_size=9)


@given(commitments(), ANY_TABLES, FACES)
def test_the_rolls_asked_for_are_exactly_the_rolls_used(
    fight: box.Commitments, tables: FireTables, faces: list[int]
) -> None:
    asked, thrown, outcome = _asked_and_resolved(fight, tables, faces)
    assert [purpose for purpose, _ in outcome.rolls] == asked
    assert [face for _, face in outcome.rolls] == thrown
    planned = iter(mm.rolls_needed(fight))
    assert all(purpose in planned for purpose in asked)  # in order, within what the commitments allow
    with pytest.raises(IllegalOrderError):
        mm.resolve(fight, tables, [*thrown, 1])
    if thrown:
        with pytest.raises(IllegalOrderError):
            mm.resolve(fight, tables, thrown[:-1])


@given(commitments(), ANY_TABLES, FACES)
def test_brp_hits_never_exceed_the_brps_in_the_box(
    fight: box.Commitments, tables: FireTables, faces: list[int]
) -> None:
    *_, outcome = _asked_and_resolved(fight, tables, faces)
    assert 0 <= outcome.brp_hits <= fight.brps
    assert sum(outcome.hits_by_sender.values()) == outcome.brp_hits
    for power, sent in fight.lend_lease.items():
        assert 0 <= outcome.hits_by_sender[power] <= sent
        assert outcome.arriving[power] == sent - outcome.hits_by_sender[power]


@given(commitments(), ANY_TABLES, FACES)
def test_losses_never_exceed_the_factors_present(fight: box.Commitments, tables: FireTables, faces: list[int]) -> None:
    *_, outcome = _asked_and_resolved(fight, tables, faces)
    for name in box.NAMES:
        sent, lost, left = (getattr(forces, name) for forces in (fight.forces, outcome.lost, outcome.survivors))
        assert 0 <= lost <= sent
        assert lost + left == sent
