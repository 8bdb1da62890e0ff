"""The campaign store: append entries, read them back, and rebuild state as of any entry.

`LedgerStore` wraps one eventsourcing `Application` (one campaign per store). It is the
facade the referee service uses; it speaks entries (plain dicts) and `GameState` copies and
translates storage errors into `LedgerError`s at this edge.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import IntegrityError, JSONTranscoder, PersistenceError, StoredEvent

from ledger.book import CampaignBook, GameStateTranscoding
from ledger.canonical import GENESIS_HASH, canonical_text
from ledger.entry import Draft, seal
from ledger.errors import (
    ConflictError,
    EntryNotFoundError,
    LedgerError,
    StoreExistsError,
    StoreNotFoundError,
)
from ledger.location import describe, is_memory, is_postgres, persistence_env
from referee.common.state import GameState

SNAPSHOT_INTERVAL = 100
"""A snapshot every 100 entries keeps any 'state as of #N' within 100 folds (notes: 100-500)."""

BULK_SNAPSHOT_INTERVAL = 500
"""Import and branch write many entries at once: a snapshot every 500 keeps them fast
(bench/ledger.py) while 'state as of #N' stays within 500 folds."""


class LedgerApplication(Application):
    """The eventsourcing application behind one campaign store."""

    name = "turnledger"
    is_snapshotting_enabled = True

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(GameStateTranscoding())


class LedgerStore:
    """One campaign's book: open it, append entries, read state and entries.

    Args:
        location: an SQLite file path, ``:memory:``, or a ``postgresql://`` URL.
        create: True to make a new store (refused if a campaign is already there).
    """

    def __init__(self, location: str, *, create: bool = False) -> None:
        self.location = location
        if not create and not is_memory(location) and not is_postgres(location):
            if not Path(location).exists():
                raise StoreNotFoundError(f"no campaign file at {location}")
        try:
            self.app = LedgerApplication(env=persistence_env(location))
        except (PersistenceError, sqlite3.Error, OSError) as error:
            raise StoreNotFoundError(f"cannot open {describe(location)}: {error}") from None
        self._campaign_id: UUID | None = None
        self._cached: CampaignBook | None = None
        try:
            found = self._find_campaign_id()
            if create and found is not None:
                raise StoreExistsError(f"{describe(location)} already holds a campaign")
            if not create and found is None:
                raise StoreNotFoundError(f"{describe(location)} holds no campaign")
        except LedgerError:
            self.app.close()  # a refused open leaves no connection behind
            raise
        self._campaign_id = found

    # -- identity -------------------------------------------------------------------------

    def _find_campaign_id(self) -> UUID | None:
        try:
            first = self.app.recorder.select_notifications(start=1, limit=1)
        except (PersistenceError, sqlite3.Error) as error:
            raise StoreNotFoundError(f"{describe(self.location)} is not a campaign store: {error}") from None
        if not first:
            return None
        originator = first[0].originator_id
        return originator if isinstance(originator, UUID) else UUID(str(originator))

    @property
    def campaign_id(self) -> UUID:
        """The storage id of the campaign's book."""
        if self._campaign_id is None:
            raise StoreNotFoundError(f"{describe(self.location)} holds no campaign")
        return self._campaign_id

    @property
    def is_empty(self) -> bool:
        """True before entry #1 has been written."""
        return self._campaign_id is None

    # -- reading --------------------------------------------------------------------------

    def _book(self, version: int | None = None) -> CampaignBook:
        try:
            book: CampaignBook = self.app.repository.get(self.campaign_id, version=version)
        except AggregateNotFoundError:
            raise StoreNotFoundError(f"{describe(self.location)} holds no campaign") from None
        return book

    def _last_version(self) -> int:
        """The last entry number, read without decoding anything."""
        last = self.app.recorder.select_events(self.campaign_id, desc=True, limit=1)
        return last[0].originator_version if last else 0

    def _latest(self) -> CampaignBook:
        """The book at the head; kept between calls while nobody else has written.

        Appending then costs one indexed look-up instead of a rebuild from the last
        snapshot. Anything that mutates the cached book and then fails drops it.
        """
        if self._cached is None or self._cached.version != self._last_version():
            self._cached = self._book()
        return self._cached

    def head(self) -> int:
        """The number of the last entry."""
        if self.is_empty:
            return 0
        return self._last_version()

    def peek(self) -> GameState:
        """The latest state without copying it: for deciding a command, never to be changed or kept.

        Deciding reads the state once per command; a deep copy of a large roster per command
        would make appends slow down as the campaign grows (bench/ledger.py).
        """
        return self._latest().state

    def state(self, at: int | None = None) -> GameState:
        """The state as of entry ``at`` (default: the latest), as a copy the caller may keep."""
        if at is not None:
            last = self.head()
            if not 1 <= at <= last:
                raise EntryNotFoundError(f"there is no entry #{at}; the record runs #1 to #{last}")
            if at == last:
                at = None
        book = self._latest() if at is None else self._book(at)
        return book.state.frozen_copy()

    def stored_rows(self, *, gt: int = 0, lte: int | None = None, limit: int | None = None) -> list[StoredEvent]:
        """The raw stored events (one per entry), for verification and export."""
        return list(self.app.recorder.select_events(self.campaign_id, gt=gt, lte=lte, limit=limit))

    def decode_row(self, row: StoredEvent) -> Any:
        """Decode one stored row into its library event (raises on damage)."""
        return self.app.mapper.to_domain_event(row)

    def encode_event(self, event: Any) -> StoredEvent:
        """Encode a library event exactly as the store would."""
        return self.app.mapper.to_stored_event(event)

    def entries(self, start: int = 1, stop: int | None = None, page: int = 1000) -> Iterator[dict[str, Any]]:
        """Entries ``start``..``stop`` (inclusive), in order."""
        if self.is_empty:
            return
        position = start - 1
        while stop is None or position < stop:
            limit = page if stop is None else min(page, stop - position)
            rows = self.stored_rows(gt=position, lte=stop, limit=limit)
            if not rows:
                return
            for row in rows:
                yield self.decode_row(row).entry
            position = rows[-1].originator_version

    def entry(self, number: int) -> dict[str, Any]:
        """One entry by number."""
        for found in self.entries(number, number):
            return found
        raise EntryNotFoundError(f"there is no entry #{number}; the record runs #1 to #{self.head()}")

    # -- writing --------------------------------------------------------------------------

    def open_campaign(self, campaign_id: UUID, draft: Draft, *, recorded_at: str, at: str) -> dict[str, Any]:
        """Write entry #1, which must open the campaign."""
        if not self.is_empty:
            raise StoreExistsError(f"{describe(self.location)} already holds a campaign")
        entry = seal(draft, number=1, recorded_at=recorded_at, at=at, prev_hash=GENESIS_HASH)
        text = canonical_text(entry)
        book = CampaignBook.open(campaign_id, entry, text)
        self._save(book)
        self._campaign_id = campaign_id
        return entry

    def append(
        self, draft: Draft, *, recorded_at: str, at: str | None = None, expected_head: int | None = None
    ) -> dict[str, Any]:
        """Seal ``draft`` as the next entry and save it in one transaction.

        Args:
            expected_head: the entry number the caller's decision was based on; if someone
                else has written since, the append is refused (optimistic concurrency).

        Raises:
            LedgerError: the events do not fit the accounts (nothing is written).
            ConflictError: another writer appended first (nothing is written).
        """
        book = self._latest()
        if expected_head is not None and book.version != expected_head:
            raise ConflictError(
                f"entry #{expected_head + 1} was recorded by someone else while this command was "
                "being decided; reload the campaign and enter it again"
            )
        state = book.state
        entry = seal(
            draft,
            number=book.version + 1,
            recorded_at=recorded_at,
            at=at if at is not None else state.table.calendar.label,
            prev_hash=state.chain.head_hash,
        )
        text = canonical_text(entry)
        try:
            book.record(json.loads(text), text)
            self._save(book)
        except BaseException:
            self._cached = None
            raise
        return entry

    def preview(self, draft: Draft, *, recorded_at: str) -> GameState:
        """The state the draft would produce, without writing anything."""
        book = self._book()
        entry = seal(
            draft,
            number=book.version + 1,
            recorded_at=recorded_at,
            at=book.state.table.calendar.label,
            prev_hash=book.state.chain.head_hash,
        )
        text = canonical_text(entry)
        book.record(json.loads(text), text)
        return book.state.frozen_copy()

    def append_sealed(
        self, entries: list[dict[str, Any]], *, campaign_id: UUID | None = None, texts: list[str] | None = None
    ) -> None:
        """Append already sealed entries (import, branch) in one transaction.

        The caller has checked the chain; folding still enforces the accounts. ``texts`` may
        carry each entry's canonical JSON when the caller already has it (an export's lines).
        """
        if not entries:
            return
        if texts is None:
            texts = [canonical_text(entry) for entry in entries]
            entries = [json.loads(text) for text in texts]
        snapshots: list[StoredEvent] = []
        if self.is_empty:
            book = CampaignBook.open(campaign_id or self._id_for(entries[0]), entries[0], texts[0])
            pairs = list(zip(entries[1:], texts[1:]))
        else:
            book, pairs = self._latest(), list(zip(entries, texts))
        try:
            for entry, text in pairs:
                book.record(entry, text)
                if book.version % BULK_SNAPSHOT_INTERVAL == 0:
                    snapshots.append(self.encode_event(Snapshot.take(book)))
            self._save(book, snapshot=False)
        except BaseException:
            self._cached = None
            raise
        if snapshots:
            self.app.snapshots.recorder.insert_events(snapshots)  # type: ignore[union-attr]
        self._campaign_id = book.id
        self._cached = book

    @staticmethod
    def _id_for(first: dict[str, Any]) -> UUID:
        opened = first["events"][0]
        return UUID(opened["state"]["identity"]["campaign_id"])

    def _save(self, book: CampaignBook, *, snapshot: bool = True) -> None:
        try:
            self.app.save(book)
        except IntegrityError:
            raise ConflictError("another referee recorded an entry first; reload the campaign and try again") from None
        except (PersistenceError, sqlite3.Error) as error:
            raise LedgerError(f"could not write to {describe(self.location)}: {error}") from None
        if snapshot and book.version % SNAPSHOT_INTERVAL == 0:
            self.app.snapshots.put([Snapshot.take(book)])  # type: ignore[union-attr]

    def close(self) -> None:
        """Release the database connections."""
        self.app.close()

    def __enter__(self) -> LedgerStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
