"""Verify memory benchmark (docs/PERFORMANCE.md, issue 17): the peak memory of `verify` on a
campaign of N entries and on one of `--scale` times N, each in a fresh process, and their ratio.

Issue 17 asks that peak memory not grow with the campaign (``memory_ratio`` <= 1.2 between
1,000,000 and 100,000 entries); `verify` used to keep every cached state it met until the end
(633 MB at 100,000 entries). The campaigns are bench/ledger.py's mix with its units, built here.

Run: ``.venv/bin/python bench/verify_memory.py [--entries N] [--scale K]``. The last line holds
the figures as ``name=value`` pairs.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse
import importlib.util
import shutil
import subprocess
import tempfile
from typing import Any

TARGETS = {"verify_memory_ratio": ("<=", 1.2)}

_MEASURE = """
import sys, time
sys.path.insert(0, sys.argv[2])
from referee.service import RefereeService
service = RefereeService.open(sys.argv[1])
started = time.perf_counter()
report = service.verify()
seconds = time.perf_counter() - started
service.close()
assert report.ok, report.problems[:3]
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(report.entries, report.snapshots, seconds, peak / 1024)  # VmHWM: ru_maxrss is kept across exec
"""
"""Run in a fresh interpreter, so that its peak resident memory is verify's and nothing else's."""


def _ledger_bench() -> Any:
    """bench/ledger.py as a module (its name would shadow the ledger package on sys.path)."""
    spec = importlib.util.spec_from_file_location("bench_ledger", _HERE / "ledger.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure(path: str) -> tuple[int, int, float, float]:
    """(entries, cached states compared, seconds, peak MB) of one verify in a fresh process."""
    result = subprocess.run(
        [sys.executable, "-c", _MEASURE, path, str(_HERE.parent)], check=True, capture_output=True, text=True
    )
    entries, snapshots, seconds, peak = result.stdout.split()
    return int(entries), int(snapshots), float(seconds), float(peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=20_000, help="entries of the smaller campaign")
    parser.add_argument("--scale", type=int, default=3, help="the larger campaign is this many times as long")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="turnledger-verify-memory-"))
    try:
        bench = _ledger_bench()
        small, large = str(folder / "small.db"), str(folder / "large.db")
        bench.build(small, args.entries, 1941)
        bench.build(large, args.entries * args.scale, 1941)
        small_entries, _, _, small_mb = measure(small)
        large_entries, large_snapshots, large_s, large_mb = measure(large)
        figures: dict[str, float | int] = {
            "entries": small_entries,
            "large_entries": large_entries,
            "snapshots_large": large_snapshots,
            "verify_peak_mb": small_mb,
            "verify_peak_mb_large": large_mb,
            "verify_memory_ratio": large_mb / small_mb,
            "verify_s_per_1000": 1000 * large_s / large_entries,
        }
        for name, (sign, target) in TARGETS.items():
            met = figures[name] <= target
            print(f"  {name:24} {figures[name]:8.2f}  target {sign} {target:<6} {'met' if met else 'MISSED'}")
        print(" ".join(f"{k}={v if isinstance(v, int) else format(v, '.4g')}" for k, v in figures.items()))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
