"""The campaign store: append entries, read them back, and rebuild state as of any entry.

`LedgerStore` wraps one eventsourcing `Application` (one campaign per store). It is the facade
the service uses; it speaks entries (plain dicts) and the game's state (as its `Fold`
makes it) and translates storage errors into `LedgerError`s at this edge.

What the library does here (ledger/application.py): cached states at multiples of
`SNAPSHOT_INTERVAL` entries, weighed by size (`CachePlan`), the head kept in memory between
commands (the repository's aggregate cache, fast-forwarded by one indexed query, once per command
inside `one_look`) and optimistic concurrency (a conflicting save raises; nothing of it is
stored). What stays hand-written is named where it is.

This module opens the store, keeps this machine's trust in it and writes; reading is in two parts
mixed into `LedgerStore`: the entries, each checked on the way out (ledger/store_entries.py
`EntryReads`), and the state as of an entry, from cached states that can be trusted
(ledger/store_state.py `StateReads`).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError, PersistenceError

from ledger.application import SNAPSHOT_INTERVAL, LedgerApplication, SoundEntries
from ledger.book import CampaignBook
from ledger.canonical import GENESIS_HASH, canonical_text, read_json
from ledger.entry import Draft, seal
from ledger.errors import ConflictError, LedgerError, StoreExistsError, StoreNotFoundError
from ledger.foreign import check_campaign_file
from ledger.format import FORMAT_VERSION, read_format, write_format
from ledger.location import check_location, describe, is_memory, is_postgres, persistence_env, probe_postgres
from ledger.output_file import check_store_target
from ledger.pg_views import create_views
from ledger.record_check import check_at_open
from ledger.sealed_rows import save_sealed
from ledger.store_entries import EntryReads
from ledger.store_state import StateReads
from ledger.trust import LocalTrust, file_fingerprint


def _env(location: str, *, create: bool) -> dict[str, str]:
    """The library's settings: the repository keeps the head book in memory and fast-forwards it
    with one indexed query; tables are created only for a new campaign (opening one never
    writes: ledger/foreign.py)."""
    env = {**persistence_env(location), "AGGREGATE_CACHE_MAXSIZE": "1"}
    if not create and not is_memory(location):
        env["CREATE_TABLE"] = "no"
    return env


class LedgerStore(StateReads, EntryReads):
    """One campaign's book: open it, append entries, read state and entries.

    Args:
        location: an SQLite file path, ``:memory:``, or a ``postgresql://`` URL.
        create: True to make a new store (refused if a campaign is already there).
        check: False only for `verify`, which reads a damaged record to report it; otherwise
            opening checks every entry since this machine's checkpoint (ledger/trust.py).
    """

    def __init__(self, location: str, *, create: bool = False, check: bool = True) -> None:
        check_location(location)  # refused by name before anything looks at it (a bad port, a path too long)
        self.location = location
        self._file = None if is_memory(location) or is_postgres(location) else Path(location)
        self.opened_fingerprint = file_fingerprint(self._file) if self._file is not None else None
        """The file as it was before this store opened it: what the entries checked at open stand for."""
        self._vouch_file = False
        if not is_memory(location) and not is_postgres(location):
            if create:
                check_store_target(location)  # never a side file's name, never over another file
            elif not Path(location).exists():
                raise StoreNotFoundError(f"no campaign file at {location}")
            else:
                check_campaign_file(Path(location))
        if is_postgres(location):
            probe_postgres(location)
        try:
            self.app = LedgerApplication(env=_env(location, create=create))
        except (PersistenceError, sqlite3.Error, OSError) as error:
            raise StoreNotFoundError(f"cannot open {describe(location)}: {error}") from None
        self._campaign_id: UUID | None = None
        self._replay = SoundEntries()
        self._looking = False
        self._looked: CampaignBook | None = None
        self.format = FORMAT_VERSION
        try:
            found = self._find_campaign_id()
            if create and found is not None:
                raise StoreExistsError(f"{describe(location)} already holds a campaign")
            if not create and found is None:
                raise StoreNotFoundError(f"{describe(location)} holds no campaign")
            self.format = self._write_format() if create else read_format(self.app.recorder, describe(location))
        except LedgerError:
            self.app.close()  # a refused open leaves no connection behind
            raise
        self._campaign_id = found
        self.trust: LocalTrust | None = None
        if found is not None:
            try:
                self._trust_campaign(found)
                if check:
                    self._check_since_checkpoint()
            except LedgerError:
                self.app.close()
                raise

    def _write_format(self) -> int:
        """Mark the store as this release's format; on PostgreSQL, also (re)create the auditor's
        views (ledger/pg_views.py), which need the same right to create objects."""
        version = write_format(self.app.recorder)
        if is_postgres(self.location):
            create_views(self.app.recorder)
        return version

    # -- trust (ledger/trust.py) ----------------------------------------------------------

    def _trust_campaign(self, campaign_id: UUID) -> None:
        place = None if is_memory(self.location) else describe(self.location)
        if place is not None and not is_postgres(self.location):
            place = str(Path(self.location).resolve())
        self.trust = LocalTrust.of(str(campaign_id), place)
        self.app.cached_states.trust = self.trust

    def _check_since_checkpoint(self) -> None:
        """The record is still the one this machine last vouched for, and sound (ledger/record_check.py)."""
        check_at_open(self)

    def vouch_cache(self, digest: str) -> None:
        """`verify` found the cached state of this digest equal to the fold of the entries."""
        if self.trust is not None:
            self.trust.vouched.add(digest)

    def vouch_verified(self, number: int, hash_: str) -> None:
        """A full verification found entries #1..number sound: the checkpoint moves there, and
        the file as it was opened is vouched for."""
        if self.trust is not None:
            self.trust.vouch(number, hash_)
            self.trust.fingerprint = self.opened_fingerprint

    def _vouch_written(self, first: int, last: dict[str, Any]) -> None:
        """Entries ``first``..last that this store wrote itself extend the checkpoint when they
        follow it directly (another writer's entries in between are checked at the next open)."""
        if self.trust is None:
            return
        mark = self.trust.checkpoint
        if (mark is None and first == 1) or (mark is not None and mark.number == first - 1):
            self.trust.vouch(int(last["number"]), str(last["hash"]))

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

    # -- writing --------------------------------------------------------------------------

    def open_campaign(self, campaign_id: UUID, draft: Draft, *, recorded_at: str, at: str) -> dict[str, Any]:
        """Write entry #1, which must open the campaign."""
        if not self.is_empty:
            raise StoreExistsError(f"{describe(self.location)} already holds a campaign")
        entry = seal(draft, number=1, recorded_at=recorded_at, at=at, prev_hash=GENESIS_HASH)
        book = CampaignBook.open(campaign_id, entry, canonical_text(entry))
        self._trust_campaign(campaign_id)
        self._save(book)
        self._campaign_id = campaign_id
        self._vouch_written(1, entry)
        return entry

    def append(self, draft: Draft, *, recorded_at: str, at: str, expected_head: int | None = None) -> dict[str, Any]:
        """Seal ``draft`` as the next entry and save it in one transaction.

        Args:
            at: the calendar position label shown in the log (the game's words, not the book's).
            expected_head: the entry number the caller's decision was based on; if someone
                else has written since, the append is refused (optimistic concurrency).

        Raises:
            LedgerError: the events do not fit the accounts (nothing is written).
            ConflictError: another writer appended first (nothing is written).
        """
        book = self._head_book()
        if expected_head is not None and book.version != expected_head:
            raise ConflictError(
                f"entry #{expected_head + 1} was recorded by someone else while this command was "
                "being decided; reload the campaign and enter it again"
            )
        entry = seal(draft, number=book.version + 1, recorded_at=recorded_at, at=at, prev_hash=book.book.head_hash)
        try:
            text = canonical_text(entry)
            book.record(read_json(text), text)
            self._save(book)
        except BaseException:
            self._evict()  # the cached head may hold the refused entry half folded
            raise
        self._vouch_written(entry["number"], entry)
        return entry

    def preview(self, draft: Draft, *, recorded_at: str, at: str) -> Any:
        """The state the draft would produce, without writing anything."""
        book = self._book()
        entry = seal(draft, number=book.version + 1, recorded_at=recorded_at, at=at, prev_hash=book.book.head_hash)
        text = canonical_text(entry)
        book.record(read_json(text), text)
        return book.book.state

    def append_sealed(
        self, entries: list[dict[str, Any]], *, campaign_id: UUID, texts: list[str] | None = None
    ) -> None:
        """Append already sealed entries (import, branch) in one transaction.

        The caller has checked the chain; folding still enforces the accounts. ``texts`` may
        carry each entry's canonical JSON when the caller already has it (an export's lines).
        """
        if not entries:
            return
        if texts is None:
            texts = [canonical_text(entry) for entry in entries]
        opened = self.is_empty
        if opened:
            book = CampaignBook.open(campaign_id, entries[0], texts[0])
            pairs = zip(entries[1:], texts[1:], strict=True)
            self._trust_campaign(campaign_id)
        else:
            book, pairs = self._head_book(), zip(entries, texts, strict=True)
        try:
            self._write(lambda: save_sealed(self.app, book, pairs, every=SNAPSHOT_INTERVAL))
        except BaseException:
            self._evict()
            raise
        self._campaign_id = book.id
        cache = self.app.repository.cache
        if opened and cache is not None:  # the next batch goes on from it, not from the store
            cache.put(book.id, book)
        self._vouch_written(int(entries[0]["number"]), entries[-1])

    def _save(self, book: CampaignBook) -> None:
        self._write(lambda: self.app.save(book))

    def _write(self, write: Callable[[], object]) -> None:
        try:
            if self.format < FORMAT_VERSION:  # the first write to a 0.1.0 store marks it as this format
                self.format = self._write_format()
            write()
        except IntegrityError:
            raise ConflictError("another referee recorded an entry first; reload the campaign and try again") from None
        except (PersistenceError, sqlite3.Error) as error:
            raise LedgerError(f"could not write to {describe(self.location)}: {error}") from None

    def close(self, *, keep_trust: bool = True) -> None:
        """Keep this machine's checkpoint, then release the database connections.

        Args:
            keep_trust: False when the store is about to be removed (a refused import): what it
                wrote is forgotten, so a later store at the same place is not taken for it cut short.
        """
        try:
            if self.trust is not None and keep_trust:
                self.trust.save()
        finally:
            _readers_done(self.app)
            self.app.close()
        if self._vouch_file and keep_trust and self.trust is not None and self._file is not None:
            self.trust.fingerprint = file_fingerprint(self._file)
            self.trust.save()

    def vouch_file_when_closed(self) -> None:
        """Every entry in this file was checked and written by this store (a completed import):
        the file as it is once closed is vouched for, so the next open need not read it all again
        (a million entries: about nine seconds). A batch that ends at once, not a session in which
        someone else could have edited the file meanwhile."""
        self._vouch_file = True

    def __enter__(self) -> LedgerStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


READERS_PATIENCE_S = 10.0
"""How long closing waits for reads under way in other threads (a bound, not a sleep)."""


def _readers_done(app: LedgerApplication) -> None:
    """Wait until no connection of the store's SQLite pool is in use: the library closes the
    connections in use too, and closing one under a read in another thread (a console worker
    reading a state ahead while the console switches campaigns or a test closes it) crashed the
    process inside SQLite (a segmentation fault, tests/tui/test_console_large.py, 2026-11-27). A
    read that starts after the close is refused by the library's closed pool, with an error."""
    pool: Any = getattr(getattr(app.recorder, "datastore", None), "pool", None)
    if not isinstance(getattr(pool, "num_in_use", None), int):
        return  # PostgreSQL: psycopg's pool waits for its connections itself
    deadline = time.monotonic() + READERS_PATIENCE_S
    while pool.num_in_use and time.monotonic() < deadline:
        time.sleep(0.002)
