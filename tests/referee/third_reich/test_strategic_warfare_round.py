"""A strategic-warfare round resolved by the referee (G-61..G-68, H-20..H-22 [004], J-61)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.common.errors import IllegalOrderError, RulesError
from referee.service import RefereeService
from referee.third_reich import warfare as sw
from referee.third_reich.fire import load_fire_tables
from tests.referee.third_reich.test_economy_service import at

TABLES, _ = load_fire_tables()
UBOATS: dict[str, Any] = {
    "kind": "ResolveStrategicWarfare",
    "attacker": "submarines",
    "target": "UK",
    "offensive_factors": 5,
    "defensive_factors": 4,
    "rolls": [6, 9, 6],
    "rolled_by": "Karl",
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


def test_a_round_records_the_hits_and_the_rolls(third_reich: RefereeService) -> None:
    """G-61, G-66: the hits accumulate on the target for the next year start; every roll is in the entry."""
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
    at(third_reich, *position)
    before, head = third_reich.state().to_json(), third_reich.head()
    with pytest.raises(RulesError, match=message):
        third_reich.execute_json({**UBOATS, **change})
    assert (third_reich.state().to_json(), third_reich.head()) == (before, head)


def test_G65_a_bombing_round_past_15_hits_converts_an_air_fleet(third_reich: RefereeService) -> None:
    """30 bombers unopposed, roll 9: 0.6 × 30 = 18 hits; the cumulative 15 forces a 5-4 into interceptors."""
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
    assert [event["type"] for event in entry["events"]] == ["SwHitsRecorded", "ForcePoolConverted"]
    assert third_reich.state().brp_economies["Germany"].bomber_hits_total == 18


def test_J61_strategic_warfare_from_the_start_under_the_other_reading(make_service: Any, tmp_path: Any) -> None:
    """J-61: the first happy time suggests U-boats attack in 1939 too; option sw_start=fall_1939 allows it."""
    from referee.commands import CreateCampaign

    service = RefereeService.create(
        str(tmp_path / "early.db"),
        CreateCampaign(scenario="revised-third-reich/campaign-1939", name="early", options={"sw_start": "fall_1939"}),
    )
    try:
        at(service, "Fall 1939", "Axis", "Strategic Warfare")
        entry = service.execute_json({**UBOATS, "offensive_factors": 3, "defensive_factors": 0, "rolls": [9]})
        assert entry["ruling"]["summary"].endswith("UK takes 3 BRP hits")  # 3 × 2 = 6 × 0.6 = 3.6 → 3
    finally:
        service.close()


def test_digital_dice_roll_each_needed_roll(third_reich: RefereeService) -> None:
    third_reich.execute_json({"kind": "CommitDice"})
    at(third_reich, "Spring 1940", "Axis", "Strategic Warfare")
    entry = third_reich.execute_json({**UBOATS, "rolls": "digital"})
    assert [roll["n"] for roll in entry["rolls"]] == list(range(1, len(entry["rolls"]) + 1))
    assert all(roll["method"] == "digital" and roll["dice"] == "1D10" for roll in entry["rolls"])


def test_a_broken_fire_table_names_file_field_and_value(tmp_path: Any) -> None:
    broken = tmp_path / "my-fire.toml"
    broken.write_text(
        'title = "x"\nprovisional = false\nsource = "x"\n[effectiveness]\nair = ["0"]\nnaval = []\n', encoding="utf-8"
    )
    with pytest.raises(RulesError, match=r"my-fire\.toml.*effectiveness.*1 values"):
        load_fire_tables(str(broken))


def test_G68_second_happy_time_plus_1_and_no_asw_against_the_us_in_spring_1942(third_reich: RefereeService) -> None:
    """G-68: Spring 1942, U-boats against the US economy: +1 DRM, and no ASW may oppose them."""
    at(third_reich, "Spring 1942", None, "Year Start")
    third_reich.execute_json({"kind": "ActivatePower", "power": "USA"})
    at(third_reich, "Spring 1942", "Axis", "Strategic Warfare")
    with pytest.raises(IllegalOrderError, match="no ASW opposes U-boats attacking the US economy"):
        third_reich.execute_json({**UBOATS, "target": "USA"})
    entry = third_reich.execute_json({**UBOATS, "target": "USA", "defensive_factors": 0, "rolls": [5]})
    # 5 × 2 = 10 factors; roll 5 + 1 = 6 → 0.4 × 10 = 4
    assert entry["ruling"]["summary"].endswith("USA takes 4 BRP hits")
    assert any("second happy time" in step["text"] for step in entry["ruling"]["steps"])
