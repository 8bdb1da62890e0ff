"""What an SQLite file holds, looked at read-only before the library is let near it.

The library creates its tables whenever it opens a database, so opening a file that is not a
campaign (a typo, another program's database) would write into it. A file is therefore
inspected first through a read-only connection: a read refuses a file without a campaign's
tables, and `new` refuses a file that already holds any table, each naming the file and
leaving it byte for byte as it was.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ledger.errors import StoreExistsError, StoreNotFoundError

CAMPAIGN_TABLES = frozenset({"stored_events", "stored_snapshots"})
"""The tables every campaign file has (the library's events and snapshots; release 0.2.0 adds
``turnledger_format``, which release 0.1.0 files lack)."""


def tables_in(path: Path) -> set[str]:
    """The names of the tables in an SQLite file, read without writing a byte (but see
    `_roll_back_crashed_writer`).

    Raises:
        StoreNotFoundError: the file is not an SQLite database.
    """
    try:
        try:
            return _read_tables(path)
        except sqlite3.DatabaseError as error:
            if getattr(error, "sqlite_errorcode", None) != sqlite3.SQLITE_READONLY_ROLLBACK:
                raise
            _roll_back_crashed_writer(path)
            return _read_tables(path)
    except sqlite3.DatabaseError as error:
        raise StoreNotFoundError(
            f"{path} is not a turnledger campaign: it is not an SQLite database ({error})"
        ) from None


def _read_tables(path: Path) -> set[str]:
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    finally:
        connection.close()
    return {str(name) for (name,) in rows}


def _roll_back_crashed_writer(path: Path) -> None:
    """A writer killed mid-transaction (an import killed as its file appeared) leaves a hot
    journal, and a read-only connection may not read past it. Any SQLite connection that may
    write rolls such a journal back on its first read, restoring the file to its last committed
    state: that is what this does, and nothing else (the read writes no data of its own)."""
    connection = sqlite3.connect(str(path))
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    finally:
        connection.close()


def check_campaign_file(path: Path) -> None:
    """Refuse, untouched, a file that does not hold a campaign's tables."""
    found = tables_in(path)
    if not found.issuperset(CAMPAIGN_TABLES):
        held = ", ".join(sorted(found)) or "no tables"
        raise StoreNotFoundError(f"{path} is not a turnledger campaign (it holds {held}); nothing was changed")


OWN_TABLES = CAMPAIGN_TABLES | {"turnledger_format"}


def check_new_file(path: Path) -> None:
    """Refuse, untouched, an existing file that holds anything: another program's tables, or a
    campaign's entries. A file with none of either (an empty file, or the empty tables a new
    campaign or an import killed at once left behind) may hold a new campaign."""
    if not path.exists() or path.stat().st_size == 0:
        return
    found = tables_in(path)
    foreign = found - OWN_TABLES
    if foreign:
        held = ", ".join(sorted(found))
        raise StoreExistsError(
            f"{path} is an existing database ({held}); a campaign is created only in a new file; nothing was changed"
        )
    if "stored_events" in found and _has_rows(path, "stored_events"):
        raise StoreExistsError(f"{path} already holds a campaign")


def _has_rows(path: Path, table: str) -> bool:
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return connection.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None
    finally:
        connection.close()
