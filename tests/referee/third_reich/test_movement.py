"""Third Reich ground movement (H-50, H-51, A-58, A-60, A-61, A-66 [004]): ZOCs, movement costs,
Mud, and the one movement phase of the attrition and pass options; CheckLandMove reads the
stated terrain and ZOCs, and a refusal leaves the store unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.service import RefereeService
from referee.third_reich.land import movement as mv
from tests.referee.third_reich.reich_support import UBOATS, WARSAW
from tests.referee.third_reich.reich_support import attrition as attrition_step
from tests.referee.third_reich.test_economy_service import at

from support import refused


def test_H51_movement_costs_hex_by_hex() -> None:
    """1 MP a hex, swamp or mountain 2 for infantry, +1 across a river; armor spends all its MPs
    entering swamp or mountain, as its only hex; a 1-hex move always goes."""
    hexes = [mv.Entered("A"), mv.Entered("B", "swamp"), mv.Entered("C", across_river=True)]
    total, steps = mv.move_cost("VII inf", "infantry", 5, hexes)
    assert total == 1 + 2 + 2
    assert steps[1].text == "B: swamp: 2 MP = 2" and steps[2].text == "C: 1 MP + 1 across a river = 2"
    with pytest.raises(IllegalOrderError, match=r"costs 5 MP and it has 4 \(H-50, H-51 \[004\]\)"):
        mv.move_cost("VII inf", "infantry", 4, hexes)
    assert mv.move_cost("XIX pz", "armor", 6, [mv.Entered("Alps", "mountain", across_river=True)])[0] == 6
    with pytest.raises(IllegalOrderError, match="as its one hex of the move"):
        mv.move_cost("XIX pz", "armor", 6, [mv.Entered("A"), mv.Entered("Pripet", "swamp")])
    with pytest.raises(IllegalOrderError, match="armor spent all its MPs entering mountain"):
        mv.move_cost("XIX pz", "armor", 6, [mv.Entered("Alps", "mountain"), mv.Entered("B")])
    with pytest.raises(IllegalOrderError, match="may not enter swamp in the mechanized movement phase"):
        mv.move_cost("XIX pz", "armor", 6, [mv.Entered("Pripet", "swamp")], mechanized=True)
    total, steps = mv.move_cost("VII inf", "infantry", 1, [mv.Entered("Pripet", "swamp", across_river=True)])
    assert total == 3 and "a 1-hex move is always allowed" in steps[-1].text


def test_H50_zocs_cost_one_to_enter_halt_infantry_and_stop_at_sea_borders_and_rough_ground() -> None:
    assert mv.in_enemy_zoc("clear", ["river"]) == (True, "enemy ZOC across river hexside(s)")
    assert mv.in_enemy_zoc("swamp", ["land"]) == (False, "ZOCs do not extend into swamp")
    assert mv.in_enemy_zoc("fortress", ["land"])[0] is False
    assert mv.in_enemy_zoc("clear", ["sea", "border_before_dow"]) == (
        False,
        "ZOCs do not cross border before dow and sea hexsides",
    )
    into_zoc = [mv.Entered("Kutno", enemy_zoc=True, zoc_why="enemy ZOC across land hexside(s)"), mv.Entered("Lodz")]
    with pytest.raises(IllegalOrderError, match="infantry halts on entering an enemy ZOC"):
        mv.move_cost("VII inf", "infantry", 4, into_zoc)
    total, steps = mv.move_cost("XIX pz", "armor", 4, into_zoc)
    assert total == 3 and "+ 1 into an enemy ZOC" in steps[0].text  # leaving it for Lodz is free


def test_A66_mud_halves_armor_and_only_clear_allows_the_mechanized_phase() -> None:
    assert mv.allowance(5, "armor", "Mud")[0] == 2  # H-27: rounded down
    assert mv.allowance(5, "infantry", "Mud")[0] == 5
    assert mv.allowance(5, "armor", "Snow")[0] == 5
    assert "Mechanized Movement" in mv.check_phase("Mechanized Movement", "offensive", "Clear", "armor").text
    with pytest.raises(IllegalOrderError, match=r"needs Clear weather \(A-66 \[004\]\); the region has Mud"):
        mv.check_phase("Mechanized Movement", "offensive", "Mud", "armor")
    with pytest.raises(IllegalOrderError, match="armor only"):
        mv.check_phase("Mechanized Movement", "offensive", "Clear", "infantry")


MOVE: dict[str, Any] = {
    "kind": "CheckLandMove",
    "power": "Germany",
    "front": "eastern",
    "unit": "XIX pz",
    "type": "armor",
    "ma": 5,
    "region": "Eastern Europe",
    "hexes": [{"hex": "Bydgoszcz"}, {"hex": "Torun", "across_river": True}, {"hex": "Plock"}],
}


@pytest.fixture
def fronts(tmp_path: Path) -> RefereeService:
    """Fall 1939: Germany's offensive in the east, attrition in the west, pass in the south."""
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="moves")
    )
    at(service, "Fall 1939", "Axis", "Options")
    for front, chosen in (("eastern", "offensive"), ("western", "attrition"), ("southern", "pass")):
        service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": front, "option": chosen})
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "Poland", "target_kind": "minor"})
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "France", "target_kind": "major"})
    return service


def test_a_move_reads_the_stated_terrain_and_zoc_and_a_refusal_changes_nothing(fronts: RefereeService) -> None:
    service = fronts
    at(service, "Fall 1939", "Axis", "Movement")
    entry = service.execute_json(MOVE)
    assert entry["ruling"]["summary"] == "XIX pz: 3 hex(es) for 4 of 5 MP"
    service.execute_json({"kind": "StateFact", "fact": "in_enemy_zoc", "subject": "Torun", "value": "yes"})
    service.execute_json({"kind": "StateFact", "fact": "terrain", "subject": "Plock", "value": "swamp"})
    refused(service, MOVE, "as its one hex of the move")
    refused(service, {**MOVE, "type": "infantry", "hexes": [*MOVE["hexes"][:2], {"hex": "Kutno"}]}, "halts")
    entry = service.execute_json({**MOVE, "hexes": MOVE["hexes"][:2]})
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert any(text.startswith("in_enemy_zoc of Torun = yes, stated at #") for text in texts)
    assert "Torun: 1 MP + 1 across a river + 1 into an enemy ZOC (enemy ZOC across land hexside(s)) = 3" in texts


def test_A60_A61_attrition_and_pass_fronts_move_once_and_fight_no_offensive(fronts: RefereeService) -> None:
    """A-60: the attrition option keeps one movement phase and an attrition step instead of air
    missions through mechanized combat; A-61: the pass option keeps the movement phase alone."""
    service = fronts
    at(service, "Fall 1939", "Axis", "Movement")
    for front in ("western", "southern"):
        service.execute_json({**MOVE, "front": front, "region": "Rest of Europe"})
    counter_air = {
        "kind": "ResolveCounterAir",
        "power": "Germany",
        "front": "western",
        "base": "Paris",
        "sent": 5,
        "targeted": 5,
        "rolls": [5, 5],
    }
    at(service, "Fall 1939", "Axis", "Air Missions")
    refused(service, counter_air, r"needs an offensive option on the western front .* declared attrition there")
    at(service, "Fall 1939", "Axis", "Combat")
    attack = {
        **WARSAW,
        "front": "western",
        "hex": "Metz",
        "region": "Rest of Europe",
        "attackers": [{"unit": "VII inf", "strength": 4}],
        "defenders": [{"unit": "Fr 1", "strength": 2}],
        "faces": [3, 4],
    }
    refused(service, attack, "land combat needs an offensive option on the western front")
    attrition = attrition_step("western", 6, [3, 3])
    refused(service, {**attrition, "front": "southern"}, "needs an attrition option on the southern front")
    service.execute_json({**attrition, "front": "western"})
    at(service, "Fall 1939", "Axis", "Mechanized Movement")
    refused(service, {**MOVE, "front": "western"}, r"the attrition option allows one movement phase \(A-60 \[004\]\)")
    refused(service, {**MOVE, "front": "southern"}, r"the pass option allows one movement phase \(A-61 \[004\]\)")
    refused(service, {**MOVE, "type": "infantry"}, "mechanized movement is armor only")
    service.execute_json(MOVE)


def test_A61_a_pass_keeps_strategic_warfare(tmp_path: Path) -> None:
    """A-61: the pass option costs nothing and fights nothing but strategic warfare (and, by the
    Murmansk timing read, J-58, the Murmansk box): the U-boats' round goes on under a pass."""
    service = RefereeService.create(
        str(tmp_path / "reich.db"), CreateCampaign(scenario="revised-third-reich/campaign-1939", name="pass")
    )
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "France", "target_kind": "major"})
    at(service, "Spring 1940", "Axis", "Options")
    total = service.state().brp_economies["Germany"].total
    for front in ("western", "eastern", "southern"):
        service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": front, "option": "pass"})
    assert service.state().brp_economies["Germany"].total == total  # a pass costs 0
    at(service, "Spring 1940", "Axis", "Strategic Warfare")
    uboats = {
        **UBOATS,
        "override": "the factors the book keeps are not what this test is about",
    }
    assert service.execute_json(uboats)["ruling"]["summary"] == "U-boats lose 1, ASW lose 2; UK takes 3 BRP hits"
