"""The log filter's index (issue 28): each entry's log-row search text, kept beside the campaign.

The console's filter looked for a text by reading the whole record (`LogPages.search`: 17.5 s at
1,000,000 entries). `LogIndex` keeps every entry's search text (`log_pages.search_text`, the
text that filter looks in) in a `ledger.text_index.TextIndex` and asks it first:

* where: beside an SQLite campaign, ``game.db.log-index.sqlite`` (`LOG_INDEX_SUFFIX`: the output
  guard refuses that name to every output and to a new campaign); for a PostgreSQL campaign,
  ``<campaign id>.log-index.sqlite`` in ``$TURNLEDGER_LOG_INDEX_DIR`` (default: the ``log-index``
  folder of this user's trust folder, ``~/.turnledger/trust/log-index``); none in memory, nor
  where SQLite lacks FTS5's trigram tokenizer (before 3.34): the filter then reads the record;
* built by the filter's own searches (`LogPages.search`): a search reads from the store the
  entries after the last one the file holds (checked, as every read is: all of them, the first
  time) and adds them (`IndexWriter`, transactions of `BATCH`; a search stopped by a newer text
  keeps what it read), so the first searches of a long record stream it as before while they
  build the index, the count line saying how far, and a later search reads only what was
  recorded since. Nothing is built until a text is searched: opening the log costs nothing.
  A file that no longer reflects this record (its last entry's hash is not the chain's,
  another campaign's, another format) is emptied and built again; a read-only view (`turnledger
  serve`) never writes it, only reads it (and reads the entries past it);
* asked for a text of one or two characters (no trigram to look up), it gives the newest
  `log_pages.NEWEST` entries holding it, read from the texts it keeps newest first (`newest`):
  the filter shows those, and says that a longer text searches every entry;
* never trusted over the chain: before its answer is used, the entry it was built up to is read
  from the store and must carry the hash the file names (`search`); the entries after that are
  searched by reading them; and each row the console shows is read from the store and checked
  against the text (tui/screens/log.py `Hits`): a row the index proposed that does not hold the
  text is never shown as a match; the index is distrusted, emptied and built again by the next
  search, which reads the record.

Deleting the file loses nothing: the next search builds it again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ledger.location import is_memory, is_postgres
from ledger.output_file import LOG_INDEX_SUFFIX
from ledger.private_file import make_private_folders
from ledger.text_index import Found, Newest, Reflects, TextIndex, available
from ledger.trust import trust_dir

if TYPE_CHECKING:
    from referee.common.log_pages import LogPages

Answer = TypeVar("Answer", Found, Newest)
"""What the index answers: the entries holding a text (`Found`), or the newest few (`Newest`)."""

FOLDER_VARIABLE = "TURNLEDGER_LOG_INDEX_DIR"
BATCH = 10_000
"""Entries added in one transaction while building (a fifth of a second of SQLite's work)."""

STOP_EVERY = 256
"""Entries read between two looks at whether to stop (the console closing, a newer catch-up)."""


def log_index_path(location: str, campaign_id: str) -> Path | None:
    """Where the log index of the campaign at ``location`` is kept (None: a campaign in memory)."""
    if is_memory(location):
        return None
    if is_postgres(location):
        folder = Path(os.environ.get(FOLDER_VARIABLE) or trust_dir() / "log-index")
        return folder / f"{campaign_id}{LOG_INDEX_SUFFIX}"
    return Path(f"{location}{LOG_INDEX_SUFFIX}")


class LogIndex:
    """The log index of one campaign (``record``: its id) in the file at ``path``."""

    def __init__(self, path: Path, record: str, *, writable: bool = True) -> None:
        self.index = TextIndex(path)
        self.record = record
        self.writable = writable
        self.distrusted = ""
        """Why the file's answers are not used until it is built again ("" : they are)."""
        self.unavailable = ""
        """Why no index can be kept here (the file cannot be written, or is not an index)."""

    @classmethod
    def of(cls, location: str, record: str, *, writable: bool = True) -> LogIndex | None:
        """The log index of the campaign at ``location``; None where none can be kept."""
        path = log_index_path(location, record)
        if path is None or not available():
            return None
        return cls(path, record, writable=writable)

    @property
    def path(self) -> Path:
        return self.index.path

    def distrust(self, why: str) -> None:
        """An answer did not stand against the record: none is used until the file is built again
        (the next search's `writer` empties it first)."""
        self.distrusted = why

    def writer(self, pages: LogPages) -> IndexWriter | None:
        """What adds the entries of ``pages`` after the last one the file holds, as a search reads
        them; the file emptied first when it does not reflect this record (or was distrusted).
        None where nothing may be written (a read-only view, a file that is not an index).

        Raises:
            LedgerError: the entry the file was built up to was refused by the store.
        """
        if not self.writable or self.unavailable:
            return None
        reflects = self.index.reflects()
        if self.distrusted or reflects is None or not self._stands(pages, reflects):
            if not self.index.path.parent.exists():
                try:
                    make_private_folders(self.index.path.parent)
                except OSError as error:
                    self.unavailable = f"its folder cannot be made ({error})"
                    return None
            if not self.index.reset(self.record):
                self.unavailable = f"{self.index.path} cannot be written, or is not a log index"
                return None
            self.distrusted = ""
            reflects = Reflects(self.record, 0, "")
        return IndexWriter(self.index, reflects)

    def catch_up(self, pages: LogPages, stopped: Callable[[], bool] = lambda: False) -> None:
        """Add every entry of ``pages`` the file lacks now (a search adds them as it reads)."""
        writer = self.writer(pages)
        if writer is None:
            return
        for number, text, hash_ in pages.texts(writer.last + 1, len(pages)):
            writer.take(number, text, hash_)
            if number % STOP_EVERY == 0 and stopped():
                break
        writer.flush()

    def search(self, pages: LogPages, text: str, stopped: Callable[[], bool] = lambda: False) -> Found | None:
        """The index's answer for ``text``, once the entry it was built up to is found on the
        chain with the hash it names; None when there is no answer to use (the caller reads the
        record)."""
        if self.distrusted:
            return None
        return self._standing(pages, self.index.search(text, stopped, upto=len(pages)))

    def newest(
        self, pages: LogPages, text: str, limit: int, stopped: Callable[[], bool] = lambda: False
    ) -> Newest | None:
        """The index's newest ``limit`` entries holding ``text`` (a text of one or two
        characters, which no trigram looks up: `TextIndex.newest`), checked as `search` is;
        None when there is no answer to use (the caller reads the record)."""
        if self.distrusted:
            return None
        return self._standing(pages, self.index.newest(text, limit, stopped, upto=len(pages)))

    def _standing(self, pages: LogPages, found: Answer | None) -> Answer | None:
        """``found`` when the entry the index was built up to stands on the chain as it says; else
        the index is distrusted (it was built from another record, or from entries since rolled
        back) and there is no answer, so the caller reads the record."""
        if found is None:
            return None
        if not self._stands(pages, found.reflects):
            self.distrust(f"it was built from entries the record no longer holds (up to #{found.reflects.last})")
            return None
        return found

    def _stands(self, pages: LogPages, reflects: Reflects) -> bool:
        """The file is this record's, and the entry it was built up to is on the chain as it says."""
        if reflects.record != self.record:
            return False
        return reflects.last == 0 or pages.hash_of(reflects.last) == reflects.last_hash


class IndexWriter:
    """Adds entries' texts to the index after the entry it reflects, in transactions of `BATCH`
    (`flush` adds what is left: a search stopped keeps what it read). It stops adding at the
    first refusal (another console added them first, the file cannot be written)."""

    def __init__(self, index: TextIndex, reflects: Reflects) -> None:
        self.index = index
        self.reflects = reflects
        self.stopped = False
        self._batch: list[tuple[int, str]] = []
        self._hash = reflects.last_hash

    @property
    def last(self) -> int:
        """The last entry given to the index (added, or waiting in the batch)."""
        return self.reflects.last + len(self._batch)

    def take(self, number: int, text: str, hash_: str) -> None:
        """The next entry read (those the index holds already are passed over)."""
        if self.stopped or number <= self.last:
            return
        if number != self.last + 1:
            self.stopped = True  # a search that read from further on: nothing to add in order
            return
        self._batch.append((number, text))
        self._hash = hash_
        if len(self._batch) >= BATCH:
            self.flush()

    def flush(self) -> None:
        """Add the entries waiting."""
        if self.stopped or not self._batch:
            return
        if self.index.add(self.reflects, self._batch, self._hash):
            self.reflects = Reflects(self.reflects.record, self._batch[-1][0], self._hash)
        else:
            self.stopped = True
        self._batch = []
