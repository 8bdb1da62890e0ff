"""Closing a campaign while another thread reads it (a console worker reading a state ahead, the
log's rows, an audit): the close waits for the read, which ends normally (it crashed the process
inside SQLite once: tests/tui/test_console_large.py under load, 2026-11-27)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from referee.commands import CreateCampaign
from referee.service import RefereeService


def test_closing_waits_for_a_read_under_way_in_another_thread(tmp_path: Path) -> None:
    service = RefereeService.create(
        str(tmp_path / "c.db"), CreateCampaign(scenario="revised-europa/barbarossa", name="c")
    )
    datastore: Any = service.store.app.recorder.datastore
    entries = service.head()
    holding, go_on = threading.Event(), threading.Event()
    counted: list[int] = []
    failed: list[BaseException] = []

    def reader() -> None:
        try:
            with datastore.transaction(commit=False) as cursor:
                holding.set()
                go_on.wait(30)
                cursor.execute("SELECT count(*) FROM stored_events")
                counted.append(cursor.fetchone()[0])
        except BaseException as error:  # what the read met, for the assertion below
            failed.append(error)

    reading = threading.Thread(target=reader)
    reading.start()
    assert holding.wait(30)
    closing = threading.Thread(target=service.close)
    closing.start()
    closing.join(1.0)  # without the wait, the close is over by now and the read meets a closed connection
    assert closing.is_alive(), "the close did not wait for the read under way"
    go_on.set()
    reading.join(30)
    closing.join(30)
    assert not failed, failed
    assert counted == [entries]
