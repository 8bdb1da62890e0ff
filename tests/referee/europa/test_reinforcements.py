"""Issue 29: the reinforcement schedule (K-11) as a replaceable chart read by ReceiveReinforcements,
and the Westwall emergency restoration taking the Axis Resource Point reinforcements of its two
Initial phases (F-25 [003])."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.common.errors import IllegalOrderError, ScenarioError
from referee.europa.order_of_battle import reinforcements
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused


def second_front(tmp_path: Path) -> RefereeService:
    return RefereeService.create(
        str(tmp_path / "sf.db"), CreateCampaign(scenario="second-front/1943", name="sf"), clock=TickingClock()
    )


def ruhr(service: RefereeService) -> int:
    return service.state().resource_points["Axis"].stock["Ruhr"]


def test_K11_L22_the_jul_i_1941_air_groups_arrive_once_in_the_initial_phase(europa: RefereeService) -> None:
    refused(europa, {"kind": "ReceiveReinforcements", "side": "Soviet"}, "Initial")
    at_phase(europa, "Jul I 1941", "Axis", "Initial")
    entry = europa.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})
    assert entry["ruling"]["summary"] == "Axis reinforcements of Jul I 1941: 3 unit(s)"
    roster = europa.state().rosters["Axis"].units
    assert {roster[unit].name for unit in ("jul41-me109f", "jul41-he111", "jul41-mc200")} == {
        "Me109F",
        "He111",
        "MC200",
    }
    assert any("+1 GA for the Germans" in step["text"] for step in entry["ruling"]["steps"])
    with pytest.raises(IllegalOrderError, match="already took its reinforcements in Jul I 1941"):
        europa.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})


def test_F25_K11_the_westwall_restoration_takes_the_axis_resource_point_reinforcements(tmp_path: Path) -> None:
    service = second_front(tmp_path)
    try:
        service.execute_json(
            {"kind": "StateFact", "fact": "allied_near_westwall", "subject": "Westwall", "value": "yes"}
        )
        service.execute_json({"kind": "DeclareWestwallRestoration"})
        first = service.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})
        assert ruhr(service) == 6
        assert first["ruling"]["summary"] == (
            "Axis reinforcements of Jul I 1943: 0 unit(s), 2 Resource Points forfeited (Westwall emergency restoration)"
        )
        assert [event["type"] for event in first["events"]] == ["StepCompleted"]
        service.execute_json({"kind": "AdvanceGameTurn"})
        second = service.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})
        assert ruhr(service) == 6 and "1 Resource Points forfeited" in second["ruling"]["summary"]
        assert service.state().table.facts["withdrawn:116pz"].value == "yes"
        texts = [step["text"] for step in second["ruling"]["steps"]]
        assert (
            "116th Panzer Division (116pz) is withdrawn: take it off the map (marked withdrawn in the roster)" in texts
        )
        service.execute_json({"kind": "AdvanceGameTurn"})
        infantry = service.state().replacement_tracks["Germany"].points["infantry"]
        third = service.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})
        assert third["ruling"]["summary"] == "Axis reinforcements of Aug I 1943: 0 unit(s), 2 Resource Points"
        assert ruhr(service) == 8
        assert service.state().replacement_tracks["Germany"].points["infantry"] == infantry + 2
    finally:
        service.close()


def test_K11_the_allies_units_join_their_roster_and_a_bad_schedule_is_named(tmp_path: Path) -> None:
    service = second_front(tmp_path)
    try:
        assert service.state().identity.tables["reinforcements"]["provisional"] is True
        assert service.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})["ruling"]["summary"] == (
            "Axis reinforcements of Jul I 1943: 0 unit(s), 2 Resource Points"
        )
        while service.state().table.calendar.player != "Allies":
            service.execute_json({"kind": "AdvancePhase"})
        service.execute_json({"kind": "ReceiveReinforcements", "side": "Allies"})
        unit = service.state().rosters["Allies"].units["2us-ad"]
        assert (unit.name, unit.attack, unit.location) == ("2nd Armored Division", 12, "Liege")
    finally:
        service.close()
    text = (
        Path(reinforcements.__file__).parents[3] / "scenarios" / "charts" / "europa-reinforcements.toml"
    ).read_text()
    bad = tmp_path / "club.toml"
    bad.write_text(text.replace('turn = "Aug I 1943"', 'turn = "August 1943"', 1))
    with pytest.raises(ScenarioError, match=r"arrivals\.5 .*'Jul I 1943'"):
        reinforcements.load_reinforcements(str(bad))
