"""Snapshots of the console's key screens at a fixed terminal size (pytest-textual-snapshot).

Update only after reading the diff: `pytest tests/tui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, TextArea

from tests.tui.forms_support import command_form, opened, type_into
from tui.app import TurnledgerApp, make_app
from tui.dialogs.combat import CombatForm

from support import TickingClock

SIZE = (130, 42)
CAMPAIGN_ID = "11111111-2222-3333-4444-555555555555"


@pytest.fixture
def app(tmp_path: Path) -> TurnledgerApp:
    return club(tmp_path)


def club(tmp_path: Path) -> TurnledgerApp:
    """The club's campaign: the same entries, hashes and receipts at every run."""
    made = make_app(str(tmp_path / "club.db"), clock=TickingClock(), campaign_id=CAMPAIGN_ID)
    for command in (
        {"kind": "AdvancePhase"},
        {"kind": "AdvancePhase"},
        {"kind": "PayAttackSupply", "side": "Axis", "stacks": [2, 3, 1]},
        {
            "kind": "RecordRoll",
            "purpose": "attack on Brest",
            "dice": "2D6",
            "faces": [5, 6],
            "rolled_by": "Hans",
            "witnesses": ["Ivan"],
        },
        {"kind": "AdvancePhase"},
        {"kind": "ReceiveSupplyIncome", "side": "Axis"},
    ):
        made.service.execute_json(command)
    made.head = made.service.head()
    return made


async def settled(pilot: Pilot[Any]) -> None:
    """Wait until the preload worker has drawn the trends, so that every run looks the same."""
    await pilot.pause(0.7)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_dashboard(snap_compare: Any, app: TurnledgerApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_log(snap_compare: Any, app: TurnledgerApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=settled, press=["l"])


def test_replay_mode(snap_compare: Any, app: TurnledgerApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=settled, press=["left", "left", "left"])


def test_undo_confirmation(snap_compare: Any, app: TurnledgerApp) -> None:
    assert snap_compare(app, terminal_size=SIZE, run_before=settled, press=["left", "left", "left", "u"])


def test_spending_form_with_its_derivation(snap_compare: Any, app: TurnledgerApp) -> None:
    app.service.execute_json({"kind": "AdvancePhase"})  # the Air phase of the Axis Jun II turn
    app.head = app.service.head()

    async def fill(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        form = await command_form(pilot, "PayAirSupply", {"side": "Axis", "fighters": "14", "others": "21"})
        for field in form.query(Input):
            field.cursor_blink = False  # a blinking cursor would make the picture depend on timing
        form.query_one("#preview", Button).press()  # not a click: no mouse hovering in the picture
        await pilot.pause(0.3)
        await pilot.app.workers.wait_for_complete()  # the name offers are looked up in workers
        await pilot.pause()
        await pilot.wait_for_animation()

    assert snap_compare(app, terminal_size=SIZE, run_before=fill)


def test_combat_form_with_its_derivation(snap_compare: Any, app: TurnledgerApp) -> None:
    for _ in range(3):
        app.service.execute_json({"kind": "AdvancePhase"})  # Jun II 1941: Initial → Air → Movement → Combat
    app.head = app.service.head()

    async def fill(pilot: Pilot[Any]) -> None:
        await settled(pilot)
        form = await opened(pilot, CombatForm, "f")
        attackers = "7 7-6 inf ~minor_river\n9 9-10 pz aeca\n2 StuG aeca"
        type_into(form, {"what": "Brest 1718", "zone": "B", "terrain": "woods", "attackers": attackers})
        type_into(
            form, {"defenders": "4 4-6 rifle\n3 2-3-8 AT atec", "stacks": "1", "faces": "4 5", "witnesses": "Ivan"}
        )
        for field in [*form.query(Input), *form.query(TextArea)]:
            field.cursor_blink = False
        await pilot.pause(0.3)
        await pilot.wait_for_animation()

    assert snap_compare(app, terminal_size=(130, 48), run_before=fill)


def test_receipt_screen(snap_compare: Any, tmp_path: Path) -> None:
    """x: the head receipt with its QR code (given as it is shown: each test keeps its own receipt
    log, tests/conftest.py, so the other snapshots' campaigns of the same id never state it)."""
    assert snap_compare(club(tmp_path), terminal_size=SIZE, run_before=settled, press=["x"])
