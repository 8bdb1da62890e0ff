"""Run a command several times with every core kept busy beside it: `make test-stress` (issue 30).

A test that races a worker or a clock passes on a quiet machine and fails on a loaded one, so the
suite is run as CI machines and a referee's laptop run it: with other work competing for every
core. The load is one busy Python process per core (what `stress --cpu N` does), started before
the first run and stopped after the last; each run's exit code and time are printed, and the
script exits with the first failure's code, after every run.

    python tests/stress.py --runs 3 -- python -m pytest -q -n 3 --dist worksteal
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time


def busy() -> None:
    """Keep one core busy until stopped."""
    value = 0
    while True:
        value = (value * 31 + 7) % 1_000_003


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="how many times to run the command (3)")
    parser.add_argument("--load", type=int, default=os.cpu_count() or 1, help="busy processes (one per core)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command or args.runs < 1 or args.load < 0:
        parser.error("give --runs 1 or more, --load 0 or more and a command after --")
    load = [multiprocessing.Process(target=busy, daemon=True) for _ in range(args.load)]
    for process in load:
        process.start()
    results: list[tuple[int, float]] = []
    try:
        for run in range(1, args.runs + 1):
            print(f"stress run {run}/{args.runs} beside {args.load} busy processes: {' '.join(command)}", flush=True)
            started = time.monotonic()
            code = subprocess.call(command)
            results.append((code, time.monotonic() - started))
            print(f"stress run {run}/{args.runs}: exit {code} in {results[-1][1]:.1f} s", flush=True)
    finally:
        for process in load:
            process.terminate()
        for process in load:
            process.join()
    summary = ", ".join(f"run {n}: exit {code}, {seconds:.1f} s" for n, (code, seconds) in enumerate(results, 1))
    print(f"stress: {summary}")
    return next((code for code, _ in results if code), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
