"""Each console opening, new campaign and 100,000 entries, in the release checked out in the
current folder (docs/PERFORMANCE.md, "Before and after"): prints every opening, not a median,
so that the two modes of Textual's first frame show; then the first frame as a referee sees it,
from the start of a fresh process (`turnledger tui FILE`: the interpreter, the imports, the
opening), on a small campaign; then profiles one opening of the large campaign, restricted to
turnledger's own code.

Run from a release's root, with that release's virtual environment:
``.venv/bin/python /path/to/bench/console_opens.py [--opens N] [--fresh N]`` (it imports the code
of the folder it is run from, so one copy of the script measures any release). Target (issue 28):
the first frame of a small campaign, from the process start, within 1 s on a quiet machine
(``first_frame_ms``; the machine's load average is printed beside it).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

FIRST_FRAME_MS = 1000.0
"""Issue 28's target for ``first_frame_ms`` (a quiet machine)."""
PHASES = ("start", "imports", "make_app", "first frame")
"""What a fresh opening's CPU time is spent on, in order (`fresh_child`): the interpreter and
this script's standard-library imports, then turnledger's imports, the campaign opened, the
first frame drawn."""


async def open_seconds(path: str) -> float:
    """``make_app`` to the first frame drawn (the app idle after opening), in this process."""
    from tui.app import make_app  # the release's own console

    started = time.perf_counter()
    app = make_app(path)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        elapsed = time.perf_counter() - started
        await app.workers.wait_for_complete()
    app.service.close()
    return elapsed


def fresh_child(path: str) -> None:
    """In a fresh process: open ``path`` as `turnledger tui` does (the command line's module first,
    then the console's) and print the wall clock at the first frame, and the CPU time at the end
    of each of `PHASES`."""
    cpu = [time.process_time()]  # the interpreter's own start, before this line
    import tui.cli  # noqa: F401 - what the `turnledger` command imports before it opens the console
    from tui.app import make_app

    cpu.append(time.process_time())

    async def opened() -> float:
        app = make_app(path)
        cpu.append(time.process_time())
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            cpu.append(time.process_time())
            painted = time.time()
            await app.workers.wait_for_complete()
        app.service.close()
        return painted

    painted = asyncio.run(opened())
    print(painted, *cpu)


def fresh_opening(path: str) -> tuple[float, list[float]]:
    """One opening in a fresh process: milliseconds from starting the process to the first frame,
    and the CPU milliseconds of each of `PHASES`."""
    started = time.time()
    result = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", path],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    painted, *cpu = (float(value) for value in result.stdout.split())
    phases = [cpu[0]] + [later - earlier for earlier, later in pairwise(cpu)]
    return (painted - started) * 1000, [seconds * 1000 for seconds in phases]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=7)
    parser.add_argument("--fresh", type=int, default=5, help="openings of the small campaign in fresh processes")
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--child", help=argparse.SUPPRESS)  # fresh_child's own run
    args = parser.parse_args(argv)
    if args.child:
        fresh_child(args.child)
        return 0
    import synthetic  # the release's own, from its bench folder (path set above)

    folder = Path(tempfile.mkdtemp(prefix="turnledger-opens-"))
    try:
        big = synthetic.build_store(folder, args.entries)
        asyncio.run(open_seconds(str(folder / "warm.db")))
        new = [asyncio.run(open_seconds(str(folder / f"new{i}.db"))) for i in range(args.opens)]
        full = [asyncio.run(open_seconds(big)) for _ in range(args.opens)]
        for what, times in (("new campaign", new), (f"{args.entries:,} entries", full)):
            print(f"{what} (ms): {[round(x * 1000) for x in times]} median {statistics.median(times) * 1000:.0f}")
        small = str(folder / "new0.db")  # a campaign that exists (created above): what `turnledger tui` opens
        load = os.getloadavg()[0]
        fresh = [fresh_opening(small) for _ in range(args.fresh)]
        first_frame = statistics.median(total for total, _phases in fresh)
        print(f"first frame from a fresh process, small campaign (ms): {[round(total) for total, _ in fresh]}")
        print(f"  median {first_frame:.0f}; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")
        for index, phase in enumerate(PHASES):
            spent = [phases[index] for _total, phases in fresh]
            print(f"  CPU {phase:12} median {statistics.median(spent):5.0f} ms  {[round(ms) for ms in spent]}")
        profile = cProfile.Profile()
        profile.enable()
        asyncio.run(open_seconds(big))
        profile.disable()
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(f"{ROOT}/(tui|referee|ledger)/", 5)
        print(out.getvalue())
        met = "met" if first_frame <= FIRST_FRAME_MS else "MISSED (on a quiet machine?)"
        print(f"  first_frame_ms {first_frame:8.0f}  target <= {FIRST_FRAME_MS:.0f} (quiet machine)  {met}")
        ratio = statistics.median(full) / statistics.median(new)
        cpu = [sum(phases) for _total, phases in fresh]
        print(
            f"entries={args.entries} open_ratio={ratio:.4g} first_frame_ms={first_frame:.4g} "
            f"first_frame_cpu_ms={statistics.median(cpu):.4g} load={load:.3g}"
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
