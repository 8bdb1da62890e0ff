"""Ledger benchmarks (docs/PERFORMANCE.md): append, import and 'state as of #N'.

Builds an N-entry Barbarossa campaign through the real referee service into a temporary
SQLite file, then measures:

* append cost of the first 1,000 appends against the last 1,000 (target: ratio <= 1.2);
* JSONL import rate against raw ``sqlite3`` ``executemany`` of rows of the same sizes
  (target: ratio >= 0.10);
* ``LedgerStore.state(at)`` for #10, #N/2 and #N against one raw read and decode of the
  whole table (target: <= 0.05 each, flat in N).

The last line of the output holds the figures as ``name=value`` pairs.
Run: ``.venv/bin/python bench/ledger.py [--entries N] [--seed S]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as `python bench/ledger.py`, this file's folder comes first on sys.path and this
# module would shadow the `ledger` package it measures; put the project root there instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import json
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.common import bench_options, report
from ledger.exchange import export_jsonl, import_jsonl
from ledger.store import LedgerStore
from referee.commands import CreateCampaign
from referee.common.errors import RulesError
from referee.service import RefereeService

TARGETS = {
    "import_ratio": (">=", 0.10),
    "state10_ratio": ("<=", 0.05),
    "state_half_ratio": ("<=", 0.05),
    "state_last_ratio": ("<=", 0.05),
    "append_last_vs_first": ("<=", 1.2),
}
SCENARIO = "revised-europa/barbarossa"
WINDOW = 1000
SIDES = {"Axis": ("Germany", "Soviet"), "Soviet": ("USSR", "Axis")}
TYPES = ["infantry", "armor", "artillery"]
ZONES = ["A", "B", "C", "D", "G"]
CONDITIONS = ["Clear", "Frost", "Mud", "Snow"]
MARKERS = ["Leningrad", "Moscow", "Kiev", "Smolensk", "Odessa", "Riga", "Minsk", "Rostov"]
MIX = [
    ("RecordRoll", 30),
    ("Supply", 20),
    ("Replacements", 16),
    ("SetMarker", 8),
    ("AdvancePhase", 8),
    ("SetWeather", 7),
    ("Annotate", 10),
    ("RegisterUnit", 1),
]


def ticking_clock() -> Callable[[], datetime]:
    """A deterministic clock (one second per reading), so one seed always gives the same bytes."""
    now = [datetime(1941, 6, 22, 3, 15, tzinfo=UTC)]

    def clock() -> datetime:
        now[0] += timedelta(seconds=1)
        return now[0]

    return clock


def command_mix(
    rng: random.Random,
    state: Any,
    count: int,
    *,
    open_disputes: Callable[[], list[list[int]]],
    units_first: int = 0,
) -> Iterator[dict[str, Any]]:
    """``count`` commands of a plausible referee session; pools and tracks never go negative.

    Balances are tracked here (from the initial ``state``) so that drawing a command costs
    nothing that would show in the append timings. With ``units_first``, the session starts by
    registering that many units (an order of battle set up at the table) and registers no more:
    campaigns of different lengths then hold the same roster (issue 17's state scaling).
    ``open_disputes`` reads the campaign's open disputes ([raising entry, entry disputed]; the
    mix cannot know which entry numbers its commands became): as at a table, a dispute is ruled
    on within a few notes, so a long campaign has a handful open, not thousands.
    """
    supply = {side: [pool.stockpile, pool.cap or 200] for side, pool in state.supply_pools.items()}
    points = {(n, t): state.replacement_tracks[n].points[t] for n, _ in SIDES.values() for t in TYPES}
    kinds, weights = zip(*MIX, strict=False)
    units = 0
    # One weather per zone and game turn (the rulesets' once_per_turn): the mix sets a zone not
    # yet set this turn, counting the phases to the next turn (the surprise turn has 3, a full
    # game turn 2 player turns of 5); with every zone set it annotates instead.
    phases_left = (3 if state.table.calendar.turn == 0 else 10) - state.table.calendar.phase_index
    unset = list(ZONES)
    for number in range(2, count + 2):  # the entry each command will become (#1 opens)
        kind = "RegisterUnit" if units < units_first else rng.choices(kinds, weights)[0]
        if units_first and units >= units_first and kind == "RegisterUnit":
            kind = "Annotate"
        side = rng.choice(list(SIDES))
        nation, other = SIDES[side]
        if kind == "RecordRoll":
            yield {
                "kind": "RecordRoll",
                "purpose": f"combat at {rng.randint(1000, 4999)}, {rng.randint(1, 6)}:1",
                "dice": "2D6",
                "faces": [rng.randint(1, 6), rng.randint(1, 6)],
                "rolled_by": side,
                "witnesses": [other, "referee"],
            }
        elif kind == "Supply":
            stock, cap = supply[side]
            if stock < cap and (stock == 0 or rng.random() < 0.5):
                amount, verb = rng.randint(1, min(20, cap - stock)), "Credit"
            else:
                amount, verb = rng.randint(1, min(20, stock)), "Debit"
            supply[side][0] += amount if verb == "Credit" else -amount
            yield {
                "kind": f"{verb}SupplyPoints",
                "side": side,
                "amount": amount,
                "reason": "turn income" if verb == "Credit" else f"attack supply, hex {rng.randint(1000, 4999)}",
            }
        elif kind == "Replacements":
            kind_of = rng.choice(TYPES)
            held = points[nation, kind_of]
            verb = "Credit" if held == 0 or rng.random() < 0.55 else "Debit"
            amount = rng.randint(1, 6) if verb == "Credit" else rng.randint(1, min(6, held))
            points[nation, kind_of] += amount if verb == "Credit" else -amount
            yield {
                "kind": f"{verb}ReplacementPoints",
                "nation": nation,
                "type": kind_of,
                "amount": amount,
                "reason": "monthly RP" if verb == "Credit" else "rebuild cadre",
            }
        elif kind == "SetMarker":
            yield {
                "kind": "SetMarker",
                "name": rng.choice(MARKERS),
                "value": rng.choice(["Axis", "Soviet", "contested"]),
            }
        elif kind == "AdvancePhase":
            phases_left -= 1
            if phases_left == 0:
                phases_left, unset = 10, list(ZONES)
            yield {"kind": "AdvancePhase"}
        elif kind == "SetWeather" and unset:
            zone = unset.pop(rng.randrange(len(unset)))
            yield {"kind": "SetWeather", "zone": zone, "condition": rng.choice(CONDITIONS)}
        elif kind in ("Annotate", "SetWeather") and (disputes := open_disputes()) and rng.random() < 0.5:
            raised, target = disputes[0]
            yield {"kind": "SettleDispute", "entry": target, "dispute": raised, "ruling": "the roll stands"}
        elif kind in ("Annotate", "SetWeather"):
            yield {
                "kind": "Annotate",
                "entry": rng.randint(1, number - 1),
                "text": "checked against the CRT",
                "disputed": rng.random() < 0.1,
            }
        else:
            units += 1
            yield {
                "kind": "RegisterUnit",
                "side": side,
                "unit_id": f"u{units}",
                "name": f"{units}. Korps",
                "nation": nation,
                "type": rng.choice(TYPES),
                "size": "XXX",
                "attack": rng.randint(1, 12),
                "defense": rng.randint(1, 12),
                "movement": rng.choice([4, 5, 8]),
            }


def build(path: str, entries: int, seed: int, *, units_first: int = 0) -> list[float]:
    """Create the campaign (#1) and append entries #2..#N; returns seconds per append
    (``units_first``: see `command_mix`).

    Commands the rules refuse (an Initial phase left before its SP income, a debit the
    income cap has made too large) are handled as a referee would: take the income, or skip.
    """
    service = RefereeService.create(path, CreateCampaign(scenario=SCENARIO, name="bench"), clock=ticking_clock())
    timings: list[float] = []
    clock = time.perf_counter
    try:
        commands = command_mix(
            random.Random(seed),
            service.state(),
            10 * entries,
            open_disputes=lambda: service.store.peek().chain.disputes,
            units_first=units_first,
        )
        while len(timings) < entries - 1:
            command = next(commands)
            started = clock()
            try:
                service.execute_json(command)
            except RulesError:
                calendar = service.store.peek().table.calendar
                if command["kind"] != "AdvancePhase" or calendar.phase != "Initial":
                    continue
                started = clock()  # the refused attempt is not an append: time the income alone
                service.execute_json({"kind": "ReceiveSupplyIncome", "side": calendar.player})
                timings.append(clock() - started)
                started = clock()
                if len(timings) >= entries - 1:
                    break
                service.execute_json(command)
            timings.append(clock() - started)
            if len(timings) % 10_000 == 0:
                print(f"  built {len(timings) + 1:,} entries", flush=True)
    finally:
        service.close()
    return timings


def raw_insert_rate(store_path: str, target: str) -> tuple[float, int]:
    """Rows per second for one ``executemany`` of the store's own row sizes into a fresh file."""
    with sqlite3.connect(store_path) as source:
        rows = source.execute(
            "SELECT originator_version, topic, state FROM stored_events ORDER BY originator_version"
        ).fetchall()
    source.close()
    started = time.perf_counter()
    con = sqlite3.connect(target)
    con.execute("PRAGMA journal_mode=WAL")  # as the eventsourcing recorder sets it
    con.execute(
        "CREATE TABLE stored_events (id INTEGER, version INTEGER, topic TEXT, state BLOB, PRIMARY KEY (id, version))"
    )
    with con:
        con.executemany("INSERT INTO stored_events VALUES (1, ?, ?, ?)", rows)
    con.close()
    return len(rows) / (time.perf_counter() - started), sum(len(r[2]) for r in rows)


def raw_read_seconds(store_path: str) -> float:
    """One read of every stored row, in order, each decoded with ``json.loads`` down to the entry
    (a row holds the entry's canonical JSON as a string field, so that is decoded too)."""
    started = time.perf_counter()
    con = sqlite3.connect(store_path)
    decoded = [
        json.loads(json.loads(blob)["entry_json"])
        for (blob,) in con.execute("SELECT state FROM stored_events ORDER BY originator_version")
    ]
    con.close()
    elapsed = time.perf_counter() - started
    assert decoded
    return elapsed


def state_seconds(store: LedgerStore, at: int, repeats: int) -> tuple[float, float]:
    """(first call, median of ``repeats`` further calls) of ``store.state(at)``."""

    def once() -> float:
        started = time.perf_counter()
        store.state(at)
        return time.perf_counter() - started

    first = once()
    return first, statistics.median(once() for _ in range(repeats))


def run(entries: int, seed: int, repeats: int) -> dict[str, float]:
    """Build, export, import and read one campaign in a temporary folder; returns the figures."""
    folder = tempfile.mkdtemp(prefix="turnledger-bench-")
    try:
        campaign, export, copy = (str(Path(folder) / name) for name in ("campaign.db", "campaign.jsonl", "copy.db"))
        print(f"building {entries:,} entries through RefereeService.execute_json (seed {seed}) ...", flush=True)
        started = time.perf_counter()
        timings = build(campaign, entries, seed)
        print(f"  built in {time.perf_counter() - started:.1f} s")
        window = max(1, min(WINDOW, len(timings) // 2))
        first, last = sum(timings[:window]) / window, sum(timings[-window:]) / window
        print(f"append: first {window:,} {first * 1e3:.3f} ms each, last {window:,} {last * 1e3:.3f} ms each")
        tenth = max(1, len(timings) // 10)
        curve = [sum(timings[i : i + tenth]) / len(timings[i : i + tenth]) * 1e3 for i in range(0, len(timings), tenth)]
        print("  mean ms per append by tenth of the build: " + " ".join(f"{ms:.3f}" for ms in curve[:10]))

        with LedgerStore(campaign) as store, open(export, "w", encoding="utf-8") as out:
            started = time.perf_counter()
            export_jsonl(store, out)
        print(
            f"export: {entries:,} entries to JSONL in {time.perf_counter() - started:.2f} s "
            f"({Path(export).stat().st_size / 1e6:.1f} MB)"
        )
        started = time.perf_counter()
        import_jsonl(export, copy).close()
        import_rate = entries / (time.perf_counter() - started)
        raw_rate, raw_bytes = raw_insert_rate(copy, str(Path(folder) / "raw.db"))
        print(
            f"import: {import_rate:,.0f} entries/s; raw executemany {raw_rate:,.0f} rows/s "
            f"({raw_bytes / 1e6:.1f} MB of state blobs)"
        )

        raw_read = raw_read_seconds(campaign)
        print(f"raw read + json.loads of all {entries:,} rows: {raw_read * 1e3:.1f} ms")
        figures = {"entries": float(entries), "import_ratio": import_rate / raw_rate}
        with LedgerStore(campaign) as store:
            for key, at in (
                ("state10_ratio", min(10, entries)),
                ("state_half_ratio", max(1, entries // 2)),
                ("state_last_ratio", entries),
            ):
                cold, warm = state_seconds(store, at, repeats)
                figures[key] = warm / raw_read
                print(f"state(#{at}): first call {cold * 1e3:.2f} ms, median of {repeats} {warm * 1e3:.2f} ms")
        figures["append_last_vs_first"] = last / first
        return figures
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the benchmark."""
    parser = bench_options(__doc__, "entries", "seed", "repeats", entries=100_000, repeats=7)
    args = parser.parse_args(argv)
    if args.entries < 20:
        parser.error("--entries must be at least 20")
    report(run(args.entries, args.seed, args.repeats), TARGETS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
