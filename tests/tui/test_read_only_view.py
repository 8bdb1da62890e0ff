"""The players' read-only view (issue 13, item 6, without the browser): every writing key,
palette entry and report button is refused with a word and changes nothing in the store, and
the view follows what the referee records meanwhile."""

from __future__ import annotations

from pathlib import Path

from textual.message import Message

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tui.app import TurnledgerApp, make_app
from tui.dialogs.error import ErrorDialog
from tui.read_only import FOLLOW_SECONDS
from tui.screens.dashboard import Dashboard

WRITING_KEYS = ["c", "a", "f", "o", "i", "w", "y", "b", "m"]


def campaign(tmp_path: Path) -> str:
    path = str(tmp_path / "watched.db")
    service = RefereeService.create(path, CreateCampaign(scenario="revised-europa/barbarossa", name="watched"))
    service.execute_json({"kind": "AdvancePhase"})
    service.close()
    return path


async def test_every_writing_key_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = campaign(tmp_path)
    seen: list[Message] = []
    app: TurnledgerApp = make_app(path, read_only=True)
    async with app.run_test(size=(140, 45), message_hook=seen.append) as pilot:
        await pilot.pause()
        assert "read-only" in app.sub_title
        for key in WRITING_KEYS:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ErrorDialog), key
            assert "read-only view" in app.screen.message
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("left", "u")  # undo from the replay cursor
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog) and "undo refused" in app.screen.message
        await pilot.press("escape", "end")
        assert app.record({"kind": "AdvancePhase"}) is False  # a report dialog's dispute button ends here
        await pilot.pause()
        assert isinstance(app.screen, ErrorDialog) and "command refused" in app.screen.message
        await pilot.press("escape")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Log" in titles and "Audit the campaign" in titles
        assert not {"Enter a command", "Advance phase", "Undo to the cursor", "New campaign"} & set(titles)
        await pilot.press("l")  # reading keys work
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"
    app.service.close()
    assert RefereeService.open(path).head() == 2
    assert [m for m in seen if isinstance(m, TurnledgerApp.Recorded)] == []


async def test_the_view_follows_what_the_referee_records(tmp_path: Path) -> None:
    assert FOLLOW_SECONDS <= 2.0  # what docs/auditing.md promises the players
    path = campaign(tmp_path)
    app: TurnledgerApp = make_app(path, read_only=True)
    app.follow_seconds = 0.2  # the console looks every FOLLOW_SECONDS; the test need not wait that long
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert app.head == 2
        referee = RefereeService.open(path)
        referee.execute_json({"kind": "AdvancePhase"})
        referee.close()
        for _ in range(200):  # the view looks every follow_seconds: wait for the look, not for a time
            if app.head == 3:
                break
            await pilot.pause(0.05)
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.head == 3
        assert isinstance(app.screen, Dashboard)
        assert "entry #3" in str(app.dashboard.query_one("#banner").render())
    app.service.close()


def test_serve_serves_the_page_and_refuses_a_campaign_that_does_not_exist(tmp_path: Path) -> None:
    """The page the players' browsers load (the browser test itself is issue 13's next step)."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    from tui.cli import main

    assert main(["serve", str(tmp_path / "nowhere.db")]) == 1
    path = campaign(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", path, "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        page = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    page = answer.read().decode("utf-8")
            except OSError:
                time.sleep(0.2)
        assert "textual.js" in page and "<html>" in page
    finally:
        server.terminate()
        server.wait(timeout=10)
