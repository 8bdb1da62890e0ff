"""Console benchmark (docs/PERFORMANCE.md): opening a 100,000-entry campaign, and replay steps.

* open: from `make_app` to the dashboard drawn, for a 100,000-entry campaign ÷ the same for a
  new campaign (target <= 1.5);
* replay step: one step back of the replay cursor (state as of the entry, redrawn) ÷ one
  `LedgerStore.state(at)` read of the same entry.

Run: ``.venv/bin/python bench/console.py [--entries N]``. The last line holds name=value pairs.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))
sys.path.insert(1, str(_HERE))

import synthetic

from ledger.store import LedgerStore
from tui.app import make_app


async def open_seconds(path: str) -> float:
    """make_app → dashboard drawn."""
    started = time.perf_counter()
    app = make_app(path)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        elapsed = time.perf_counter() - started
        await app.workers.wait_for_complete()
    app.service.close()
    return elapsed


async def step_seconds(path: str, steps: int) -> list[float]:
    """Seconds per replay step back, from the head."""
    app = make_app(path)
    timings = []
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause(0.6)  # the log rows are read in a worker half a second after opening
        await app.workers.wait_for_complete()
        for _ in range(steps):
            started = time.perf_counter()
            await pilot.press("left")
            await pilot.pause()
            timings.append(time.perf_counter() - started)
    app.service.close()
    return timings


def state_read_seconds(path: str, at: int, repeats: int) -> float:
    with LedgerStore(path) as store:
        samples = []
        for _ in range(repeats):
            started = time.perf_counter()
            store.state(at)
            samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="turnledger-console-"))
    try:
        big = synthetic.build_store(folder, args.entries)
        small = str(folder / "new.db")
        asyncio.run(open_seconds(small))  # warm up imports and Textual
        empty = statistics.median(asyncio.run(open_seconds(str(folder / f"new{i}.db"))) for i in range(args.repeats))
        full = statistics.median(asyncio.run(open_seconds(big)) for _ in range(args.repeats))
        steps = asyncio.run(step_seconds(big, 10))
        step = statistics.median(steps)
        read = state_read_seconds(big, args.entries - 1, args.repeats)
        print(f"open: new campaign {empty * 1e3:.0f} ms, {args.entries:,} entries {full * 1e3:.0f} ms")
        print(f"replay step: median {step * 1e3:.1f} ms; one state read {read * 1e3:.1f} ms")
        figures = {"entries": args.entries, "open_ratio": full / empty, "step_vs_state_read": step / read}
        print(
            f"targets: open_ratio {figures['open_ratio']:.3f} (<= 1.5: "
            f"{'met' if figures['open_ratio'] <= 1.5 else 'MISSED'})"
        )
        print(" ".join(f"{k}={v if k == 'entries' else format(v, '.4g')}" for k, v in figures.items()))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
