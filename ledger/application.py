"""The eventsourcing application behind one campaign store, and what it does on each save and read.

`LedgerApplication` is the library's `Application` with turnledger's mapper and cached-state
transcoding; `CachePlan` decides when a cached state is written; `SoundEntries` replays stored
entries, each checked against its own hash. `LedgerStore` (ledger/store.py) is the facade over them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any, ClassVar
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import JSONTranscoder, Mapper

from ledger.book import BookMapper, BookStateTranscoding, CampaignBook, LegacyStateTranscoding
from ledger.entry import hash_holds
from ledger.errors import TamperedError

SNAPSHOT_INTERVAL = 100
"""A cached state every 100 entries keeps any 'state as of #N' within 100 folds (notes: 100-500)."""


class LedgerApplication(Application[UUID]):
    """The eventsourcing application behind one campaign store."""

    name = "turnledger"
    snapshotting_intervals: ClassVar[dict[type[Any], int]] = {CampaignBook: SNAPSHOT_INTERVAL}

    def construct_mapper(self) -> Mapper[UUID]:  # library hook
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=BookMapper)

    cached_states: BookStateTranscoding
    cache_plan: CachePlan

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:  # library hook
        super().register_transcodings(transcoder)
        self.cached_states = BookStateTranscoding()
        self.cache_plan = CachePlan()
        transcoder.register(self.cached_states)
        transcoder.register(LegacyStateTranscoding())

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Snapshot the book just saved when its version is a multiple of the interval and the
        entries since the last cached state outweigh it (`CachePlan`).

        Hand-written on top of ``snapshotting_intervals``: the library rebuilds the aggregate
        from the store for every snapshot, although the saved book is in hand. Here the book in
        hand is snapshotted at the end of each save (an append). A bulk write (import, branch)
        does not come here: ledger/sealed_rows.py asks the same plan at each multiple of the
        interval inside the batch and writes the cached states in the batch's transaction.
        """
        assert self.snapshots is not None  # snapshotting_intervals turns the snapshot store on
        events = processing_event.events
        written = sum(len(getattr(event, "entry_json", "")) for event in events)
        for aggregate in processing_event.aggregates.values():
            interval = self.snapshotting_intervals.get(type(aggregate))
            if interval and self.cache_plan.due(self, aggregate, written, len(events), every=interval):
                self.snapshots.put([Snapshot.take(aggregate)])
                self.cache_plan.taken(aggregate.version, self.cached_states.last_size)


class CachePlan:
    """When to write a cached state: by size, not only by count (issue 17).

    A cached state holds the whole roster, so with a thousand units one weighs as much as a
    hundred entries: written every 100 entries they made the store grow with the square of the
    campaign (2,331 bytes per entry at 100,000, an export 690). One is written, at a multiple of
    `SNAPSHOT_INTERVAL`, only when the entry text written since the last is `WEIGHT` times that
    cache's size or more, so caches add at most a quarter to the store; a state read then folds
    at most WEIGHT times a cache's stored size in entry text (about 500 entries with 1,024 units,
    the state compressed: ledger/book.py; about 950 at 1,000,000 entries of bench/ledger.py's mix,
    whose state also carries 10,000 disputes: docs/PERFORMANCE.md).
    """

    WEIGHT = 4

    def __init__(self) -> None:
        self._last: tuple[int, int] | None = None
        """(version, size) of the newest cached state; read from the store at the first save."""
        self._since = 0
        """Entry text written since that cache (estimated for entries written before this process)."""

    def due(self, app: Application[UUID], aggregate: Any, written: int, count: int, *, every: int) -> bool:
        """Whether a cached state is due after a save of ``count`` entries, ``written`` characters
        (asked after every save: the text is counted; only a multiple of ``every`` may be due)."""
        if self._last is None:
            assert app.snapshots is not None  # snapshotting is always on for this application
            rows = app.snapshots.recorder.select_events(aggregate.id, desc=True, limit=1)
            self._last = (rows[0].originator_version, len(rows[0].state)) if rows else (0, 0)
            earlier = aggregate.version - count - self._last[0]  # written before this process: this save's mean
            self._since = max(0, earlier) * written // max(1, count)
        self._since += written
        version, size = self._last
        return aggregate.version % every == 0 and (version == 0 or self._since >= self.WEIGHT * size)

    def taken(self, version: int, size: int) -> None:
        """A cached state of ``size`` characters was written at ``version``."""
        self._last, self._since = (version, size), 0


class SoundEntries:
    """Replays stored entries onto a book, each checked against its own hash first, remembering
    the texts already found sound.

    The library's ``project_aggregate`` without its per-event protocol assertion (a
    `typing.Protocol` isinstance check costs a quarter of a state read: bench/ledger.py), and
    with the check that makes an entry edited in the store refuse to be read rather than fold
    (the book itself checks the links). The texts of the last entries found sound are kept
    (entry #1, which carries the pinned rules, is read by every early state read): a text
    identical to a sound one is sound, so it is not hashed again; an edited text is not in it.

    The console reads the record from worker threads (the log's filter, replay's read-ahead)
    while its own thread reads it too: the texts are kept under a lock, or two readers evicting
    the same oldest text at once end one of them with a KeyError (issue 30, seen under load).
    """

    KEEP = 256

    def __init__(self) -> None:
        self._sound: dict[str, None] = {}
        self._lock = threading.Lock()

    def check(self, text: str, entry: dict[str, Any]) -> None:
        """Raise `TamperedError` unless ``entry`` (decoded from ``text``) matches its own hash."""
        if text in self._sound:
            return
        if not hash_holds(entry, text):
            raise TamperedError(altered(entry.get("number")))
        with self._lock:
            if len(self._sound) >= self.KEEP:
                self._sound.pop(next(iter(self._sound)), None)
            self._sound[text] = None

    def __call__(self, book: Any, events: Iterable[Any]) -> Any:  # the repository's projector
        for event in events:
            if isinstance(event, Snapshot):  # a cached state: checked by its transcoding
                book = event.mutate(book)
                continue
            entry = event.entry
            self.check(event.entry_json, entry)
            vars(event)["decoded"] = entry  # kept in memory so that folding does not decode it again
            book = event.mutate(book)
        return book


def altered(number: object) -> str:
    """The refusal of a record whose entry #number no longer matches its hash."""
    return (
        f"entry #{number} has been altered since it was recorded (its content no longer matches its hash); "
        "nothing is read from this record: run 'turnledger verify' for the full report and restore the "
        "campaign from an export or a backup"
    )
