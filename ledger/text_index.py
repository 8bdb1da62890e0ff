"""A substring index of one text per entry of a record: SQLite FTS5 with the trigram tokenizer.

Issue 28: the console's log filter read the whole record for every text typed (17.5 s at
1,000,000 entries). This index answers "which entries' texts hold this text" from a file kept
beside the campaign. It is derived data, never trusted over the chain (DESIGN.md, revision 2):
the file says which entry it reflects (number and hash, `Reflects`), the caller checks that this
entry still stands in the record before it uses an answer, and checks every entry it shows; the
index only proposes entry numbers. Deleting the file loses nothing: it is built again.

What it answers, exactly as Python's ``text in stored`` would for each entry's stored text:

* `search`, a text of 3 characters or more: every entry holding it, an FTS5 phrase of its
  trigrams (``detail=full``: adjacent positions, so a substring, not a bag of trigrams),
  case-sensitive (the caller stores and asks in one case; folding is Python's, before the index);
* `newest`, a text of any length, meant for 1 or 2 characters (no trigram to look up): the
  newest entries holding it, up to a limit, found by reading the kept texts newest first
  (SQLite's ``instr``, a byte comparison of UTF-8: a substring of code points exactly), stopping
  at the limit: a common text costs a few hundred rows, one no entry holds every row (about 17
  ms at 100,000 entries, 130 ms at 1,000,000);
* a text holding NUL (FTS5 reads its query up to a NUL) or `NUL_STAND_IN` (what a NUL in a
  stored text is kept as: FTS5 also stops reading a stored text at a NUL): None, the caller
  searches the record instead.

The trigram table is contentless (``content=''``: only trigrams and positions, about 230 bytes
an entry of the console's log) and has no column sizes (no ranking); the texts themselves are
kept in a plain table beside it (``stored``, about 85 bytes an entry of the log) for `newest`.
Entries are only ever added after the last, in one transaction with the position they bring the
index to. A file that is not this index (another SQLite database, a campaign copied there by
hand, something that is not a regular file) is never written; the index is then unavailable.
A file of the first format (no kept texts) reflects nothing: the caller empties it and builds
it again.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = "turnledger-text-index 2"
TOKENIZER = "trigram case_sensitive 1"
TABLES = frozenset({"meta", "stored", "texts", "texts_data", "texts_idx", "texts_config"})
"""Every table the index has (FTS5 makes the last three): a file holding any other is not one."""
NUL_STAND_IN = "\uffff"
"""What a NUL character in a stored text is indexed as (a noncharacter nobody types)."""
SHORTEST = 3
"""The shortest text `search` answers: one trigram (`newest` answers any)."""
TIMEOUT = 5.0
"""Seconds to wait for another connection's write (the console's catch-up, another console's)."""


@cache
def available() -> bool:
    """Whether this Python's SQLite has FTS5 with the trigram tokenizer (SQLite 3.34 or later)."""
    if sqlite3.sqlite_version_info < (3, 34, 0):
        return False
    try:
        with contextlib.closing(sqlite3.connect(":memory:")) as db:
            db.execute(f"CREATE VIRTUAL TABLE probe USING fts5(text, tokenize='{TOKENIZER}')")
    except sqlite3.Error:
        return False
    return True


@dataclass(frozen=True)
class Reflects:
    """What an index file holds: the texts of entries #1..``last`` of ``record``, the last
    entry then carrying ``last_hash`` (a record cut and rewritten since is no longer it)."""

    record: str
    last: int
    last_hash: str


class Found:
    """An answer: how many of the entries up to ``upto`` hold the text (``count``), and which,
    read from the file a window at a time (`numbers`): half a million matches cost a count in
    SQLite, not half a million Python integers (at 1,000,000 entries 36 ms against 160)."""

    def __init__(self, index: TextIndex, phrase: str, reflects: Reflects, upto: int, count: int) -> None:
        self.index = index
        self.phrase = phrase
        self.reflects = reflects
        self.upto = upto
        self.count = count

    def numbers(self, start: int, stop: int) -> list[int] | None:
        """The entry numbers of matches ``start`` to ``stop`` (0 is the first match, ``stop``
        excluded), ascending; None when the file no longer gives them (emptied or rebuilt since,
        unreadable). A window near the end is read from the end: the cost is its distance from
        the nearer end."""
        start, stop = max(0, start), min(self.count, stop)
        if start >= stop:
            return []
        ascending = start <= self.count - stop
        order, offset = ("ASC", start) if ascending else ("DESC", self.count - stop)
        try:
            with self.index._reading() as db:
                rows = db.execute(
                    "SELECT rowid FROM texts WHERE texts MATCH ? AND rowid <= ? "
                    f"ORDER BY rowid {order} LIMIT ? OFFSET ?",
                    (self.phrase, self.upto, stop - start, offset),
                ).fetchall()
        except (sqlite3.Error, OSError):
            return None
        numbers = [number for (number,) in rows] if ascending else [number for (number,) in reversed(rows)]
        return numbers if len(numbers) == stop - start else None


@dataclass(frozen=True)
class Newest:
    """An answer of `newest`: the entries (up to ``upto``) holding the text, the newest
    ``numbers`` of them (ascending), and whether those are all of them (``complete``)."""

    reflects: Reflects
    upto: int
    numbers: list[int]
    complete: bool


class TextIndex:
    """The index file at ``path``. Every call opens its own connection (searches run in one
    worker, building in another, each in its own thread) and raises nothing SQLite or the file
    system raise: a call that cannot be answered says so (None or False)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    # -- reading --------------------------------------------------------------------------

    def reflects(self) -> Reflects | None:
        """What the file holds; None when there is no index there (or one of another format)."""
        try:
            with self._reading() as db:
                return _reflects(db)
        except (sqlite3.Error, OSError):
            return None

    def search(
        self, text: str, stopped: Callable[[], bool] = lambda: False, *, upto: int | None = None
    ) -> Found | None:
        """The entries (up to entry ``upto``, default all) whose stored texts hold ``text``;
        None when the index cannot answer it (too short, a NUL, no index) or ``stopped`` said so
        on the way (a newer search)."""
        if len(text) < SHORTEST or "\x00" in text or NUL_STAND_IN in text:
            return None
        phrase = '"' + text.replace('"', '""') + '"'
        count = "SELECT count(*) FROM texts WHERE texts MATCH ? AND rowid <= ?"
        read = self._read_together(stopped, upto, lambda db, last: db.execute(count, (phrase, last)).fetchone())
        if read is None:
            return None
        reflects, last, (found,) = read
        return Found(self, phrase, reflects, last, int(found))

    def newest(
        self, text: str, limit: int, stopped: Callable[[], bool] = lambda: False, *, upto: int | None = None
    ) -> Newest | None:
        """The newest ``limit`` entries (up to entry ``upto``, default all) whose stored texts
        hold ``text``, read from the kept texts newest first and no further than the limit;
        None when the index cannot answer it (empty, a NUL, no index) or ``stopped`` said so on
        the way (a newer search)."""
        if not text or "\x00" in text or NUL_STAND_IN in text:
            return None
        newest = "SELECT number FROM stored WHERE number <= ? AND instr(text, ?) > 0 ORDER BY number DESC LIMIT ?"
        read = self._read_together(
            stopped, upto, lambda db, last: db.execute(newest, (last, text, limit + 1)).fetchall()
        )
        if read is None:
            return None
        reflects, last, rows = read
        numbers = sorted(number for (number,) in rows[:limit])
        return Newest(reflects, last, numbers, complete=len(rows) <= limit)

    def _read_together(
        self, stopped: Callable[[], bool], upto: int | None, query: Callable[[sqlite3.Connection, int], Any]
    ) -> tuple[Reflects, int, Any] | None:
        """What the index reflects and ``query``'s answer up to entry ``upto`` (default all it
        reflects), read in one transaction so that they agree; None when the index cannot answer
        (no index, interrupted by ``stopped``, busy, damaged, a text not encodable)."""
        try:
            with self._reading() as db:
                db.set_progress_handler(lambda: int(stopped()), 2000)
                db.execute("BEGIN")
                reflects = _reflects(db)
                if reflects is None:
                    return None
                last = reflects.last if upto is None else min(upto, reflects.last)
                answer = query(db, last)
                db.execute("COMMIT")
        except (sqlite3.Error, OSError, UnicodeError):
            return None
        return reflects, last, answer

    # -- writing --------------------------------------------------------------------------

    def reset(self, record: str) -> bool:
        """Make the file an empty index of ``record`` (creating it, or emptying the index there);
        False when it cannot be written or holds something that is not this index."""
        if not self._ours():
            return False
        try:
            with self._writing() as db:
                db.execute("BEGIN IMMEDIATE")
                if not set(_tables(db)) <= TABLES:
                    db.execute("ROLLBACK")
                    return False
                db.execute("DROP TABLE IF EXISTS texts")
                db.execute("DROP TABLE IF EXISTS stored")
                db.execute("DROP TABLE IF EXISTS meta")
                db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                db.execute("CREATE TABLE stored (number INTEGER PRIMARY KEY, text TEXT NOT NULL)")
                db.execute(
                    f"CREATE VIRTUAL TABLE texts USING fts5(text, tokenize='{TOKENIZER}', "
                    "content='', columnsize=0, detail=full)"
                )
                db.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [("format", FORMAT), ("record", record), ("last", "0"), ("last_hash", "")],
                )
                db.execute("COMMIT")
        except (sqlite3.Error, OSError):
            return False
        return True

    def add(self, reflects: Reflects, texts: Sequence[tuple[int, str]], last_hash: str) -> bool:
        """Add the texts of the entries after ``reflects.last`` (numbers in order, none skipped),
        the last of them carrying ``last_hash``, in one transaction; False (nothing added) when
        the file no longer reflects ``reflects`` (another console added them first) or cannot be
        written."""
        if not texts:
            return True
        numbers = [number for number, _text in texts]
        if numbers != list(range(reflects.last + 1, reflects.last + 1 + len(texts))):
            raise ValueError(f"texts must follow entry #{reflects.last} without a gap")
        rows = [(number, text.replace("\x00", NUL_STAND_IN)) for number, text in texts]
        try:
            with self._writing() as db:
                db.execute("BEGIN IMMEDIATE")
                if _reflects(db) != reflects:
                    db.execute("ROLLBACK")
                    return False
                db.executemany("INSERT INTO texts (rowid, text) VALUES (?, ?)", rows)
                db.executemany("INSERT INTO stored (number, text) VALUES (?, ?)", rows)
                db.executemany(
                    "UPDATE meta SET value = ? WHERE key = ?", [(str(numbers[-1]), "last"), (last_hash, "last_hash")]
                )
                db.execute("COMMIT")
        except (sqlite3.Error, OSError, UnicodeError):
            return False
        return True

    # -- the file -------------------------------------------------------------------------

    def _ours(self) -> bool:
        """Missing (to be made) or a regular file: never a link, a folder, a device or a pipe
        (opening a pipe would hang). Whether an existing file is this index is asked inside
        the transaction that writes it."""
        try:
            found = os.lstat(self.path)
        except FileNotFoundError:
            return self.path.parent.is_dir()
        except OSError:
            return False
        return stat.S_ISREG(found.st_mode)

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        if not self._ours() or not self.path.exists():
            raise FileNotFoundError(self.path)
        uri = f"{self.path.absolute().as_uri()}?mode=ro"
        db = sqlite3.connect(uri, uri=True, timeout=TIMEOUT, isolation_level=None)
        try:
            yield db
        finally:
            db.close()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=TIMEOUT, isolation_level=None)
        try:
            yield db
        finally:
            db.close()


def _tables(db: sqlite3.Connection) -> list[str]:
    return [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def _reflects(db: sqlite3.Connection) -> Reflects | None:
    tables = set(_tables(db))
    if not {"meta", "stored", "texts"} <= tables or not tables <= TABLES:
        return None
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("format") != FORMAT or not re.fullmatch("[0-9]{1,18}", str(meta.get("last", ""))):
        return None
    return Reflects(str(meta.get("record", "")), int(meta["last"]), str(meta.get("last_hash", "")))
