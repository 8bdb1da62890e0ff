"""Console key benchmark (docs/PERFORMANCE.md): every key on a realistic campaign, key to painted frame.

The campaign is bench/ledger.py's (built through the real referee service: die rolls, SP and RP
credits and debits, markers, weather, phase advances with their income, and a unit registered
every hundred entries, about 1,000 units at 100,000 entries), beside a new campaign holding the
same order of battle (as many units, registered first, then a hundred entries of the same mix:
the two differ only in length, as in bench/run.py), in the same run. Each key is pressed in the
console (Textual's Pilot, 160x50) and timed from the press to the last frame it painted
(`PaintClock`); a key with no binding, pressed just before it in the same state, is timed the
same way and subtracted (a frame painted by a blinking cursor), so that what remains is what the
key costs. Keys that open a screen are closed again (not timed) before the next press. The
machine's load average is printed with the figures: on a loaded machine every key takes longer.

Targets (issue 12): every key within 100 ms on the realistic campaign (``worst_key_ms``), and
within twice the same key on the new campaign (``worst_vs_new``).

The log filter (issue 28, ``--only filter``; `filter_costs`): in the log, ``/``, then each of
`FILTER_TEXTS` typed a character at a time, each keystroke timed from the press to the last frame
painted once its search is done and its matches drawn (minus the unbound key, as above). The
first search of the run builds the log index (the campaign is a fresh copy: it has none yet),
timed alone (``index_build_s``); after it, a keystroke that makes a text of three characters or
more is answered from the index's trigrams (``filter_key_ms``, their median: target 100 ms;
``filter_key_worst_ms``), one that makes a text of one or two from the texts it keeps, newest
first (``filter_short_ms``, their median: target 100 ms; ``filter_short_worst_ms``, with
`NO_MATCH`, which every kept text is read for). Among the keys above, the log filter's ``x``
and ``q`` are such keystrokes; the log index is built before the keys are timed (untimed: its
building is ``index_build_s``), on each campaign.
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
import os
import shutil
import statistics
import time
from typing import Any

from textual.widgets import Input

from bench.common import report, scratch_folder, sibling
from ledger.output_file import LOG_INDEX_SUFFIX
from referee.commands import CreateCampaign
from referee.service import RefereeService
from tui.app import make_app

TARGETS = {
    "worst_key_ms": ("<=", 100.0),
    "worst_vs_new": ("<=", 2.0),
    "filter_key_ms": ("<=", 100.0),
    "filter_short_ms": ("<=", 100.0),
}
SIZE = (160, 50)
UNBOUND = "f12"  # bound nowhere, and types nothing into a focused field (the log filter)
FIRST_EVENING = 100
"""Entries of play after the new campaign's order of battle is registered (`build_new`)."""
KEYS: list[tuple[str, list[str], str, list[str]]] = [
    # (what, keys pressed first (untimed), the key timed, keys that put the console back)
    ("replay step back (left)", [], "left", []),
    ("replay step forward (right)", [], "right", []),
    ("game turn back ([)", [], "left_square_bracket", []),
    ("game turn forward (])", [], "right_square_bracket", []),
    ("phase back ({)", [], "left_curly_bracket", []),
    ("phase forward (})", [], "right_curly_bracket", []),
    ("player turn back (()", [], "left_parenthesis", []),
    ("back to live (end)", [], "end", []),
    ("log (l)", [], "l", ["escape"]),
    ("log filter keystroke (/ x)", ["l", "slash"], "x", ["escape", "escape"]),
    ("log filter, held by none (/ q)", ["l", "slash"], "q", ["escape", "escape"]),
    ("units (n)", [], "n", ["escape"]),
    ("command form (c)", [], "c", ["escape"]),
    ("jump dialog (g)", [], "g", ["escape"]),
    ("report on the entry (r)", [], "r", ["escape"]),
    ("help (?)", [], "question_mark", ["escape"]),
    ("advance a phase (a)", [], "a", ["escape"]),
]
FILTER = "filter"
"""What `--only` calls the log filter's keystrokes (`filter_costs`)."""
FILTER_TEXTS = ("kiev", "smolensk", "combat", "axis")
"""Typed into the log's filter: two marker names (about 1% of the entries each), a word of the
rolls' purpose (30%), a side (more than half of the entries)."""
NO_MATCH = "q"
"""Typed into the log's filter alone: a letter no entry of bench/ledger.py's mix holds, so that
its search reads every text the log index keeps (the slowest one- or two-character text)."""


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


class PaintClock:
    """When the console last painted a frame: Textual's ``App._display`` is called with each
    frame the compositor has drawn (headless, the write to a terminal is then skipped)."""

    def __init__(self, app: Any) -> None:
        self.last = 0.0
        display = app._display

        def painted(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.last = time.perf_counter()

        app._display = painted


async def _timed(pilot: Any, clock: PaintClock, key: str) -> float:
    """Seconds from pressing ``key`` to the last frame painted before the console fell idle (0:
    it painted nothing). Waiting for idle is Textual's: CPU time sampled in 20 ms slices, so the
    time to idle itself comes in steps of 20 ms; the paint time does not."""
    started = time.perf_counter()
    clock.last = 0.0
    await pilot.press(key)
    await pilot.pause()
    return max(0.0, clock.last - started)


async def _log_index_built(pilot: Any) -> None:
    """The log's filter once with a text no entry holds: the log index built (every entry read)."""
    app = pilot.app
    await pilot.press("l", "slash")
    await _settle(pilot)
    app.screen.query_one("#filter", Input).value = "building the index"
    await _settle(pilot)
    await pilot.press("escape", "escape")
    await _settle(pilot)


async def key_costs(path: str, repeats: int, keys: list[tuple[str, list[str], str, list[str]]]) -> dict[str, float]:
    """For each key, the median over ``repeats`` of (its press to the last frame it painted)
    minus (the same for the unbound key pressed just before it, in the same state: a frame the
    console paints of itself, such as a blinking cursor in a focused field). The log index is
    built first when a key types into the log's filter."""
    app = make_app(path)
    clock = PaintClock(app)
    costs: dict[str, list[float]] = {what: [] for what, *_keys in keys}
    baseline: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.7)  # the log rows and trend lines are read in a worker after opening
        await _settle(pilot)
        if any("slash" in before for _what, before, _key, _after in keys):
            await _log_index_built(pilot)
        for _ in range(repeats):
            for what, before, key, after in keys:
                for untimed in before:
                    await pilot.press(untimed)
                await _settle(pilot)
                unbound = await _timed(pilot, clock, UNBOUND)
                await _settle(pilot)
                baseline.append(unbound)
                costs[what].append(await _timed(pilot, clock, key) - unbound)
                for untimed in after:
                    await pilot.press(untimed)
                await _settle(pilot)
                while app.screen is not app.dashboard:  # a refusal dialog (advance refused) or a screen left open
                    await pilot.press("escape")
                    await _settle(pilot)
    app.service.close()
    medians = {what: max(0.0, statistics.median(found)) for what, found in costs.items()}
    return {"(unbound key)": statistics.median(baseline) if baseline else 0.0, **medians}


async def _typed(pilot: Any, clock: PaintClock, key: str) -> float:
    """Seconds from pressing ``key`` in the log's filter to the last frame painted once every
    worker it started (its search) is done."""
    started = time.perf_counter()
    clock.last = 0.0
    await pilot.press(key)
    await _settle(pilot)
    return max(0.0, clock.last - started)


async def filter_costs(path: str, repeats: int, texts: tuple[str, ...] = FILTER_TEXTS) -> dict[str, list[float]]:
    """The log filter's keystrokes (the module's docstring): seconds of the first search, which
    builds the log index (``build``), and of each keystroke after it by the length of the text
    once typed (``short``: 1-2 characters, ``long``: 3 or more), minus the unbound key pressed
    just before it."""
    app = make_app(path)
    clock = PaintClock(app)
    costs: dict[str, list[float]] = {"build": [], "short": [], "long": [], NO_MATCH: []}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.7)
        await _settle(pilot)
        await pilot.press("l", "slash")
        await _settle(pilot)
        field = app.screen.query_one("#filter", Input)
        started = time.perf_counter()
        field.value = "building the index"  # a text no entry holds: every entry is read, and indexed
        await _settle(pilot)
        costs["build"].append(time.perf_counter() - started)
        for _ in range(repeats):
            for text in texts:
                field.value = ""
                await _settle(pilot)
                for typed, char in enumerate(text, start=1):
                    unbound = await _timed(pilot, clock, UNBOUND)
                    await _settle(pilot)
                    cost = max(0.0, await _typed(pilot, clock, "space" if char == " " else char) - unbound)
                    costs["long" if typed >= 3 else "short"].append(cost)
                    if typed >= 3:
                        costs.setdefault(text, []).append(cost)
            field.value = ""
            await _settle(pilot)
            unbound = await _timed(pilot, clock, UNBOUND)
            await _settle(pilot)
            costs[NO_MATCH].append(max(0.0, await _typed(pilot, clock, NO_MATCH) - unbound))
    app.service.close()
    return costs


def filter_figures(path: str, repeats: int) -> dict[str, float]:
    """`filter_costs` printed, and as figures."""
    typed = asyncio.run(filter_costs(path, repeats))
    long, short = typed["long"], typed["short"]
    print(f"log filter: the first search, building the log index: {typed['build'][0]:.1f} s")
    print(
        f"log filter keystroke, 3+ characters (the index): median {statistics.median(long) * 1e3:.1f} ms, "
        f"worst {max(long) * 1e3:.1f} ms ({len(long)} keystrokes: {', '.join(FILTER_TEXTS)})"
    )
    for text in FILTER_TEXTS:
        print(f"  {text!r}, its 3+ character keystrokes: median {statistics.median(typed[text]) * 1e3:.1f} ms")
    none = typed[NO_MATCH]
    print(
        f"log filter keystroke, 1-2 characters (the index's kept texts, newest first): median "
        f"{statistics.median(short) * 1e3:.1f} ms, worst {max(short) * 1e3:.1f} ms ({len(short)} keystrokes); "
        f"{NO_MATCH!r}, held by no entry: median {statistics.median(none) * 1e3:.1f} ms, worst {max(none) * 1e3:.1f} ms"
    )
    return {
        "filter_key_ms": statistics.median(long) * 1e3,
        "filter_key_worst_ms": max(long) * 1e3,
        "filter_short_ms": statistics.median(short) * 1e3,
        "filter_short_worst_ms": max([*short, *none]) * 1e3,
        "index_build_s": typed["build"][0],
    }


def build_realistic(folder: Path, entries: int) -> str:
    path = str(folder / "realistic.db")
    sibling("ledger").build(path, entries, 1941)
    return path


def build_new(folder: Path, units: int) -> str:
    """A new campaign: its order of battle of ``units`` units registered, then `FIRST_EVENING`
    entries of bench/ledger.py's mix (a few phases, rolls, pools). Against an empty roster the
    units screen drew an empty table (10 ms against 43 ms for a screenful of rows), and with no
    phase advanced the phase keys went to entry #1, a state without the roster: ratios that said
    nothing of the campaign's length (issue 28)."""
    path = str(folder / "new.db")
    if units:
        sibling("ledger").build(path, units + 1 + FIRST_EVENING, 1941, units_first=units)
    else:
        RefereeService.create(path, CreateCampaign(scenario="revised-europa/barbarossa", name="new")).close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000, help="entries in the realistic campaign")
    parser.add_argument("--repeats", type=int, default=5, help="presses of each key (the median is kept)")
    parser.add_argument("--only", default="", help="time only these keys, e.g. left,n,filter (default: all)")
    parser.add_argument("--campaign", help="a campaign built before by bench/ledger.py, instead of building one")
    args = parser.parse_args(argv)
    wanted = {key for key in args.only.split(",") if key}
    keys = [entry for entry in KEYS if not wanted or entry[2] in wanted]
    with scratch_folder("turnledger-keys-") as folder:
        started = time.perf_counter()
        if args.campaign:
            realistic = str(folder / "realistic.db")
            shutil.copyfile(args.campaign, realistic)  # `a` records an advance: the original stays as it was
            copied = RefereeService.open(realistic)
            copied.verify()  # a copy is not trusted on this machine until verified: its cached states are not read
            copied.close()
        else:
            realistic = build_realistic(folder, args.entries)
            print(f"built {args.entries:,} entries in {time.perf_counter() - started:.0f} s", flush=True)
        state = RefereeService.open(realistic)
        units = sum(len(roster.units) for roster in state.state().rosters.values())
        entries = state.head()
        state.close()
        new = build_new(folder, units)
        asyncio.run(key_costs(new, 1, keys))  # warm up Textual and imports
        load = os.getloadavg()[0]
        small = asyncio.run(key_costs(new, args.repeats, keys))
        big = asyncio.run(key_costs(realistic, args.repeats, keys))
        print(f"{'key':32} {'realistic':>10} {'new':>8} {'ratio':>6}   ({units:,} units, {entries:,} entries)")
        worst_ms, worst_ratio = 0.0, 0.0
        for what in big:
            ratio = (big[what] / small[what]) if small[what] > 0.001 else (1.0 if big[what] <= 0.001 else 99.0)
            print(f"{what:32} {big[what] * 1e3:8.1f} ms {small[what] * 1e3:5.1f} ms {ratio:6.2f}")
            if what != "(unbound key)":
                worst_ms, worst_ratio = max(worst_ms, big[what] * 1e3), max(worst_ratio, ratio)
        print(f"load average (1 min): {load:.2f} before the timed presses, {os.getloadavg()[0]:.2f} after")
        figures = {"entries": entries, "units": units, "worst_key_ms": worst_ms, "worst_vs_new": worst_ratio}
        if not keys:  # --only filter
            figures = {"entries": entries, "units": units}
        if not wanted or FILTER in wanted:
            Path(realistic + LOG_INDEX_SUFFIX).unlink(missing_ok=True)  # built by the keys: its building is timed here
            figures |= filter_figures(realistic, args.repeats)
        report(figures, TARGETS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
