"""Issue 29, K-06: the Soviet Replacements chart is the scenario's city list (provisional where the
text is silent: the Transcaucasus MD rate, labelled so in the data and in the ruling); a club's own
scenario, with its printed rates and the cities the text does not list, changes what
`ReceiveReplacements` gives."""

from __future__ import annotations

from pathlib import Path

from referee.commands import CreateCampaign
from referee.common.ruleset import scenarios_root
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock

TRANSCAUCASUS = """name = "Transcaucasus MD"
district = "none"
sp_value = 0
rp_000 = 6"""
YAROSLAVL = """[[logistics.cities]]
name = "Yaroslavl"
district = "interior"
sp_value = 0
rp_000 = 2
rp_001 = 2
"""


def regular(scenario: str) -> list[str]:
    service = RefereeService.create(":memory:", CreateCampaign(scenario=scenario, name="k06"), clock=TickingClock())
    try:
        at_phase(service, "Aug I 1941", "Soviet", "Initial")
        entry = service.execute_json({"kind": "ReceiveReplacements", "nation": "USSR"})
        return [entry["ruling"]["summary"], *(step["text"] for step in entry["ruling"]["steps"])]
    finally:
        service.close()


def test_K06_the_scenarios_replacement_chart_and_a_clubs_own_change_the_soviet_rps(tmp_path: Path) -> None:
    bundled = regular("revised-europa/barbarossa")
    assert "Transcaucasus MD 6 (provisional)" in bundled and "regular infantry RPs 56" in bundled
    text = (scenarios_root() / "revised-europa" / "barbarossa.toml").read_text(encoding="utf-8")
    assert TRANSCAUCASUS in text
    ours = tmp_path / "our-barbarossa.toml"
    marker = "[[logistics.lend_lease]]"
    text = text.replace(TRANSCAUCASUS, TRANSCAUCASUS.replace("rp_000 = 6", "rp_000 = 5"))
    ours.write_text(text.replace(marker, YAROSLAVL + "\n" + marker, 1), encoding="utf-8")
    printed = regular(str(ours))
    assert "Transcaucasus MD 5 (provisional)" in printed and "Yaroslavl 2" in printed
    assert "regular infantry RPs 57" in printed
