"""The processes of bench/club.py: a referee appending to one campaign, a reader running state,
log and verify over every campaign, and the watch on the server's connections.

Each referee and reader is a process of its own, as at a club every laptop or console is: the
figures then include what processes cost one another on the machine and on the server, which
threads of one process (one interpreter lock) would hide. They all start appending at one barrier.

A referee retries a command its store refused with `ConflictError` (another referee of the same
campaign recorded an entry first): the retry decides the command again against the reloaded
campaign, as a referee told "reload and enter it again" does. It keeps the number and hash of
every entry its appends returned, so that bench/club.py can check afterwards that each is in the
campaign exactly once (none lost, none doubled).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from bench.common import sibling
from ledger.errors import ConflictError
from referee.common.errors import RulesError
from referee.common.log import log_rows
from referee.service import RefereeService

RETRIES = 100
"""Conflicts one command may meet before the referee gives it up (never reached in a run: each
retry loses only to an append that another referee has completed meanwhile)."""

WARM_UP = (
    {"kind": "Annotate", "entry": 1, "text": "warm-up"},
    {"kind": "RecordRoll", "purpose": "warm-up", "dice": "2D6", "faces": [3, 4], "rolled_by": "Axis"},
    {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 1, "reason": "warm-up"},
)
"""Commands a referee previews (nothing written) before the start, as a console warms up when opened."""


@dataclass
class RefereeLoad:
    """What one referee process does: its name (the entries' ``actor``), campaign and pace."""

    name: str
    url: str
    seed: int
    appends: int
    seconds: float
    pace: float = 0.0
    """Seconds between two of this referee's commands (0: back to back)."""


@dataclass
class RefereeResult:
    """What a referee did: the seconds of each append (from the first attempt to the recorded entry,
    conflicts and their retries included), its entries and the conflicts it met."""

    name: str
    url: str
    latencies: list[float] = field(default_factory=list)
    entries: list[tuple[int, str]] = field(default_factory=list)
    """(number, hash) of each entry an append returned."""
    conflicts: int = 0
    most_conflicts: int = 0
    """The most conflicts one command met before it was recorded or refused."""
    resolved: int = 0
    """Commands that met a conflict and were then recorded on a retry."""
    refused_after_conflict: int = 0
    """Commands that met a conflict and were then refused by the rules on the reloaded campaign
    (another referee's entry made them wrong: a debit the pool no longer holds); nothing written."""
    refused: int = 0
    seconds: float = 0.0


def _commands(service: RefereeService, load: RefereeLoad) -> Iterator[dict[str, Any]]:
    """bench/ledger.py's mix, each command signed by this referee."""
    mix = sibling("ledger").command_mix(
        random.Random(load.seed),
        service.state(),
        10 * load.appends + 1000,
        open_disputes=lambda: service.store.peek().chain.disputes,
    )
    for command in mix:
        yield {**command, "actor": load.name}


def _record(service: RefereeService, command: dict[str, Any], result: RefereeResult) -> bool:
    """Append ``command``, retrying after conflicts; True if it was recorded.

    A refused AdvancePhase in an Initial phase takes the SP income first, as bench/ledger.py's
    `build` does. Each recorded entry's seconds, from its command's first attempt, go to
    ``result.latencies``."""
    met, started = 0, time.perf_counter()
    while True:
        try:
            entry = service.execute_json(command)
        except ConflictError:
            met += 1
            result.conflicts += 1
            result.most_conflicts = max(result.most_conflicts, met)
            if met >= RETRIES:
                raise
            continue
        except RulesError:
            if met:
                result.refused_after_conflict += 1
            calendar = service.store.peek().table.calendar
            if command["kind"] == "AdvancePhase" and calendar.phase == "Initial":
                income = {"kind": "ReceiveSupplyIncome", "side": calendar.player, "actor": command["actor"]}
                if _record(service, income, result):
                    return _record(service, command, result)
            result.refused += 1
            return False
        result.latencies.append(time.perf_counter() - started)
        if met:
            result.resolved += 1
        result.entries.append((int(entry["number"]), str(entry["hash"])))
        return True


def referee(load: RefereeLoad, start: Any, results: Any) -> None:
    """A referee process: open the campaign, wait at ``start`` (a barrier), append until
    ``load.appends`` are recorded or ``load.seconds`` have passed, close, and put its
    `RefereeResult` on ``results``."""
    result = RefereeResult(load.name, load.url)
    try:
        service = RefereeService.open(load.url)
        commands = _commands(service, load)
        for warm in WARM_UP:  # the first decision of each kind loads code and tables: not an append's cost
            service.preview_json({**warm, "actor": load.name})
    except BaseException:
        start.abort()  # the others, waiting to start, are told at once (too many clients, a refused open)
        raise
    try:
        start.wait()
        clock = time.perf_counter
        began = clock()
        while len(result.entries) < load.appends and (not load.seconds or clock() - began < load.seconds):
            if _record(service, next(commands), result) and load.pace:
                time.sleep(load.pace)
        result.seconds = clock() - began
    finally:
        service.close()
        results.put(result)


@dataclass
class ReaderResult:
    """What a reader did: the seconds of each read (open, state, log, verify, close) and the
    problems verify reported."""

    name: str
    reads: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_once(url: str) -> list[str]:
    """What a player looking at a campaign does: open it, read the state, the whole log and verify
    the record (without moving this machine's checkpoint: the reader writes nothing); returns the
    problems verify found."""
    service = RefereeService.open(url)
    try:
        service.state()
        log_rows(service.entries())
        report = service.verify(vouch=False)
        return [f"{url} #{number}: {problem}" for number, problem in report.problems]
    finally:
        service.close()


def reader(name: str, urls: list[str], start: Any, stop: Any, results: Any, pace: float = 0.0) -> None:
    """A reader process: from ``start``, read the campaigns in turn until ``stop`` is set, waiting
    ``pace`` seconds between two reads."""
    result = ReaderResult(name)
    try:
        start.wait()
        turn = 0
        while not stop.is_set():
            started = time.perf_counter()
            result.problems += read_once(urls[turn % len(urls)])
            result.reads.append(time.perf_counter() - started)
            turn += 1
            stop.wait(pace)
    finally:
        results.put(result)


class ConnectionWatch:
    """Counts the server's client connections to the campaigns' databases every ``every`` seconds,
    from a thread, keeping the peak (pg_stat_activity; this watch's own connection is to the
    ``postgres`` database and is not counted)."""

    QUERY = "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname <> 'postgres'"

    def __init__(self, base: str, every: float = 0.02) -> None:
        self.base, self.every = base, every
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._conn: psycopg.Connection[Any] | None = None

    def _watch(self) -> None:
        assert self._conn is not None
        while not self._stop.is_set():
            row = self._conn.execute(self.QUERY).fetchone()
            self.peak = max(self.peak, int(row[0]) if row else 0)
            self._stop.wait(self.every)

    def __enter__(self) -> ConnectionWatch:
        """Connect (before the processes do: the watch always has its connection), then watch."""
        self._conn = psycopg.connect(f"{self.base}/postgres", autocommit=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        if self._conn is not None:
            self._conn.close()


def server_cpu_seconds(base: str) -> float | None:
    """CPU seconds the server's processes have used so far (user + system, the postmaster's reaped
    children included: a reader's backends end with its connections); None if the server is not on
    this machine or its files cannot be read."""
    try:
        with psycopg.connect(f"{base}/postgres") as conn:
            row = conn.execute("SHOW data_directory").fetchone()
        with open(f"{row[0] if row else ''}/postmaster.pid", encoding="utf-8") as pid_file:
            postmaster = int(pid_file.readline())
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # a process that ended meanwhile
            pid, parent = int(stat.parent.name), int(fields[1])
            if pid == postmaster:
                total += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
            elif parent == postmaster:
                total += int(fields[11]) + int(fields[12])
        return total / tick
    except (OSError, ValueError, psycopg.Error):
        return None
