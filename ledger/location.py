"""Where a campaign is stored: an SQLite file (default), ':memory:', or a PostgreSQL URL.

Turns a location string into the eventsourcing persistence settings, so that the same code
paths run on every backend (DESIGN: 'chosen by a URL/env setting, same code paths').
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

MEMORY = ":memory:"


def is_postgres(location: str) -> bool:
    """True for ``postgresql://`` or ``postgres://`` URLs."""
    return location.startswith(("postgresql://", "postgres://"))


def is_memory(location: str) -> bool:
    """True for an in-memory SQLite store (tests, previews)."""
    return location == MEMORY


def persistence_env(location: str) -> dict[str, str]:
    """The eventsourcing environment for ``location``."""
    if is_postgres(location):
        url = urlparse(location)
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": url.path.lstrip("/") or "turnledger",
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(url.password or ""),
        }
        return env
    if is_memory(location):
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": MEMORY}
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(Path(location)),
        "SQLITE_LOCK_TIMEOUT": "30",
    }


def describe(location: str) -> str:
    """A location safe to print (no password)."""
    if is_postgres(location):
        url = urlparse(location)
        return f"postgresql://{url.hostname}:{url.port or 5432}/{url.path.lstrip('/')}"
    return location
