"""Air combat, flak and air unit repair read on the campaign's pinned air tables (K-09), through
the referee service: the L-09 and L-11 modifiers, L-13's EFT/EET, L-23's Soviet repair DRM and
J-03's phase; a preview without dice shows the column and the DRM; refusals change nothing."""

from __future__ import annotations

from typing import Any

from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import refused

SHOT: dict[str, Any] = {
    "kind": "ResolveAirCombat",
    "side": "Axis",
    "firer": "Me109F",
    "firer_rating": 6,
    "target": "I16",
    "target_rating": 4,
    "target_one_step": True,
    "pilot_quality": True,
    "hexes_to_friendly": 3,
    "faces": [3, 3],
}


def test_L09_L13_a_shot_with_its_modifiers_and_the_box_a_loss_goes_to(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    command = {key: value for key, value in SHOT.items() if key != "faces"}
    before, _ = europa.preview(europa.parse(command))
    assert before.ruling.summary == "before the dice: Me109F fires at I16: column +2, DRM -2"
    entry = europa.execute_json(SHOT)
    assert entry["ruling"]["summary"] == (
        "Me109F fires at I16: column +2, DRM -2, roll 6 → X: I16 shot down, to the EET box"
    )
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert "full-strength unit firing at a (1)-step unit: −1" in texts
    assert "German or Finnish pilots: −1 on their own shots" in texts
    guards = europa.execute_json({**SHOT, "target_guards": True, "hexes_to_friendly": 1, "faces": [3, 3]})
    assert guards["ruling"]["summary"] == (
        "Me109F fires at I16: column +2, DRM -1, roll 6 → X: I16 shot down, to the EFT box"
    )


def test_L11_flak_picks_the_group_hit_and_reads_the_largest_column_not_above_the_factors(
    europa: RefereeService,
) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    flak = {
        "kind": "ResolveFlak",
        "side": "Soviet",
        "target": "airfield",
        "hex": "Kiev",
        "aa_factors": 5,
        "strike_groups": ["He111 a", "He111 b"],
        "bombers": True,
        "faces": [2, 2],
        "group_die": [5],
    }
    entry = europa.execute_json(flak)
    assert entry["ruling"]["summary"] == "flak over Kiev: column 4, DRM +0, roll 4 → A: He111 b"
    assert [roll["dice"] for roll in entry["rolls"]] == ["2D6", "1D6"]
    refused(europa, {**flak, "aa_factors": 0}, "greater than or equal to 1")


def test_L23_J03_repair_in_the_initial_phase_with_the_soviet_plus_1_ignored_in_1941(
    europa: RefereeService,
) -> None:
    at_phase(europa, "Jun II 1941", "Soviet", "Air")
    repair = {"kind": "RepairAirUnit", "side": "Soviet", "unit": "SB2", "faces": [3]}
    refused(europa, repair, r"air unit repair is in the Initial phase \(option air_repair_timing=initial, J-03\)")
    at_phase(europa, "Jul I 1941", "Soviet", "Initial")
    entry = europa.execute_json(repair)
    assert entry["ruling"]["summary"] == "SB2 repair: DRM +0, roll 3 → SB2 stays inoperable"
    assert any("the Soviet +1 is ignored" in step["text"] for step in entry["ruling"]["steps"])


def test_air_combat_outside_an_air_phase_is_refused(europa: RefereeService) -> None:
    at_phase(europa, "Surprise turn 1941", "Axis", "Movement")
    refused(europa, SHOT, r"air combat is fought in an Air phase \(A-12 \[000\]\); it is the Movement")


def test_A31_no_air_opposition_in_the_surprise_turn(europa: RefereeService) -> None:
    """A-31 [000]: the Soviets fire neither fighters nor flak in the German surprise turn."""
    soviet = {**SHOT, "side": "Soviet", "firer": "I16", "target": "Me109F", "pilot_quality": False}
    refused(europa, soviet, r"there is no air opposition in the surprise turn \(A-31 \[000\]\)")
    flak = {
        "kind": "ResolveFlak",
        "side": "Soviet",
        "target": "front_line",
        "hex": "2715",
        "aa_factors": 3,
        "strike_groups": ["Ju87B"],
        "faces": [2, 2],
    }
    refused(europa, flak, r"no air opposition in the surprise turn")


def test_A12_the_missions_sent_are_resolved_sweeps_first_then_intercepts(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    missions = [
        {"name": "Ju88 on Kiev", "mission": "strike"},
        {"name": "I16 over Kiev", "mission": "intercept"},
        {"name": "Me109 sweep", "mission": "sweep"},
        {"name": "Me110 patrol", "mission": "patrol"},
    ]
    entry = europa.execute_json({"kind": "SendAirMissions", "side": "Axis", "missions": missions})
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert texts[:4] == [
        "1. Me109 sweep (sweep)",
        "2. I16 over Kiev (intercept)",
        "3. Ju88 on Kiev (strike)",
        "4. Me110 patrol (patrol)",
    ]
    assert "Me110 patrol: stays active through the next enemy player turn" in texts


def test_D102_J10_transports_supply_an_airbase_in_the_initial_phase(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Mud"})
    entry = europa.execute_json(
        {
            "kind": "AirSupplyMission",
            "side": "Axis",
            "airbase": "Demyansk",
            "zone": "B",
            "groups": [2, 1],
            "res_needed": 7,
        }
    )
    assert entry["ruling"]["summary"] == "air supply to Demyansk: 7 REs needed, 6 flown, not all supplied"
    refused(
        europa,
        {
            "kind": "AirSupplyMission",
            "side": "Axis",
            "airbase": "Demyansk",
            "zone": "B",
            "groups": [5],
            "res_needed": 1,
        },
        r"a mission has 1 to 4 groups \(L-10 \[000\]\); not 5",
    )
