"""Europa bombardment through the referee service: one entry per bombardment or strike, with the
roll, the SP paid, the loss owed (discharged by AllocateLosses or C-19's RPs), the hit waiting
on the hex, and refusals that change nothing.

Needs the bombardment commands, handlers, events, appliers and the two bombardment charts
wired into referee/europa/game.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.europa.bombardment.handlers import bombardment_support, hits_waiting
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase

from support import TickingClock

AT_2715: dict[str, Any] = {"kind": "ResolveBombardment", "side": "Axis", "hex": "2715", "target_res": 5}
"""An Axis bombardment of hex 2715 (5 REs there), before what bombards and the dice."""
ARTILLERY = [{"label": "10-8 art", "attack": 10}, {"label": "8-6 art", "attack": 8}]
ARTILLERY_2715: dict[str, Any] = {**AT_2715, "artillery": ARTILLERY, "followed_by_attack": True}
"""18 artillery factors, the attack to follow."""

GUNS: dict[str, Any] = {**ARTILLERY_2715, "defenders": ["4-6 rifle", "5-6 rifle"], "faces": [4, 4], "rolled_by": "Anna"}
"""18 factors → 17-25; roll 8 → Re1R on the provisional 000 table."""

BOMBERS: dict[str, Any] = {
    **AT_2715,
    "air": [{"label": "Ju88A", "rating": 6}, {"label": "He111", "rating": 4}],
    "defenders": ["4-6 rifle", "5-6 rifle"],
    "faces": [4, 4],
}
"""(6 + 4) × 2 = 20 factors → 17-25; roll 8 → Re1R."""


def strike(target: str, **fields: Any) -> dict[str, Any]:
    """A strategic strike by 30 factors (26+)."""
    return {
        "kind": "ResolveStrategicBombing",
        "side": "Axis",
        "target": target,
        "air": [{"label": "He111", "rating": 8}, {"label": "Ju88A", "rating": 7}],
        "faces": [6, 6],
        **fields,
    }


def test_D80_artillery_bombardment_is_one_entry_with_roll_sp_loss_and_hit(europa: RefereeService) -> None:
    """D-80..D-84, B-37/B-38 [000]: one entry holds the roll, 1 SP, the Re owed and the 1R waiting."""
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    stockpile = europa.state().supply_pools["Axis"].stockpile
    entry = europa.execute_json(GUNS)
    assert entry["ruling"]["summary"] == (
        f"bombardment #{entry['number']} 2715: 17-25, roll 8 → Re1R; Soviet loses 1 RE: a regiment, a cadre or "
        "2 battalions (Soviet chooses)"
    )
    assert [roll["faces"] for roll in entry["rolls"]] == [[4, 4]]
    assert europa.state().supply_pools["Axis"].stockpile == stockpile - 1
    owed = [(loss.side, loss.amount, loss.units) for loss in europa.state().table.losses_due]
    assert owed == [("Soviet", 2, ["4-6 rifle", "5-6 rifle"])]
    assert hits_waiting(europa.state(), "2715") == ["artillery"]
    rules = " ".join(step["rule"] for step in entry["ruling"]["steps"])
    assert all(rule in rules for rule in ("D-80", "D-81", "D-83", "D-84", "B-37"))
    europa.execute_json(
        {
            "kind": "AllocateLosses",
            "combat": entry["number"],
            "side": "Soviet",
            "units": [{"label": "4-6 rifle", "counted": 4}],
        }
    )
    assert europa.state().table.losses_due == []


def test_A14_A12_artillery_in_the_combat_phase_air_in_the_air_phase(europa: RefereeService) -> None:
    """A-12, A-14 [000]: artillery bombards in the Combat phase, air units strike in the Air phase."""
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    head = europa.head()
    with pytest.raises(IllegalOrderError, match=r"artillery bombardment happens in the Axis Combat phase \(A-14"):
        europa.execute_json(GUNS)
    with pytest.raises(IllegalOrderError, match="either by artillery"):
        europa.execute_json({**GUNS, "air": BOMBERS["air"]})
    assert europa.head() == head
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    with pytest.raises(IllegalOrderError, match=r"an air strike happens in the Axis Air phase \(A-12"):
        europa.execute_json(BOMBERS)


def test_D80_a_hex_is_bombarded_by_artillery_once_per_combat_phase(europa: RefereeService) -> None:
    """D-80 [000]: each target hex once, with all factors combined."""
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    europa.execute_json({**GUNS, "faces": [1, 1]})
    head = europa.head()
    with pytest.raises(IllegalOrderError, match=r"already bombarded by artillery this combat phase: .*D-80"):
        europa.execute_json(GUNS)
    assert europa.head() == head


def test_D84_J04_a_second_1R_on_the_hex_is_ignored(europa: RefereeService) -> None:
    """D-84 [000], J-04 (max_bombard_shift=1): the air hit waits until the attack; the artillery 1R is ignored."""
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    air = europa.execute_json(BOMBERS)
    assert "17-25, roll 8 → Re1R" in air["ruling"]["summary"]
    europa.execute_json(
        {
            "kind": "AllocateLosses",
            "combat": air["number"],
            "side": "Soviet",
            "units": [{"label": "5-6 rifle", "counted": 5}],
        }
    )
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    assert hits_waiting(europa.state(), "2715") == ["air"]
    guns = europa.execute_json(GUNS)
    assert any("this one is ignored" in step["text"] for step in guns["ruling"]["steps"])
    shifts, _, used = bombardment_support(europa.state(), "2715")
    assert (shifts, [event.type for event in used]) == (1, ["BombardmentHitsUsed"])


def test_D80_bombardment_only_leaves_no_hit(europa: RefereeService) -> None:
    """D-80, D-84 [000]: a 1R from a bombardment declared 'bombardment only' is used by no attack."""
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    europa.execute_json({**GUNS, "followed_by_attack": False})
    assert hits_waiting(europa.state(), "2715") == []


def test_C19_an_Re_paid_at_once_with_two_infantry_rps(europa: RefereeService) -> None:
    """C-19 [000]: with only divisions in the hex, the defender pays 2 infantry RPs instead of a unit."""
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    europa.execute_json(
        {"kind": "CreditReplacementPoints", "nation": "USSR", "type": "infantry", "amount": 3, "reason": "test"}
    )
    entry = europa.execute_json({**GUNS, "faces": [3, 3]})  # roll 6 at 17-25 → Re
    assert entry["ruling"]["summary"].endswith("(Soviet chooses)")
    pay = {"kind": "PayBombardmentLoss", "combat": entry["number"], "side": "Soviet", "nation": "USSR"}
    with pytest.raises(IllegalOrderError, match="smaller than a division"):
        europa.execute_json({**pay, "only_divisions": False})
    europa.execute_json({**pay, "only_divisions": True})
    assert europa.state().replacement_tracks["USSR"].points["infantry"] == 1
    assert europa.state().table.losses_due == []


def test_C52_J37_factory_strike_cuts_replacements(europa: RefereeService) -> None:
    """C-52 [000] (factory_bombing=000): 1 RP per hit; C1R scores 2 hits (D-85)."""
    europa.execute_json(
        {"kind": "CreditReplacementPoints", "nation": "USSR", "type": "armor", "amount": 3, "reason": "test"}
    )
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    entry = europa.execute_json(strike("factory", facility="Kharkov factory", nation="USSR"))
    assert entry["ruling"]["summary"] == "strike on Kharkov factory: roll 12 → C1R, 2 hit(s); USSR loses 2 armor RP"
    assert europa.state().replacement_tracks["USSR"].points["armor"] == 1


def test_B56_D85_marshalling_yard_hits_cost_sp_and_repair_once_a_turn(europa: RefereeService) -> None:
    """B-56 [000]: 1 SP per hit; D-85: facilities repair 1 hit per game turn."""
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    soviet = europa.state().supply_pools["Soviet"].stockpile
    europa.execute_json(strike("marshalling_yard", facility="Smolensk yard"))
    assert europa.state().supply_pools["Soviet"].stockpile == soviet - 2
    assert europa.state().table.markers["facility_hits:Smolensk yard"] == "2"
    europa.execute_json({"kind": "RepairFacility", "facility": "Smolensk yard"})
    head = europa.head()
    with pytest.raises(IllegalOrderError, match=r"already repaired this game turn.*D-85"):
        europa.execute_json({"kind": "RepairFacility", "facility": "Smolensk yard"})
    with pytest.raises(IllegalOrderError, match="no hits to repair"):
        europa.execute_json({"kind": "RepairFacility", "facility": "Orsha yard"})
    assert europa.head() == head
    assert europa.state().table.markers["facility_hits:Smolensk yard"] == "1"


def test_B55_resource_points_destroyed_by_a_2(europa: RefereeService) -> None:
    """B-55 [000], J-11 (contains_c): C1R is a "2": one Resource Point destroyed."""
    at_phase(europa, "Jun II 1941", "Axis", "Air")
    held = europa.state().resource_points["Soviet"].stock["USSR"]
    europa.execute_json(strike("resource_points", facility="Maikop stock", location="USSR"))
    assert europa.state().resource_points["Soviet"].stock["USSR"] == held - 1


@pytest.fixture
def e001(tmp_path: Path) -> Iterator[RefereeService]:
    """A Barbarossa campaign under europa-001 (bombardment_rules=001, air_units=001)."""
    service = RefereeService.create(
        str(tmp_path / "e001.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name="001", ruleset="europa-001"),
        clock=TickingClock(),
    )
    yield service
    service.close()


def test_D86_001_hit_table_and_the_firing_player_chooses(e001: RefereeService) -> None:
    """D-86 [001]: >6 REs 1R; a "2" is +1 DRM and a division reduced, chosen by the firing player;
    at most one artillery bombardment of the hex per turn; none against swamp (D-46)."""
    at_phase(e001, "Jun II 1941", "Axis", "Combat")
    assert e001.state().identity.tables["bombardment_001"]["rules"] == "001"
    head = e001.head()
    with pytest.raises(IllegalOrderError, match=r"no bombardment against swamp"):
        e001.execute_json({**GUNS, "terrain": "swamp"})
    assert e001.head() == head
    entry = e001.execute_json({**GUNS, "target_res": 8})
    assert entry["ruling"]["summary"].startswith(f"bombardment #{entry['number']} 2715: 26+, roll 8 → 2")
    assert entry["ruling"]["summary"].endswith("(Axis chooses)")
    assert [(loss.side, loss.amount) for loss in e001.state().table.losses_due] == [("Soviet", 1)]
    with pytest.raises(IllegalOrderError, match=r"D-86 \[001\]"):
        e001.execute_json(GUNS)


def test_D13_D84_B37_the_attack_on_the_bombarded_hex_takes_the_1R_and_pays_no_second_artillery_sp(
    europa: RefereeService,
) -> None:
    """The Re1R of the guns waits on hex 2715; the attack that names the hex takes the 1R (D-13,
    D-84), uses it up, and its artillery pays nothing more (B-37, B-38: one SP for support and
    bombardment together)."""
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    bombardment = europa.execute_json(GUNS)
    europa.execute_json(
        {
            "kind": "AllocateLosses",
            "combat": bombardment["number"],
            "side": "Soviet",
            "units": [{"label": "4-6 rifle", "counted": 2}],
        }
    )
    stockpile = europa.state().supply_pools["Axis"].stockpile
    attack = {
        "kind": "ResolveCombat",
        "side": "Axis",
        "what": "2715",
        "hex": "2715",
        "zone": "B",
        "attackers": [{"label": "7-6 inf", "attack": 7}, {"label": "10-8 art", "attack": 10, "artillery": True}],
        "defenders": [{"label": "5-6 rifle", "defense": 5}],
        "faces": [3, 4],
    }
    before, _ = europa.preview(europa.parse({key: value for key, value in attack.items() if key != "faces"}))
    without = {key: value for key, value in attack.items() if key not in ("faces", "hex")}
    unbombarded, _ = europa.preview(europa.parse(without))
    assert (before.ruling.summary, unbombarded.ruling.summary) == (
        "before the dice: 3-1: odds 12:5, DRM +0",
        "before the dice: 2-1: odds 12:5, DRM +0",
    )
    entry = europa.execute_json(attack)
    texts = [step["text"] for step in entry["ruling"]["steps"]]
    assert any(text.startswith("bombardment hit(s) waiting on 2715") for text in texts)
    assert "the bombardment of 2715 paid the artillery's SP" in texts
    assert europa.state().supply_pools["Axis"].stockpile == stockpile
    assert hits_waiting(europa.state(), "2715") == []


def test_a_bombardment_previewed_without_faces_shows_factors_and_shifts(europa: RefereeService) -> None:
    """Like a combat, a bombardment with no dice yet previews what is decided before them."""
    at_phase(europa, "Jun II 1941", "Axis", "Combat")
    command = {key: value for key, value in GUNS.items() if key != "faces"}
    before, _ = europa.preview(europa.parse(command))
    assert before.ruling.summary == "before the dice: bombardment of 2715: 18 factors, shift +0"
    assert any(step.text == "total bombardment factors 18" for step in before.ruling.steps)
    with pytest.raises(IllegalOrderError, match="throw 2D6 at the table"):
        europa.execute_json(command)
