"""Every figure of issue 17's table in one run (`make bench`), ending with one ``name=value`` line.

Builds two realistic campaigns through the referee service (bench/ledger.py's Europa mix, or
with ``--game reich`` bench/reich.py's Third Reich campaign; the same roster of ``--units`` units
registered first in both, so that only their length differs): N entries and ``--scale`` times N.
Then, in the same run:

* ``import_ratio``: `turnledger import` of the large export / raw ``executemany`` of its rows;
* ``imported_state_ratio``: `state(at)` on the imported large store / on the built one (the
  places ``state_scaling_ratio`` reads);
* ``store_bytes_ratio``: the large store's bytes per entry / its export's bytes per entry;
* ``state_scaling_ratio``: `state(at)` at the same relative places (a half, nearly the end) of
  the large campaign / the small one, the worst of the two;
* ``append_last_vs_first``: 1,000 appends at the end of the large campaign / the first 1,000 of a
  new one, median of ``--runs`` runs (SQLite; PostgreSQL: ``pg_append_last_vs_first``);
* ``verify_ratio``: a raw chained SHA-256 over the export's lines / `verify` of the large store
  (on every core; ``verify_jobs1_s``: on one);
* ``verify_decode_ratio``: a raw loop that decodes each line with orjson and checks its link and
  its hash / `verify` of the large store (on every core);
* ``replay_step_ratio``: the console's replay step (key press to painted frame, bench/console_keys.py)
  / one state read of the entry it steps to, on the large campaign;
* ``console_open_ratio``: the console opened on the large campaign / on a new one (median);
* ``memory_ratio``: bench/memory.py (import, export, verify, log, audit, console; large / small);
* ``pg_import_ratio``, ``pg_append_ratio``: bench/postgres.py on a server the test helper starts
  (Europa mix only).

Run: ``.venv/bin/python bench/run.py [--entries N] [--scale K]`` (default 10,000 and 10: a few
minutes). docs/PERFORMANCE.md holds the runs at 100,000 and 1,000,000 entries (``--entries 100000``).
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import asyncio
import hashlib
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import orjson

from bench.common import Targets, bench_options, report, sibling
from ledger.exchange import export_jsonl, import_jsonl
from ledger.store import LedgerStore
from referee.commands import CreateCampaign
from referee.common.errors import RulesError
from referee.service import RefereeService
from tui.cli_verify import cores

TARGETS: Targets = {
    "import_ratio": (">=", 0.3),  # issue 31 (0.25 before)
    "pg_import_ratio": (">=", 0.3),  # issue 31 (0.25 before)
    "pg_append_ratio": ("<=", 3.0),
    "replay_step_ratio": ("<=", 1.0),
    "state_scaling_ratio": ("<=", 1.5),
    "append_last_vs_first": ("<=", 1.2),
    "pg_append_last_vs_first": ("<=", 1.2),
    "console_open_ratio": ("<=", 1.2),
    "verify_ratio": (">=", 0.1),
    "verify_decode_ratio": (">=", 0.5),
    "memory_ratio": ("<=", 1.2),
    "store_bytes_ratio": ("<=", 2.0),
    "imported_state_ratio": ("<=", 1.2),
}
GAMES = {"europa": "ledger", "reich": "reich"}
"""``--game``: the bench module whose `build`, `command_mix` and `SCENARIO` make the campaigns
(bench/ledger.py's Europa mix, bench/reich.py's Third Reich campaign)."""
PLACES = (0.5, 0.999)
"""Where the state scaling is read: half way and just before the head."""


class Campaign:
    """One built campaign: its store, its export, its length."""

    def __init__(self, folder: Path, name: str, entries: int, units: int, seed: int, game: str = "europa") -> None:
        self.store, self.export = str(folder / f"{name}.db"), str(folder / f"{name}.jsonl")
        self.entries = entries
        self.game = game
        timings = folder / f"{name}.timings"
        if timings.exists():  # built by an earlier run into a kept --folder
            self.timings: list[float] = [float(line) for line in timings.read_text().split()]
            print(f"reusing {name}: {entries:,} entries built earlier in {folder}")
            return
        started = time.perf_counter()
        self.timings = sibling(GAMES[game]).build(self.store, entries, seed, units_first=units)
        with LedgerStore(self.store) as opened, open(self.export, "w", encoding="utf-8") as out:
            export_jsonl(opened, out)
        timings.write_text("\n".join(map(str, self.timings)))
        print(
            f"built {name}: {entries:,} entries ({units:,} units first) of {sibling(GAMES[game]).SCENARIO} "
            f"({'third reich' if game == 'reich' else 'europa'}) in {time.perf_counter() - started:.0f} s"
        )

    def trusted_copy(self, folder: Path, name: str) -> str:
        """A copy of the store verified once here, so its cached states are read (copies are not
        trusted on a machine until verified: ledger/trust.py)."""
        copy = str(folder / name)
        shutil.copyfile(self.store, copy)
        service = RefereeService.open(copy)
        try:
            assert service.verify().ok
        finally:
            service.close()
        return copy


def _removed(path: str) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(path + suffix).unlink(missing_ok=True)


def _median_seconds(call: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def import_and_bytes(large: Campaign, folder: Path) -> dict[str, float]:
    """Import rate against raw executemany; store bytes per entry against export bytes; `state(at)`
    on the imported store against the built one (its cached states: `imported_state_ratio`)."""
    copy = str(folder / "imported.db")
    started = time.perf_counter()
    import_jsonl(large.export, copy).close()
    rate = large.entries / (time.perf_counter() - started)
    raw, _ = sibling("ledger").raw_insert_rate(copy, str(folder / "raw.db"))
    export_bytes = os.path.getsize(large.export)
    built_bytes, imported_bytes = os.path.getsize(large.store), os.path.getsize(copy)
    built = large.trusted_copy(folder, "state-built.db")
    seconds = {name: _state_at_places(path, large.entries) for name, path in (("built", built), ("imported", copy))}
    _removed(built)
    _removed(copy)
    _removed(str(folder / "raw.db"))
    print(f"import: {rate:,.0f} entries/s; raw executemany {raw:,.0f} rows/s")
    per_entry = [f"{size / large.entries:,.0f}" for size in (export_bytes, built_bytes, imported_bytes)]
    print("bytes per entry: export {}, store as built {}, as imported {}".format(*per_entry))
    for place in PLACES:
        print(
            f"state at {place:.1%}, large: {seconds['built'][place] * 1e3:.2f} ms as built, "
            f"{seconds['imported'][place] * 1e3:.2f} ms as imported"
        )
    return {
        "imported_state_ratio": max(seconds["imported"][p] / seconds["built"][p] for p in PLACES),
        "import_ratio": rate / raw,
        "import_per_s": rate,
        "store_bytes_ratio": built_bytes / export_bytes,
        "imported_bytes_ratio": imported_bytes / export_bytes,
    }


def state_scaling(small: Campaign, large: Campaign, folder: Path) -> dict[str, float]:
    """State as of the same relative places, large / small. A read folds from the cached state
    before it, so its time depends on how far that is (0 to a few hundred entries): each place is
    the median over 21 entries spread across 1,000 around it, so both campaigns are read at every
    distance alike (the head itself is kept in memory, so the end is read just before it)."""
    seconds: dict[str, dict[float, float]] = {}
    for name, campaign in (("small", small), ("large", large)):
        copy = campaign.trusted_copy(folder, f"state-{name}.db")
        seconds[name] = _state_at_places(copy, campaign.entries)
        _removed(copy)
    for place in PLACES:
        print(
            f"state at {place:.1%} (median of 21 entries around it): {seconds['small'][place] * 1e3:.2f} ms "
            f"({small.entries:,} entries), {seconds['large'][place] * 1e3:.2f} ms ({large.entries:,})"
        )
    return {
        "state_scaling_ratio": max(seconds["large"][p] / seconds["small"][p] for p in PLACES),
        "state_last_ms": seconds["large"][PLACES[-1]] * 1e3,
    }


def _state_at_places(path: str, entries: int) -> dict[float, float]:
    """Seconds of `state(at)` at each of `PLACES`: the median over 21 entries spread across
    1,000 around it (`state_scaling`; `import_and_bytes`: the imported store against the built)."""
    seconds: dict[float, float] = {}
    with LedgerStore(path) as store:
        for place in PLACES:
            around = [max(2, int(entries * place) - 2 - 47 * step) for step in range(21)]
            store.state(around[0])
            seconds[place] = statistics.median(_median_seconds(partial(store.state, at), 1) for at in around)
    return seconds


def appends(service: RefereeService, count: int, seed: int, game: str = "europa") -> float:
    """Mean seconds of ``count`` appends of the game's mix on an open campaign (refusals not timed)."""
    mix = sibling(GAMES[game]).command_mix(
        random.Random(seed), service.state(), 10 * count, open_disputes=lambda: service.store.peek().chain.disputes
    )
    taken: list[float] = []
    while len(taken) < count:
        command = next(mix)
        started = time.perf_counter()
        try:
            service.execute_json(command)
        except RulesError:  # refused (an advance before the income, a debit the cap made too large): not an append
            continue
        taken.append(time.perf_counter() - started)
    return sum(taken) / len(taken)


def append_flatness(large: Campaign, folder: Path, runs: int, window: int, seed: int) -> dict[str, float]:
    """``window`` appends at the end of the large campaign / the first ``window`` of a new one;
    the first run is the build itself, the others on copies."""
    first = [sum(large.timings[:window]) / window]
    last = [sum(large.timings[-window:]) / window]
    for run in range(1, runs):
        # a new place each time: this machine's checkpoint of an earlier copy at the same place,
        # which ran 1,000 entries further, would (rightly) refuse this one as cut short
        copy = large.trusted_copy(folder, f"appends-{os.getpid()}-{run}.db")
        service = RefereeService.open(copy)
        last.append(appends(service, window, seed + run, large.game))
        service.close()
        _removed(copy)
        new = str(folder / "new.db")
        service = RefereeService.create(new, CreateCampaign(scenario=sibling(GAMES[large.game]).SCENARIO, name="new"))
        first.append(appends(service, window, seed + run, large.game))
        service.close()
        _removed(new)
    print(
        f"append: first {window:,} {statistics.median(first) * 1e3:.3f} ms, last {window:,} at "
        f"{large.entries:,} entries {statistics.median(last) * 1e3:.3f} ms (median of {runs})"
    )
    return {
        "append_last_vs_first": statistics.median(last) / statistics.median(first),
        "append_ms": statistics.median(first) * 1e3,
    }


def verify_speed(large: Campaign, folder: Path) -> dict[str, float]:
    """`verify` (`turnledger verify`'s default: every core; and on one) against a raw chained
    SHA-256 over the export's lines (the hash chain alone), and against a raw loop that decodes
    each line and checks its link and hash (what any check of an entry's own hash must do)."""
    started = time.perf_counter()
    previous = b"0" * 64
    with open(large.export, "rb") as lines:
        lines.readline()
        for line in lines:
            previous = hashlib.sha256(previous + line.rstrip(b"\r\n")).hexdigest().encode()
    raw = time.perf_counter() - started
    decoded = _decoded_chain_seconds(large.export)
    copy = large.trusted_copy(folder, "verify.db")
    service = RefereeService.open(copy)
    seconds: dict[int, float] = {}
    for jobs in (cores(), 1):
        started = time.perf_counter()
        assert service.verify(jobs=jobs).ok
        seconds[jobs] = time.perf_counter() - started
    service.close()
    _removed(copy)
    every = seconds[cores()]
    print(
        f"verify: {every:.2f} s on {cores()} core(s), {seconds[1]:.2f} s on one; raw chained SHA-256 over the "
        f"export's lines {raw:.3f} s, with each line decoded and its link and hash checked {decoded:.3f} s"
    )
    return {
        "verify_ratio": raw / every,
        "verify_decode_ratio": decoded / every,
        "verify_s": every,
        "verify_jobs1_s": seconds[1],
    }


def _decoded_chain_seconds(export: str) -> float:
    """A raw loop over the export's lines: each decoded (orjson), its previous-hash link checked,
    and its hash recomputed over the line without its hash member (the chained SHA-256)."""
    started = time.perf_counter()
    previous = "0" * 64
    with open(export, "rb") as lines:
        lines.readline()
        for line in lines:
            text = line.rstrip(b"\r\n")
            entry = orjson.loads(text)
            member = b',"hash":"' + entry["hash"].encode() + b'"'
            at = text.index(member)
            digest = hashlib.sha256(previous.encode() + text[:at] + text[at + len(member) :]).hexdigest()
            if entry["prev_hash"] != previous or digest != entry["hash"]:
                raise AssertionError(f"the export breaks at #{entry['number']}")
            previous = digest
    return time.perf_counter() - started


def console_figures(large: Campaign, folder: Path, repeats: int) -> dict[str, float]:
    """The replay step against a state read, and opening against a new campaign's."""
    keys = sibling("console_keys")
    copy = large.trusted_copy(folder, "console.db")
    step = [("replay step back (left)", [], "left", [])]
    costs = asyncio.run(keys.key_costs(copy, repeats, step))
    with LedgerStore(copy) as store:
        at = store.head() - 1
        read = _median_seconds(lambda: store.state(at), 7)
    new = str(folder / "console-new.db")
    RefereeService.create(new, CreateCampaign(scenario=sibling(GAMES[large.game]).SCENARIO, name="new")).close()
    opens = sibling("console_opens")
    asyncio.run(opens.open_seconds(new))  # warm up Textual and imports
    new_open = statistics.median(asyncio.run(opens.open_seconds(new)) for _ in range(repeats))
    large_open = statistics.median(asyncio.run(opens.open_seconds(copy)) for _ in range(repeats))
    _removed(copy)
    _removed(new)
    step_s = costs["replay step back (left)"]
    print(f"replay step (key press to painted frame): {step_s * 1e3:.1f} ms; one state read {read * 1e3:.2f} ms")
    print(f"console open: new campaign {new_open * 1e3:.0f} ms, {large.entries:,} entries {large_open * 1e3:.0f} ms")
    return {
        "replay_step_ratio": step_s / read,
        "replay_step_ms": step_s * 1e3,
        "console_open_ratio": large_open / new_open,
    }


def main(argv: list[str] | None = None) -> int:
    """Build the two campaigns, measure every figure, report."""
    parser = bench_options(__doc__, "entries", "scale", "runs", "window", "repeats", "seed")
    parser.add_argument("--units", type=int, default=1024, help="units registered first in both campaigns")
    parser.add_argument("--folder", help="build into this folder and keep it; a later run with it reuses the campaigns")
    parser.add_argument("--game", choices=sorted(GAMES), default="europa", help="the campaigns' game (default europa)")
    parser.add_argument(
        "--skip", default="", help="leave out parts: pg (the club too), club, memory, console (comma-separated)"
    )
    args = parser.parse_args(argv)
    if args.entries < 2 * args.units + 20 or args.window * 2 > args.entries:
        parser.error("--entries must exceed twice --units by 20, and twice --window")
    skip = {part for part in args.skip.split(",") if part}
    folder = Path(args.folder) if args.folder else Path(tempfile.mkdtemp(prefix="turnledger-bench-run-"))
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    try:
        small = Campaign(folder, "small", args.entries, args.units, args.seed, args.game)
        large = Campaign(folder, "large", args.entries * args.scale, args.units, args.seed, args.game)
        figures: dict[str, float] = {"entries": small.entries, "large_entries": large.entries, "units": args.units}
        figures.update(import_and_bytes(large, folder))
        figures.update(state_scaling(small, large, folder))
        figures.update(append_flatness(large, folder, args.runs, args.window, args.seed))
        figures.update(verify_speed(large, folder))
        if "console" not in skip:
            figures.update(console_figures(large, folder, args.repeats))
        if "memory" not in skip:
            memory = sibling("memory").measure(small.store, small.export, large.store, large.export)
            figures.update({"memory_ratio": memory["memory_ratio"]})
            figures.update({name: value for name, value in memory.items() if name.endswith("_memory_ratio")})
        if "pg" not in skip and args.game != "europa":
            print("PostgreSQL: measured on the Europa mix only (bench/postgres.py); left out with --game reich")
        elif "pg" not in skip:
            pg = sibling("postgres").measure(small.export, large.export, runs=args.runs, window=args.window)
            figures.update(
                {name: pg[name] for name in ("pg_import_ratio", "pg_append_ratio", "pg_append_last_vs_first")}
            )
            if "club" not in skip:
                figures.update(sibling("club").documented_figures(args.seed))
    finally:
        if not args.folder:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\nall figures in {time.perf_counter() - started:.0f} s")
    report(figures, TARGETS | (sibling("club").TARGETS if any(name.startswith("club_") for name in figures) else {}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
