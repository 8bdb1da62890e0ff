"""A replay step on the dashboard (issue 17): the states one step either side of the cursor are
read ahead in a worker, with the parts of the dashboard that look different drawn there too,
and nothing already drawn is drawn again. What is shown is what a state read and a whole
drawing show."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, Group

from tui import render
from tui.app import TurnledgerApp, make_app
from tui.dialogs.error import ErrorDialog
from tui.widgets import Rendered, draw_lines

from pilot_waits import until
from support import TickingClock

ROLL = {"kind": "RecordRoll", "purpose": "attack on Brest", "dice": "2D6", "faces": [5, 6], "rolled_by": "Axis"}


@pytest.fixture
def app(tmp_path: Path) -> TurnledgerApp:
    made = make_app(str(tmp_path / "steps.db"), clock=TickingClock())
    for amount in range(1, 9):
        made.service.execute_json(ROLL)
        made.service.execute_json({"kind": "DebitSupplyPoints", "side": "Axis", "amount": amount, "reason": "attack"})
    made.head = made.service.head()
    return made


async def settled(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def printed(renderable: Any) -> str:
    console = Console(width=120, record=True)
    console.print(renderable)
    return console.export_text()


async def test_a_step_finds_its_state_read_ahead_and_shows_what_a_read_shows(app: TurnledgerApp) -> None:
    head = app.head
    async with app.run_test(size=(140, 45)) as pilot:
        await settled(pilot)
        await pilot.press("left")
        await settled(pilot)
        assert app.cursor == head - 1
        ahead = app.states_ahead.get(head - 2)
        assert ahead is not None and ahead.chain.last_number == head - 2  # read in the worker
        await pilot.press("left")
        await settled(pilot)
        shown = app.shown_state()
        assert shown is ahead  # the step used the state read ahead
        assert shown.model_dump() == app.service.state(head - 2).model_dump()
        state = app.dashboard.query_one("#state", Rendered)
        read = app.service.state(head - 2)
        parts = render.state_parts(read, app.service.views(read), at=head - 2, full_roster=False)
        assert printed(state.content) == printed(Group(*(part for _key, part in parts)))
        assert f"as of entry #{head - 2}" in printed(state.content)
        assert app.states_ahead.wanted(head - 2, head) == []  # both neighbours kept
        width = state.size.width
        for key, part in parts:  # drawn ahead in the worker as the widget draws them itself
            assert state.has_drawn(key, width)
            assert state._part_lines(key, part, width) == draw_lines(app.console, part, width)


async def test_a_step_back_and_forth_draws_only_the_parts_that_changed(
    app: TurnledgerApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    draw = Rendered._draw

    def counted(self: Rendered, content: Any, width: int) -> Any:
        drawn.append(str(self.id))
        return draw(self, content, width)

    monkeypatch.setattr(Rendered, "_draw", counted)
    async with app.run_test(size=(140, 45)) as pilot:
        await settled(pilot)
        await pilot.press("left")
        await settled(pilot)
        drawn.clear()
        await pilot.press("left")  # its state's parts were drawn ahead: here only the new log line
        await settled(pilot)
        assert drawn.count("state") == 0 and drawn.count("recent") == 1
        drawn.clear()
        await pilot.press("right", "left")  # to states whose parts were drawn already
        await settled(pilot)
        assert drawn == []


async def test_an_entry_altered_under_the_console_stops_the_read_ahead_quietly(app: TurnledgerApp) -> None:
    """Reading ahead is the console's own business: an altered entry stops its worker without an
    error of its own; the step that needs a state folded through that entry is refused in the
    error dialog, and the cursor stays where it was."""
    head = app.head
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        with sqlite3.connect(app.service.location) as db:
            db.execute(
                "update stored_events set state = replace(state, 'attack', 'attacc') where originator_version = ?",
                (head - 2,),
            )
        db.close()
        await pilot.press("left")
        assert await until(pilot, lambda: isinstance(app.screen, ErrorDialog))  # drawn after the read
        assert isinstance(app.screen, ErrorDialog) and "altered" in str(app.screen.message)
        assert app.cursor is None
        await pilot.pause(0.7)  # the live read-ahead (half a second after painting) meets the same entry
        await app.workers.wait_for_complete()  # raises if a worker failed
        assert app.states_ahead.get(head - 1) is None
