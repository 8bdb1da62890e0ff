"""`verify` on every core: the stretches between cached states checked in separate processes.

A cached state proved equal to the fold of the entries before it is as good a start as entry #1:
the stretch after it can be checked from it while the stretch before it is still being checked,
as long as the stretch before does prove it in the end. So the record is cut at cached states
into ``jobs`` stretches (the workers' shorter by what one takes to start: `STARTUP`); each but
the last is checked in a process of its own (a fresh interpreter, 'spawn': nothing of this
process's connections or threads is inherited), which opens the store itself and walks its
stretch exactly as the serial verification does (ledger/verify.py `walk`: the same check of
each row, the fold from the cached state that opens the stretch, its previous hash from that
cached state) while this process walks the last one.

The stretches are then joined in order, and each join is checked: the stretch before reached its
end, proved the cached state there (the digest the next one started from) and ended on the hash
the next one started after, with the same game. The report is then the serial one: counts and
problems added in order, cut at the first bad entry as the serial walk stops there. Where a join
does not hold (a cached state edited, stale or damaged where a stretch begins), the stretch
before it is walked again here and on to the head, from where it began. Cached states written
elsewhere are vouched for here, in this process, and only those the serial walk would vouch for.

A record too short to gain from it (`LEAST` entries), one in memory, or one with no cached state
to cut at, is verified serially, and so is one a worker fails on (it cannot open the store, it
dies): the serial walk then says what it says. PostgreSQL campaigns are cut too: each process
opens the URL.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ledger.book import cache_header, cached_state_data, digest_of, unpack_state_text
from ledger.errors import LedgerError
from ledger.folding import fold_named
from ledger.location import is_memory
from ledger.store import LedgerStore
from ledger.trust import LocalTrust
from ledger.verify import DAMAGE, Cursor, Progress, VerifyReport, finish, verify, walk

LEAST = 40_000
"""Fewer entries than this are verified serially (`STARTUP`: a worker would gain little)."""
STARTUP = 20_000
"""About the entries this process checks while a worker starts (a fresh interpreter importing the
games: half a second or more): each worker's stretch is that much shorter than this process's
own (docs/PERFORMANCE.md, "Parallel verify": so cut, the two took 2.27 and 2.1 s of CPU)."""


@dataclass(frozen=True)
class Task:
    """One stretch for a worker: entries ``after + 1``..``upto`` of the store at ``location``.

    The worker trusts the cached states this process trusts (its key and the digests vouched for,
    some perhaps not saved yet), so that it counts as the serial walk would; it never saves them.
    ``games``: modules to import so that the campaign's game is known (each registers its fold).
    """

    location: str
    games: tuple[str, ...]
    key: bytes
    vouched: frozenset[str]
    after: int
    upto: int
    page: int
    parent: int = 0
    """The process id of the verification that asked (`watch_parent`; 0: not watched)."""


@dataclass
class Outcome:
    """What walking one stretch found."""

    after: int
    upto: int
    report: VerifyReport
    reached: bool
    """True when the walk reached ``upto``; False when it stopped at a bad entry, or could not begin."""
    opened: str | None = None
    """The digest of the cached state the stretch began from (None: from #1, or it could not be read)."""
    start_hash: str = ""
    end_hash: str = ""
    fold_name: str | None = None
    proved: tuple[int, str] | None = None
    vouched: list[str] = field(default_factory=list)


def verify_parallel(
    store: LedgerStore,
    *,
    jobs: int,
    games: Sequence[str] = (),
    progress: Progress | None = None,
    page: int = 1000,
    least: int = LEAST,
    startup: int = STARTUP,
    pool: Executor | None = None,
) -> VerifyReport:
    """`ledger.verify.verify` on ``jobs`` processes: the same report, and the same cached states
    vouched for. ``pool``: processes to use (tests keep one for several calls); else made here."""
    head = 0 if store.is_empty or store.trust is None or is_memory(store.location) else store.head()
    bounds = _bounds(store, head, jobs, startup) if jobs > 1 and head >= max(least, 2) else []
    if not bounds:
        return verify(store, progress=progress, page=page)
    trust = store.trust
    assert trust is not None
    stretches = list(zip([0, *bounds], [*bounds, head], strict=True))
    tasks = [
        Task(store.location, tuple(games), trust.key, frozenset(trust.vouched), after, upto, page, os.getpid())
        for after, upto in stretches[:-1]
    ]
    workers = pool or ProcessPoolExecutor(len(tasks), mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = [workers.submit(check_stretch, task) for task in tasks]
        told = _told(futures, stretches, head, progress)
        last, cursor = run_stretch(store, stretches[-1][0], head, page=page, progress=told)
        outcomes = [future.result() for future in futures]
    except Exception:  # a worker that could not open the store, or died: the serial walk says what it says
        return verify(store, progress=progress, page=page)
    finally:
        if pool is None:
            workers.shutdown(cancel_futures=True)
    report = _joined(store, [*outcomes, last], cursor, head, page)
    report.processes = len(stretches)
    return report


def _told(
    futures: list[Future[Outcome]], stretches: list[tuple[int, int]], head: int, progress: Progress | None
) -> Progress | None:
    """The progress of the whole verification, told while this process walks the last stretch."""
    if progress is None:
        return None
    start = stretches[-1][0]

    def told(done: int, _upto: int) -> None:
        finished = sum(upto - after for future, (after, upto) in zip(futures, stretches, strict=False) if future.done())
        progress(finished + done - start, head)

    return told


def check_stretch(task: Task) -> Outcome:
    """A worker's part: open the store, trust what the parent trusts, walk one stretch."""
    if task.parent:
        watch_parent(task.parent)
    for module in task.games:
        importlib.import_module(module)
    store = LedgerStore(task.location, check=False)
    try:
        trust = LocalTrust(None)  # in memory: nothing of it is ever saved from here
        trust.key, trust.vouched = task.key, set(task.vouched)
        store.trust = store.app.cached_states.trust = trust
        return run_stretch(store, task.after, task.upto, page=task.page)[0]
    finally:
        store.close()


PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether the verification it works for still runs."""
_watching: list[threading.Thread] = []


def watch_parent(parent: int, every: float = PARENT_CHECK_SECONDS) -> None:
    """End this worker when the process that started it is gone (killed by SIGKILL, say): its
    stretch answers no one, and a stretch of a long record is many seconds of a core. A worker
    is reparented when its parent dies, so a parent id other than ``parent`` (the verifying
    process's, sent with the task: it may be gone before this worker starts) says so; the watch
    is a daemon thread, started once a process."""
    if _watching:
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    thread = threading.Thread(target=watch, name="turnledger-verify-parent-watch", daemon=True)
    _watching.append(thread)
    thread.start()


def run_stretch(
    store: LedgerStore, after: int, upto: int, *, page: int, progress: Progress | None = None
) -> tuple[Outcome, Cursor]:
    """Walk entries ``after + 1``..``upto``, from #1 or from the cached state at ``after``."""
    if after == 0:
        cursor, opened = Cursor(), None
    else:
        found = opened_at(store, after)
        if found is None:
            return Outcome(after, upto, VerifyReport(), reached=False), Cursor()
        cursor, opened = found
    report = VerifyReport(entries=after, head_hash=cursor.prev_hash)
    outcome = Outcome(after, upto, report, reached=False, opened=opened, start_hash=cursor.prev_hash)
    outcome.reached = walk(store, report, cursor, upto=upto, vouch=outcome.vouched.append, progress=progress, page=page)
    outcome.end_hash, outcome.proved = cursor.prev_hash, cursor.proved
    outcome.fold_name = cursor.fold.name if cursor.fold is not None else None
    return outcome, cursor


def opened_at(store: LedgerStore, at: int) -> tuple[Cursor, str] | None:
    """A cursor at the cached state of entry ``at`` and that state's digest, or None when it
    cannot be read as one of this release (damaged, stale, of an unknown game). Whether it is
    the fold of the entries before it is for the stretch before to prove."""
    row = store.next_snapshot_row(after=at - 1, lte=at)
    data = cached_state_data(row.state) if row is not None else None
    if data is None:
        return None
    header = cache_header(data)
    text = unpack_state_text(data)
    try:
        fold = fold_named(str(header["fold"]))
        if header["state_version"] != fold.state_version or header["last_number"] != at or text is None:
            return None
        if data.get("digest") != digest_of(header, text):
            return None
        state = fold.decode_text(text)
    except DAMAGE:
        return None
    return Cursor(after=at, prev_hash=str(header["head_hash"]), fold=fold, state=state), str(data["digest"])


def _bounds(store: LedgerStore, head: int, jobs: int, startup: int = 0) -> list[int]:
    """Where to cut the record: at the first usable cached state at or after the end of each
    worker's share (``startup`` entries shorter than this process's: `STARTUP`)."""
    share = max(1, (head - startup) // jobs)
    bounds: list[int] = []
    for part in range(1, jobs):
        after = max(share * part - 1, bounds[-1] if bounds else 0)
        row = store.next_snapshot_row(after=after, lte=head - 1)
        while row is not None and not _usable(row):
            row = store.next_snapshot_row(after=row.originator_version, lte=head - 1)
        if row is None:
            break
        bounds.append(row.originator_version)
    return bounds


def _usable(row: Any) -> bool:
    """Whether a stretch could begin at this cached state (a stale or foreign one cannot)."""
    data = cached_state_data(row.state)
    if data is None:
        return False
    try:
        fold = fold_named(str(data.get("fold")))
    except LedgerError:
        return False
    return data.get("state_version") == fold.state_version and data.get("last_number") == row.originator_version


def _joins(before: Outcome, after: Outcome) -> bool:
    """Whether ``after`` went on from exactly where ``before`` ended, with a state it proved."""
    return (
        before.reached
        and after.opened is not None
        and before.proved == (before.upto, after.opened)
        and before.end_hash == after.start_hash
        and before.fold_name == after.fold_name
    )


def _joined(store: LedgerStore, outcomes: list[Outcome], cursor: Cursor, head: int, page: int) -> VerifyReport:
    """The serial report from the stretches' outcomes (the last one walked here, to ``cursor``)."""
    kept: list[Outcome] = []
    again: Outcome | None = None
    for outcome in outcomes:
        if kept and not kept[-1].reached:
            break  # a bad entry: the verification ends there
        if kept and not _joins(kept[-1], outcome):
            again = kept.pop()  # its end is not proved: walked again, here, from where it began
            break
        kept.append(outcome)
    report = VerifyReport()
    vouched: list[str] = []
    for outcome in kept:
        _add(report, outcome.report)
        vouched += outcome.vouched
    reached = bool(kept) and kept[-1].reached
    if again is not None:
        found = opened_at(store, again.after) if again.after else (Cursor(), None)
        if found is None or found[1] != again.opened:  # changed meanwhile: the serial walk from #1 answers
            return verify(store, page=page)
        cursor = found[0]
        reached = walk(store, report, cursor, upto=head, vouch=vouched.append, page=page)
    for digest in vouched:
        store.vouch_cache(digest)
    if reached:
        finish(store, report, cursor)
    return report


def _add(report: VerifyReport, part: VerifyReport) -> None:
    report.entries, report.head_hash = part.entries, part.head_hash
    report.snapshots += part.snapshots
    report.stale_snapshots += part.stale_snapshots
    report.untrusted_snapshots += part.untrusted_snapshots
    report.problems += part.problems
