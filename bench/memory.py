"""Peak memory benchmark (docs/PERFORMANCE.md, issue 17): import, export, verify, log, audit and
the console, each in a fresh process, on a campaign of N entries and on one of K times N.

Issue 17 asks that memory stay flat as a campaign grows: ``memory_ratio`` is the peak resident
memory at 1,000,000 entries over the peak at 100,000, the worst of the six operations, target
at most 1.2. Each operation runs the way a user runs it, in an interpreter of its own that then
reports its ``ru_maxrss``, so that nothing done before it (the build, the copies, the other
operations) counts:

* ``turnledger import EXPORT NEW``, ``export STORE --jsonl FILE``, ``verify STORE``,
  ``log STORE`` (the whole log, as it prints by default) and ``audit STORE``, through
  ``tui.cli.main``, what they print sent to os.devnull (piped width, nothing on a terminal);
* the console: ``make_app`` on a copy of the store, headless with Textual's Pilot at 160x50,
  until it has read the whole record (its worker starts half a second after opening), then
  ``l`` (the log screen). The copy is trusted here first (opened and verified once, in this
  process), so the measured process does not re-check every entry or rebuild its cached states.

The campaigns are bench/ledger.py's mix, with their JSONL exports; `measure` takes campaigns
built elsewhere (bench/run.py), `main` builds its own. Run:
``.venv/bin/python bench/memory.py [--entries N] [--scale K]``. The last line holds the figures
as ``name=value`` pairs.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import json
import shutil
import subprocess
import tempfile
import time
from typing import Any

from bench.common import bench_options, report, scratch_folder, sibling
from ledger.exchange import export_jsonl
from ledger.store import LedgerStore
from referee.service import RefereeService  # also registers the game folds the export reads

OPERATIONS = ("import", "export", "verify", "log", "audit", "console")
TARGET = 1.2
TARGETS = {**{f"{op}_memory_ratio": ("<=", TARGET) for op in OPERATIONS}, "memory_ratio": ("<=", TARGET)}

_OPERATION = """
import asyncio, contextlib, os, sys, time
sys.path.insert(0, sys.argv[1])
operation, arguments = sys.argv[2], sys.argv[3:]


async def console(path):
    app = make_app(path)
    async with app.run_test(size=(160, 50)) as pilot:
        while app._rows is None:  # read in a worker, started half a second after opening
            await pilot.pause(0.1)
            await app.workers.wait_for_complete()
        await pilot.press("l")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is app.log_screen, app.screen
    app.service.close()
    return 0


if operation == "console":
    from tui.app import make_app
    run = lambda: asyncio.run(console(arguments[0]))
else:
    from tui.cli import main
    run = (lambda: 0) if operation == "nothing" else (lambda: main([operation, *arguments]))
with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    started = time.perf_counter()
    code = run()
    seconds = time.perf_counter() - started
if code:
    sys.exit(f"{operation} exited with {code}")
# VmHWM, not ru_maxrss: ru_maxrss is kept across fork and exec, so it would start at the size
# of whatever process started this one (bench/run.py is far larger than this operation)
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(seconds, peak / 1024)
"""
"""Run in a fresh interpreter: one operation (or "nothing": the modules alone), then its
seconds and peak resident MB. Only the modules of the operation are imported before it runs."""


def run_alone(operation: str, *arguments: str) -> tuple[float, float]:
    """(seconds, peak MB) of one operation in a fresh interpreter; a failure stops the bench
    with what the operation printed on stderr (a refused or damaged record is not a figure)."""
    result = subprocess.run(
        [sys.executable, "-c", _OPERATION, str(_HERE.parent), operation, *arguments],
        check=False,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{operation} {' '.join(arguments)} failed:\n{result.stderr}")
    seconds, peak = result.stdout.split()[-2:]
    return float(seconds), float(peak)


def trusted_copy(store: str, copy: str) -> str:
    """A copy of ``store`` that this machine trusts: opened (which checks every entry the first
    time) and verified once (which vouches for its cached states), here and not in the measured
    process. The console may write, so it gets the copy and the original stays as it was."""
    shutil.copyfile(store, copy)
    service = RefereeService.open(copy)
    try:
        if not service.verify().ok:
            raise RuntimeError(f"{store} does not verify: its memory would not be a figure")
    finally:
        service.close()
    return copy


def _removed(store: Path) -> None:
    """An SQLite store and its journal files, gone (the next run writes a new file)."""
    for path in (store, store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm")):
        path.unlink(missing_ok=True)


def runs_on(store: str, export: str, folder: Path) -> dict[str, tuple[float, float]]:
    """(seconds, peak MB) of each operation on one campaign; ``folder`` takes what they write."""
    folder.mkdir(parents=True, exist_ok=True)
    imported, exported = folder / "imported.db", folder / "exported.jsonl"
    console_copy = trusted_copy(store, str(folder / "console.db"))
    found = {
        "import": run_alone("import", export, str(imported)),
        "export": run_alone("export", store, "--jsonl", str(exported)),
        "verify": run_alone("verify", store),
        "log": run_alone("log", store),
        "audit": run_alone("audit", store),
        "console": run_alone("console", console_copy),
    }
    _removed(imported)
    exported.unlink()
    _removed(Path(console_copy))
    return found


def entries_of(export: str) -> int:
    """The entries a JSONL export holds, from its header line."""
    with open(export, encoding="utf-8") as handle:
        return int(json.loads(handle.readline())["entries"])


def measure(small_db: str, small_export: str, large_db: str, large_export: str) -> dict[str, float]:
    """Peak MB of each operation on both campaigns and their ratios (large / small), printed as a
    table with the seconds of each run; returns ``<op>_peak_mb``, ``<op>_peak_mb_large``,
    ``<op>_memory_ratio`` for each operation and ``memory_ratio``, the worst of them."""
    folder = Path(tempfile.mkdtemp(prefix="turnledger-memory-"))
    try:
        _, floor = run_alone("nothing")
        small = runs_on(small_db, small_export, folder / "small")
        same = (small_db, small_export) == (large_db, large_export)  # --scale 1: one campaign, measured once
        large = small if same else runs_on(large_db, large_export, folder / "large")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    small_n, large_n = entries_of(small_export), entries_of(large_export)
    print(f"peak resident memory, each operation in a fresh process ({floor:.1f} MB with tui.cli imported alone);")
    print("seconds of the operation alone (console: opening to the log screen, with its own 0.5 s before the read)")
    print(f"{'operation':10} {f'{small_n:,} entries':>19} {f'{large_n:,} entries':>19} {'ratio':>6}")
    figures: dict[str, float] = {}
    for op in OPERATIONS:
        (small_s, small_mb), (large_s, large_mb) = small[op], large[op]
        figures[f"{op}_peak_mb"], figures[f"{op}_peak_mb_large"] = small_mb, large_mb
        figures[f"{op}_memory_ratio"] = large_mb / small_mb
        print(
            f"{op:10} {small_mb:7.1f} MB {small_s:6.2f} s {large_mb:7.1f} MB {large_s:6.2f} s "
            f"{large_mb / small_mb:6.2f}"
        )
    figures["memory_ratio"] = max(figures[f"{op}_memory_ratio"] for op in OPERATIONS)
    return figures


def build_campaign(folder: Path, name: str, entries: int) -> tuple[str, str]:
    """bench/ledger.py's campaign of ``entries`` entries and its JSONL export: (store, export)."""
    store, export = str(folder / f"{name}.db"), str(folder / f"{name}.jsonl")
    sibling("ledger").build(store, entries, 1941)
    with LedgerStore(store) as opened, open(export, "w", encoding="utf-8") as out:
        export_jsonl(opened, out)
    return store, export


def main(argv: list[str] | None = None) -> int:
    """Build the two campaigns in a temporary folder, measure, report."""
    parser = bench_options(__doc__, "entries", "scale")
    args = parser.parse_args(argv)
    if args.entries < 20 or args.scale < 1:
        parser.error("--entries must be at least 20 and --scale at least 1")
    with scratch_folder("turnledger-memory-bench-") as folder:
        started = time.perf_counter()
        large_n = args.entries * args.scale
        small = build_campaign(folder, "small", args.entries)
        large = small if args.scale == 1 else build_campaign(folder, "large", large_n)
        print(f"built {args.entries:,} and {large_n:,} entries in {time.perf_counter() - started:.0f} s")
        figures: dict[str, Any] = {"entries": entries_of(small[1]), "large_entries": entries_of(large[1])}
        figures.update(measure(*small, *large))
        report(figures, TARGETS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
