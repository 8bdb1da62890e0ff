"""Reading a campaign store's entries back, each checked on the way out: the entry against its
own hash, and against its neighbours' links (`EntryReads`, part of `LedgerStore`).

Why a reader checks every entry it gives, not only `verify`: an entry edited in the store with its
own hash recomputed would otherwise be shown, replayed and exported as if it were the record
(issue 26). Checking the neighbours' links where a read starts and ends makes such an edit
refused wherever it is read, at the cost of a row on each side of the read. ledger/store.py opens and
writes the store; ledger/store_state.py rebuilds the state as of an entry from these reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.persistence import MapperDeserialisationError, StoredEvent

from ledger.application import LedgerApplication, SoundEntries, altered
from ledger.canonical import GENESIS_HASH, read_json
from ledger.errors import EntryNotFoundError, TamperedError


class EntryReads:
    """`LedgerStore`'s entry reads: its head, rows, entries and their texts, each entry checked."""

    app: LedgerApplication
    _replay: SoundEntries

    if TYPE_CHECKING:  # what LedgerStore (ledger/store.py) provides

        @property
        def campaign_id(self) -> UUID: ...

        @property
        def is_empty(self) -> bool: ...

    def head(self) -> int:
        """The number of the last entry."""
        if self.is_empty:
            return 0
        last = self.app.recorder.select_events(self.campaign_id, desc=True, limit=1)
        return last[0].originator_version if last else 0

    def hash_at(self, number: int) -> str | None:
        """The hash entry #number carries as stored (None: there is no such entry)."""
        return self._stored_hash(number) if 1 <= number <= self.head() else None

    def _stored_hash(self, number: int) -> str:
        rows = self.app.recorder.select_events(self.campaign_id, gt=number - 1, lte=number, limit=1)
        if not rows:
            return GENESIS_HASH
        return str(read_json(self.decode_row(rows[0]).entry_json).get("hash"))

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
