"""Issue 29, K-11: the schedule chart holds the garrisons the order of battle requires and its
withdrawals; `CheckGarrison` holds a side to its garrison for the turn, a withdrawn unit is marked
in the roster and garrisons nothing, and a club's own schedule changes the requirement."""

from __future__ import annotations

from pathlib import Path

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import club_chart
from tests.support import TickingClock, refused

GARRISON = {"kind": "CheckGarrison", "side": "Axis", "area": "Denmark", "res": 3}


def second_front(charts: str | None = None) -> RefereeService:
    create = CreateCampaign(scenario="second-front/1943", name="sf", charts=charts)
    return RefereeService.create(":memory:", create, clock=TickingClock())


def test_K11_the_garrison_of_the_turn_and_a_withdrawn_unit_that_garrisons_nothing() -> None:
    service = second_front()
    try:
        assert service.execute_json(GARRISON)["ruling"]["summary"] == ("Axis garrison in Denmark: 3 of 3 REs required")
        refused(service, {**GARRISON, "res": 2}, r"Denmark needs a garrison of 3 REs from Jul I 1943 to May I 1945")
        free = service.execute_json({**GARRISON, "area": "Norway"})
        assert free["ruling"]["summary"] == "Axis owes no garrison in Norway in Jul I 1943"
        service.execute_json({"kind": "AdvanceGameTurn"})
        service.execute_json({"kind": "ReceiveReinforcements", "side": "Axis"})
        assert service.state().table.facts["withdrawn:116pz"].value == "yes"
        refused(service, {**GARRISON, "units": ["116pz"]}, r"116th Panzer Division \(116pz\) is withdrawn")
    finally:
        service.close()


def test_K11_a_clubs_schedule_changes_the_garrison(tmp_path: Path) -> None:
    denmark = 'area = "Denmark"\nfirst = "Jul I 1943"\nlast = "May I 1945"\nres = '
    ours = club_chart(tmp_path, "europa-reinforcements", denmark + "3", denmark + "5", file="our-schedule.toml")
    service = second_front(str(ours))
    try:
        refused(service, GARRISON, r"Denmark needs a garrison of 5 REs")
    finally:
        service.close()
