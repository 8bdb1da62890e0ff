"""A strategic-warfare round resolved by the referee (G-61..G-68, H-20..H-22 [004], J-61)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.common.errors import IllegalOrderError, RulesError, ScenarioError
from referee.service import RefereeService
from referee.third_reich.common.fire import FireTables, hits, load_fire_tables
from referee.third_reich.strategic_warfare import warfare as sw
from tests.referee.third_reich.reich_support import UBOATS as ROUND
from tests.referee.third_reich.test_economy_service import at

from support import refused

TABLES, _ = load_fire_tables()
UBOATS: dict[str, Any] = {
    **ROUND,
    "rolled_by": "Karl",
    "override": "the book's counts are not what these rounds test (tests/referee/third_reich/test_sw_forces.py)",
}


@pytest.mark.parametrize(("roll", "hits"), list(zip(range(1, 11), (0, 0, 3, 3, 3, 6, 6, 6, 9, 9), strict=False)))
def test_I57_three_air_fleets_bombing_london_unopposed(roll: int, hits: int) -> None:
    """G-93 / H-22: 15 bomber factors at 1× on the shipped (provisional) air row."""
    fight = sw.Fight(attacker="bombers", offensive=15, defensive=0)
    assert sw.economy(fight, sw.unopposed(fight), TABLES, roll).economy_hits == hits


def test_G62_half_factors_round_up_and_the_half_strength_side_rounds_point_six_up() -> None:
    """5 U-boats fire as 3; roll 9: 0.6 × 3 = 1.8 → 2; 4 ASW roll 6: 0.4 × 4 = 1.6 → 1 (down)."""
    outcome = sw.exchange(
        sw.Fight(attacker="submarines", offensive=5, defensive=4), TABLES, defence_roll=6, offence_roll=9
    )
    assert (outcome.defensive_lost, outcome.offensive_lost, outcome.survivors) == (2, 1, 4)
    exact = sw.exchange(
        sw.Fight(attacker="submarines", offensive=5, defensive=4), TABLES, defence_roll=1, offence_roll=3
    )
    assert exact.defensive_lost == 1  # 0.2 × 3 = 0.6 → 1


def test_G62_survivors_hit_the_economy_subs_at_double_rounded_down() -> None:
    """4 surviving U-boats fire as 8: roll 6 → 0.4 × 8 = 3.2 → 3 BRP hits."""
    fight = sw.Fight(attacker="submarines", offensive=4, defensive=0)
    assert sw.economy(fight, sw.unopposed(fight), TABLES, 6).economy_hits == 3


def test_losses_never_exceed_the_factors_present() -> None:
    outcome = sw.exchange(
        sw.Fight(attacker="submarines", offensive=2, defensive=10), TABLES, defence_roll=10, offence_roll=1
    )
    assert (outcome.offensive_lost, outcome.survivors) == (2, 0)


def at_war(service: RefereeService, *, target: str = "UK", label: str = "Fall 1939") -> None:
    """G-61 [004]: strategic warfare is waged on an enemy economy: Germany declares war first."""
    at(service, label, "Axis", "Options")
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": target, "target_kind": "major"})


def test_a_round_records_the_hits_and_the_rolls(third_reich: RefereeService) -> None:
    """G-61, G-66: the hits accumulate on the target for the next year start; every roll is in the entry."""
    at_war(third_reich)
    at(third_reich, "Spring 1940", "Axis", "Strategic Warfare")
    entry = third_reich.execute_json(UBOATS)
    # 4 ASW roll 6 → 1.6 → 1 U-boat lost; 3 (half of 5) roll 9 → 1.8 → 2 ASW lost; 4 × 2 = 8, roll 6 → 3.2 → 3
    assert entry["ruling"]["summary"] == "U-boats lose 1, ASW lose 2; UK takes 3 BRP hits"
    assert [roll["purpose"] for roll in entry["rolls"]] == [
        "strategic warfare: ASW fire at the U-boats",
        "strategic warfare: U-boats fire at the ASW",
        "strategic warfare: U-boats at the UK economy",
    ]
    assert third_reich.state().brp_economies["UK"].sw_hits == {"1940": {"submarines": 3}}


@pytest.mark.parametrize(
    ("position", "change", "message"),
    [
        (("Fall 1939", "Axis", "Strategic Warfare"), {}, "strategic warfare begins in Spring 1940"),
        (("Spring 1940", "Axis", "Build"), {}, "U-boats attack in the Axis Strategic Warfare phase"),
        (("Spring 1940", "Axis", "Strategic Warfare"), {"target": "USSR"}, "attack the economy of UK or USA"),
        (("Spring 1940", "Axis", "Strategic Warfare"), {"rolls": [6, 9]}, "needs more 1D10 rolls than the 2 given"),
        (
            ("Spring 1940", "Axis", "Strategic Warfare"),
            {"defensive_factors": 0, "rolls": [6, 9]},
            "needed 1 roll\\(s\\) of 1D10; more were given",
        ),
        (("Spring 1940", "Axis", "Strategic Warfare"), {"rolls": [6, 11, 6]}, "faces 1 to 10; 11 cannot be thrown"),
        (("Spring 1940", "Axis", "Strategic Warfare"), {"target": "USA"}, "USA is not in play yet"),
        (
            ("Spring 1940", "Western Allies", "Strategic Warfare"),
            {"attacker": "bombers"},
            "attack the economy of Germany",
        ),
    ],
)
def test_refusals_change_nothing(
    third_reich: RefereeService, position: tuple[str, str, str], change: dict[str, Any], message: str
) -> None:
    at_war(third_reich)
    at(third_reich, *position)
    refused(third_reich, {**UBOATS, **change}, message)  # a RulesError with the message; nothing written


def test_G65_a_bombing_round_past_15_hits_converts_an_air_fleet(third_reich: RefereeService) -> None:
    """30 bombers unopposed, roll 9: 0.6 × 30 = 18 hits; the cumulative 15 forces a 5-4 into interceptors."""
    at_war(third_reich)
    at(third_reich, "Spring 1940", "Western Allies", "Strategic Warfare")
    entry = third_reich.execute_json(
        {
            **UBOATS,
            "attacker": "bombers",
            "target": "Germany",
            "offensive_factors": 30,
            "defensive_factors": 0,
            "rolls": [9],
        }
    )
    assert [event["type"] for event in entry["events"]] == [
        "SwForcesStated",  # the UK's 30 bombers, over the book's 0 (override)
        "SwHitsRecorded",
        "ForcePoolConverted",
        "SwForcesChanged",  # G-65: 5 interceptors
    ]
    assert third_reich.state().brp_economies["Germany"].bomber_hits_total == 18


def test_J61_strategic_warfare_from_the_start_under_the_other_reading(make_service: Any, tmp_path: Any) -> None:
    """J-61: the first happy time suggests U-boats attack in 1939 too; option sw_start=fall_1939 allows it."""
    from referee.commands import CreateCampaign

    service = RefereeService.create(
        str(tmp_path / "early.db"),
        CreateCampaign(scenario="revised-third-reich/campaign-1939", name="early", options={"sw_start": "fall_1939"}),
    )
    try:
        at_war(service)
        at(service, "Fall 1939", "Axis", "Strategic Warfare")
        entry = service.execute_json({**UBOATS, "offensive_factors": 3, "defensive_factors": 0, "rolls": [9]})
        assert entry["ruling"]["summary"].endswith("UK takes 3 BRP hits")  # 3 × 2 = 6 × 0.6 = 3.6 → 3
    finally:
        service.close()


def test_digital_dice_roll_each_needed_roll(third_reich: RefereeService) -> None:
    third_reich.execute_json({"kind": "CommitDice"})
    at_war(third_reich)
    at(third_reich, "Spring 1940", "Axis", "Strategic Warfare")
    entry = third_reich.execute_json({**UBOATS, "rolls": "digital", "witness_word": {"by": "UK", "word": "convoy"}})
    assert [roll["n"] for roll in entry["rolls"]] == list(range(1, len(entry["rolls"]) + 1))
    assert all(roll["method"] == "digital" and roll["dice"] == "1D10" for roll in entry["rolls"])


def test_a_broken_fire_table_names_file_field_and_value(tmp_path: Any) -> None:
    broken = tmp_path / "my-fire.toml"
    broken.write_text(
        'title = "x"\nprovisional = false\nsource = "x"\n[effectiveness]\nair = ["0"]\nnaval = []\n', encoding="utf-8"
    )
    with pytest.raises(RulesError, match=r"(?s)my-fire\.toml.*effectiveness.*1 values"):
        load_fire_tables(str(broken))


def test_G68_second_happy_time_plus_1_and_no_asw_against_the_us_in_spring_1942(third_reich: RefereeService) -> None:
    """G-68: Spring 1942, U-boats against the US economy: +1 DRM, and no ASW may oppose them."""
    at(third_reich, "Spring 1942", None, "Year Start")
    third_reich.execute_json({"kind": "ActivatePower", "power": "USA"})
    at_war(third_reich, target="USA", label="Spring 1942")
    at(third_reich, "Spring 1942", "Axis", "Strategic Warfare")
    with pytest.raises(IllegalOrderError, match="no ASW opposes U-boats attacking the US economy"):
        third_reich.execute_json({**UBOATS, "target": "USA"})
    entry = third_reich.execute_json({**UBOATS, "target": "USA", "defensive_factors": 0, "rolls": [5]})
    # 5 × 2 = 10 factors; roll 5 + 1 = 6 → 0.4 × 10 = 4
    assert entry["ruling"]["summary"].endswith("USA takes 4 BRP hits")
    assert any("second happy time" in step["text"] for step in entry["ruling"]["steps"])


DISTINCT = FireTables(
    title="a table with a different value on every roll",
    provisional=True,
    source="test",
    effectiveness={
        "air": ["0", "1/10", "1/5", "3/10", "2/5", "1/2", "3/5", "7/10", "4/5", "9/10"],
        "naval": ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1"],
    },
)


@pytest.mark.parametrize(
    ("roll", "value"),
    [
        (-3, Fraction(0)),
        (0, Fraction(0)),
        (1, Fraction(0)),
        (2, Fraction(1, 10)),
        (5, Fraction(2, 5)),
        (9, Fraction(4, 5)),
        (10, Fraction(9, 10)),
        (11, Fraction(9, 10)),
        (14, Fraction(9, 10)),
    ],
)
def test_H20_modified_rolls_are_clamped_to_1_10(roll: int, value: Fraction) -> None:
    """H-20: with DRMs, rolls below 1 are 1 and above 10 are 10; each roll reads its own column."""
    assert DISTINCT.value("air", roll) == value


@pytest.mark.parametrize(
    ("factors", "effectiveness", "round_six_up", "expected"),
    [
        (15, Fraction(2, 5), False, 6),  # G-93: 15 × 0.4 = 6
        (3, Fraction(2, 5), False, 1),  # 1.2 → 1
        (3, Fraction(2, 5), True, 1),  # 1.2 → 1: 0.2 is under 0.6
        (4, Fraction(2, 5), False, 1),  # 1.6 → 1 (down)
        (4, Fraction(2, 5), True, 2),  # 1.6 → 2 (0.6 or more rounds up)
        (3, Fraction(1, 5), True, 1),  # exactly 0.6 → 1
        (3, Fraction(1, 5), False, 0),
        (1, Fraction(1, 2), True, 0),  # 0.5 is under 0.6
        (5, Fraction(1, 2), True, 2),  # 2.5 → 2
        (2, Fraction(3, 5), True, 1),  # 1.2 → 1
        (10, Fraction(3, 5), True, 6),
        (7, Fraction(0), True, 0),
        (9, Fraction(1), False, 9),
    ],
)
def test_H20_H21_factors_times_effectiveness_round_down_or_point_six_up(
    factors: int, effectiveness: Fraction, round_six_up: bool, expected: int
) -> None:
    """H-20: factors × effectiveness rounded down; H-21: where allowed, fractions of 0.6 or more round up."""
    assert hits(factors, effectiveness, round_six_up=round_six_up) == expected


@given(
    st.integers(min_value=0, max_value=60),
    st.integers(min_value=-5, max_value=15),
    st.sampled_from(["air", "naval"]),
    st.booleans(),
)
def test_H20_H21_fire_never_destroys_more_than_fires_and_round_up_adds_at_most_one(
    factors: int, roll: int, table: str, round_six_up: bool
) -> None:
    """H-20: effectiveness is at most 1, so no fire destroys more factors than fired; H-21 adds at most 1."""
    effectiveness = TABLES.value(table, roll)
    down = hits(factors, effectiveness, round_six_up=False)
    result = hits(factors, effectiveness, round_six_up=round_six_up)
    assert 0 <= down <= result <= min(down + 1, factors)
    assert down <= factors * effectiveness < down + 1
    if roll <= 1:
        assert effectiveness == TABLES.value(table, 1)
    if roll >= 10:
        assert effectiveness == TABLES.value(table, 10)


def test_a_fire_table_file_that_cannot_be_read_or_parsed_is_named(tmp_path: Any) -> None:
    """K-42: a referee's own printed table is loaded from a file; a missing or broken file says which and why."""
    with pytest.raises(ScenarioError, match=r"absent\.toml: fire table file cannot be read \(No such file"):
        load_fire_tables(str(tmp_path / "absent.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("title = \n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"broken\.toml: not valid TOML: "):
        load_fire_tables(str(broken))


def test_a_fire_table_with_several_problems_names_each_field(tmp_path: Any) -> None:
    """K-42: every problem of a referee's table is listed with its full field path and value, one a line
    (the same form as every chart and ruleset file)."""
    bad = tmp_path / "bad.toml"
    bad.write_text('provisional = true\n[effectiveness]\nair = [0, "0"]\nnaval = []\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as raised:
        load_fire_tables(str(bad))
    message = str(raised.value)
    assert message.startswith(f"{bad}: 3 problem(s)\n")
    assert "\n  field title: Field required" in message and "\n  field source: Field required" in message
    assert "\n  field effectiveness.air.0: Input should be a valid string (value 0)" in message


def test_the_shipped_fire_tables_load_with_a_digest() -> None:
    """H-22: the bundled provisional air row; its sha256 pins it into a campaign."""
    tables, digest = load_fire_tables()
    assert tables.provisional and len(digest) == 64
    assert [tables.value("air", roll) for roll in (1, 3, 6, 9)] == [0, Fraction(1, 5), Fraction(2, 5), Fraction(3, 5)]


def test_hits_beyond_what_a_referee_may_type_are_still_recorded_not_an_internal_error(
    third_reich: RefereeService,
) -> None:
    """A round's hits are computed from the factors: a bound on typed hits does not apply to them."""
    at_war(third_reich)
    at(third_reich, "Spring 1940", "Axis", "Strategic Warfare")
    entry = third_reich.execute_json(
        {**UBOATS, "offensive_factors": 500, "defensive_factors": 0, "rolls": [10], "offence_drm": 3}
    )
    hits = [event["hits"] for event in entry["events"] if event["type"] == "SwHitsRecorded"]
    assert hits and hits[0] > 500


def test_G61_u_boats_attack_only_an_economy_at_war_with_germany(third_reich: RefereeService) -> None:
    """G-61 [004]: no war between Germany and the UK, no U-boat round against the UK (the store unchanged)."""
    at(third_reich, "Spring 1940", "Axis", "Strategic Warfare")
    before = third_reich.head()
    with pytest.raises(IllegalOrderError, match=r"U-boats attack only the economy of a power at war with Germany"):
        third_reich.execute_json(UBOATS)
    assert third_reich.head() == before
