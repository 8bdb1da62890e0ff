"""A Third Reich campaign for the benchmarks (issue 17: the bench's realistic campaigns are
bench/ledger.py's Europa mix and a Third Reich one).

`build` plays the 1939 campaign through the real referee service: the order of battle first
(``units_first`` units, as in the Europa mix), then a session mix of dice rolled at the table
(combat and strategic warfare), BRP spending by the powers (builds, offensive options, repairs),
notes with their disputes and rulings, markers, and the calendar moved on so that the whole war
(Fall 1939 to Summer I 1945, about a thousand phases) is spread over the campaign's length; each
Spring's year starts are recorded as the advance asks for them. Spending the rules refuse (over
half a power's total in a game turn, G-42; a power not yet in play) is skipped, as a referee would.

Run through bench/run.py (``--game reich``); `build` is also what its smoke test calls.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench.common import sibling
from referee.commands import CreateCampaign
from referee.common.errors import RulesError
from referee.service import RefereeService

SCENARIO = "revised-third-reich/campaign-1939"
SIDES = {"Axis": "Germany", "USSR": "USSR", "Western Allies": "UK"}
TYPES = ["infantry", "armor", "air", "fleet"]
CATEGORIES = ["build", "option", "repair", "replacement"]
MARKERS = ["Paris", "Moscow", "Leningrad", "London", "Suez", "Gibraltar", "Malta", "Murmansk"]
MIX = [("RecordRoll", 40), ("SpendBrp", 25), ("Annotate", 15), ("SetMarker", 10)]
PHASES = 1_000
"""About how many advances the 1939 campaign's calendar takes from Fall 1939 to its end."""


def command_mix(
    rng: random.Random,
    state: Any,
    count: int,
    *,
    open_disputes: Callable[[], list[list[int]]],
    units_first: int = 0,
    length: int | None = None,
) -> Iterator[dict[str, Any]]:
    """``count`` commands of a Third Reich session; ``length`` (default ``count``) is the
    campaign's length in entries, over which the calendar's advances are spread."""
    kinds, weights = zip(*MIX, strict=True)
    advance = min(0.08, PHASES / max(1, length or count))
    units = 0
    powers = list(state.brp_economies)
    for _ in range(count):
        if units < units_first:
            units += 1
            side = rng.choice(list(SIDES))
            yield {
                "kind": "RegisterUnit",
                "side": side,
                "unit_id": f"u{units}",
                "name": f"{units}. {rng.choice(TYPES)}",
                "nation": SIDES[side],
                "type": rng.choice(TYPES),
                "size": "XXX",
                "attack": rng.randint(1, 9),
                "defense": rng.randint(1, 9),
                "movement": rng.choice([3, 4, 6]),
            }
            continue
        if rng.random() < advance:
            yield {"kind": "AdvancePhase"}
            continue
        kind = rng.choices(kinds, weights)[0]
        if kind == "RecordRoll":
            dice = rng.choice(["1D6", "2D6"])
            yield {
                "kind": "RecordRoll",
                "purpose": rng.choice(["land combat", "strategic warfare", "air combat", "naval combat"]),
                "dice": dice,
                "faces": [rng.randint(1, 6) for _ in range(int(dice[0]))],
                "rolled_by": rng.choice(list(SIDES)),
            }
        elif kind == "SpendBrp":
            yield {
                "kind": "SpendBrp",
                "power": rng.choice(powers),
                "amount": rng.randint(1, 4),
                "category": rng.choice(CATEGORIES),
                "reason": "at the table",
            }
        elif kind == "SetMarker":
            yield {"kind": "SetMarker", "name": rng.choice(MARKERS), "value": rng.choice(list(SIDES))}
        elif (disputes := open_disputes()) and rng.random() < 0.5:
            raised, target = disputes[0]
            yield {"kind": "SettleDispute", "entry": target, "dispute": raised, "ruling": "the roll stands"}
        else:
            yield {
                "kind": "Annotate",
                "entry": rng.randint(1, 2 + units),
                "text": "checked against the table",
                "disputed": rng.random() < 0.1,
            }


def build(path: str, entries: int, seed: int, *, units_first: int = 0) -> list[float]:
    """Create the campaign (#1) and append entries #2..#N; returns seconds per append. An
    advance refused for the year start records each power's year start first (those that are
    refused, a power not yet in play, are skipped); other refusals skip the command."""
    service = RefereeService.create(
        path, CreateCampaign(scenario=SCENARIO, name="bench"), clock=sibling("ledger").ticking_clock()
    )
    timings: list[float] = []
    clock = time.perf_counter

    def timed(command: dict[str, Any]) -> bool:
        started = clock()
        try:
            service.execute_json(command)
        except RulesError:
            return False
        timings.append(clock() - started)
        return True

    try:
        commands = command_mix(
            random.Random(seed),
            service.state(),
            10 * entries,
            open_disputes=lambda: service.store.peek().chain.disputes,
            units_first=units_first,
            length=entries,
        )
        while len(timings) < entries - 1:
            command = next(commands)
            if timed(command) or command["kind"] != "AdvancePhase":
                continue
            if service.store.peek().table.calendar.phase == "Year Start":
                for power in service.store.peek().brp_economies:
                    if len(timings) < entries - 1:
                        timed({"kind": "PerformYearStart", "power": power, "lend_lease": []})
            if len(timings) % 10_000 == 0:
                print(f"  built {len(timings) + 1:,} entries", flush=True)
    finally:
        service.close()
    return timings[: entries - 1]
