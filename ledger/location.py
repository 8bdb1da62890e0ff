"""Where a campaign is stored: an SQLite file (default), ':memory:', or a PostgreSQL URL.

Turns a location string into the eventsourcing persistence settings, so that the same code
paths run on every backend (DESIGN: 'chosen by a URL/env setting, same code paths').

A location is read the way people type it: the scheme in any case (``POSTGRESQL://``), the
spellings other tools use (``postgres://``, ``postgresql+psycopg://``) and spaces around a URL
name the same database, while anything else written ``scheme://`` is refused rather than taken
for a file name. `check_location` refuses, with a message, what no store could open (a port that
is not one, a file name the system cannot hold) before anything looks at it, and every message
names a location through `describe`: without user, password or query, so that a password typed
into a URL is never printed, recorded or put in an error.
"""

from __future__ import annotations

import configparser
import errno
import os
import re
from pathlib import Path
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

from ledger.errors import StoreNotFoundError

MEMORY = ":memory:"
POSTGRES_SCHEMES = frozenset({"postgresql", "postgres", "postgresql+psycopg"})
"""The URL schemes of a PostgreSQL campaign (in any case): libpq's two and SQLAlchemy's."""
NAME_LIMIT = 200
"""The longest campaign file name, in bytes: its side files (``.dice-secrets.json``) and their
temporary copies add up to 40 bytes to it, and most file systems stop at 255."""
SHOWN_LIMIT = 120
"""A location longer than this is shown by its ends (a 5,000-character path is not echoed whole)."""

_SCHEME = re.compile(r"\s*([A-Za-z][A-Za-z0-9+.-]*)://")


class LocationError(StoreNotFoundError):
    """A location no store could open (an unknown scheme, a port that is not one, a file name too
    long for the system): refused by name before anything is opened or created."""


def url_scheme(location: str) -> str | None:
    """The scheme of a ``scheme://`` location, in lower case; None for a file path."""
    match = _SCHEME.match(location)
    return match.group(1).lower() if match else None


def is_postgres(location: str) -> bool:
    """True for a PostgreSQL URL: ``postgresql://``, ``postgres://`` or ``postgresql+psycopg://``,
    in any case, with or without spaces around it."""
    return url_scheme(location) in POSTGRES_SCHEMES


def is_memory(location: str) -> bool:
    """True for an in-memory SQLite store (tests, previews)."""
    return location == MEMORY


def check_location(location: str) -> None:
    """Refuse a location no store could open, naming it without its password.

    Called where a location is first looked at, so that a bad one is a refusal (exit 1), never
    an error from deep inside a library.

    Raises:
        LocationError: empty; a NUL character; a ``scheme://`` that is not PostgreSQL's; a
            PostgreSQL URL whose port is not a number from 1 to 65535 or whose host is not
            readable (``[::1`` without its bracket); a file path the system cannot look at
            (too long, a folder that cannot be searched) or whose file name is over `NAME_LIMIT`.
    """
    if is_memory(location):
        return
    if not location.strip():
        raise LocationError("an empty location names no campaign: give an SQLite file or a postgresql:// URL")
    if "\x00" in location:
        raise LocationError(f"{shown(location)} holds a NUL character, which no file name or URL may hold")
    scheme = url_scheme(location)
    if scheme is None:
        _check_path(location)
    elif scheme in POSTGRES_SCHEMES:
        _postgres_url(location)
    else:
        raise LocationError(
            f"{shown(location)} is not a place a campaign can be kept ({scheme}:// is not a database "
            "turnledger uses): give an SQLite file or a postgresql:// URL"
        )


def _check_path(location: str) -> None:
    """A file path the system can look at, with a file name that leaves room for its side files."""
    try:
        name = os.fsencode(Path(location).name)
        os.lstat(location)
    except (FileNotFoundError, NotADirectoryError):
        pass  # a campaign still to be created, or a path the store refuses by name
    except UnicodeError:
        raise LocationError(f"{shown(location)} holds characters this system cannot put in a file name") from None
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            raise LocationError(f"{shown(location)} is too long for a file path on this system") from None
        raise LocationError(f"cannot look at {shown(location)}: {error.strerror or error}") from None
    if len(name) > NAME_LIMIT:
        raise LocationError(
            f"the file name of {shown(location)} is {len(name):,} bytes long: keep it to {NAME_LIMIT} "
            "(turnledger keeps files named after the campaign beside it)"
        )


def shown(location: str) -> str:
    """`describe`, shortened to its ends when long."""
    text = describe(location)
    if len(text) <= SHOWN_LIMIT:
        return text
    return f"{text[:60]}…{text[-40:]} ({len(text):,} characters)"


def _postgres_url(location: str) -> SplitResult:
    """The parts of a PostgreSQL URL, its host and port checked."""
    try:
        url = urlsplit(location.strip())
    except ValueError:  # a bracket without its pair, or brackets around what is not an IPv6 address
        reason = "its host cannot be read (an IPv6 address is written in brackets, e.g. [::1])"
        raise LocationError(f"{describe(location)} is not a PostgreSQL URL turnledger can read: {reason}") from None
    try:
        port = url.port
    except ValueError:  # not a number, or beyond 65535
        port = 0
    if port == 0:
        reason = "its port must be a number from 1 to 65535"
        raise LocationError(f"{describe(location)} is not a PostgreSQL URL turnledger can read: {reason}")
    return url


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
    url = _postgres_url(location)
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
        "POSTGRES_CONNECT_TIMEOUT": _connect_timeout(),
        # One connection kept a process (the library keeps five, and opens one more ahead): a
        # club's server with its stock 100 connections held 16 referees (bench/club.py, issue 31);
        # a second thread reading at once still gets one of the library's overflow connections.
        "POSTGRES_POOL_SIZE": os.environ.get("POSTGRES_POOL_SIZE", "1"),
    }


def _connect_timeout() -> str:
    """`CONNECT_TIMEOUT_VARIABLE`, checked: a number of seconds."""
    text = os.environ.get(CONNECT_TIMEOUT_VARIABLE) or "10"
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 10**6:
        raise LocationError(f"{CONNECT_TIMEOUT_VARIABLE}={text[:40]!r} is not a number of seconds (e.g. 10)")
    return text


def url_password(location: str) -> str:
    """The password written in a PostgreSQL URL ('' when it has none)."""
    return unquote(_postgres_url(location).password or "") if is_postgres(location) else ""


def without_password(location: str) -> str:
    """A PostgreSQL URL as given, without its password (user, host, port, database and query
    kept): what another process may be told on its command line, which every user can read."""
    if not is_postgres(location):
        return location
    scheme, _, rest = location.strip().partition("://")
    netloc, tail = _netloc(rest)
    userinfo, at, host = netloc.rpartition("@")
    user = userinfo.split(":", 1)[0]
    return f"{scheme}://{user}@{host}{tail}" if at and user else f"{scheme}://{host}{tail}"


def _netloc(rest: str) -> tuple[str, str]:
    """``user:password@host:port`` and what follows it, of a URL's text after ``scheme://``."""
    end = min((index for index in (rest.find(mark) for mark in "/?#") if index >= 0), default=len(rest))
    return rest[:end], rest[end:]


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
    """A location safe to print or record: a URL without user, password or query (a PostgreSQL
    one as ``postgresql://host:port/database``, however it was spelt). Never raises: a URL that
    cannot be parsed is shown from its text, its user and password cut off."""
    scheme = url_scheme(location)
    if scheme is None:
        return location
    rest = location.strip().partition("://")[2]
    netloc, tail = _netloc(rest)
    host = netloc.rpartition("@")[2]
    path = re.split("[?#]", tail, maxsplit=1)[0]
    if scheme in POSTGRES_SCHEMES:
        try:
            url = urlsplit(location.strip())
            port = 5432 if url.port is None else url.port
            return f"postgresql://{url.hostname or ''}:{port}/{url.path.lstrip('/')}"
        except ValueError:
            return f"postgresql://{host}{path}"
    return f"{scheme}://{host}{path}"
