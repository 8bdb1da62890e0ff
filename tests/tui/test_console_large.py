"""The console on a 100,000-entry campaign: log, filter, entry view, replay and jump (correctness, not timing)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from bench import synthetic  # a large campaign written in a second
from tui.app import TurnledgerApp, make_app
from tui.screens.log import LogScreen

ENTRIES = 100_000


@pytest.fixture(scope="module")
def big_campaign(tmp_path_factory: pytest.TempPathFactory) -> str:
    return synthetic.build_store(tmp_path_factory.mktemp("big"), ENTRIES)


async def test_log_and_replay_on_100000_entries(big_campaign: str) -> None:
    app: TurnledgerApp = make_app(big_campaign)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert app.head == ENTRIES
        banner = str(app.dashboard.query_one("#banner", Static).content)
        assert f"entry #{ENTRIES:,}".replace(",", "") in banner.replace(",", "")
        await pilot.press("l")
        await pilot.pause()
        log = app.screen
        assert isinstance(log, LogScreen)
        table = log.table
        assert table.row_count == ENTRIES  # every entry, drawn a screenful at a time
        assert table.cursor_row == ENTRIES - 1 and table.get_row_at(table.cursor_row)[0] == str(ENTRIES)
        log.query_one("#filter", Input).value = "disputed"
        await pilot.pause()
        disputed = len([n for n in range(1, ENTRIES + 1) if n % 70 == 0 and n % 3])  # a note on #n flags #n-1
        assert f"{disputed:,} entries match" in str(log.query_one("#count", Static).content)
        assert table.row_count == disputed
        await pilot.press("escape")
        await pilot.press("left", "left")
        assert app.cursor == ENTRIES - 2
        assert app.service.state(app.cursor).chain.last_number == ENTRIES - 2
        await pilot.press("g")
        await pilot.pause()
        await pilot.press(*"50000", "enter")
        await pilot.pause()
        assert app.cursor == 50_000
        assert "as of entry #50000" in str(app.dashboard.query_one("#banner", Static).content)
    app.service.close()
