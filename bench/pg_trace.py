"""What one append costs the PostgreSQL server in statements and round trips, counted from
libpq's own protocol trace of the store's connections (bench/postgres.py `statements_per_append`).

Why libpq's trace and not a wrapper around ``execute``: the trace sees everything the
connection sends, the transaction's BEGIN and COMMIT and the pipeline's syncs included, which a
Python-level count of statements would miss; round trips are what an append waits for.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from psycopg import pq
from psycopg.rows import tuple_row

if TYPE_CHECKING:
    from referee.service import RefereeService


@contextlib.contextmanager
def protocol_trace(service: RefereeService) -> Iterator[dict[str, float]]:
    """Count what the store sends the server while the block runs: ``statements`` (each Execute of
    the extended protocol, each simple Query) by their first word, and ``round_trips`` (each
    ReadyForQuery: the client waits for the server at each).

    libpq's own trace (``PQtrace``) of every connection in the store's pool, one file each, read
    when the block ends: it sees the transaction's BEGIN and COMMIT and the pipeline's syncs, which
    no Python-level wrapper of ``execute`` would. A statement the connection prepared before the
    trace began is named from ``pg_prepared_statements``.
    """
    pool = service.store.app.recorder.datastore.pool  # the snapshot recorder shares this datastore
    folder = Path(tempfile.mkdtemp(prefix="turnledger-pg-trace-"))
    connections = [pool.getconn() for _ in range(pool.get_stats()["pool_size"])]
    prepared: list[dict[str, str]] = []
    try:
        for number, conn in enumerate(connections):
            with conn.cursor(row_factory=tuple_row) as cursor:
                prepared.append(dict(cursor.execute("SELECT name, statement FROM pg_prepared_statements")))
            conn.pgconn.trace(os.open(folder / f"{number}.trace", os.O_WRONLY | os.O_CREAT))
            conn.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
    finally:
        for conn in connections:
            pool.putconn(conn)
    counts: dict[str, float] = {}
    try:
        yield counts
    finally:
        connections = [pool.getconn() for _ in range(len(connections))]
        for conn in connections:
            conn.pgconn.untrace()  # closes its file
            pool.putconn(conn)
        found: Counter[str] = Counter()
        for number, names in enumerate(prepared):
            found.update(_read_trace(folder / f"{number}.trace", names))
        counts.update((name, float(value)) for name, value in found.items())
        shutil.rmtree(folder, ignore_errors=True)


def _read_trace(path: Path, names: dict[str, str]) -> Counter[str]:
    """One connection's trace (lines ``F|B <length> <message> <fields>``), counted."""
    found: Counter[str] = Counter()
    bound = ""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        direction, _length, message, fields = [*line.split("\t", 3), "", "", ""][:4]
        quoted = fields.split('"')  # ' "name" "query" …' → ['', 'name', ' ', 'query …', …]
        if direction == "F" and message == "Parse" and len(quoted) > 3:
            names[quoted[1]] = quoted[3]
        elif direction == "F" and message == "Bind" and len(quoted) > 3:
            bound = names.get(quoted[3], "")
        elif direction == "F" and message == "Execute":
            found["statements"] += 1
            found[_kind(bound)] += 1
        elif direction == "F" and message == "Query" and len(quoted) > 1:
            found["statements"] += 1
            found[_kind(quoted[1])] += 1
        elif direction == "B" and message == "ReadyForQuery":
            found["round_trips"] += 1
    return found


def _kind(statement: str) -> str:
    return "sql " + (statement.split() or ["?"])[0].upper()
