"""Issue 29: the movement rule functions read by commands: CheckMove (movement_costs.py: L-01, L-03,
L-04, A-31, A-34 [000]; F-26 [003] roads and naval units), CheckRegauge (rail.py: L-07, I-20, J-41),
CheckSecondFrontStack (F-26 stacking) and TraceSupply's Second Front road-element line (F-26)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused


@pytest.fixture
def sf(tmp_path: Path) -> Iterator[RefereeService]:
    """A Second Front campaign (europa-003, second_front_modifiers=playtest) in the Axis Movement phase."""
    service = RefereeService.create(
        str(tmp_path / "sf.db"), CreateCampaign(scenario="second-front/1943", name="sf"), clock=TickingClock()
    )
    while service.state().table.calendar.phase != "Movement":
        service.execute_json({"kind": "AdvancePhase"})
    yield service
    service.close()


def test_L01_L03_A34_a_move_costs_hex_by_hex_and_a_non_cm_unit_halts_in_the_first_ezoc(
    europa: RefereeService,
) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    europa.execute_json({"kind": "StateFact", "fact": "in_enemy_zoc", "subject": "2715", "value": "yes"})
    move = {
        "kind": "CheckMove",
        "side": "Axis",
        "unit": "7-6 inf",
        "ma": 6,
        "start_hex": "2715",
        "hexes": [{"hex": "2716", "cost": 1}, {"hex": "2717", "cost": 2, "zoc": "normal"}],
    }
    entry = europa.execute_json(move)
    assert entry["ruling"]["summary"] == "7-6 inf: 2 hex(es) for 4 of 6 MP"
    assert "Jun II 1941: Russian ZOCs are limited, +1 MP to leave" in texts(entry)
    assert "leaving a Russian limited ZOC (Jun II 1941): +1 MP" in texts(entry)
    assert "a non-c/m unit halts in the first enemy ZOC it enters" in texts(entry) and entry["events"] == []
    refused(europa, {**move, "hexes": [*move["hexes"], {"hex": "2718"}]}, r"halts in the first enemy ZOC.*\(2717\)")
    europa.execute_json({"kind": "StateFact", "fact": "interdiction_zone", "subject": "2716", "value": "yes"})
    tanks = {**move, "unit": "pz", "cm": True, "ma": 4, "start_hex": "2716"}
    zone = europa.execute_json({**tanks, "hexes": [{"hex": "2717", "cost": 1}]})
    assert "leaving an air interdiction zone hex, c/m: +2 MP" in texts(zone)
    refused(europa, {**tanks, "hexes": [{"cost": 1}, {"cost": 2}]}, r"costs 5 MP and it has 4")
    single = europa.execute_json({**tanks, "hexes": [{"cost": 5}]})
    assert single["ruling"]["summary"] == "pz: a 1-hex move (7 MP, more than its 4)"
    overrun = {**tanks, "ma": 8, "zone": "B", "overrun": True, "start_hex": "2715", "start_zoc": "none"}
    assert europa.execute_json({**overrun, "hexes": [{"cost": 1}, {"cost": 2}]})["ruling"]["summary"] == (
        "pz: 2 hex(es) for 6 of 8 MP"
    )
    refused(europa, {**overrun, "hexes": [{"cost": 1}, {"cost": 2}], "ma": 5}, r"costs 5 MP and the stack has 4")


def test_L04_A31_administrative_half_cost_and_the_surprise_turns_one_hex_moves(europa: RefereeService) -> None:
    at_phase(europa, "Surprise turn 1941", "Axis", "Movement")
    move = {"kind": "CheckMove", "side": "Axis", "unit": "7-6 inf", "ma": 6, "hexes": [{"cost": 1}, {"cost": 1}]}
    refused(europa, move, r"1 hex to contact; this one is 2 \(A-31")
    entry = europa.execute_json({**move, "hexes": [{"cost": 2}]})
    assert "a 1-hex move to contact keeping its stack; border rivers ignored" in texts(entry)
    europa.execute_json({"kind": "AdvancePhase"})
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    admin = {**move, "administrative": True, "hexes": [{"cost": 2}, {"cost": 2}, {"cost": 1}]}
    assert europa.execute_json(admin)["ruling"]["summary"] == "7-6 inf: 3 hex(es) for 2.5 of 6 MP"
    refused(europa, {**admin, "hexes": [{"cost": 3}]}, r"3 or more cannot be entered by administrative movement")
    refused(europa, {**admin, "start_zoc": "normal"}, r"never enter or leave an enemy ZOC \(L-04")


def test_L07_I20_J39_J41_J42_regauge_and_the_001_movement_costs(europa: RefereeService, tmp_path: Path) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    six = [f"r{n}" for n in range(1, 7)]
    regauge = {"kind": "CheckRegauge", "side": "Axis", "unit": "0-6 eng", "ma": 6, "hexes": six}
    entry = europa.execute_json(regauge)
    assert entry["ruling"]["summary"] == "0-6 eng re-gauges 6 rail hex(es): r1, r2, r3, r4, r5, r6"
    assert "the converted track is usable from the next Initial phase" in texts(entry)
    refused(europa, {**regauge, "hexes": [*six, "r7"]}, r"converts at most 6 rail hex\(es\) this turn; 7 named")
    refused(europa, {**regauge, "movement": "administrative"}, r"cannot convert gauge during administrative")
    old = RefereeService.create(
        str(tmp_path / "001.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name="m", options={"movement_rules": "001"}),
        clock=TickingClock(),
    )
    try:
        at_phase(old, "Jun II 1941", "Axis", "Movement")
        refused(old, {**regauge, "hexes": six[:4]}, r"converts at most 3 rail hex\(es\)")
        move = {"kind": "CheckMove", "side": "Axis", "unit": "7-6 inf", "ma": 6, "start_zoc": "normal"}
        refused(old, {**move, "hexes": [{"zoc": "normal"}]}, r"non-mechanized units may not move ZOC to ZOC")
        tanks = old.execute_json(
            {**move, "unit": "pz", "cm": True, "ma": 8, "hexes": [{"zoc": "normal"}, {"zone": True}]}
        )
        assert "mechanized unit moving ZOC to ZOC: +3 MP" in texts(tanks)
        assert "entering an air interdiction zone hex: +1 MP" in texts(tanks)
        assert tanks["ruling"]["summary"] == "pz: 2 hex(es) for 7 of 8 MP"  # Jun II 1941: the ZOCs are limited
    finally:
        old.close()


def test_F26_second_front_roads_naval_units_stacking_and_the_allied_road_supply_line(sf: RefereeService) -> None:
    sf.execute_json({"kind": "SetWeather", "zone": "C", "condition": "Mud"})
    road = {"kind": "CheckMove", "side": "Axis", "unit": "246vg", "ma": 6, "zone": "C"}
    entry = sf.execute_json({**road, "hexes": [{"cost": 3, "road": True}] * 3})
    assert entry["ruling"]["summary"] == "246vg: 3 hex(es) for 3 of 6 MP"
    assert "hex 1: road hex in Mud: 1 MP whatever the weather" in texts(entry)
    naval = sf.execute_json(
        {**road, "unit": "BB Tirpitz", "ma": None, "naval": True, "hexes": [{"cost": 100}, {"cost": 50}]}
    )
    assert "a naval unit in the Movement phase: 150 MP" in texts(naval)
    refused(sf, {**road, "naval": True, "hexes": [{"cost": 100}, {"cost": 51}]}, r"costs 151 MP and it has 150")
    sf.execute_json({"kind": "StateFact", "fact": "terrain", "subject": "Vosges", "value": "mountain"})
    stack = {"kind": "CheckSecondFrontStack", "side": "Axis", "hex": "Vosges", "units": 2, "artillery_res": 1}
    assert sf.execute_json(stack)["ruling"]["summary"] == "stacking Vosges: within the limit"
    over = sf.execute_json({**stack, "units": 3})
    assert over["ruling"]["summary"] == "stacking Vosges: overstacked"
    assert "overstacked: its units may only trace supply and move (advanced overstacking)" in texts(over)
    assert sf.execute_json({**stack, "hex": "Aachen", "units": 3})["ruling"]["summary"].endswith("within the limit")
    trace = {
        "kind": "TraceSupply",
        "side": "Allies",
        "unit": "1us",
        "zone": "D",
        "links": [{"link": "road", "plain": 10}],
    }
    supplied = sf.execute_json(trace)
    assert supplied["ruling"]["summary"] == "1us: in supply"
    assert "link 1: road link: the Allies' road-element supply line, 10 hexes" in texts(supplied)
    assert sf.execute_json({**trace, "side": "Axis"})["ruling"]["summary"] == "1us: out of supply"


def test_F26_the_playtest_numbers_are_refused_outside_second_front(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Movement")
    refused(
        europa,
        {"kind": "CheckMove", "side": "Axis", "unit": "ship", "naval": True, "hexes": [{"cost": 1}]},
        r"Second Front's playtest numbers",
    )
    refused(europa, {"kind": "CheckSecondFrontStack", "side": "Axis", "hex": "x", "units": 1}, r"record CheckStacking")


def test_K12_what_a_rule_reads_off_the_map_is_a_stated_fact_cited_in_the_ruling(sf: RefereeService) -> None:
    """K-12: the book holds no map; a named hex takes the facts the referee stated about it (each an
    entry that can be disputed), and the ruling cites them."""
    for fact, subject, value in (
        ("in_enemy_zoc", "Maastricht", "yes"),
        ("interdiction_zone", "Maastricht", "yes"),
        ("terrain", "Aachen", "mountain"),
    ):
        sf.execute_json({"kind": "StateFact", "fact": fact, "subject": subject, "value": value})
    move = {"kind": "CheckMove", "side": "Axis", "unit": "116pz", "cm": True, "ma": 10, "start_hex": "Maastricht"}
    entry = sf.execute_json({**move, "hexes": [{"hex": "Aachen", "cost": 3}]})
    cited = [step["text"] for step in entry["ruling"]["steps"] if step["rule"] == "K-12"]
    assert len(cited) == 2 and all("Maastricht" in text for text in cited)
    assert "not cumulative: the higher, +2 MP" in texts(entry)
    stack = sf.execute_json({"kind": "CheckSecondFrontStack", "side": "Axis", "hex": "Aachen", "units": 3})
    assert stack["ruling"]["summary"] == "stacking Aachen: overstacked"
    assert any(step["rule"] == "K-12" and "Aachen" in step["text"] for step in stack["ruling"]["steps"])
