"""One story per use case, each on SQLite ':memory:' and on an SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ledger.canonical import GENESIS_HASH
from ledger.errors import EntryNotFoundError
from ledger.folding import replayed
from ledger.verify import verify
from referee.common.errors import IllegalOrderError
from referee.common.log import log_rows
from referee.service import RefereeService
from tests.referee.europa.europa_support import panzer_division


def credit(side: str, amount: int, reason: str = "test") -> dict[str, object]:
    return {"kind": "CreditSupplyPoints", "side": side, "amount": amount, "reason": reason}


def debit(side: str, amount: int, reason: str = "test") -> dict[str, object]:
    return {"kind": "DebitSupplyPoints", "side": side, "amount": amount, "reason": reason}


def test_create_gives_entry_one_with_the_scenario_state(europa: RefereeService) -> None:
    state = europa.state()
    assert europa.head() == 1
    assert state.supply_pools["Axis"].stockpile == 100  # B-03 [000]
    assert state.supply_pools["Soviet"].income == 60  # B-04 [000]
    assert state.table.calendar.label == "Surprise turn 1941"
    first = europa.store.entry(1)
    assert first["prev_hash"] == GENESIS_HASH
    assert first["command"]["kind"] == "CreateCampaign"
    assert set(state.identity.pinned) == {
        "scenario:revised-europa/barbarossa",
        "ruleset:europa-000",
        "chart:europa-combat",
        "chart:europa-units",
        "chart:europa-air",
        "chart:europa-bombardment",
        "chart:europa-bombardment-001",
        "chart:second-front-aa",
        "chart:europa-boot-camp",
        "chart:second-front-fortifications",
        "chart:europa-rule-d",
        "chart:europa-winterization",
        "chart:europa-reinforcements",
        "chart:europa-air-groups",
        "chart:europa-airbase",
        "chart:europa-factories",
        "chart:europa-success",
        "chart:europa-weather",
    }


def test_each_command_is_one_chained_entry(europa: RefereeService) -> None:
    a = europa.execute_json(credit("Axis", 10))
    b = europa.execute_json(debit("Soviet", 5, "attack at Brest"))
    assert (a["number"], b["number"]) == (2, 3)
    assert b["prev_hash"] == a["hash"]
    assert europa.state().supply_pools["Axis"].stockpile == 110
    assert europa.state().supply_pools["Soviet"].stockpile == 70
    assert b["ruling"]["steps"][0]["text"] == "75 − 5 (attack at Brest) = 70"


def test_state_as_of_any_entry_matches_a_fresh_fold(europa: RefereeService) -> None:
    for amount in range(1, 8):
        europa.execute_json(credit("Axis", amount))
    europa.execute_json({"kind": "AdvancePhase"})
    europa.execute_json({"kind": "SetWeather", "zone": "B", "condition": "Mud"})
    entries = list(europa.entries())
    for entry, folded in zip(entries, replayed(entries), strict=True):
        assert europa.state(entry["number"]).to_json() == folded.to_json()


def test_state_at_an_entry_that_does_not_exist_is_refused(europa: RefereeService) -> None:
    with pytest.raises(EntryNotFoundError, match="no entry #9; the record runs #1 to #1"):
        europa.state(9)


def test_rollback_restores_the_state_and_keeps_the_undone_entries(europa: RefereeService) -> None:
    europa.execute_json(credit("Axis", 10))  # 2
    europa.execute_json({"kind": "AdvancePhase"})  # 3
    europa.execute_json(debit("Axis", 50))  # 4
    europa.execute_json(
        {"kind": "RecordRoll", "purpose": "attack on Brest", "dice": "2D6", "faces": [6, 5], "rolled_by": "Axis player"}
    )  # 5
    before = [entry["hash"] for entry in europa.entries(1, 2)]
    entry = europa.execute_json({"kind": "Rollback", "to": 2, "reason": "wrong pool"})  # 6
    assert entry["number"] == 6
    now, then = europa.state(), europa.state(2)
    assert now.supply_pools == then.supply_pools
    assert now.table == then.table
    assert [e["hash"] for e in europa.entries(1, 2)] == before
    rows = log_rows(europa.entries())
    assert [row["undone_by"] for row in rows] == [None, None, 6, 6, 6, None]
    assert europa.store.entry(5)["rolls"][0]["faces"] == [6, 5]  # rolled, then undone: still there


def test_rolling_back_to_an_undone_entry_redoes_it(europa: RefereeService) -> None:
    europa.execute_json(credit("Axis", 10))  # 2
    europa.execute_json(credit("Axis", 20))  # 3
    europa.execute_json({"kind": "Rollback", "to": 2, "reason": "undo"})  # 4
    europa.execute_json({"kind": "Rollback", "to": 3, "reason": "redo"})  # 5
    assert europa.state().supply_pools["Axis"].stockpile == 130
    assert [row["undone_by"] for row in log_rows(europa.entries())] == [None, None, None, 5, None]


def test_rollback_must_name_an_earlier_entry(europa: RefereeService) -> None:
    europa.execute_json(credit("Axis", 1))
    with pytest.raises(IllegalOrderError, match="the record ends at #2"):
        europa.execute_json({"kind": "Rollback", "to": 2, "reason": "nothing to undo"})


def test_branch_copies_entries_with_their_hashes_and_links_the_parent(europa: RefereeService, tmp_path: Path) -> None:
    for amount in (5, 6, 7):
        europa.execute_json(credit("Axis", amount))
    branch = europa.branch(3, str(tmp_path / "whatif.db"), name="What if")
    try:
        assert branch.head() == 4
        assert [e["hash"] for e in branch.entries(1, 3)] == [e["hash"] for e in europa.entries(1, 3)]
        state = branch.state()
        assert state.identity.parent is not None and state.identity.parent.at_entry == 3
        assert state.identity.name == "What if"
        assert state.supply_pools["Axis"].stockpile == 111
        branch.execute_json(credit("Axis", 100))
        assert europa.state().supply_pools["Axis"].stockpile == 118  # the parent is untouched
        assert verify(branch.store).ok
    finally:
        branch.close()


def test_annotations_attach_to_earlier_entries(europa: RefereeService) -> None:
    europa.execute_json(
        {
            "kind": "RecordRoll",
            "purpose": "isolation attrition",
            "dice": "2D6",
            "faces": [1, 1],
            "rolled_by": "Soviet player",
            "witnesses": ["Axis player"],
        }
    )
    europa.execute_json({"kind": "Annotate", "entry": 2, "text": "die fell off the table", "disputed": True})
    row = log_rows(europa.entries())[1]
    assert (row["notes"], row["disputed"]) == (1, True)
    with pytest.raises(IllegalOrderError, match="no entry #99"):
        europa.execute_json({"kind": "Annotate", "entry": 99, "text": "?"})


def test_force_roster_registers_units_and_tracks_status(europa: RefereeService) -> None:
    europa.execute_json(panzer_division(defense=6, movement=10, cadre_attack=3, cadre_defense=2))
    europa.execute_json(
        {"kind": "SetUnitStatus", "side": "Axis", "unit_id": "7pz", "status": "isolated", "location": "Minsk pocket"}
    )
    unit = europa.state().rosters["Axis"].units["7pz"]
    assert (unit.status, unit.location, unit.cadre_attack) == ("isolated", "Minsk pocket", 3)
    with pytest.raises(IllegalOrderError, match="already registered"):
        europa.execute_json(
            {
                "kind": "RegisterUnit",
                "side": "Soviet",
                "unit_id": "7pz",
                "name": "x",
                "nation": "USSR",
                "type": "infantry",
                "size": "division",
            }
        )


def test_third_reich_year_start_must_be_recorded_for_every_power(third_reich: RefereeService) -> None:
    third_reich.execute_json({"kind": "AdvanceGameTurn"})  # Winter 1939
    third_reich.execute_json({"kind": "AdvanceGameTurn"})  # Spring 1940, Year Start
    assert third_reich.state().table.calendar.phase == "Year Start"
    with pytest.raises(IllegalOrderError, match="year start for Germany has not been recorded"):
        third_reich.execute_json({"kind": "AdvancePhase"})
    for power, base in (("Germany", 20), ("Italy", 0), ("USSR", 20), ("UK", 0), ("France", 0)):
        third_reich.execute_json(
            {
                "kind": "AdjustBrpBase",
                "power": power,
                "change": base,
                "category": "year_start",
                "reason": "1939 conquests",
            }
        )
    third_reich.execute_json({"kind": "AdvancePhase"})
    state = third_reich.state()
    assert (state.table.calendar.player, state.table.calendar.phase) == ("Axis", "Options")
    assert state.brp_economies["Germany"].base == 170  # G-01: 170 after taking Poland
    assert state.table.weather["Scandinavia"] == "Clear"  # A-65 Spring 1940


def test_year_start_category_outside_the_year_start_phase_is_refused(third_reich: RefereeService) -> None:
    with pytest.raises(IllegalOrderError, match="belong to the Year Start phase"):
        third_reich.execute_json(
            {"kind": "GrantBrp", "power": "Germany", "amount": 60, "category": "year_start", "reason": "too early"}
        )


def test_brp_spending_beyond_the_total_and_inactive_powers_are_refused(third_reich: RefereeService) -> None:
    # the message names the category and the shortfall; the free-text reason is not its subject
    expected = r"Germany has 150 BRPs; spending 151 \(build: builds\) needs 1 more \(a power spends only BRPs it has"
    with pytest.raises(IllegalOrderError, match=expected):
        third_reich.execute_json(
            {"kind": "SpendBrp", "power": "Germany", "amount": 151, "category": "build", "reason": "builds"}
        )
    with pytest.raises(IllegalOrderError, match="USA is not in play yet"):
        third_reich.execute_json(
            {"kind": "GrantBrp", "power": "USA", "amount": 5, "category": "adjustment", "reason": "early"}
        )
    third_reich.execute_json(
        {
            "kind": "SpendBrp",
            "power": "Germany",
            "amount": 10,
            "category": "option",
            "reason": "offensive option, western front",
        }
    )
    assert third_reich.state().brp_economies["Germany"].total == 140


def test_verify_passes_on_a_clean_record(europa: RefereeService) -> None:
    for amount in range(1, 120):
        europa.execute_json(credit("Soviet", amount))
    report = verify(europa.store)
    assert report.ok and report.entries == 120 and report.snapshots == 1
    assert report.head_hash == europa.state().chain.head_hash


def test_a_scenario_can_be_played_under_the_earlier_europa_rules(make_service, location: str) -> None:
    from referee.commands import CreateCampaign

    from support import TickingClock

    service = RefereeService.create(
        location,
        CreateCampaign(scenario="revised-europa/barbarossa", name="old rules", ruleset="europa-001"),
        clock=TickingClock(),
    )
    try:
        service.execute_json({"kind": "AdvanceGameTurn"})
        phases = []
        for _ in range(7):
            phases.append(service.state().table.calendar.phase)
            service.execute_json({"kind": "AdvancePhase"})
        assert phases == ["Initial", "Movement", "Air", "Combat", "Exploitation", "Supply", "Replacement"]
        assert service.state().identity.ruleset == "europa-001"
    finally:
        service.close()


def test_two_player_third_reich_from_a_users_scenario_file(tmp_path: Path) -> None:
    from referee.commands import CreateCampaign
    from referee.common.ruleset import scenarios_root

    from support import TickingClock

    text = (scenarios_root() / "revised-third-reich" / "campaign-1939.toml").read_text()
    text = text.replace(
        'sides = ["Axis", "USSR", "Western Allies"]', 'sides = ["Axis", "Allies"]\nplayers = ["Axis", "Allies"]'
    )
    text = text.replace('side = "USSR"', 'side = "Allies"').replace('side = "Western Allies"', 'side = "Allies"')
    path = tmp_path / "two-player.toml"
    path.write_text(text)
    service = RefereeService.create(":memory:", CreateCampaign(scenario=str(path), name="2p"), clock=TickingClock())
    try:
        service.execute_json({"kind": "AdvancePlayerTurn"})
        assert service.state().table.calendar.player == "Allies"
        service.execute_json({"kind": "AdvancePlayerTurn"})
        assert (service.state().table.calendar.label, service.state().table.calendar.player) == ("Winter 1939", "Axis")
    finally:
        service.close()
