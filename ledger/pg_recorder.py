"""turnledger's PostgreSQL persistence module: the library's, with entries written in fewer trips.

`ledger.location` names this module as ``PERSISTENCE_MODULE`` for every ``postgresql://``
location; the library's ``InfrastructureFactory.construct`` takes the one factory class defined
here (`LedgerPostgresFactory`), whose application recorder subclasses the library's
``PostgresApplicationRecorder``. Only ``insert_events`` is turnledger's own: table and type
creation, the selects, the snapshots table (the library's aggregate recorder) and the table layout
are the library's, so existing campaigns and the auditor's views (ledger/pg_views.py) are unchanged.

Why (issue 17): the library writes each save as BEGIN, ``SET LOCAL lock_timeout``, ``LOCK TABLE
... IN EXCLUSIVE MODE``, ``NOTIFY``, the INSERT, a pipeline sync and COMMIT: 8 round trips for a
one-entry append, 5-9x a raw INSERT + COMMIT on the same server (issue 17; 5.2x below). The lock and the NOTIFY serve
followers of the notification log (process applications, ``subscribe``): the lock makes
notification ids gap-free and in commit order, the NOTIFY wakes the followers. turnledger has no
followers (it reads the notification log once, ``select_notifications(start=1, limit=1)``, to find
its campaign id) and so `subscribe` here refuses. Two writers of one campaign are still kept apart
by the primary key (originator_id, originator_version): the second INSERT of an entry number
fails with a unique violation, which the datastore raises as the library's ``IntegrityError``
(turnledger's ``ConflictError``).

What is written instead:

* one entry (an append): one prepared ``INSERT ... VALUES ... RETURNING notification_id`` on the
  pool's autocommit connection, which is its own transaction, committed (and, with the server's
  ``synchronous_commit``, durable) before the server answers: one round trip;
* several entries (an import batch of 1,000, a branch): one ``COPY ... FROM STDIN (FORMAT
  BINARY)``, also a single statement in autocommit, hence one transaction: a duplicate entry
  number anywhere in it raises ``IntegrityError`` and writes nothing of the batch. No text
  escaping on either side. It returns no notification ids (the library allows None: no
  `Recording`s, which turnledger does not read);
* a batch with the cached states among its entries (ledger/sealed_rows.py: import, branch): a
  COPY into each table inside one transaction (`insert_with_caches`), one commit a batch.

Measured (PostgreSQL 15 on loopback, fsync off). One import batch, 1,000 rows of about 1 kB, ms:
the library's array of composite values 36, four ``unnest`` arrays 22, ``executemany`` in a
pipeline 8.5 (binary 15), COPY text 8.6, COPY binary 5.7. bench/postgres.py (``--entries 2000
--scale 3 --runs 2 --window 200``), the library's recorder -> this one: an append 1.73 ms -> 1.13-1.15
ms (raw INSERT + COMMIT 0.33 ms: pg_append_ratio 5.2 -> 3.3), 9.1 statements and 8.1 round trips ->
4.1 and 4.1 (one INSERT; the other three are the repository's SELECTs fast-forwarding its cached
book); import 11,900 -> 22,500 entries/s (raw COPY 90,000-114,000 rows/s: pg_import_ratio 0.10 ->
0.22-0.26); pg_append_last_vs_first 1.03 -> 1.01. What an import spends now is mostly turnledger's
own work (reading, checking and folding the entries): the COPYs are about a tenth of it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from eventsourcing import postgres as library
from eventsourcing.persistence import (
    ApplicationRecorder,
    IntegrityError,
    InterfaceError,
    NotSupportedError,
    OperationalError,
    StoredEvent,
    Subscription,
)
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

ATTEMPTS = 10
"""Tries of one write when the connection fails (the library's own retry allowed as many)."""
RETRY_WAIT_S = 0.2
"""Seconds before the second try, growing by as much each try after."""

COLUMNS = "originator_id, originator_version, topic, state"
"""The columns an entry is written in (the notification id is the table's own sequence)."""


class LedgerPostgresRecorder(library.PostgresApplicationRecorder):
    """The library's application recorder; `insert_events` without the table lock and NOTIFY."""

    def __init__(self, datastore: library.PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        table = SQL("{}.{}").format(Identifier(self.datastore.schema), Identifier(self.events_table_name))
        self.insert_one_statement = SQL(
            "INSERT INTO {table} (" + COLUMNS + ") VALUES (%s, %s, %s, %s) RETURNING notification_id"
        ).format(table=table)
        self.copy_statement = SQL("COPY {table} (" + COLUMNS + ") FROM STDIN (FORMAT BINARY)").format(table=table)
        self.copy_types = [self.datastore.originator_id_type, "int8", "text", "bytea"]

    def insert_events(self, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        """Write the events in one transaction of one statement on an autocommit connection
        (``POSTGRES_ENABLE_DB_FUNCTIONS``, the library's stored function, is not used), tried
        again when the connection fails (up to `ATTEMPTS`).

        A try whose statement committed but whose answer was lost (the connection dropped on the
        way back) leaves the entries written: the next try then meets its own rows. Those, the
        same bytes at the same numbers, are this call's success, not another referee's entry
        (issue 31, bench/club.py: reported as a conflict, a referee re-entering the command would
        have recorded it twice).

        Raises:
            IntegrityError: an event's (originator_id, originator_version) is already stored by
                another writer (nothing of this call is written).
        """
        if not stored_events:
            return None
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return self._insert_once(stored_events)
            except IntegrityError:
                if attempt > 1 and self._written_already(stored_events):
                    return self._notification_ids(stored_events)
                raise
            except (InterfaceError, OperationalError):
                if attempt == ATTEMPTS:
                    raise
                time.sleep(RETRY_WAIT_S * attempt)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _written_already(self, stored_events: Sequence[StoredEvent]) -> bool:
        """Whether every event is stored, at its number, with exactly its topic and bytes."""
        table = SQL("{}.{}").format(Identifier(self.datastore.schema), Identifier(self.events_table_name))
        query = SQL(
            "SELECT originator_version, topic, state FROM {table} "
            "WHERE originator_id = %s AND originator_version = ANY(%s)"
        ).format(table=table)
        wanted = {event.originator_version: (event.topic, bytes(event.state)) for event in stored_events}
        ids = {event.originator_id for event in stored_events}
        if len(ids) != 1:
            return False
        with self.datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(query, (ids.pop(), list(wanted)))
            stored = {row["originator_version"]: (row["topic"], bytes(row["state"])) for row in cursor.fetchall()}
        return stored == wanted

    def _notification_ids(self, stored_events: Sequence[StoredEvent]) -> Sequence[int] | None:
        """What `insert_events` returns for events found written: the one entry's id, as its
        INSERT would have; None for a batch, as its COPY does."""
        if len(stored_events) != 1:
            return None
        (event,) = stored_events
        table = SQL("{}.{}").format(Identifier(self.datastore.schema), Identifier(self.events_table_name))
        query = SQL("SELECT notification_id FROM {table} WHERE originator_id = %s AND originator_version = %s").format(
            table=table
        )
        with self.datastore.get_connection() as conn, conn.cursor() as cursor:
            cursor.execute(query, (event.originator_id, event.originator_version))
            return [int(row["notification_id"]) for row in cursor.fetchall()]

    def _insert_once(self, stored_events: Sequence[StoredEvent]) -> Sequence[int] | None:
        """One try: an INSERT for one entry, a COPY for several."""
        with self.datastore.get_connection() as conn, conn.cursor() as cursor:
            assert conn.autocommit  # the datastore's pool configures every connection so
            if len(stored_events) == 1:
                (event,) = stored_events
                params = (event.originator_id, event.originator_version, event.topic, event.state)
                cursor.execute(self.insert_one_statement, params, prepare=True)
                return [int(row["notification_id"]) for row in cursor.fetchall()]
            with cursor.copy(self.copy_statement) as copy:
                copy.set_types(self.copy_types)
                for event in stored_events:
                    copy.write_row((event.originator_id, event.originator_version, event.topic, event.state))
        return None

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_with_caches(
        self, rows: Sequence[tuple[Any, ...]], caches: Sequence[tuple[Any, ...]], cache_recorder: Any
    ) -> None:
        """Entries' rows and the cached states among them (ledger/sealed_rows.py) in one
        transaction: a COPY into each table, so that a killed import leaves whole batches, each
        with its cached states, and one commit a batch instead of two.

        Raises:
            IntegrityError: a row's (originator_id, originator_version) is already stored
                (nothing of this call is written).
        """
        schema = Identifier(self.datastore.schema)
        caches_copy = SQL("COPY {}.{} (" + COLUMNS + ") FROM STDIN (FORMAT BINARY)").format(
            schema, Identifier(cache_recorder.events_table_name)
        )
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as cursor:
            for statement, written in ((self.copy_statement, rows), (caches_copy, caches)):
                if not written:
                    continue
                with cursor.copy(statement) as copy:
                    copy.set_types(self.copy_types)
                    for row in written:
                        copy.write_row(row)

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[ApplicationRecorder]:
        """Refused: this recorder sends no NOTIFY and does not keep notification ids in commit
        order, which a follower of the notification log relies on."""
        raise NotSupportedError("turnledger's PostgreSQL recorder does not serve notification-log subscriptions")


class LedgerPostgresFactory(library.PostgresFactory):
    """The library's PostgreSQL factory, with `LedgerPostgresRecorder` as the application recorder
    (the one class of this module ``InfrastructureFactory.construct`` finds)."""

    application_recorder_class = LedgerPostgresRecorder

    def __init__(self, env: Any) -> None:
        """The library's datastore, opened waiting for its first connection (issue 31): the
        library opens its pool without waiting, so the first query finds it empty and the pool
        grows to a second connection it then keeps for ten idle minutes: every process held two
        connections where its pool size says one (bench/club.py, `club_connections_per_process`;
        tests/ledger/test_pg_connections.py). Waiting costs nothing: the first query waits for a
        connection anyway, and a server that cannot be reached still fails within the connect
        timeout, with the same error."""
        super().__init__(env)
        self.datastore.pool_open_timeout = float(self.env.get(self.POSTGRES_CONNECT_TIMEOUT) or 5)
