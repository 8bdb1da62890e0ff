"""Console key benchmark (docs/PERFORMANCE.md): every key on a realistic campaign, key to painted frame.

The campaign is bench/ledger.py's (built through the real referee service: die rolls, SP and RP
credits and debits, markers, weather, phase advances with their income, and a unit registered
every hundred entries, about 1,000 units at 100,000 entries), beside a new campaign, in the
same run. Each key is pressed in the console (Textual's Pilot, 160x50) and timed from the press
until the app is idle again with the frame drawn; a key with no binding is timed the same way and
subtracted, so that what remains is what the key costs. Keys that open a screen are closed again
(not timed) before the next press.

Targets (issue 12): every key within 100 ms on the realistic campaign (``worst_key_ms``), and
within twice the same key on the new campaign (``worst_vs_new``).
Run: ``.venv/bin/python bench/console_keys.py [--entries N] [--repeats R]``. The last line holds
the figures as ``name=value`` pairs.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import argparse
import asyncio
import importlib.util
import shutil
import statistics
import tempfile
import time
from typing import Any

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tui.app import make_app

TARGETS = {"worst_key_ms": ("<=", 100.0), "worst_vs_new": ("<=", 2.0)}
SIZE = (160, 50)
UNBOUND = "z"
KEYS: list[tuple[str, list[str]]] = [
    # (what, keys pressed; the first is timed, the rest put the console back)
    ("replay step back (left)", ["left"]),
    ("replay step forward (right)", ["right"]),
    ("game turn back ([)", ["left_square_bracket"]),
    ("game turn forward (])", ["right_square_bracket"]),
    ("phase back ({)", ["left_curly_bracket"]),
    ("phase forward (})", ["right_curly_bracket"]),
    ("player turn back (()", ["left_parenthesis"]),
    ("back to live (end)", ["end"]),
    ("log (l)", ["l", "escape"]),
    ("units (n)", ["n", "escape"]),
    ("command form (c)", ["c", "escape"]),
    ("jump dialog (g)", ["g", "escape"]),
    ("report on the entry (r)", ["r", "escape"]),
    ("help (?)", ["question_mark", "escape"]),
    ("advance a phase (a)", ["a", "escape"]),
]


def _ledger_bench() -> Any:
    """bench/ledger.py as a module (its name would shadow the ledger package on sys.path)."""
    spec = importlib.util.spec_from_file_location("bench_ledger", _HERE / "ledger.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def key_costs(path: str, repeats: int, keys: list[tuple[str, list[str]]]) -> dict[str, float]:
    """Median seconds from each key press to the idle, redrawn console, minus the unbound key's."""
    app = make_app(path)
    timings: dict[str, list[float]] = {what: [] for what, _keys in keys}
    baseline: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.7)  # the log rows and trend lines are read in a worker after opening
        await _settle(pilot)
        for _ in range(repeats):
            for pressed, sink in [([UNBOUND], baseline), *((pressed, timings[what]) for what, pressed in keys)]:
                started = time.perf_counter()
                await pilot.press(pressed[0])
                await pilot.pause()
                sink.append(time.perf_counter() - started)
                for key in pressed[1:]:
                    await pilot.press(key)
                await _settle(pilot)
                while app.screen is not app.dashboard:  # a refusal dialog (advance refused) or a screen left open
                    await pilot.press("escape")
                    await _settle(pilot)
    app.service.close()
    base = statistics.median(baseline)
    return {"(unbound key)": base, **{what: max(0.0, statistics.median(t) - base) for what, t in timings.items()}}


def build_realistic(folder: Path, entries: int) -> str:
    path = str(folder / "realistic.db")
    _ledger_bench().build(path, entries, 1941)
    return path


def build_new(folder: Path) -> str:
    path = str(folder / "new.db")
    RefereeService.create(path, CreateCampaign(scenario="revised-europa/barbarossa", name="new")).close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000, help="entries in the realistic campaign")
    parser.add_argument("--repeats", type=int, default=5, help="presses of each key (the median is kept)")
    parser.add_argument("--only", default="", help="time only these keys, e.g. left,n (default: every key)")
    args = parser.parse_args(argv)
    wanted = {key for key in args.only.split(",") if key}
    keys = [(what, pressed) for what, pressed in KEYS if not wanted or pressed[0] in wanted]
    folder = Path(tempfile.mkdtemp(prefix="turnledger-keys-"))
    try:
        started = time.perf_counter()
        realistic = build_realistic(folder, args.entries)
        print(f"built {args.entries:,} entries in {time.perf_counter() - started:.0f} s", flush=True)
        state = RefereeService.open(realistic)
        units = sum(len(roster.units) for roster in state.state().rosters.values())
        state.close()
        new = build_new(folder)
        asyncio.run(key_costs(new, 1, keys))  # warm up Textual and imports
        small = asyncio.run(key_costs(new, args.repeats, keys))
        big = asyncio.run(key_costs(realistic, args.repeats, keys))
        print(f"{'key':32} {'realistic':>10} {'new':>8} {'ratio':>6}   ({units:,} units, {args.entries:,} entries)")
        worst_ms, worst_ratio = 0.0, 0.0
        for what in big:
            ratio = (big[what] / small[what]) if small[what] > 0.001 else (1.0 if big[what] <= 0.001 else 99.0)
            print(f"{what:32} {big[what] * 1e3:8.1f} ms {small[what] * 1e3:5.1f} ms {ratio:6.2f}")
            if what != "(unbound key)":
                worst_ms, worst_ratio = max(worst_ms, big[what] * 1e3), max(worst_ratio, ratio)
        figures = {"entries": args.entries, "units": units, "worst_key_ms": worst_ms, "worst_vs_new": worst_ratio}
        for name, (sign, target) in TARGETS.items():
            met = figures[name] <= target
            print(f"  {name:24} {figures[name]:8.2f}  target {sign} {target:<6} {'met' if met else 'MISSED'}")
        print(" ".join(f"{k}={v if isinstance(v, int) else format(v, '.4g')}" for k, v in figures.items()))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
