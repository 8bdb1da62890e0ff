"""Issue 28, 3: the dashboard's trend labels and lines are current at once after every recorded
entry, undo and branch (they lagged one entry: "Soviet SP 135" beside a pool of 130); 14: the help
dialog is built once and kept (bench/console_keys.py times the keys; no test here is timed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Sparkline

from tui.app import TurnledgerApp, make_app
from tui.widgets import TrendLabel, TrendLines

from pilot_waits import until
from support import TickingClock

"""Frames a condition is waited for: what is shown at once needs one or two."""


@pytest.fixture
def app(tmp_path: Path) -> TurnledgerApp:
    return make_app(str(tmp_path / "current.db"), clock=TickingClock())


def label(app: TurnledgerApp, trend: str) -> str:
    return next(str(found.content) for found in app.dashboard.query(TrendLabel) if found.trend == trend)


def line(app: TurnledgerApp, trend: str) -> list[float]:
    for found in app.dashboard.query(TrendLabel):
        if found.trend == trend and found.parent is not None:
            return list(found.parent.query_one(Sparkline).data or [])
    raise AssertionError(f"no trend line {trend!r}")


async def loaded(app: TurnledgerApp, pilot: Any) -> None:
    """The trend lines read from the record now, not after the opening's half-second timer."""
    app.start_preload()
    await app.workers.wait_for_complete()
    await pilot.pause()


def soviet_sp(app: TurnledgerApp) -> str:
    return f"Soviet SP {app.service.current().supply_pools['Soviet'].stockpile}"


async def recorded_from_a_form(app: TurnledgerApp, pilot: Any, command: dict[str, Any]) -> None:
    """Record as the forms do: with the form on top of the dashboard, closed after."""
    await pilot.press("c")
    assert await until(pilot, lambda: app.screen is not app.dashboard)
    assert app.record(command)
    await pilot.press("escape")


async def test_a_debit_shows_beside_its_line_at_once(app: TurnledgerApp) -> None:
    """The label said the figure before the entry (Soviet SP 135 beside a pool of 130) until the
    next key: each entry built the lines anew, their labels from the figures marked before it."""
    async with app.run_test(size=(140, 45)) as pilot:
        await loaded(app, pilot)
        before = soviet_sp(app)
        assert await until(pilot, lambda: label(app, "Soviet SP") == before)
        await recorded_from_a_form(
            app, pilot, {"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 5, "reason": "x"}
        )
        after = soviet_sp(app)
        assert after != before
        assert await until(pilot, lambda: label(app, "Soviet SP") == after), label(app, "Soviet SP")
        figure = app.service.current().supply_pools["Soviet"].stockpile
        assert await until(pilot, lambda: line(app, "Soviet SP")[-1:] == [figure])


async def test_an_entry_recorded_while_the_record_is_read_stays_on_the_line(app: TurnledgerApp) -> None:
    """The read of the record for the lines, begun before the entry, ends after it: the entry is
    added to what it read, not dropped."""
    async with app.run_test(size=(140, 45)) as pilot:
        app.start_preload()  # reads up to the head as it is now
        app.record({"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 7, "reason": "spent"})
        figure = app.service.current().supply_pools["Soviet"].stockpile
        await app.workers.wait_for_complete()
        assert await until(pilot, lambda: line(app, "Soviet SP")[-1:] == [figure])
        assert label(app, "Soviet SP") == soviet_sp(app)


async def test_undo_and_branch_leave_labels_and_lines_current(app: TurnledgerApp, tmp_path: Path) -> None:
    async with app.run_test(size=(140, 45)) as pilot:
        await loaded(app, pilot)
        app.record({"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 5, "reason": "spent"})
        kept = app.service.current().supply_pools["Soviet"].stockpile
        app.record({"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 40, "reason": "a typo"})
        await pilot.press("left")
        await pilot.press("u")
        assert await until(pilot, lambda: app.screen.query("#reason").first(Input) is not None)
        app.screen.query_one("#reason", Input).value = "the 40 was a typo"
        await pilot.click("#confirm")
        assert await until(pilot, lambda: label(app, "Soviet SP") == f"Soviet SP {kept}"), label(app, "Soviet SP")
        assert line(app, "Soviet SP")[-1] == kept and kept - 40 not in line(app, "Soviet SP")
        await pilot.press("left", "b")
        await app.workers.wait_for_complete()
        assert await until(pilot, lambda: app.screen is app.dashboard)
        assert label(app, "Soviet SP") == f"Soviet SP {app.shown_state().supply_pools['Soviet'].stockpile}"
        assert line(app, "Soviet SP")[-1] == kept


class State:
    """What `TrendLines.tracing` reads of a state: its last entry."""

    def __init__(self, number: int) -> None:
        self.chain = type("Chain", (), {"last_number": number})()


def test_the_trend_lines_take_back_what_a_rollback_undid_and_keep_what_came_during_a_read() -> None:
    lines = TrendLines()
    trends, taken = TrendLines.tracing(lambda state: {"Axis SP": state.chain.last_number * 10})
    series = {"Axis SP": [trends(State(number))["Axis SP"] for number in (2, 4, 6)]}
    lines.reading()
    lines.add(7, {"Axis SP": 70, "Soviet SP": 5})  # recorded while the record was read up to #6
    lines.load(series, taken)
    assert lines.values == {"Axis SP": [20, 40, 60, 70], "Soviet SP": [5]}
    lines.add(8, {"Axis SP": 40, "Soviet SP": 4}, rolled_back_to=4)  # #5-#7 undone
    assert lines.values == {"Axis SP": [20, 40, 40], "Soviet SP": [4]}


async def test_the_help_is_built_once_and_opens_again_on_its_keys(app: TurnledgerApp) -> None:
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("question_mark")
        help_dialog = app.screen
        assert help_dialog is not app.dashboard
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is app.dashboard)
        app.notify("#2: a status toast")
        await pilot.press("question_mark")
        assert await until(pilot, lambda: app.screen is help_dialog)
        assert not [toast for toast in app._notifications if not toast.title]  # withdrawn, as a new dialog does
        await pilot.press("question_mark")
        assert await until(pilot, lambda: app.screen is app.dashboard)
