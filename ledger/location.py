"""Where a campaign is stored: an SQLite file (default), ':memory:', or a PostgreSQL URL.

Turns a location string into the eventsourcing persistence settings, so that the same code
paths run on every backend (DESIGN: 'chosen by a URL/env setting, same code paths').
"""

from __future__ import annotations

import configparser
import os
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from ledger.errors import StoreNotFoundError

MEMORY = ":memory:"


def is_postgres(location: str) -> bool:
    """True for ``postgresql://`` or ``postgres://`` URLs."""
    return location.startswith(("postgresql://", "postgres://"))


def is_memory(location: str) -> bool:
    """True for an in-memory SQLite store (tests, previews)."""
    return location == MEMORY


CONNECT_TIMEOUT_VARIABLE = "TURNLEDGER_CONNECT_TIMEOUT"
"""Seconds to wait for a PostgreSQL server (default 10): a wrong host fails in that time, a wrong
password at once."""


def persistence_env(location: str) -> dict[str, str]:
    """The eventsourcing environment for ``location``."""
    if is_postgres(location):
        return _postgres_env(location)
    if is_memory(location):
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": MEMORY}
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(Path(location)),
        "SQLITE_LOCK_TIMEOUT": "30",
    }


def _postgres_env(location: str) -> dict[str, str]:
    """Settings from the URL, then a libpq service (``?service=`` or ``$PGSERVICE``), then libpq's
    own defaults. The password comes from the URL, ``$PGPASSWORD``, the service, or else libpq
    reads the password file (``$PGPASSFILE`` or ~/.pgpass) itself: it is never kept anywhere."""
    url = urlparse(location)
    query = parse_qs(url.query)
    service = _service((query.get("service") or [os.environ.get("PGSERVICE", "")])[0])
    password = unquote(url.password or "") or os.environ.get("PGPASSWORD", "") or service.get("password", "")
    return {
        "PERSISTENCE_MODULE": "ledger.pg_recorder",  # the library's, one round trip an append (issue 17)
        "POSTGRES_DBNAME": url.path.lstrip("/") or service.get("dbname") or "turnledger",
        "POSTGRES_HOST": url.hostname or service.get("host") or "127.0.0.1",
        "POSTGRES_PORT": str(url.port or service.get("port") or 5432),
        "POSTGRES_USER": unquote(url.username or "") or service.get("user") or "postgres",
        "POSTGRES_PASSWORD": password,
        "POSTGRES_CONNECT_TIMEOUT": os.environ.get(CONNECT_TIMEOUT_VARIABLE) or "10",
    }


def probe_postgres(location: str) -> None:
    """Connect once, directly, so that a wrong password or an unknown database is refused at once
    with libpq's reason (the library's connection pool retries until its timeout, then says
    nothing useful). Messages name the user and the server, never the password."""
    import psycopg  # the optional 'postgres' extra

    env = _postgres_env(location)
    settings = {
        "dbname": env["POSTGRES_DBNAME"],
        "host": env["POSTGRES_HOST"],
        "port": env["POSTGRES_PORT"],
        "user": env["POSTGRES_USER"],
        "connect_timeout": str(max(1, int(float(env["POSTGRES_CONNECT_TIMEOUT"])))),
    }
    if env["POSTGRES_PASSWORD"]:
        settings["password"] = env["POSTGRES_PASSWORD"]
    try:
        psycopg.connect(psycopg.conninfo.make_conninfo(**settings)).close()
    except psycopg.OperationalError as error:
        reason = str(error).replace(env["POSTGRES_PASSWORD"], "***") if env["POSTGRES_PASSWORD"] else str(error)
        reason = reason.split("failed: ")[-1].strip() or reason
        raise StoreNotFoundError(f"cannot open {describe(location)}: {reason}") from None


def _service(name: str) -> dict[str, str]:
    """The settings of a libpq connection service (pg_service.conf), empty when none is named."""
    if not name:
        return {}
    candidates = [os.environ.get("PGSERVICEFILE", ""), str(Path.home() / ".pg_service.conf")]
    if os.environ.get("PGSYSCONFDIR"):
        candidates.append(str(Path(os.environ["PGSYSCONFDIR"]) / "pg_service.conf"))
    for candidate in filter(None, candidates):
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read(candidate, encoding="utf-8")
        except (configparser.Error, UnicodeDecodeError):
            continue
        if parser.has_section(name):
            return dict(parser[name])
    raise StoreNotFoundError(f"no PostgreSQL connection service named {name!r} (looked in pg_service.conf files)")


def describe(location: str) -> str:
    """A location safe to print or record: a PostgreSQL URL without user, password or query."""
    if is_postgres(location):
        url = urlparse(location)
        return f"postgresql://{url.hostname or ''}:{url.port or 5432}/{url.path.lstrip('/')}"
    return location
