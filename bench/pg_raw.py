"""The raw psycopg side of bench/postgres.py: what the same server does with the same rows when
nothing of turnledger or eventsourcing stands in between, the baseline each PostgreSQL ratio is
taken against (docs/PERFORMANCE.md).

Why here, apart from the runs: each baseline must write rows of the very bytes the store wrote,
into a table of the very shape eventsourcing makes (`create_events_table`), so that a ratio
measures the software and not a difference of rows or indexes.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg
from psycopg import sql

from ledger.store import LedgerStore

ROW = "originator_id, originator_version, topic, state"
"""The columns eventsourcing stores an entry in (its notification id is the table's own)."""


class PairedInserts:
    """A raw ``INSERT`` + ``COMMIT`` (psycopg, autocommit off, one transaction per row) of each row
    the store has just written, timed right after its append: the two are compared at the same
    moment, under the same load from the rest of the machine, with rows of the same bytes.

    The same rows inserted back to back (`back_to_back`) cost several times less: a server that
    had no pause between two commits answers faster than one that sat idle for an append.
    """

    def __init__(self, url: str, store: LedgerStore) -> None:
        self.store = store
        self.rows: list[tuple[Any, ...]] = []
        self.timings: list[float] = []
        self.conn = psycopg.connect(url)
        create_events_table(self.conn, "raw_events")
        self.conn.commit()

    def __call__(self, entry: dict[str, Any]) -> None:
        number = entry["number"]
        (row,) = self.store.stored_rows(gt=number - 1, lte=number)
        self.rows.append((row.originator_id, row.originator_version, row.topic, row.state))
        self.timings.append(self._insert("raw_events", self.rows[-1]))

    def back_to_back(self) -> list[float]:
        """Seconds of each of the same rows' ``INSERT`` + ``COMMIT``, one right after the other,
        into a second table of the same shape."""
        create_events_table(self.conn, "raw_events_loop")
        self.conn.commit()
        return [self._insert("raw_events_loop", row) for row in self.rows]

    def _insert(self, table: str, row: tuple[Any, ...]) -> float:
        started = time.perf_counter()
        self.conn.execute(f"INSERT INTO {table} ({ROW}) VALUES (%s, %s, %s, %s)", row)
        self.conn.commit()
        return time.perf_counter() - started

    def close(self) -> None:
        self.conn.close()


def stored_rows(url: str) -> list[tuple[Any, ...]]:
    """The store's entry rows, in order, exactly as eventsourcing wrote them."""
    with LedgerStore(url) as store:
        table = store.app.recorder.events_table_name
    with psycopg.connect(url) as conn:
        query = sql.SQL("SELECT {} FROM {} ORDER BY originator_version").format(sql.SQL(ROW), sql.Identifier(table))
        return conn.execute(query).fetchall()


def create_events_table(conn: psycopg.Connection[Any], table: str) -> None:
    """A table shaped as eventsourcing's PostgreSQL application recorder makes its events table
    (its columns, primary key and notification-id index: what the raw rows pay for too)."""
    conn.execute(
        f"CREATE TABLE {table} (originator_id uuid NOT NULL, originator_version bigint NOT NULL, "
        "topic text, state bytea, notification_id bigserial, PRIMARY KEY (originator_id, originator_version))"
    )
    conn.execute(f"CREATE UNIQUE INDEX {table}_notification_id_idx ON {table} (notification_id ASC)")


def raw_copy_rate(url: str, rows: list[tuple[Any, ...]]) -> float:
    """Rows per second of one raw ``COPY`` into a fresh table, from connecting to the commit (as
    the import is timed from opening its new store to its last commit)."""
    started = time.perf_counter()
    with psycopg.connect(url) as conn:
        create_events_table(conn, "raw_events")
        with conn.cursor() as cursor, cursor.copy(f"COPY raw_events ({ROW}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        conn.commit()
    return len(rows) / (time.perf_counter() - started)
