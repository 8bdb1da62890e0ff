"""Issue 28, 12: what the console shows, put right: the help wraps each key's text in its own
column, `{` and `}` land in another phase than the one shown, one status toast at a time and none
over a form just opened, the new-campaign form shows a scenario's rules version before it reads
the options again (once), and the served page loads nothing from the internet."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from rich.console import Console
from textual.widgets import Select, Static

from tui.app import NewCampaignApp, make_app
from tui.dialogs import new_campaign
from tui.dialogs.help import HelpDialog
from tui.dialogs.new_campaign import NewCampaignForm
from tui.serve_guard import GuardedServer

from pilot_waits import until
from support import TickingClock


def shown_text(widget: Static, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text().splitlines()


async def test_each_key_of_the_help_wraps_in_its_own_column(tmp_path: Path) -> None:
    """At 80 columns, a long line goes on under its own text, not under the keys."""
    app = make_app(str(tmp_path / "help.db"), clock=TickingClock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpDialog)
        keys = list(app.screen.query(".help-part").results(Static))[1]
        width = keys.content_size.width
        lines = shown_text(keys, width)
        assert len(lines) > 40  # wrapped: the long texts take more than a line each
        column = lines[0].index("enter a command")
        for line in lines:
            assert len(line.rstrip()) <= width
            assert line[:column].strip() == "" or not line[column - 1].strip(), f"wrapped into the keys: {line!r}"
        assert any(line.startswith(" " * column) and line.strip() for line in lines)  # a wrapped text's own column


async def test_phase_keys_land_in_another_phase_than_the_one_shown(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "phases.db"), clock=TickingClock())
    async with app.run_test(size=(140, 45)) as pilot:
        for _ in range(2):  # Air → Movement → Combat
            app.record({"kind": "AdvancePhase"})
        app.record({"kind": "Annotate", "entry": 1, "text": "a note in the Combat phase"})
        await pilot.press("left_curly_bracket")  # live: the Combat phase (#3, #4); back to Movement
        assert app.cursor == 2
        await pilot.press("left_curly_bracket")
        assert app.cursor == 1
        await pilot.press("right_curly_bracket")
        assert app.cursor == 2
        await pilot.press("right_curly_bracket")  # the first entry shown in Combat: the advance into it
        assert app.cursor == 3
        await pilot.press("right_curly_bracket")  # no phase after the one shown: live
        assert app.cursor is None


async def test_one_status_toast_at_a_time_and_none_over_a_form_opened(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "toasts.db"), clock=TickingClock())

    def shown() -> list[tuple[str, str]]:
        return [(item.title, item.message) for item in app._notifications]

    async with app.run_test(size=(140, 45), notifications=True) as pilot:
        app.record({"kind": "SetMarker", "name": "bridge", "value": "standing"})
        app.record({"kind": "SetMarker", "name": "bridge", "value": "blown"})
        app.notify("note the roll", title="Roll receipt: note it down")
        await pilot.pause()
        assert [title for title, _ in shown()] == ["", "Roll receipt: note it down"]
        assert shown()[0][1].startswith("#3:")
        await pilot.press("c")
        await pilot.pause()
        assert shown() == [("Roll receipt: note it down", "note the roll")]


async def test_a_scenario_chosen_shows_its_rules_version_then_reads_its_options_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28: the form went on showing the earlier rules version for seconds on a busy machine,
    reading the options twice, a row at a time, before it drew the choice."""
    read: list[tuple[str, str | None, Any]] = []
    options = new_campaign.scenario_options

    def reading(scenario: str, ruleset: str | None) -> list[dict[str, Any]]:
        form = app.screen
        assert isinstance(form, NewCampaignForm)
        read.append((scenario, ruleset, form.command().get("options")))
        return options(scenario, ruleset)

    monkeypatch.setattr(new_campaign, "scenario_options", reading)
    app = NewCampaignApp(str(tmp_path / "club.db"))
    async with app.run_test(size=(120, 45)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewCampaignForm)
        read.clear()
        form.query_one("#scenario", Select).value = "revised-third-reich/campaign-1939"

        # the options are read in a worker and their rows mounted after it: wait for them
        def rows() -> set[str]:
            return {str(select.name) for select in form.query("#options Select").results(Select)}

        def drawn() -> bool:
            chosen = str(form.query_one("#ruleset", Select).value).startswith("third-reich")
            return chosen and rows() == set(form.defaults)

        assert await until(pilot, drawn), rows()
        ruleset = str(form.query_one("#ruleset", Select).value)
        assert ruleset.startswith("third-reich")
        # once, for the new rules version, with the earlier scenario's option rows not sent meanwhile
        assert read == [("revised-third-reich/campaign-1939", ruleset, None)]
        assert rows() == set(form.defaults)


async def test_the_served_page_loads_nothing_from_the_internet() -> None:
    server = GuardedServer("true", host="localhost", port=8000, title="t", max_sessions=2, environment={})
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await (await client.get("/")).text()
        assert "googleapis" not in page and "gstatic" not in page
        loaded = [part.split('"')[1] for part in page.split("src=")[1:] + page.split("href=")[1:]]
        assert loaded and all(url.startswith(("/", "http://localhost:8000/")) for url in loaded), loaded
        assert '"/static/fonts/RobotoMono-VariableFont_wght.ttf"' in page
        font = await client.get("/static/fonts/RobotoMono-VariableFont_wght.ttf")
        assert font.status == 200
