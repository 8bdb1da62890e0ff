"""The campaign store: append entries, read them back, and rebuild state as of any entry.

`LedgerStore` wraps one eventsourcing `Application` (one campaign per store). It is the facade
the service uses; it speaks entries (plain dicts) and the game's state (as its `Fold`
makes it) and translates storage errors into `LedgerError`s at this edge.

What the library does here (ledger/application.py): cached states at multiples of
`SNAPSHOT_INTERVAL` entries, weighed by size (`CachePlan`), the head kept in memory between
commands (the repository's aggregate cache, fast-forwarded by one indexed query, once per command
inside `one_look`) and optimistic concurrency (a conflicting save raises; nothing of it is
stored). What stays hand-written is named where it is.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from copy import deepcopy
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import (
    IntegrityError,
    MapperDeserialisationError,
    PersistenceError,
    StoredEvent,
)

from ledger.application import LedgerApplication, SoundEntries, altered
from ledger.book import CampaignBook
from ledger.canonical import GENESIS_HASH, canonical_text, read_json
from ledger.entry import Draft, seal
from ledger.errors import (
    ChainError,
    ConflictError,
    EntryNotFoundError,
    LedgerError,
    StaleCacheError,
    StoreExistsError,
    StoreNotFoundError,
    TamperedError,
)
from ledger.foreign import check_campaign_file
from ledger.format import FORMAT_VERSION, read_format, write_format
from ledger.location import check_location, describe, is_memory, is_postgres, persistence_env, probe_postgres
from ledger.output_file import check_store_target
from ledger.pg_views import create_views
from ledger.record_check import check_at_open
from ledger.trust import LocalTrust, file_fingerprint


def _env(location: str, *, create: bool) -> dict[str, str]:
    """The library's settings: the repository keeps the head book in memory and fast-forwards it
    with one indexed query; tables are created only for a new campaign (opening one never
    writes: ledger/foreign.py)."""
    env = {**persistence_env(location), "AGGREGATE_CACHE_MAXSIZE": "1"}
    if not create and not is_memory(location):
        env["CREATE_TABLE"] = "no"
    return env


class LedgerStore:
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

    def hash_at(self, number: int) -> str | None:
        """The hash entry #number carries as stored (None: there is no such entry)."""
        return self._stored_hash(number) if 1 <= number <= self.head() else None

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

    # -- reading --------------------------------------------------------------------------

    def _book(self, version: int | None = None, *, copy: bool = True) -> CampaignBook:
        """The book as of ``version`` (None: the head), rebuilt from the entries whenever a
        cached state is stale, damaged or does not sit on the chain."""
        try:
            book: CampaignBook = self.app.repository.get(
                self.campaign_id, version=version, deepcopy_from_cache=copy, projector_func=self._replay
            )
            if version is not None:
                self._check_on_chain(book)
        except AggregateNotFoundError:
            raise StoreNotFoundError(f"{describe(self.location)} holds no campaign") from None
        except TamperedError:
            self._evict()
            raise
        except (StaleCacheError, MapperDeserialisationError, ChainError):
            book = self._rebuilt(version)  # a cached state that cannot be trusted is never read
            cache = self.app.repository.cache
            if version is None and cache is not None:
                # keep the rebuilt head in memory: later reads fast-forward from it instead of
                # replaying the whole record again (four replays per console opening after an
                # upgrade made every cached state stale: 30 s for 100,000 entries)
                cache.put(self.campaign_id, book)
                book = deepcopy(book) if copy else book
        return book

    def _rebuilt(self, version: int | None) -> CampaignBook:
        """The book from the newest cached state that is trusted and on the chain, else from #1
        (hand-written: the library's repository only ever tries the newest snapshot)."""
        self._evict()
        start: CampaignBook | None = self._trusted_cache(version)
        after = start.version if start is not None else 0
        events = self.app.events.get(self.campaign_id, gt=after, lte=version)
        book: CampaignBook | None = self._replay(start, events)
        if book is None:
            raise StoreNotFoundError(f"{describe(self.location)} holds no campaign")
        return book

    def _trusted_cache(self, version: int | None, page: int = 8) -> CampaignBook | None:
        assert self.app.snapshots is not None  # snapshotting is always on for this application
        recorder = self.app.snapshots.recorder
        below = version
        while True:
            rows = recorder.select_events(self.campaign_id, lte=below, desc=True, limit=page)
            for row in rows:
                try:
                    snapshot: Any = self.app.mapper.to_domain_event(row)  # a library Snapshot
                    book: CampaignBook = snapshot.mutate(None)
                    self._check_on_chain(book)
                except (StaleCacheError, MapperDeserialisationError, ChainError):
                    continue
                return book
            if len(rows) < page:
                return None
            below = rows[-1].originator_version - 1

    def _check_on_chain(self, book: CampaignBook) -> None:
        """A book rebuilt from a cached state must end on the stored entry of its version."""
        held = book.book
        if held.last_number != book.version or held.head_hash != self._stored_hash(book.version):
            raise StaleCacheError(f"the cached state at #{book.version} is not on the chain")

    def _stored_hash(self, number: int) -> str:
        rows = self.app.recorder.select_events(self.campaign_id, gt=number - 1, lte=number, limit=1)
        if not rows:
            return GENESIS_HASH
        return str(read_json(self.decode_row(rows[0]).entry_json).get("hash"))

    def _evict(self) -> None:
        self._looked = None  # read afresh, even inside `one_look`
        if self._campaign_id is None:  # nothing held yet (a first batch refused): nothing to evict
            return
        cache = self.app.repository.cache
        if cache is not None:
            with contextlib.suppress(KeyError):
                cache.get(self.campaign_id, evict=True)

    def head(self) -> int:
        """The number of the last entry."""
        if self.is_empty:
            return 0
        last = self.app.recorder.select_events(self.campaign_id, desc=True, limit=1)
        return last[0].originator_version if last else 0

    def head_position(self) -> tuple[int, str]:
        """The last entry's number and hash (0 and the genesis hash before #1)."""
        if self.is_empty:
            return 0, GENESIS_HASH
        book = self._head_book()
        return book.version, book.book.head_hash

    def _head_book(self) -> CampaignBook:
        """The head book from the repository's cache, fast-forwarded by the library with one
        indexed query to whatever anyone has written since (never to be changed outside `append`);
        inside `one_look`, that query is made once."""
        if self._looked is not None:
            return self._looked
        book = self._book(copy=False)
        if self._looking:
            self._looked = book
        return book

    @contextlib.contextmanager
    def one_look(self) -> Iterator[None]:
        """Ask the store what is new once for everything inside (one command: parse, decide,
        append), not at each read (issue 17: three queries an append on PostgreSQL). A writer who
        records meanwhile is still caught: the append's insert then finds its number taken and is
        refused as a conflict, nothing written."""
        if self._looking:
            yield
            return
        self._looking, self._looked = True, None
        try:
            yield
        finally:
            self._looking, self._looked = False, None

    def peek(self) -> Any:
        """The latest state without copying it: for deciding a command, never to be changed or kept.

        Deciding reads the state once per command; a deep copy of a large roster per command
        would make appends slow down as the campaign grows (bench/ledger.py).
        """
        return self._head_book().book.state

    def state(self, at: int | None = None) -> Any:
        """The state as of entry ``at`` (default: the latest), as a copy the caller may keep."""
        if at is not None:
            last = self.head()
            if not 1 <= at <= last:
                raise EntryNotFoundError(f"there is no entry #{at}; the record runs #1 to #{last}")
            if at == last:
                at = None
        if at is None:
            book = self._head_book()
            return book.book.fold.copy(book.book.state)
        return self._book(at).book.state  # rebuilt for this call alone: nobody else holds it

    def stored_rows(self, *, gt: int = 0, lte: int | None = None, limit: int | None = None) -> list[StoredEvent]:
        """The raw stored events (one per entry), for verification and export."""
        return list(self.app.recorder.select_events(self.campaign_id, gt=gt, lte=lte, limit=limit))

    def decode_row(self, row: StoredEvent) -> Any:
        """Decode one stored row into its library event (raises on damage)."""
        return self.app.mapper.to_domain_event(row)

    def encode_event(self, event: Any) -> StoredEvent:
        """Encode a library event exactly as the store would."""
        return self.app.mapper.to_stored_event(event)

    def entries(
        self, start: int = 1, stop: int | None = None, page: int = 1000, *, expect_prev: str | None = None
    ) -> Iterator[dict[str, Any]]:
        """Entries ``start``..``stop`` (inclusive), in order, each checked against its own hash and
        the one before it (``expect_prev``: the hash the first must follow, when known).

        Raises:
            TamperedError: an entry was altered in the store (nothing after it is given).
        """
        for entry, _text in self.entry_texts(start, stop, page, expect_prev=expect_prev):
            yield entry

    def entry_texts(
        self, start: int = 1, stop: int | None = None, page: int = 1000, *, expect_prev: str | None = None
    ) -> Iterator[tuple[dict[str, Any], str]]:
        """`entries`, each with its stored canonical JSON (what an export writes, as stored).

        The entries given are checked against their neighbours too: the first must follow the
        stored hash of the entry before it, and the entry after the last (when there is one) must
        follow the last, so an entry edited with its own hash recomputed is refused wherever it is
        read or shown, not only by a command that reads the whole record (issue 26)."""
        if self.is_empty:
            return
        last = self.head()
        if start > last:
            return
        if stop is not None:
            stop = min(stop, last)  # a number beyond any database integer is never asked for
        position = max(start, 1) - 1
        prev = expect_prev
        if prev is None and position >= 1:
            prev = self._stored_hash(position)
        while stop is None or position < stop:
            limit = page if stop is None else min(page, stop - position)
            rows = self.stored_rows(gt=position, lte=stop, limit=limit)
            if not rows:
                return
            for row in rows:
                text, entry = self._readable(row)
                if entry.get("number") != row.originator_version:
                    raise TamperedError(altered(row.originator_version))
                self._replay.check(text, entry)
                if prev is not None and entry.get("prev_hash") != prev:
                    raise TamperedError(
                        f"entry #{row.originator_version} no longer follows the entry before it (its previous-hash "
                        "link is broken); run 'turnledger verify' for the full report and restore the campaign"
                    )
                prev = str(entry["hash"])
                yield entry, text
            position = rows[-1].originator_version
        if stop is not None and position == stop:
            self._check_followed(stop, prev)

    def _check_followed(self, number: int, hash_: str | None) -> None:
        """The entry after #number, if there is one, names ``hash_`` as the hash before it."""
        rows = self.app.recorder.select_events(self.campaign_id, gt=number, limit=1)
        if not rows or hash_ is None:
            return
        _text, after = self._readable(rows[0])
        if rows[0].originator_version != number + 1 or after.get("prev_hash") != hash_:
            raise TamperedError(
                f"entry #{number + 1} no longer follows entry #{number} (its previous-hash link is broken): "
                f"entry #{number} or #{number + 1} was altered, removed or moved; run 'turnledger verify' for the "
                "full report and restore the campaign"
            )

    def _readable(self, row: StoredEvent) -> tuple[str, dict[str, Any]]:
        try:
            event = self.decode_row(row)
            text, entry = event.entry_json, event.entry
        except (MapperDeserialisationError, ValueError, KeyError, TypeError) as error:
            raise TamperedError(
                f"entry #{row.originator_version} cannot be read: its stored bytes are damaged "
                f"({type(error).__name__}); run 'turnledger verify' for the full report"
            ) from None
        if not isinstance(entry, dict):
            raise TamperedError(f"entry #{row.originator_version} is not an entry; run 'turnledger verify'")
        return text, entry

    def entry(self, number: int) -> dict[str, Any]:
        """One entry by number.

        Raises:
            EntryNotFoundError: no such entry (a number beyond any database integer included).
        """
        if not 1 <= number <= self.head():
            raise EntryNotFoundError(f"there is no entry #{number}; the record runs #1 to #{self.head()}")
        for found in self.entries(number, number):
            return found
        raise EntryNotFoundError(f"there is no entry #{number}; the record runs #1 to #{self.head()}")

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
        if self.is_empty:
            book = CampaignBook.open(campaign_id, entries[0], texts[0])
            pairs = list(zip(entries[1:], texts[1:], strict=True))
            self._trust_campaign(campaign_id)
        else:
            book, pairs = self._head_book(), list(zip(entries, texts, strict=True))
        try:
            for entry, text in pairs:
                book.record(entry, text)
            self._save(book)
        except BaseException:
            self._evict()
            raise
        self._campaign_id = book.id
        self._vouch_written(int(entries[0]["number"]), entries[-1])

    def _save(self, book: CampaignBook) -> None:
        try:
            if self.format < FORMAT_VERSION:  # the first write to a 0.1.0 store marks it as this format
                self.format = self._write_format()
            self.app.save(book)
        except IntegrityError:
            raise ConflictError("another referee recorded an entry first; reload the campaign and try again") from None
        except (PersistenceError, sqlite3.Error) as error:
            raise LedgerError(f"could not write to {describe(self.location)}: {error}") from None

    def next_snapshot_row(self, *, after: int, lte: int) -> StoredEvent | None:
        """The first cached state after entry ``after`` and at most ``lte``, or None: one at a
        time, so that verification never holds them all (issue 17)."""
        assert self.app.snapshots is not None  # snapshotting is always on for this application
        rows = self.app.snapshots.recorder.select_events(self.campaign_id, gt=after, lte=lte, limit=1)
        return rows[0] if rows else None

    def snapshot_rows(self) -> list[StoredEvent]:
        """The cached states (library snapshots) as stored, for verification."""
        assert self.app.snapshots is not None  # snapshotting is always on for this application
        return list(self.app.snapshots.recorder.select_events(self.campaign_id))

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
