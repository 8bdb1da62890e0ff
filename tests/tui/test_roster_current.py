"""Issue 28, 2: every loss, removal, rebuild and replacement shows in the roster (`n`) and the
dashboard's counts at once. A Third Reich unit removed after a land combat went eliminated, but a
replacement that recovered it (RecoverUnit, G-50) left it eliminated there."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from ledger.canonical import canonical_text
from referee.audit.report import audit_entry
from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.third_reich.reich_support import WARSAW
from tests.referee.third_reich.test_economy_service import at
from tests.tui.test_audit_cli import rehashed
from tui.app import TurnledgerApp, make_app
from tui.cli import main
from tui.screens.roster import RosterScreen
from tui.widgets import Rendered

from support import TickingClock

SCENARIO = "revised-third-reich/campaign-1939"
ATTACK = {
    **WARSAW,
    "attackers": [{"unit": "VII inf", "strength": 3}],
    "defenders": [{"unit": "Pol 1", "strength": 2}, {"unit": "Pol 2", "strength": 1}],
    "faces": [1, 1],  # 1-2, roll 2 → A2: the attacker removes its one unit
    "rolled_by": "Karl",
}
RECOVERY = {
    "kind": "RecoverUnit",
    "power": "Germany",
    "unit": "vii INF",
    "unit_type": "infantry",
    "strength": 3,
    "cause": "attacker_crt_loss",
}


UNIT = {"side": "Axis", "unit_id": "vii", "name": "VII inf", "nation": "Germany", "type": "infantry", "size": "corps"}


def counts(app: TurnledgerApp) -> str:
    console = Console(width=140, record=True)
    console.print(app.dashboard.query_one("#state", Rendered).content)
    return next(line.strip() for line in console.export_text().splitlines() if line.strip().startswith("Axis:"))


async def test_a_loss_and_its_recovery_show_in_the_roster_and_the_counts_at_once(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "reich.db"), scenario=SCENARIO, clock=TickingClock())
    service = app.service
    service.execute_json({"kind": "RegisterUnit", **UNIT})
    at(service, "Fall 1939", "Axis", "Options")
    service.execute_json({"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"})
    service.execute_json({"kind": "DeclareWar", "power": "Germany", "target": "Poland", "target_kind": "minor"})
    at(service, "Fall 1939", "Axis", "Combat")
    app.head = service.head()
    async with app.run_test(size=(140, 45)) as pilot:

        async def roster_status() -> str:
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, RosterScreen)
            status = str(app.screen.table.get_row_at(0)[6])
            await pilot.press("escape")
            return status

        assert counts(app) == "Axis: 1 units (1 full)"
        combat = service.head() + 1
        assert app.record(ATTACK)
        assert app.record({"kind": "RemoveLandLosses", "combat": combat, "side": "Axis", "units": ["VII inf"]})
        await pilot.pause()
        assert counts(app) == "Axis: 1 units (1 eliminated)"
        assert await roster_status() == "eliminated"
        assert app.record(RECOVERY)
        await pilot.pause()
        assert counts(app) == "Axis: 1 units (1 full)"
        assert await roster_status() == "full"
        steps = service.entry(service.head())["ruling"]["steps"]
        assert {"text": "force roster: vii full again", "rule": "G-50 [004]"} in steps


def test_a_unit_built_again_is_full_and_an_earlier_recovery_audits_as_a_rule_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """G-40: a unit named in BuildUnits comes back from the force pool, full in the roster. An
    entry of an earlier release that recovered a unit left it eliminated there: the audit calls
    that a rule change (information), not a forgery."""
    service = RefereeService.create(str(tmp_path / "built.db"), CreateCampaign(scenario=SCENARIO, name="built"))
    service.execute_json({"kind": "RegisterUnit", **UNIT})
    service.execute_json({"kind": "SetUnitStatus", "side": "Axis", "unit_id": "vii", "status": "eliminated"})
    recovered = service.execute_json(RECOVERY)["number"]
    assert service.current().rosters["Axis"].units["vii"].status == "full"
    service.execute_json({"kind": "SetUnitStatus", "side": "Axis", "unit_id": "vii", "status": "eliminated"})
    at(service, "Fall 1939", "Axis", "Build")
    built = service.execute_json(
        {"kind": "BuildUnits", "power": "Germany", "category": "infantry", "factors": 3, "units": ["VII INF"]}
    )
    assert service.current().rosters["Axis"].units["vii"].status == "full"
    assert {"text": "force roster: vii full again", "rule": "G-40 [004]"} in built["ruling"]["steps"]
    out = io.StringIO()
    service.export_jsonl(out)
    service.close()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    earlier = lines[recovered]
    earlier["events"] = [event for event in earlier["events"] if event["type"] != "UnitStatusChanged"]
    export = tmp_path / "earlier.jsonl"
    export.write_text("".join(canonical_text(line) + "\n" for line in rehashed(lines, recovered)), "utf-8")
    assert main(["import", str(export), str(tmp_path / "earlier.db")]) == 0
    capsys.readouterr()
    reopened = RefereeService.open(str(tmp_path / "earlier.db"))
    report = audit_entry(reopened, recovered)
    reopened.close()
    assert report.ok and not report.differences
    assert any("recovered by a replacement or built again" in found.rules_give for found in report.reworded)
