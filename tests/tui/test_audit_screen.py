"""The audit in the console (issue 13, item 7): `d` runs it in a worker and shows its findings
and each player's dice drawn face by face."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from textual.message import Message

from referee.book.sealed_orders import OrderSealing
from referee.service import RefereeService
from tui.app import make_app
from tui.audit_actions import Audited
from tui.cli import main
from tui.screens.audit import AuditScreen
from tui.widgets import Rendered

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"


def text_of(widget: Rendered) -> str:
    console = Console(width=140, record=True)
    console.print(widget.content)
    return console.export_text()


async def test_d_audits_the_campaign_and_draws_the_dice(tmp_path: Path) -> None:
    store = tmp_path / "golden.db"
    assert main(["import", str(EXPORTS / "europa-barbarossa-0.1.0.jsonl"), str(store)]) == 0
    rolls = [  # enough physical rolls by one player for the test to say something
        {
            "kind": "RecordRoll",
            "purpose": "combat: drill",
            "dice": "2D6",
            "rolled_by": "Ivan",
            "faces": [n % 6 + 1, n * 5 % 6 + 1],
        }
        for n in range(40)
    ]
    orders = tmp_path / "rolls.jsonl"
    orders.write_text("".join(json.dumps(roll) + "\n" for roll in rolls), encoding="utf-8")
    assert main(["apply", str(store), str(orders)]) == 0
    seen: list[Message] = []
    app = make_app(str(store))
    async with app.run_test(size=(140, 45), message_hook=seen.append) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AuditScreen)
        audited = [message for message in seen if isinstance(message, Audited)]
        assert len(audited) == 1 and audited[0].data["ok"] is True
        findings = text_of(screen.query_one("#findings", Rendered))
        assert "Audit of Golden Barbarossa: nothing wrong found" in findings
        assert "rollback #152 to #149: took #150, #151 off the current line" in findings
        dice = text_of(screen.query_one("#dice", Rendered))
        assert "Ivan · combat · 2D6 physical · 40 rolls" in dice
        assert "fair so far" in dice and "(fair 13.3)" in dice  # 80 faces over 6 sides
        assert "Ivan · isolation · 2D6 physical · 1 roll ·" in dice and "too few rolls to say" in dice
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.dashboard
    app.service.close()


async def test_the_audit_screen_names_a_sealed_order_never_revealed(tmp_path: Path) -> None:
    """Issue 27: `turnledger audit` named it; the console's audit screen said nothing."""
    store = tmp_path / "sealed.db"
    assert main(["new", str(store)]) == 0
    service = RefereeService.open(str(store))
    sealed = OrderSealing(service).seal("Axis", "secret-option", {"choice": 2})
    service.close()
    app = make_app(str(store))
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, AuditScreen)
        findings = " ".join(text_of(app.screen.query_one("#findings", Rendered)).split())
        assert "sealed order never revealed" in findings and f"#{sealed['number']}" in findings, findings
    app.service.close()
