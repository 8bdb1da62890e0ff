"""Issue 29: the Soviet factories as a provisional, replaceable chart (K-07): a factory relocated to
the Urals is out of action for 3 months and the factory output of `ReceiveReplacements` reads the
operating count (C-51 [000]); the chart's upgrades take effect on their turn, and a club's own
chart changes them. Refusals leave the store unchanged."""

from __future__ import annotations

from pathlib import Path

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.europa_support import club_chart
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused


def campaign(charts: str | None = None) -> RefereeService:
    create = CreateCampaign(scenario="revised-europa/barbarossa", name="f", charts=charts)
    return RefereeService.create(":memory:", create, clock=TickingClock())


def counts(service: RefereeService) -> tuple[int, int]:
    track = service.state().replacement_tracks["USSR"]
    return track.factories, track.factories_upgraded


def test_C51_K07_a_relocated_factory_is_out_of_action_for_3_months(barbarossa: RefereeService) -> None:
    assert barbarossa.state().identity.tables["factories"]["provisional"] is True
    at_phase(barbarossa, "Jul I 1941", "Soviet", "Initial")
    moved = barbarossa.execute_json({"kind": "RelocateFactory", "factory": "Kiev Arsenal"})
    assert moved["ruling"]["summary"] == "Kiev Arsenal relocated: 8 factories operating, 0 upgraded"
    assert counts(barbarossa) == (8, 0)
    refused(barbarossa, {"kind": "RelocateFactory", "factory": "Kiev Arsenal"}, r"relocating already")
    refused(barbarossa, {"kind": "RelocateFactory", "factory": "Tula Arms"}, r"the factory chart has no 'Tula Arms'")
    at_phase(barbarossa, "Aug I 1941", "Soviet", "Initial")
    output = barbarossa.execute_json({"kind": "ReceiveReplacements", "nation": "USSR"})
    assert "16 armor" in output["ruling"]["summary"]  # 8 operating factories x 2 armor (C-50, 000b)
    at_phase(barbarossa, "Sep II 1941", "Soviet", "Initial")
    refused(barbarossa, {"kind": "RestoreFactory", "factory": "Kiev Arsenal"}, r"works again from turn 8; it is turn 7")
    at_phase(barbarossa, "Oct I 1941", "Soviet", "Initial")
    back = barbarossa.execute_json({"kind": "RestoreFactory", "factory": "Kiev Arsenal"})
    assert back["ruling"]["summary"] == "Kiev Arsenal back in action: 9 factories operating, 0 upgraded"
    assert counts(barbarossa) == (9, 0)
    refused(barbarossa, {"kind": "RestoreFactory", "factory": "Kiev Arsenal"}, r"is not relocating")


def test_K07_the_charts_upgrades_take_effect_on_their_turn_and_a_clubs_chart_changes_them(tmp_path: Path) -> None:
    tractor = 'name = "Stalingrad Tractor"\ncity = "Stalingrad"'
    upgraded = f'{tractor}\nupgraded_from = "Jan I 1942"'
    ours = club_chart(tmp_path, "europa-factories", tractor, upgraded, file="our-factories.toml")
    for charts, upgraded in ((None, 2), (str(ours), 3)):
        service = campaign(charts)
        try:
            at_phase(service, "Jan I 1942", "Soviet", "Initial")
            entry = service.execute_json({"kind": "UpgradeFactories"})
            assert (
                entry["ruling"]["summary"] == f"USSR: {upgraded} factory upgrade(s) in Jan I 1942, {upgraded} upgraded"
            )
            assert counts(service) == (9, upgraded)
            refused(service, {"kind": "UpgradeFactories"}, r"made already")
        finally:
            service.close()
