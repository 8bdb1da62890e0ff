"""Each console opening, new campaign and 100,000 entries, in the release checked out in the
current folder (docs/PERFORMANCE.md, "Before and after"): prints every opening, not a median,
so that the two modes of Textual's first frame show; then profiles one opening of the large
campaign, restricted to turnledger's own code.

Run from a release's root, with that release's virtual environment:
``.venv/bin/python /path/to/bench/console_opens.py [--opens N]`` (it imports the code of the
folder it is run from, so one copy of the script measures any release).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

import synthetic  # the release's own, from its bench folder (path set just above)

from tui.app import make_app  # the release's own console


async def open_seconds(path: str) -> float:
    started = time.perf_counter()
    app = make_app(path)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        elapsed = time.perf_counter() - started
        await app.workers.wait_for_complete()
    app.service.close()
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=7)
    parser.add_argument("--entries", type=int, default=100_000)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="turnledger-opens-"))
    big = synthetic.build_store(folder, args.entries)
    asyncio.run(open_seconds(str(folder / "warm.db")))
    new = [asyncio.run(open_seconds(str(folder / f"new{i}.db"))) for i in range(args.opens)]
    full = [asyncio.run(open_seconds(big)) for _ in range(args.opens)]
    for what, times in (("new campaign", new), (f"{args.entries:,} entries", full)):
        print(f"{what} (ms): {[round(x * 1000) for x in times]} median {statistics.median(times) * 1000:.0f}")
    profile = cProfile.Profile()
    profile.enable()
    asyncio.run(open_seconds(big))
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(f"{ROOT}/(tui|referee|ledger)/", 5)
    print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
