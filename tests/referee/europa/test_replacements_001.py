"""Replacements under the earlier revision (seed 001) and in RE-series games: C-15..C-18, C-22,
C-64, I-08, I-09, D-108, and the J.2 differences (J-32, J-34, J-35) against 000 on the same input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError
from referee.europa.logistics import replacements as rp
from referee.service import RefereeService
from tests.referee.europa.europa_support import panzer_division
from tests.referee.europa.test_combat_service import ATTACK
from tests.referee.europa.test_logistics_service import at_phase
from tests.referee.test_isolation import soviet_isolation


def test_I09_western_desert_panzer_to_cadre_gives_2_armor_res() -> None:
    """I-09 / C-17 [001]: required 2, a full 9-10 panzer reduced to cadre counts 9: excess 7 → 2 armor REs."""
    output = rp.excess_loss_001(required=2, removed=9, armor_removed=9, out_of_supply=False, counting="res")
    assert output.points == {"armor": 2}
    assert "C-16, C-17 [001]" in output.steps[0].rule


def test_I08_001_a_rifle_division_removed_gives_1_infantry_rp() -> None:
    """I-08 / C-15 [000, 001]: required 2, a 4-6 rifle division removed: 4 − 2 − 1 = 1 infantry RP."""
    output = rp.excess_loss_001(required=2, removed=4, armor_removed=0, out_of_supply=False, counting="factors")
    assert output.points == {"infantry": 1}


@pytest.mark.parametrize(("removed", "res"), [(4, 0), (5, 1), (7, 1), (8, 2), (14, 4)])
def test_C16_res_are_the_excess_divided_by_3_rounded_down(removed: int, res: int) -> None:
    """C-16 [001]: floor(excess / 3) REs, with no −1; infantry when the excess came from infantry."""
    output = rp.excess_loss_001(required=2, removed=removed, armor_removed=0, out_of_supply=False, counting="res")
    assert output.points == ({"infantry": res} if res else {})


def test_C18_units_marked_out_of_supply_earn_nothing() -> None:
    """C-18 [001]: nothing when marked out of supply at the combat (000 blocks only Isolated units, C-13)."""
    output = rp.excess_loss_001(required=2, removed=9, armor_removed=9, out_of_supply=True, counting="res")
    assert (output.points, output.steps[0].rule) == ({}, "C-18 [001]")
    assert rp.excess_loss_rps(required=2, removed=9, change=5, armor_loss_required=True).points == {"infantry": 2}


def test_J32_the_same_reduction_000_against_001() -> None:
    """J-32: a 10-10 panzer to its 4-8 cadre against 3 required: 000 counts the change 6 → 2 armor RPs
    (C-14); 001 counts the full 10 → excess 7 − 1 = 6 RPs, from an armor unit so armor."""
    old = rp.excess_loss_rps(required=3, removed=10, change=6, armor_loss_required=False, armor_cost=3)
    new = rp.excess_loss_001(required=3, removed=10, armor_removed=10, out_of_supply=False, counting="factors")
    assert (old.points, new.points) == ({"armor": 2}, {"armor": 6})


@pytest.mark.parametrize(("roll", "res", "factors"), [(7, 5, 19), (6, 2, 9)])
def test_C22_breakout_in_an_RE_game_and_J34_against_000(roll: int, res: int, factors: int) -> None:
    """C-22 [001]: stack of 20; 7+ → 20 ÷ 3 − 1 = 5 REs; 6− → (20 − 10) ÷ 3 − 1 = 2; always infantry.
    J-34: the factor reading (C-20, C-23 [000]) gives 19 and 9."""
    assert rp.breakout_res(20, roll).points == {"infantry": res}
    assert rp.breakout_rps(20, roll).points == {"infantry": factors}


# Through the service -------------------------------------------------------------------------


def campaign(tmp_path: Path, ruleset: str = "europa-001", **options: str) -> RefereeService:
    return RefereeService.create(
        str(tmp_path / f"{ruleset}.db"),
        CreateCampaign(scenario="revised-europa/barbarossa", name=ruleset, ruleset=ruleset, options=options),
    )


def panzer(service: RefereeService, unit_id: str, status: str) -> None:
    service.execute_json(panzer_division(unit_id, unit_id))
    service.execute_json({"kind": "SetUnitStatus", "side": "Axis", "unit_id": unit_id, "status": status})
    service.execute_json(
        {"kind": "CreditReplacementPoints", "nation": "Germany", "type": "armor", "amount": 5, "reason": "chart"}
    )


def refused(service: RefereeService, command: dict[str, Any], message: str) -> None:
    before, head = service.state().to_json(), service.head()
    with pytest.raises(IllegalOrderError, match=message):
        service.execute_json(command)
    assert (service.state().to_json(), service.head()) == (before, head)


def state_fact(service: RefereeService, fact: str, subject: str, value: str) -> None:
    service.execute_json({"kind": "StateFact", "fact": fact, "subject": subject, "value": value})


def test_C64_each_limit_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """C-64 [001]: only in the Replacement phase; not after attacking or exploiting; in supply;
    an on-map cadre rebuilt for 2 REs; a dead cadre returned for 1 RE, not rebuilt the same turn."""
    service = campaign(tmp_path, rp_counting="res")
    try:
        panzer(service, "7pz", "cadre")
        panzer(service, "5pz", "eliminated")
        rebuild = {"kind": "RebuildUnit", "side": "Axis", "unit_id": "7pz"}
        at_phase(service, "Jun II 1941", "Axis", "Initial")
        refused(service, rebuild, "happens in the Axis Replacement phase")
        at_phase(service, "Jun II 1941", "Axis", "Replacement")
        for fact, message in (
            ("attacked_this_turn", r"took part in an attack this player turn \(C-64 \[001\]; attacked_this_turn"),
            ("moved_in_exploitation", r"moved in the exploitation phase \(C-64 \[001\]"),
            ("out_of_supply", r"must be in supply to take replacements"),
        ):
            state_fact(service, fact, "7pz", "yes")
            refused(service, rebuild, message)
            state_fact(service, fact, "7pz", "no")
        entry = service.execute_json(rebuild)
        assert entry["ruling"]["summary"] == "7pz rebuilt to full for 2 armor"
        assert service.state().replacement_tracks["Germany"].points["armor"] == 8  # 10 credited − 2
        returned = service.execute_json({"kind": "ReturnCadre", "side": "Axis", "unit_id": "5pz"})
        assert returned["ruling"]["summary"] == "5pz cadre returned for 1 armor"
        refused(
            service,
            {"kind": "RebuildUnit", "side": "Axis", "unit_id": "5pz"},
            r"cadre came back this turn: it cannot also be rebuilt .* \(C-64 \[001\]\)",
        )
    finally:
        service.close()


def test_J35_the_same_rebuild_000_against_001(europa: RefereeService, tmp_path: Path) -> None:
    """J-35: under 000 the Initial phase, a unit that will fight, and return-and-rebuild in one turn
    are all fine (C-63 [000]); 001 refuses the Initial phase (C-64)."""
    panzer(europa, "5pz", "eliminated")
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    state_fact(europa, "attacked_this_turn", "5pz", "yes")
    for kind in ("infantry", "armor"):
        europa.execute_json(
            {"kind": "CreditReplacementPoints", "nation": "Germany", "type": kind, "amount": 5, "reason": "chart"}
        )
    europa.execute_json({"kind": "ReturnCadre", "side": "Axis", "unit_id": "5pz"})
    europa.execute_json({"kind": "RebuildUnit", "side": "Axis", "unit_id": "5pz"})
    assert europa.state().rosters["Axis"].units["5pz"].status == "full"
    old = campaign(tmp_path)
    try:
        panzer(old, "5pz", "eliminated")
        at_phase(old, "Jun II 1941", "Axis", "Initial")
        refused(old, {"kind": "ReturnCadre", "side": "Axis", "unit_id": "5pz"}, r"Replacement phase")
    finally:
        old.close()


def test_C18_through_the_service_a_unit_stated_out_of_supply_earns_nothing(tmp_path: Path) -> None:
    """C-18 [001]: the allocation cites the referee's statement and credits nothing; C-15 [001]
    otherwise (factors: the full division value − required − 1)."""
    service = campaign(tmp_path)
    try:
        at_phase(service, "Jun II 1941", "Axis", "Combat")
        combat = service.execute_json(ATTACK)["number"]  # X1: 2 each
        state_fact(service, "out_of_supply", "9-10 pz", "yes")
        units = [{"label": "9-10 pz to cadre", "counted": 9, "armor": True}]
        entry = service.execute_json(
            {"kind": "AllocateLosses", "combat": combat, "side": "Axis", "units": units, "nation": "Germany"}
        )
        assert service.state().replacement_tracks["Germany"].pending == []
        step = next(step for step in entry["ruling"]["steps"] if step["rule"] == "C-18 [001]")
        assert "out_of_supply of 9-10 pz = yes, stated at #" in step["text"]
        rifle = [{"label": "4-6 rifle", "counted": 4}]
        service.execute_json(
            {"kind": "AllocateLosses", "combat": combat, "side": "Soviet", "units": rifle, "nation": "USSR"}
        )
        assert [(p.kind, p.amount) for p in service.state().replacement_tracks["USSR"].pending] == [("infantry", 1)]
    finally:
        service.close()


def test_D108_a_hex_in_defensive_supply_suffers_no_isolation_attrition(tmp_path: Path) -> None:
    """D-108 [001] (truck_depletion=defensive_supply): refused with the statement cited, nothing changed."""
    service = campaign(tmp_path)
    try:
        at_phase(service, "Jun II 1941", "Soviet", "Supply")
        state_fact(service, "defensive_supply", "Bialystok pocket", "yes")
        command = soviet_isolation("Bialystok pocket", 9, [3, 3])
        refused(service, command, r"defensive supply through a depleted truck: no isolation attrition \(D-108")
    finally:
        service.close()


@pytest.mark.parametrize(("reading", "points"), [("rolls", 9), ("no_roll", 19)])
def test_J20_breakout_with_and_without_the_attrition_roll(tmp_path: Path, reading: str, points: int) -> None:
    """J-20: a stack of 20 breaks out on a modified roll of 5. If the hex still rolls (default), its
    loss of 10 comes off first: 20 − 10 − 1 = 9; with no roll: 20 − 1 = 19 (C-20, C-23 [000])."""
    service = campaign(tmp_path, "europa-000", breakout_attrition=reading)
    try:
        entry = service.execute_json(
            {"kind": "CreditBreakoutReplacements", "nation": "USSR", "total_strength": 20, "modified_roll": 5}
        )
        assert entry["ruling"]["summary"] == f"USSR breakout: {points} infantry (next game turn)"
        texts = [step["text"] for step in entry["ruling"]["steps"]]
        assert any("no attrition roll" in text for text in texts) == (reading == "no_roll")
    finally:
        service.close()
