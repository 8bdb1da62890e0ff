"""PostgreSQL benchmark (docs/PERFORMANCE.md, issue 17): import, append and appends at the end of
a large campaign, each against raw psycopg on the same server in the same run.

Starts a throwaway server (tests/pg.py: loopback, ``fsync=off``, so a commit costs a round trip
and the server's own work, never a disk flush) and measures, each run in fresh databases:

* ``pg_import_ratio``: `import_jsonl` of the large export (entries/s) ÷ a raw ``COPY`` of the very
  rows it stored into a fresh table of the same shape (rows/s); higher is better, target >= 0.25;
* ``pg_append_ratio``: one append through ``RefereeService.execute_json`` on a new campaign ÷ one
  raw ``INSERT`` + ``COMMIT`` of the row it stored, timed right after it (one transaction per
  row, into a table of the same shape in another database); target <= 3;
* ``pg_append_last_vs_first``: appends right after importing the large export ÷ the first appends
  of a new campaign (median of the runs on each side); target <= 1.2.

The commands are bench/ledger.py's mix. It also counts the SQL statements and the server round
trips one append costs (libpq's protocol trace of the store's connections).

Run: ``.venv/bin/python bench/postgres.py [--entries N] [--scale K] [--runs R] [--window W]``.
The last line holds the figures as ``name=value`` pairs.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as `python bench/postgres.py`, this file's folder comes first on sys.path and bench/ledger.py
# would shadow the `ledger` package; put the project root there instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
from psycopg import pq, sql
from psycopg.rows import tuple_row

from bench.common import sibling
from ledger.exchange import export_jsonl, import_jsonl
from ledger.store import LedgerStore
from ledger.trust import TRUST_DIR_VARIABLE
from referee.commands import CreateCampaign
from referee.common.errors import RulesError
from referee.service import RefereeService  # also registers the games' folds, which export needs
from tests.pg import create_database, running_server

TARGETS = {
    "pg_import_ratio": (">=", 0.25),
    "pg_append_ratio": ("<=", 3.0),
    "pg_append_last_vs_first": ("<=", 1.2),
}
SCENARIO = "revised-europa/barbarossa"
ROW = "originator_id, originator_version, topic, state"
"""The columns eventsourcing stores an entry in (its notification id is the table's own)."""


@contextlib.contextmanager
def _throwaway_trust() -> Iterator[None]:
    """Keep the trust files of the throwaway campaigns (ledger/trust.py: one per copy and place, and
    every server here has a new port) in a temporary folder, not in this user's own."""
    folder, before = tempfile.mkdtemp(prefix="turnledger-bench-trust-"), os.environ.get(TRUST_DIR_VARIABLE)
    os.environ[TRUST_DIR_VARIABLE] = folder
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(TRUST_DIR_VARIABLE, None)
        else:
            os.environ[TRUST_DIR_VARIABLE] = before
        shutil.rmtree(folder, ignore_errors=True)


def export_entries(export: str) -> int:
    """The number of entries an export's header promises."""
    with open(export, encoding="utf-8") as lines:
        return int(json.loads(lines.readline())["entries"])


# -- appends ------------------------------------------------------------------------------


def timed_appends(
    service: RefereeService, count: int, seed: int, after: Callable[[dict[str, Any]], None] | None = None
) -> list[float]:
    """Seconds of each of ``count`` appends of bench/ledger.py's mix, drawn from the current state;
    ``after`` is given each entry once its append is timed.

    Refusals are handled as bench/ledger.py's `build` handles them (take the SP income an Initial
    phase requires, else skip the command; a refused attempt is not an append and is not timed).
    On a campaign imported from the mix some commands are refused that a new one accepts (a unit
    id already registered): they are skipped too.
    """
    commands = sibling("ledger").command_mix(
        random.Random(seed),
        service.state(),
        10 * count + 100,
        open_disputes=lambda: service.store.peek().chain.disputes,
    )
    clock = time.perf_counter
    timings: list[float] = []

    def append(command: dict[str, Any]) -> None:
        started = clock()
        entry = service.execute_json(command)
        timings.append(clock() - started)
        if after is not None:
            after(entry)

    while len(timings) < count:
        command = next(commands)
        try:
            append(command)
        except RulesError:
            calendar = service.store.peek().table.calendar
            if command["kind"] != "AdvancePhase" or calendar.phase != "Initial":
                continue
            try:
                append({"kind": "ReceiveSupplyIncome", "side": calendar.player})
            except RulesError:
                continue
            if len(timings) < count:
                append(command)
    return timings


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
        _create_events_table(self.conn, "raw_events")
        self.conn.commit()

    def __call__(self, entry: dict[str, Any]) -> None:
        number = entry["number"]
        (row,) = self.store.stored_rows(gt=number - 1, lte=number)
        self.rows.append((row.originator_id, row.originator_version, row.topic, row.state))
        self.timings.append(self._insert("raw_events", self.rows[-1]))

    def back_to_back(self) -> list[float]:
        """Seconds of each of the same rows' ``INSERT`` + ``COMMIT``, one right after the other,
        into a second table of the same shape."""
        _create_events_table(self.conn, "raw_events_loop")
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


def _create_events_table(conn: psycopg.Connection[Any], table: str) -> None:
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
        _create_events_table(conn, "raw_events")
        with conn.cursor() as cursor, cursor.copy(f"COPY raw_events ({ROW}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        conn.commit()
    return len(rows) / (time.perf_counter() - started)


def timed_import(export: str, url: str) -> float:
    """Entries per second of `import_jsonl` into a fresh database (the store closed after)."""
    started = time.perf_counter()
    import_jsonl(export, url).close()
    return export_entries(export) / (time.perf_counter() - started)


# -- statements -------------------------------------------------------------------------------


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


def statements_per_append(service: RefereeService, count: int, seed: int) -> dict[str, float]:
    """Statements and round trips per append over ``count`` untimed appends (100 catch one cached
    state: the store writes one every 100 entries, in a statement of its own); the reads of the
    commands the rules refuse on the way are included."""
    with protocol_trace(service) as counts:
        timed_appends(service, count, seed)
    return {name: value / count for name, value in sorted(counts.items())}


# -- the runs ---------------------------------------------------------------------------------


def in_memory_append_seconds(window: int, seed: int) -> float:
    """Mean seconds of the same first appends on SQLite ``:memory:``: the referee's own work
    (decide, seal, fold, encode), which no database can take off an append."""
    service = RefereeService.create(
        ":memory:", CreateCampaign(scenario=SCENARIO, name="bench"), clock=sibling("ledger").ticking_clock()
    )
    try:
        return statistics.fmean(timed_appends(service, window, seed))
    finally:
        service.close()


def one_run(base: str, run: int, large_export: str, *, window: int, seed: int, count: bool) -> dict[str, Any]:
    """One run's measures, each side in fresh databases of the same server, one after the other."""
    fresh = (create_database(base, f"{name}_{run}") for name in ("new", "raw", "large", "copy"))
    new_url, raw_url, large_url, copy_url = fresh
    service = RefereeService.create(
        new_url, CreateCampaign(scenario=SCENARIO, name="bench"), clock=sibling("ledger").ticking_clock()
    )
    raw = PairedInserts(raw_url, service.store)
    try:
        first = timed_appends(service, window, seed, after=raw)
        back_to_back = raw.back_to_back()
    finally:
        raw.close()
        service.close()

    import_rate = timed_import(large_export, large_url)
    copy_rate = raw_copy_rate(copy_url, stored_rows(large_url))
    service = RefereeService.open(large_url)  # on the real clock, as a referee would open it
    try:
        last = timed_appends(service, window, seed)
        statements = statements_per_append(service, min(window, 100), seed + 1) if count else {}
    finally:
        service.close()
    _drop_databases(base, [new_url, raw_url, large_url, copy_url])
    return {
        "first": statistics.fmean(first),
        "raw": statistics.fmean(raw.timings),
        "raw_loop": statistics.fmean(back_to_back),
        "last": statistics.fmean(last),
        "import": import_rate,
        "copy": copy_rate,
        "statements": statements,
    }


def _drop_databases(base: str, urls: list[str]) -> None:
    """Drop a run's databases (a large campaign is about 1 kB an entry): every store is closed."""
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        for url in urls:
            conn.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(url.rsplit("/", 1)[1])))


def measure(
    small_export: str, large_export: str, *, runs: int = 5, window: int = 1000, seed: int = 1941
) -> dict[str, float]:
    """The figures of ``TARGETS`` and the absolute ones behind them, on a server of our own.

    Args:
        small_export, large_export: JSONL exports of bench/ledger.py's mix, N and K×N entries; the
            ratios use the large one, the small one gives a second import rate (is it flat in N?).
        runs: repetitions; each figure is the median of the runs.
        window: appends timed on each side of each run.
        seed: seed of the command mix the appends draw.
    """
    with _throwaway_trust(), running_server() as base:
        with psycopg.connect(f"{base}/postgres") as conn:
            version = conn.execute("SHOW server_version").fetchone()
        print(f"PostgreSQL {version[0] if version else '?'} at {base.split('@')[1]} (tests/pg.py, fsync off)")
        in_memory = in_memory_append_seconds(window, seed)
        small_url = create_database(base, "small")
        small_rate = timed_import(small_export, small_url)
        _drop_databases(base, [small_url])
        results = []
        for run in range(1, runs + 1):
            result = one_run(base, run, large_export, window=window, seed=seed, count=run == runs)
            results.append(result)
            print(
                f"run {run}/{runs}: append {result['first'] * 1e3:.3f} ms new, {result['last'] * 1e3:.3f} ms "
                f"after the import (mean of {window:,} each); raw INSERT+COMMIT {result['raw'] * 1e3:.3f} ms "
                f"({result['raw_loop'] * 1e3:.3f} back to back); "
                f"import {result['import']:,.0f} entries/s, COPY {result['copy']:,.0f} rows/s",
                flush=True,
            )
    return summary(results, in_memory, small_rate, entries=export_entries(small_export), large=large_export)


def summary(
    results: list[dict[str, Any]], in_memory: float, small_rate: float, *, entries: int, large: str
) -> dict[str, float]:
    """Print the medians of the runs and the statements of an append; return the figures."""

    def median(key: str) -> float:
        return statistics.median(result[key] for result in results)

    runs, statements = len(results), results[-1]["statements"]
    print(
        f"\nappend (median of {runs}): {median('first') * 1e3:.3f} ms on a new campaign, "
        f"{median('last') * 1e3:.3f} ms right after importing {export_entries(large):,} entries; "
        f"raw INSERT+COMMIT {median('raw') * 1e3:.3f} ms right after each append, "
        f"{median('raw_loop') * 1e3:.3f} ms back to back; the same appends on SQLite :memory: "
        f"{in_memory * 1e3:.3f} ms (the referee's own work)"
    )
    print(
        f"import: {median('import'):,.0f} entries/s ({export_entries(large):,} entries), "
        f"{small_rate:,.0f} entries/s ({entries:,}); raw COPY {median('copy'):,.0f} rows/s"
    )
    kinds = ", ".join(f"{name[4:]} {value:.2f}" for name, value in statements.items() if name.startswith("sql "))
    print(
        f"per append: {statements['statements']:.2f} statements ({kinds}), "
        f"{statements['round_trips']:.2f} round trips (libpq trace of the store's connections)"
    )
    return {
        "entries": float(entries),
        "large_entries": float(export_entries(large)),
        "pg_import_ratio": statistics.median(result["import"] / result["copy"] for result in results),
        "pg_append_ratio": statistics.median(result["first"] / result["raw"] for result in results),
        "pg_append_last_vs_first": median("last") / median("first"),
        "pg_append_ms": median("first") * 1e3,
        "pg_append_last_ms": median("last") * 1e3,
        "pg_raw_insert_commit_ms": median("raw") * 1e3,
        "pg_raw_back_to_back_ms": median("raw_loop") * 1e3,
        "append_in_memory_ms": in_memory * 1e3,
        "pg_import_per_s": median("import"),
        "pg_import_small_per_s": small_rate,
        "pg_copy_rows_per_s": median("copy"),
        "pg_statements_per_append": statements["statements"],
        "pg_round_trips_per_append": statements["round_trips"],
    }


def report(figures: dict[str, float]) -> None:
    """The figures against their targets, then the one machine-readable line."""
    print("\ntargets:")
    for name, (op, target) in TARGETS.items():
        value = figures[name]
        met = value >= target if op == ">=" else value <= target
        print(f"  {name:<24} {value:10.4f}  target {op} {target:<5}  {'met' if met else 'MISSED'}")
    counts = ("entries", "large_entries")
    print(
        " ".join(f"{name}={int(value) if name in counts else format(value, '.4g')}" for name, value in figures.items())
    )


def build_exports(folder: Path, entries: int, scale: int, seed: int) -> tuple[str, str]:
    """bench/ledger.py's campaign of ``entries`` and of ``scale`` times as many (SQLite), exported."""
    exports = []
    for name, count in (("small", entries), ("large", entries * scale)):
        campaign, export = folder / f"{name}.db", folder / f"{name}.jsonl"
        print(f"building {count:,} entries through RefereeService.execute_json (seed {seed}) ...", flush=True)
        sibling("ledger").build(str(campaign), count, seed)
        with LedgerStore(str(campaign)) as store, open(export, "w", encoding="utf-8") as out:
            export_jsonl(store, out)
        exports.append(str(export))
    return exports[0], exports[1]


def main(argv: list[str] | None = None) -> int:
    """Parse the options, build the two campaigns and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000, help="entries of the smaller campaign (default 10000)")
    parser.add_argument("--scale", type=int, default=10, help="the larger campaign is this many times as long")
    parser.add_argument("--runs", type=int, default=5, help="repetitions; figures are their medians (default 5)")
    parser.add_argument("--window", type=int, default=1000, help="appends timed on each side (default 1000)")
    parser.add_argument("--seed", type=int, default=1941, help="seed of the command mix")
    args = parser.parse_args(argv)
    if args.entries < 20 or args.scale < 1 or args.runs < 1 or args.window < 1:
        parser.error("--entries must be at least 20, --scale, --runs and --window at least 1")
    folder = Path(tempfile.mkdtemp(prefix="turnledger-bench-pg-"))
    try:
        with _throwaway_trust():
            small, large = build_exports(folder, args.entries, args.scale, args.seed)
        report(measure(small, large, runs=args.runs, window=args.window, seed=args.seed))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
