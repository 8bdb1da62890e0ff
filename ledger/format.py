"""The store's format version, kept in a one-row table beside the library's tables.

Format 1 is release 0.1.0's (it wrote no version: a store without the table is format 1);
format 2 caches versioned, digested states. A store of a newer or unknown format is refused
by name, so an older release never misreads a newer campaign.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from eventsourcing.persistence import PersistenceError

from ledger.errors import StoreFormatError

FORMAT_VERSION = 2
"""What this release writes."""

KNOWN_FORMATS = (1, 2)
"""What this release reads (1: release 0.1.0, no version recorded)."""

TABLE = "turnledger_format"


def _placeholder(recorder: Any) -> str:
    return "?" if type(recorder).__module__.endswith("sqlite") else "%s"


def _exists(recorder: Any) -> bool:
    with recorder.datastore.transaction(commit=False) as cursor:
        if _placeholder(recorder) == "?":
            cursor.execute("SELECT name FROM sqlite_master WHERE type='table' AND name=?", (TABLE,))
            return cursor.fetchone() is not None
        cursor.execute("SELECT to_regclass(%s) AS found", (TABLE,))
        row = cursor.fetchone()
        return row is not None and (row["found"] if isinstance(row, dict) else row[0]) is not None


def read_format(recorder: Any, where: str) -> int:
    """The store's format version (1 when none is recorded); refuses one this release cannot read."""
    try:
        if not _exists(recorder):
            return 1
        with recorder.datastore.transaction(commit=False) as cursor:
            cursor.execute(f"SELECT value FROM {TABLE} WHERE name = 'format'")
            row = cursor.fetchone()
    except (PersistenceError, sqlite3.Error) as error:
        raise StoreFormatError(f"{where}: its format version cannot be read ({error})") from None
    raw = None if row is None else (row["value"] if isinstance(row, dict) else row[0])
    try:
        version = int(str(raw))
    except ValueError:
        raise StoreFormatError(f"{where} records an unknown store format {raw!r}") from None
    if version not in KNOWN_FORMATS:
        raise StoreFormatError(
            f"{where} was written in store format {version} by a newer turnledger; this release reads formats "
            f"{', '.join(map(str, KNOWN_FORMATS))}: upgrade turnledger to open it"
        )
    return version


def write_format(recorder: Any) -> int:
    """Record this release's format version in the store; returns it."""
    mark = _placeholder(recorder)
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        cursor.execute(f"DELETE FROM {TABLE} WHERE name = 'format'")
        cursor.execute(f"INSERT INTO {TABLE} (name, value) VALUES ('format', {mark})", (str(FORMAT_VERSION),))
    return FORMAT_VERSION
