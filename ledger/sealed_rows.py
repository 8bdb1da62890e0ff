"""Entries already sealed (an import's batch, a branch's copy) written as stored rows, with the
cached states the cache plan asks for among them, all in one transaction.

Why not the library's `save`: it makes an event object per entry, walks each through the mapper,
writes the events in one transaction and then each cached state in another, and only ever at the
end of a save, so an imported campaign kept one cached state per batch of 1,000 where a built one
keeps one wherever the plan asks (every few hundred entries), and a state read of it folded up to
999 entries. Here the book folds each entry itself (`BookState.fold_in`, the same checks), the row
is built directly (`entry_row_state`, the bytes the library's mapper writes: tests/ledger/
test_book_mapper.py), the plan is asked at every multiple of `SNAPSHOT_INTERVAL` exactly as it is
after each append, and a cached state due is encoded there and then; the rows and the cached
states are then written in one transaction, so a killed import leaves whole batches, each with
its cached states (docs/PERFORMANCE.md, "Import, second pass").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.domain import Snapshot
from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteAggregateRecorder

from ledger.book import CampaignBook, entry_row_state, entry_timestamp

if TYPE_CHECKING:
    from ledger.application import LedgerApplication

TOPIC = CampaignBook.EntryRecorded.TOPIC

Row = tuple[Any, int, str, bytes]
"""A stored row as the recorder binds it: (originator id, version, topic, state)."""


def save_sealed(
    app: LedgerApplication, book: CampaignBook, pairs: Iterable[tuple[dict[str, Any], str]], *, every: int
) -> None:
    """Fold each (entry, its canonical text) into ``book`` and write them after its pending events
    (entry #1 when the book was just opened), with the cached states due, in one transaction.

    Raises what folding raises (nothing written; the book is then half folded: the caller drops
    it), or the recorder's errors (nothing written)."""
    plan = app.cache_plan
    events = list(book.collect_events())
    written = sum(len(getattr(event, "entry_json", "")) for event in events)
    key = _stored_id(app, book.id)
    rows = [_row(key, app.mapper.to_stored_event(event)) for event in events]
    caches: list[Row] = []
    held = book.book
    version, stamp, count = book.version, book.modified_on, len(rows)
    try:
        for entry, text in pairs:
            held.fold_in(entry)
            version += 1
            stamp = entry_timestamp(entry)
            rows.append((key, version, TOPIC, entry_row_state(stamp, text)))
            written += len(text)
            count += 1
            if version % every == 0:
                book.version, book.modified_on = version, stamp
                if plan.due(app, book, written, count, every=every):
                    caches.append(_row(key, app.mapper.to_stored_event(Snapshot.take(book))))
                    plan.taken(version, app.cached_states.last_size)
                written = count = 0
        book.version, book.modified_on = version, stamp
        if count:
            plan.due(app, book, written, count, every=every)  # counts the text since the last cache
        write_rows(app, rows, caches)
    except BaseException:
        app.cache_plan = type(plan)()  # what it counted may not be stored: read afresh at the next save
        raise


def _stored_id(app: LedgerApplication, book_id: UUID) -> Any:
    """The book's id as its recorder binds it (the library's SQLite recorder: the hex)."""
    return book_id.hex if isinstance(app.recorder, SQLiteAggregateRecorder) else book_id


def _row(key: Any, stored: StoredEvent) -> Row:
    return (key, stored.originator_version, stored.topic, stored.state)


def write_rows(app: LedgerApplication, rows: Sequence[Row], caches: Sequence[Row]) -> None:
    """The entries' rows and the cached states in one transaction: SQLite's, PostgreSQL's
    (`LedgerPostgresRecorder.insert_with_caches`), or, for any other recorder, one after the other."""
    assert app.snapshots is not None  # snapshotting is always on for this application
    recorder, cache_recorder = app.recorder, app.snapshots.recorder
    together = getattr(recorder, "insert_with_caches", None)
    if together is not None:
        together(rows, caches, cache_recorder)
    elif isinstance(recorder, SQLiteAggregateRecorder) and isinstance(cache_recorder, SQLiteAggregateRecorder):
        assert cache_recorder.datastore is recorder.datastore  # one file, so one transaction holds both
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.executemany(recorder.insert_events_statement, rows)
            if caches:
                cursor.executemany(cache_recorder.insert_events_statement, caches)
    else:
        recorder.insert_events([StoredEvent(*row) for row in rows])
        if caches:
            cache_recorder.insert_events([StoredEvent(*row) for row in caches])
