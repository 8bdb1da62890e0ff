"""turnledger's PostgreSQL recorder (ledger/pg_recorder.py, issue 17): an append is one INSERT,
with no table lock, NOTIFY or explicit transaction; a batch is one COPY that writes all or
nothing; two writers racing for one entry number still end in one entry and one refusal."""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, NotSupportedError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder
from psycopg import pq
from psycopg.rows import tuple_row

from ledger import pg_recorder
from ledger.errors import ConflictError
from ledger.location import persistence_env
from ledger.pg_recorder import LedgerPostgresFactory, LedgerPostgresRecorder
from ledger.store import LedgerStore
from ledger.verify import verify
from tests.ledger.toy import CAMPAIGN, added, clock, new_store

from pg import create_database

_names = itertools.count(1)
LIBRARY_ONLY = {"LOCK", "NOTIFY", "SET", "BEGIN", "COMMIT", "START"}
"""What the library's own recorder sends around each insert (for notification-log followers)."""


@pytest.fixture
def url(postgres_server: str) -> str:
    return create_database(postgres_server, f"recorder_{os.getpid()}_{next(_names)}")


def fill(store: LedgerStore, count: int) -> None:
    for _ in range(count):
        number = store.head() + 1
        store.append(added(1), recorded_at=clock(number), at=f"step {number}")


@contextlib.contextmanager
def sent(store: LedgerStore, folder: Path) -> Iterator[Counter[str]]:
    """The statements the store's connections send while the block runs, counted by first word
    (libpq's protocol trace of every connection in the pool: it sees BEGIN, COMMIT and pipeline
    syncs too). Statements prepared before the trace are named from ``pg_prepared_statements``."""
    pool = store.app.recorder.datastore.pool
    connections = [pool.getconn() for _ in range(pool.get_stats()["pool_size"])]
    prepared: list[dict[str, str]] = []
    try:
        for number, conn in enumerate(connections):
            with conn.cursor(row_factory=tuple_row) as cursor:
                prepared.append(dict(cursor.execute("SELECT name, statement FROM pg_prepared_statements")))
            conn.pgconn.trace(os.open(folder / f"{number}.trace", os.O_WRONLY | os.O_CREAT | os.O_TRUNC))
            conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
    finally:
        for conn in connections:
            pool.putconn(conn)
    counts: Counter[str] = Counter()
    try:
        yield counts
    finally:
        connections = [pool.getconn() for _ in range(len(connections))]
        for conn in connections:
            conn.pgconn.untrace()
            pool.putconn(conn)
        for number, names in enumerate(prepared):
            counts.update(_statements(folder / f"{number}.trace", names))


def _statements(path: Path, names: dict[str, str]) -> Counter[str]:
    found: Counter[str] = Counter()
    bound = ""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        direction, _length, message, fields = [*line.split("\t", 3), "", "", ""][:4]
        quoted = fields.split('"')
        if direction != "F":
            continue
        if message == "Parse" and len(quoted) > 3:
            names[quoted[1]] = quoted[3]
        elif message == "Bind" and len(quoted) > 3:
            bound = names.get(quoted[3], "")
        elif message == "Execute":
            found[(bound.split() or ["?"])[0].upper()] += 1
        elif message == "Query" and len(quoted) > 1:
            found[(quoted[1].split() or ["?"])[0].upper()] += 1
    return found


def test_postgresql_locations_use_turnledger_s_recorder_and_the_library_s_snapshots(url: str) -> None:
    assert persistence_env(url)["PERSISTENCE_MODULE"] == "ledger.pg_recorder"
    store = new_store(url)
    try:
        assert type(store.app.factory) is LedgerPostgresFactory
        assert type(store.app.recorder) is LedgerPostgresRecorder
        assert store.app.snapshots is not None
        assert type(store.app.snapshots.recorder) is PostgresAggregateRecorder
        with pytest.raises(NotSupportedError, match="notification-log subscriptions"):
            store.app.recorder.subscribe()
    finally:
        store.close()


def test_an_append_is_one_insert_without_lock_notify_or_transaction(url: str, tmp_path: Path) -> None:
    store = new_store(url)
    try:
        fill(store, 2)
        with sent(store, tmp_path) as counts:
            fill(store, 3)
        assert counts["INSERT"] == 3
        assert not LIBRARY_ONLY & counts.keys(), counts
        with psycopg.connect(url) as other:  # committed: another session sees every entry at once
            row = other.execute("SELECT count(*) FROM turnledger_events").fetchone()
            assert row is not None and row[0] == store.head() == 6
    finally:
        store.close()


def _rows(template: StoredEvent, versions: list[int]) -> list[StoredEvent]:
    return [
        StoredEvent(
            originator_id=template.originator_id, originator_version=v, topic=template.topic, state=template.state
        )
        for v in versions
    ]


def test_a_batch_is_one_copy_and_a_stored_or_repeated_number_writes_nothing_of_it(url: str, tmp_path: Path) -> None:
    store = new_store(url)
    try:
        fill(store, 2)
        recorder = store.app.recorder
        (last,) = store.stored_rows(gt=2)

        def versions() -> list[int]:
            return [row.originator_version for row in recorder.select_events(CAMPAIGN)]

        for clash in ([4, 5, 3, 6], [4, 5, 5, 6]):  # already stored; twice in the batch
            with pytest.raises(IntegrityError):
                recorder.insert_events(_rows(last, clash))
            assert versions() == [1, 2, 3]
        with sent(store, tmp_path) as counts:
            recorder.insert_events(_rows(last, [4, 5, 6]))
        assert versions() == [1, 2, 3, 4, 5, 6]
        assert counts["COPY"] == 1
        assert not ({"INSERT"} | LIBRARY_ONLY) & counts.keys(), counts
    finally:
        store.close()


def _waiting_inserts(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as watcher:
        row = watcher.execute(
            "SELECT count(*) FROM pg_locks WHERE relation = 'turnledger_events'::regclass AND NOT granted"
        ).fetchone()
        return int(row[0]) if row else 0


def test_two_writers_racing_for_one_entry_number_end_in_one_entry_and_one_refusal(url: str) -> None:
    first = new_store(url)
    fill(first, 1)
    second = LedgerStore(url)
    outcomes: dict[str, Any] = {}

    def write(name: str, store: LedgerStore) -> None:
        try:
            outcomes[name] = store.append(added(1), recorded_at=clock(3), at="race")["number"]
        except Exception as error:  # the test compares what each writer met
            outcomes[name] = error

    try:
        # Hold both INSERTs at the table until both are in flight, then let them race.
        with psycopg.connect(url) as blocker:
            blocker.execute("LOCK TABLE turnledger_events IN SHARE MODE")
            threads = [threading.Thread(target=write, args=pair) for pair in (("a", first), ("b", second))]
            for thread in threads:
                thread.start()
            deadline = time.monotonic() + 20
            while _waiting_inserts(url) < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert _waiting_inserts(url) == 2
            blocker.commit()
        for thread in threads:
            thread.join(timeout=20)
        assert sorted(outcomes) == ["a", "b"]
        won = [name for name, outcome in outcomes.items() if outcome == 3]
        lost = [outcome for outcome in outcomes.values() if isinstance(outcome, ConflictError)]
        assert len(won) == 1 and len(lost) == 1, outcomes
        assert "another referee recorded an entry first" in str(lost[0])
        loser = second if won == ["a"] else first
        fill(loser, 1)  # the refused writer reloads and goes on from the winner's entry
        assert loser.head() == 4
    finally:
        second.close()
        first.close()
    with LedgerStore(url) as reopened:
        assert [entry["number"] for entry in reopened.entries()] == [1, 2, 3, 4]
        assert verify(reopened).ok


@pytest.mark.parametrize("versions", [[4], [4, 5, 6]], ids=["an append", "a batch"])
def test_a_write_whose_answer_was_lost_is_not_taken_for_another_writers(
    url: str, versions: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statement commits, the connection drops before the answer: the next try meets the rows
    this call wrote. Those are its success (one copy each, the append's id returned), while a row
    another writer stored at the number is still a conflict (issue 31, bench/club.py)."""
    store = new_store(url)
    try:
        fill(store, 2)
        recorder = store.app.recorder
        (last,) = store.stored_rows(gt=2)
        once = recorder._insert_once
        tries: list[int] = []

        def committed_then_dropped(events: Any) -> Any:
            written = once(events)
            tries.append(len(events))
            if len(tries) == 1:
                raise OperationalError("server closed the connection unexpectedly")
            return written

        monkeypatch.setattr(recorder, "_insert_once", committed_then_dropped)
        monkeypatch.setattr(pg_recorder, "RETRY_WAIT_S", 0.0)
        returned = recorder.insert_events(_rows(last, versions))
        assert len(tries) == 1  # the second try met the rows before writing anything
        stored = [row.originator_version for row in recorder.select_events(CAMPAIGN)]
        assert stored == [1, 2, 3, *versions]
        assert (returned is None) == (len(versions) > 1) and (returned is None or len(returned) == 1)
        number = versions[-1] + 1
        theirs = StoredEvent(last.originator_id, number, last.topic, last.state)
        ours = StoredEvent(last.originator_id, number, last.topic, last.state + b" ")

        def dropped_while_another_writes(events: Any) -> Any:
            if len(tries) == 1:  # the first try fails before writing; meanwhile another writer takes the number
                tries.append(0)
                once([theirs])
                raise OperationalError("server closed the connection unexpectedly")
            return once(events)

        tries[:] = [1]
        monkeypatch.setattr(recorder, "_insert_once", dropped_while_another_writes)
        with pytest.raises(IntegrityError):
            recorder.insert_events([ours])
        assert [row.state for row in recorder.select_events(CAMPAIGN, gt=number - 1)] == [last.state]
    finally:
        store.close()
