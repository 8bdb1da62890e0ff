"""Issue 29, A-22 [002]: a Boot Camp unit's supply is determined in the Initial phase and holds for
the whole player turn: the trace is refused in any other phase, and what it found is what the
combat and the exploitation read, whatever is typed later. Refusals leave the store unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import texts
from tests.referee.europa.test_boot_camp_service import ATTACK, SCENARIO, at_phase
from tests.support import TickingClock, refused

TRACE: dict[str, Any] = {
    "kind": "TraceBootCampSupply",
    "side": "Axis",
    "unit": "1pz",
    "zone": "A",
    "hexes": [{"hex": "0607", "in_enemy_zoc": True}],
}
"""1pz's line runs into an enemy ZOC with no friendly unit: out of supply (E-26)."""


@pytest.fixture
def boot_camp() -> Iterator[RefereeService]:
    service = RefereeService.create(":memory:", CreateCampaign(scenario=SCENARIO, name="bc"), clock=TickingClock())
    yield service
    service.close()


def test_A22_a_trace_outside_the_initial_phase_is_refused(boot_camp: RefereeService) -> None:
    at_phase(boot_camp, "Axis", "Movement")
    refused(boot_camp, TRACE, r"supply is determined in the Initial phase and holds for the player turn \(A-21, A-22")


def test_A22_the_initial_phase_status_holds_for_the_combat_and_the_exploitation(boot_camp: RefereeService) -> None:
    at_phase(boot_camp, "Axis", "Initial")
    traced = boot_camp.execute_json(TRACE)
    assert traced["ruling"]["summary"] == "1pz: out of supply"
    assert "1pz is out of supply for the whole player turn" in texts(traced)
    at_phase(boot_camp, "Axis", "Combat")
    preview, _ = boot_camp.preview(boot_camp.parse({k: v for k, v in ATTACK.items() if k != "faces"}))
    shown = [step.text for step in preview.ruling.steps]
    assert "1pz: unsupplied as traced in this player turn's Initial phase (not supplied as typed)" in shown
    at_phase(boot_camp, "Axis", "Exploitation")
    exploit = {"kind": "CheckBootCampExploitation", "side": "Axis", "unit": "1pz", "movement": 10}
    entry = boot_camp.execute_json(exploit)
    assert entry["ruling"]["summary"] == "1pz exploits with 5 MP"
    assert "1pz: traced out of supply in the Initial phase" in texts(entry)
    refused(boot_camp, {**exploit, "supplied": True}, r"holds for the whole player turn \(A-22 \[002\]\)")
    refused(boot_camp, {**exploit, "unit": "2inf"}, r"2inf was not traced in this player turn's Initial phase")
    assert boot_camp.execute_json({**exploit, "unit": "2inf", "supplied": True})["ruling"]["summary"] == (
        "2inf exploits with 10 MP"
    )


def test_A22_a_status_of_another_player_turn_is_not_read(boot_camp: RefereeService) -> None:
    at_phase(boot_camp, "Axis", "Initial")
    boot_camp.execute_json(TRACE)
    at_phase(boot_camp, "Soviet", "Exploitation")
    at_phase(boot_camp, "Axis", "Exploitation")
    refused(
        boot_camp,
        {"kind": "CheckBootCampExploitation", "side": "Axis", "unit": "1pz", "movement": 10},
        r"not traced in this player turn's Initial phase",
    )
