"""The console's log by page (`LogPages`, issue 17): the rows it makes from the store a page at a
time are the rows `log_rows` makes holding them all, across page boundaries, after rollbacks,
notes, disputes and rulings, and as entries are taken one by one while the console is open. Its
search finds what a search of the held rows finds; its jump finds the first entry made in a
calendar position."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import referee.common.log_pages as log_pages
from referee.common.log import log_rows
from referee.common.log_pages import LogPages, search_text
from referee.service import RefereeService
from tui.cli import main

ROLL = {"kind": "RecordRoll", "purpose": "attack on Kiev", "dice": "2D6", "rolled_by": "Axis", "faces": [3, 4]}


@pytest.fixture(autouse=True)
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages of 4 entries, so a short campaign crosses many page boundaries."""
    monkeypatch.setattr(log_pages, "PAGE", 4)
    monkeypatch.setattr(log_pages, "PAGES_KEPT", 2)


@pytest.fixture
def service(tmp_path: Path) -> Any:
    path = str(tmp_path / "game.db")
    assert main(["new", path]) == 0
    opened = RefereeService.open(path)
    yield opened
    opened.close()


def advance(service: RefereeService) -> None:
    """An advance of the phase, the SP income first where the phase asks for it (B-02)."""
    calendar = service.state().table.calendar
    if calendar.phase == "Initial" and calendar.player:
        service.execute_json({"kind": "ReceiveSupplyIncome", "side": calendar.player})
    service.execute_json({"kind": "AdvancePhase"})


def play(service: RefereeService) -> None:
    """Phases advanced (the player turn and phase columns move), rolls, notes, a dispute settled
    and one left open, a rollback that undoes rolls and a note, and more after it."""
    for _ in range(3):
        advance(service)
        service.execute_json(ROLL)
    service.execute_json({"kind": "Annotate", "entry": 3, "text": "cocked die", "disputed": True})
    service.execute_json({"kind": "Annotate", "entry": 3, "text": "a plain note"})
    service.execute_json({**ROLL, "purpose": "attack on Odessa"})
    service.execute_json({"kind": "Rollback", "to": 6, "reason": "a roll too many"})
    dispute = service.execute_json({"kind": "Annotate", "entry": 5, "text": "rolled early", "disputed": True})
    service.execute_json({"kind": "SettleDispute", "entry": 5, "dispute": dispute["number"], "ruling": "fine"})
    for _ in range(4):
        advance(service)
        service.execute_json(ROLL)


def test_the_pages_give_the_rows_log_rows_gives(service: RefereeService) -> None:
    play(service)
    pages = LogPages.of(service.entries, service.entries())
    held = log_rows(service.entries())
    assert len(pages) == len(held) == service.head()
    assert list(pages) == held
    assert pages[-1] == held[-1] and pages[5:11] == held[5:11]
    assert any(row["undone_by"] for row in held) and any(row["disputed"] for row in held)
    assert {row["player"] for row in held} >= {"Axis"} and len({row["phase"] for row in held}) > 2
    with pytest.raises(IndexError):
        pages[len(held)]


def test_entries_taken_one_by_one_mark_the_rows_read_earlier(service: RefereeService) -> None:
    for _ in range(3):
        advance(service)
        service.execute_json(ROLL)
    pages = LogPages.of(service.entries, service.entries())
    before = service.head()
    assert pages[2]["notes"] == 0 and pages[4]["undone_by"] is None  # read into kept pages
    play(service)  # notes and a dispute on #3, a rollback to #6 of later entries, more
    for entry in service.entries(before + 1):
        pages.take(entry)
    assert list(pages) == log_rows(service.entries())
    assert pages[2]["notes"] == 2 and pages[2]["disputed"]
    with pytest.raises(ValueError, match="is not the next"):
        pages.take(service.entry(3))


def test_a_search_finds_what_a_search_of_the_held_rows_finds(service: RefereeService) -> None:
    play(service)
    pages = LogPages.of(service.entries, service.entries())
    held = log_rows(service.entries())
    for text in ("odessa", "annotate", "axis", "advance", "nothing like this"):
        assert pages.search(text) == [index for index, row in enumerate(held) if text in search_text(row)]
    assert pages.search("odessa")  # one entry, undone, is still found
    assert pages.search("axis", stopped=lambda: True) == []


def test_the_first_entry_made_in_a_calendar_position(service: RefereeService) -> None:
    play(service)
    pages = LogPages.of(service.entries, service.entries())
    held = log_rows(service.entries())
    for row in held:
        assert pages.first_made_in(row["at"].upper()) == next(r["number"] for r in held if r["at"] == row["at"])
    assert pages.first_made_in("Spring 1812") is None


def test_the_filter_words_come_from_the_marks_as_the_held_rows_would_give_them(service: RefereeService) -> None:
    play(service)
    pages = LogPages.of(service.entries, service.entries())
    held = log_rows(service.entries())
    assert pages.marked("disputed") == [index for index, row in enumerate(held) if row["disputed"]] != []
    assert pages.marked("undone") == [index for index, row in enumerate(held) if row["undone_by"]] != []
    assert pages.marked("kiev") is None
