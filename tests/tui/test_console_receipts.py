"""Receipts in the console (issue 27): a digital roll's receipt shown with its faces as the roll
is recorded, the head receipt and its QR code on x and when the console closes, each one given."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.message import Message
from textual.widgets import Static
from textual.widgets._toast import Toast

from referee.audit.receipts import Receipt, entry_roll_receipts, head_receipt
from tests.referee.test_dice_fishing import ROLL
from tui import render
from tui.app import TurnledgerApp, make_app
from tui.dialogs.receipt import ReceiptDialog
from tui.qr import head_payload, qr_lines

from support import TickingClock


@pytest.fixture
def app(tmp_path: Path) -> TurnledgerApp:
    return make_app(str(tmp_path / "console.db"), clock=TickingClock())


def given(app: TurnledgerApp) -> list[tuple[str, int, str]]:
    """What this machine's receipt log holds as given: (kind, entry, roll)."""
    return [(item.kind, item.number, item.roll) for item in app.service.receipt_log.given]


async def toast_showing(app: TurnledgerApp, pilot: Any, text: str) -> bool:
    """Whether a notification on screen shows ``text``, given the app a few turns to draw it."""
    for _ in range(20):
        if any(text in str(toast.render()) for toast in app.screen.query(Toast)):
            return True
        await pilot.pause()
    return False


async def test_a_digital_roll_shows_its_receipt_with_the_faces(app: TurnledgerApp) -> None:
    """As a form records it (forms call `record`; the generic form does not take a witness word)."""
    seen: list[Message] = []
    async with app.run_test(size=(140, 45), message_hook=seen.append, notifications=True) as pilot:
        app.record({"kind": "CommitDice"})
        assert app.record(ROLL)
        await pilot.pause()
        entry = app.service.entry(app.service.head())
        assert entry["rolls"][0]["method"] == "digital"
        [(receipt, roll)] = entry_roll_receipts(app.service.campaign_id, entry)
        faces = "+".join(map(str, roll["faces"]))
        shown = [message for message in seen if isinstance(message, TurnledgerApp.ReceiptsShown)]
        assert [message.receipts for message in shown] == [[receipt]]
        expected = f"roll {roll['period']}.{roll['n']}: {faces} · entry #{entry['number']} · receipt {receipt.code}"
        if "command_digest" in roll:  # dice scheme 3: what the roll was bound to, for the witness to see
            expected += f" · bound to command {roll['command_digest'][:16]}…"
        assert shown[0].text == expected
        assert await toast_showing(app, pilot, expected)  # on screen, beside the "#N: 2D6 for weather" notice
        assert given(app) == [("roll", entry["number"], receipt.roll)]
        await pilot.press("x")  # the receipt dialog lists it again, under the head's
        await pilot.pause()
        assert expected in str(app.screen.query_one("#rolls", Static).content)


def test_a_roll_bound_to_its_command_shows_the_digest_it_was_bound_to() -> None:
    """Dice scheme 3: the roll record carries the SHA-256 of the command's bound fields."""
    receipt = Receipt("roll", 12, "489G1-MY4BC", roll="3.4", faces=(6, 1))
    digest = "35ace95a4f18194e85bfcc06e92e1bdc23e86edc9c085fbb2e8d8ec81d2be569"
    line = render.roll_receipt_line(receipt, {"method": "digital", "command_digest": digest})
    assert line == "roll 3.4: 6+1 · entry #12 · receipt 489G1-MY4BC · bound to command 35ace95a4f18194e…"
    assert "bound to" not in render.roll_receipt_line(receipt, {"method": "digital"})


async def test_closing_shows_the_head_receipt_and_its_qr_code_then_the_next_key_quits(app: TurnledgerApp) -> None:
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("a")
        head = head_receipt(app.service)
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ReceiptDialog) and dialog.closing
        assert str(dialog.query_one("#code", Static).content) == f"receipt {head.code}"
        assert f"entry #{head.number}" in str(dialog.query_one("#entry", Static).content)
        payload = head_payload(app.service.campaign_id, head.number, app.service.entry(head.number)["hash"])
        assert str(dialog.query_one("#qr", Static).content).splitlines() == qr_lines(payload)
        assert given(app) == [("head", head.number, "")]
        assert app.return_code is None
        await pilot.press("escape")  # any key, even the one that closes other dialogs
        assert app.return_code == 0
    # the receipt given waits for the next entry, which states it
    reopened = make_app(app.service.location, clock=TickingClock())
    entry = reopened.service.execute_json({"kind": "AdvancePhase"})
    assert [(event["entry"], event["code"]) for event in entry["events"] if event["type"] == "ReceiptGiven"] == [
        (head.number, head.code)
    ]
    reopened.service.close()


async def test_x_shows_the_head_receipt_escape_closes_it_and_q_in_it_quits(app: TurnledgerApp) -> None:
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ReceiptDialog) and not app.screen.closing
        assert not app.screen.query("#rolls")  # no roll receipt shown yet
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReceiptDialog) and app.return_code is None
        await pilot.press("x", "q")  # the receipt is on screen already: q quits at once
        assert app.return_code == 0


async def test_opening_a_copy_that_lacks_a_receipt_given_here_warns_at_once(tmp_path: Path) -> None:
    """Issue 27: a backup from before a receipt, restored at another path (where no checkpoint of
    this machine applies): the console says, as it opens, which receipt the record lacks."""
    location = tmp_path / "game.db"
    first = make_app(str(location), clock=TickingClock())
    async with first.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        first.service.execute_json({"kind": "SetMarker", "name": "m", "value": "x"})
    first.service.close()  # once the console is closed: its checks at opening may still be reading
    backup = tmp_path / "backup.db"
    backup.write_bytes(location.read_bytes())
    app = make_app(str(location), clock=TickingClock())
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        app.service.execute_json({"kind": "SetMarker", "name": "n", "value": "y"})
        app.head = app.service.head()
        await pilot.press("x")  # the head receipt, noted by the players
        await pilot.pause()
        noted = head_receipt(app.service)
        assert isinstance(app.screen, ReceiptDialog)
    app.service.close()
    restored = make_app(str(backup), clock=TickingClock())
    async with restored.run_test(size=(140, 45), notifications=True) as pilot:
        assert await toast_showing(restored, pilot, f"head receipt {noted.code} of #{noted.number}")
        assert await toast_showing(restored, pilot, f"the record ends at #{noted.number - 1}")
    restored.service.close()
    quiet = make_app(str(location), clock=TickingClock())
    async with quiet.run_test(size=(140, 45), notifications=True) as pilot:
        quiet.notify("opened")
        assert await toast_showing(quiet, pilot, "opened")
        assert not await toast_showing(quiet, pilot, "given on this machine at")
    quiet.service.close()
