"""One connection a process on PostgreSQL (issue 31, a club's server): the library opens its pool
without waiting, so the first query found it empty and grew it to a second connection, kept for
ten idle minutes; ledger/pg_recorder.py opens it waiting for the first. The pool's own count is
read (it is raised when a connection is asked for, not when the server answers, so it cannot lag),
and the server's view of the database is checked once the work is done."""

from __future__ import annotations

import itertools
import os

import psycopg

from ledger.store import LedgerStore
from ledger.verify import verify
from tests.ledger.toy import added, clock, new_store

from pg import create_database

_names = itertools.count(1)


def _pool_size(store: LedgerStore) -> int:
    return int(store.app.recorder.datastore.pool.get_stats()["pool_size"])


def _backends(server: str, database: str) -> int:
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = %s",
            (database,),
        ).fetchone()
    return int(row[0]) if row else -1


def test_a_campaign_keeps_one_connection_from_open_to_close(postgres_server: str) -> None:
    database = f"connections_{os.getpid()}_{next(_names)}"
    url = create_database(postgres_server, database)
    store = new_store(url)
    try:
        assert _pool_size(store) == 1
        for number in range(2, 12):
            store.append(added(1), recorded_at=clock(number), at=f"step {number}")
        assert verify(store).ok
        assert _pool_size(store) == 1
    finally:
        store.close()
    reopened = LedgerStore(url)
    try:
        assert reopened.head() == 11
        assert [entry["number"] for entry in reopened.entries(10)] == [10, 11]
        assert _pool_size(reopened) == 1
        assert _backends(postgres_server, database) == 1
    finally:
        reopened.close()
