"""Issue 29: the Soviet factories as a provisional, replaceable chart (K-07): a factory relocated to
the Urals is out of action for 3 months and the factory output of `ReceiveReplacements` reads the
operating count (C-51 [000]); the chart's upgrades take effect on their turn, and a club's own
chart changes them. Refusals leave the store unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.common.ruleset import scenarios_root
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock, refused


def campaign(charts: str | None = None) -> RefereeService:
    create = CreateCampaign(scenario="revised-europa/barbarossa", name="f", charts=charts)
    return RefereeService.create(":memory:", create, clock=TickingClock())


@pytest.fixture
def barbarossa() -> Iterator[RefereeService]:
    service = campaign()
    yield service
    service.close()


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
    text = (scenarios_root() / "charts" / "europa-factories.toml").read_text(encoding="utf-8")
    ours = tmp_path / "our-factories.toml"
    ours.write_text(
        text.replace(
            'name = "Stalingrad Tractor"\ncity = "Stalingrad"',
            'name = "Stalingrad Tractor"\ncity = "Stalingrad"\nupgraded_from = "Jan I 1942"',
        ),
        encoding="utf-8",
    )
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
