"""The console's log filter with its index (issue 28): the matches shown are those reading the
record gives; the index is built by the first search and kept up by later ones as entries are
recorded; a forged index shows no wrong row (the filter reads the record and the index is built
again); an entry altered in the store under the open log is refused and named, never shown; a
read-only view writes no index."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

import referee.common.log_pages as log_pages
import tui.screens.log as log_screen
from ledger.text_index import TextIndex
from referee.common.log import log_rows
from referee.common.log_pages import search_text
from referee.service import RefereeService
from tui.app import TurnledgerApp, make_app
from tui.cli import main
from tui.dialogs.error import ErrorDialog
from tui.row_table import RowTable
from tui.screens.log import LogScreen

EXPORT = Path(__file__).resolve().parents[1] / "data" / "exports" / "reich-1941-0.3.0.jsonl"


@pytest.fixture
def campaign(tmp_path: Path) -> str:
    """The golden Third Reich campaign (291 entries)."""
    path = tmp_path / "reich.db"
    assert main(["import", str(EXPORT), str(path)]) == 0
    return str(path)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every log row the table turns into text, in order."""
    seen: list[dict[str, Any]] = []
    cells = log_screen.cells

    def recorded(row: dict[str, Any]) -> tuple[str, ...]:
        seen.append(row)
        return cells(row)

    monkeypatch.setattr(log_screen, "cells", recorded)
    return seen


def since_shown(monkeypatch: pytest.MonkeyPatch, drawn: list[dict[str, Any]]) -> None:
    """``drawn`` keeps only the rows drawn since the table was last given rows to show (a line of
    the rows shown before, drawn again while a new filter's search runs, is not the new filter's:
    on a loaded machine one was, and the test read it as a row the filter drew)."""
    show = RowTable.show

    def shown(table: RowTable, rows: Any, cursor: int | None = None) -> None:
        drawn.clear()
        show(table, rows, cursor)

    monkeypatch.setattr(RowTable, "show", shown)


def truth(location: str, text: str) -> list[int]:
    """The entry numbers reading the whole record finds for ``text``."""
    service = RefereeService.open(location)
    try:
        return [row["number"] for row in log_rows(service.entries()) if text in search_text(row)]
    finally:
        service.close()


async def settle(pilot: Pilot[Any]) -> None:
    """Until every worker has finished (a search may start others, not running yet: the index
    distrusted, the record read instead, the index built again)."""
    app = pilot.app
    for _ in range(40):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        if all(worker.is_finished for worker in app.workers):
            return
    raise AssertionError("the workers never settled")


async def open_log(pilot: Pilot[Any]) -> LogScreen:
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    log = pilot.app.screen
    assert isinstance(log, LogScreen)
    return log


async def filtered(pilot: Pilot[Any], log: LogScreen, text: str) -> list[int]:
    log.query_one("#filter", Input).value = text
    await settle(pilot)
    return [int(log.table.get_row_at(index)[0]) for index in range(log.table.row_count)]


async def test_the_filter_shows_what_reading_the_record_shows(
    campaign: str, drawn: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """... and a text of one or two characters held by more entries than the log shows for it
    (`log_pages.NEWEST`) shows the newest of them, the count line saying so."""
    index = TextIndex(Path(campaign + ".log-index.sqlite"))
    since_shown(monkeypatch, drawn)
    app: TurnledgerApp = make_app(campaign)
    async with app.run_test(size=(140, 45)) as pilot:
        log = await open_log(pilot)
        assert index.reflects() is None
        for text in ("declares war", "axis", "→", "ge", "no such words"):
            shown = await filtered(pilot, log, text)
            assert shown == truth(campaign, text), text
            assert all(text in search_text(row) for row in drawn) and (drawn or not shown)
            reflects = index.reflects()
            assert reflects is not None and reflects.last == app.head == 291  # built by the first search
        monkeypatch.setattr(log_pages, "NEWEST", 10)
        assert await filtered(pilot, log, "a") == truth(campaign, "a")[-10:]
        assert str(log.query_one("#count", Static).content).startswith(
            "the newest 10 entries holding 'a' (a third character searches them all)"
        )
        app.record({"kind": "Annotate", "entry": 3, "text": "declares war again"})
        await settle(pilot)
        assert await filtered(pilot, log, "declares war") == truth(campaign, "declares war")
        reflects = index.reflects()
        assert reflects is not None and reflects.last == 292  # kept up by the searches after it
    app.service.close()


async def test_a_forged_index_shows_no_wrong_row(campaign: str, drawn: list[dict[str, Any]]) -> None:
    app: TurnledgerApp = make_app(campaign)
    async with app.run_test(size=(140, 45)) as pilot:
        log = await open_log(pilot)
        assert await filtered(pilot, log, "axis") == truth(campaign, "axis")  # the index built
        with sqlite3.connect(campaign + ".log-index.sqlite") as db:  # it now proposes #150 for a text #150 lacks
            db.execute("INSERT INTO texts (rowid, text) VALUES (150, 'zqxj forged')")
        db.close()
        drawn.clear()
        assert await filtered(pilot, log, "zqxj") == []
        assert [row["number"] for row in drawn if row["kind"] != "—"] == []  # #150 never drawn as a match,
        assert next(row["summary"] for row in drawn if row["number"] == 150).startswith("not a match")  # but so
        assert "0 entries match" in str(log.query_one("#count", Static).content)
        found = TextIndex(Path(campaign + ".log-index.sqlite")).search("zqxj")
        assert found is not None and found.count == 0  # built again
        assert await filtered(pilot, log, "axis") == truth(campaign, "axis")
    app.service.close()


async def test_an_entry_altered_under_the_open_log_is_named_never_shown(
    campaign: str, drawn: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_pages, "PAGE", 16)  # the altered entry's page is not among those read already
    (altered,) = truth(campaign, "italy builds 3 infantry")
    assert altered == 134
    app: TurnledgerApp = make_app(campaign)
    async with app.run_test(size=(140, 45)) as pilot:
        log = await open_log(pilot)
        assert await filtered(pilot, log, "axis") == truth(campaign, "axis")  # the index built
        db = sqlite3.connect(campaign)
        with db:
            (blob,) = db.execute("SELECT state FROM stored_events WHERE originator_version = ?", (altered,)).fetchone()
            blob = blob.replace(b"Italy builds 3 infantry", b"Italy builds 9 infantry")
            db.execute("UPDATE stored_events SET state = ? WHERE originator_version = ?", (blob, altered))
        db.close()
        drawn.clear()
        log.query_one("#filter", Input).value = "italy builds 3 infantry"  # the index still proposes it
        await settle(pilot)
        assert isinstance(app.screen, ErrorDialog) and f"#{altered}" in app.screen.message
        assert not [row for row in drawn if "builds 9" in row["summary"]]
        assert not [row for row in drawn if row["number"] == altered and row["kind"] != "—"]
    app.service.close()


async def test_a_read_only_view_writes_no_index(campaign: str) -> None:
    app: TurnledgerApp = make_app(campaign, read_only=True)
    async with app.run_test(size=(140, 45)) as pilot:
        log = await open_log(pilot)
        assert await filtered(pilot, log, "declares war") == truth(campaign, "declares war")
    app.service.close()
    assert not Path(campaign + ".log-index.sqlite").exists()
