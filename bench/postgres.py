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
trips one append costs (libpq's protocol trace of the store's connections, bench/pg_trace.py).
The raw psycopg baselines are bench/pg_raw.py's; this script runs both sides and reports.

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

import contextlib
import json
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
from psycopg import sql

from bench.common import bench_options, report, scratch_folder, sibling
from bench.pg_raw import PairedInserts, raw_copy_rate, stored_rows
from bench.pg_trace import protocol_trace
from ledger.exchange import export_jsonl, import_jsonl
from ledger.store import LedgerStore
from ledger.trust import TRUST_DIR_VARIABLE
from referee.commands import CreateCampaign
from referee.common.errors import RulesError
from referee.service import RefereeService  # also registers the games' folds, which export needs
from tests.pg import create_database, running_server

TARGETS = {
    "pg_import_ratio": (">=", 0.3),  # issue 31 (0.25 before)
    "pg_append_ratio": ("<=", 3.0),
    "pg_append_last_vs_first": ("<=", 1.2),
}
SCENARIO = "revised-europa/barbarossa"


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


def timed_import(export: str, url: str) -> float:
    """Entries per second of `import_jsonl` into a fresh database (the store closed after)."""
    started = time.perf_counter()
    import_jsonl(export, url).close()
    return export_entries(export) / (time.perf_counter() - started)


# -- statements -------------------------------------------------------------------------------


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
    parser = bench_options(__doc__, "entries", "scale", "runs", "window", "seed")
    args = parser.parse_args(argv)
    if args.entries < 20 or args.scale < 1 or args.runs < 1 or args.window < 1:
        parser.error("--entries must be at least 20, --scale, --runs and --window at least 1")
    with scratch_folder("turnledger-bench-pg-") as folder:
        with _throwaway_trust():
            small, large = build_exports(folder, args.entries, args.scale, args.seed)
        report(measure(small, large, runs=args.runs, window=args.window, seed=args.seed), TARGETS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
