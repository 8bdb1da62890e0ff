"""The state of a campaign store as of any entry: the head kept in memory between commands, a
past state rebuilt from the nearest cached state that can be trusted (`StateReads`, part of
`LedgerStore`).

Why hand-written beside the library's repository: a cached state (a library snapshot) is read
only when it sits on the chain (its last entry is the stored one) and this machine trusts it
(ledger/trust.py); one that is stale, damaged or off the chain is never read, and the state is
rebuilt from the newest cached state that passes, or from entry #1 (the library only ever tries
the newest snapshot). The head is asked for once per command (`one_look`: issue 17, three
queries an append on PostgreSQL). ledger/store_entries.py reads the entries this folds.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from copy import deepcopy
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import MapperDeserialisationError, StoredEvent

from ledger.application import LedgerApplication, SoundEntries
from ledger.book import CampaignBook
from ledger.canonical import GENESIS_HASH
from ledger.errors import ChainError, EntryNotFoundError, StaleCacheError, StoreNotFoundError, TamperedError
from ledger.location import describe


class StateReads:
    """`LedgerStore`'s state reads: the head book, a past state, the cached states as stored."""

    app: LedgerApplication
    location: str
    _campaign_id: UUID | None
    _replay: SoundEntries
    _looking: bool
    _looked: CampaignBook | None

    if TYPE_CHECKING:  # what LedgerStore (ledger/store.py) and EntryReads provide

        @property
        def campaign_id(self) -> UUID: ...

        @property
        def is_empty(self) -> bool: ...

        def head(self) -> int: ...

        def _stored_hash(self, number: int) -> str: ...

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

    def _evict(self) -> None:
        self._looked = None  # read afresh, even inside `one_look`
        if self._campaign_id is None:  # nothing held yet (a first batch refused): nothing to evict
            return
        cache = self.app.repository.cache
        if cache is not None:
            with contextlib.suppress(KeyError):
                cache.get(self.campaign_id, evict=True)

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
