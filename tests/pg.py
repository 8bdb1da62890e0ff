"""A throwaway PostgreSQL server for the tests: initdb + pg_ctl on a loopback port.

Runs the server as the `postgres` system user when the tests run as root (PostgreSQL
refuses to run as root), in a temporary directory, and stops it at the end of the session.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def bin_dir() -> Path:
    """Where initdb and pg_ctl are (Debian keeps them out of PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError("PostgreSQL server programs not found: install Debian's postgresql package (see .ci/run)")


PASSWORD_ROLE = "turnledger_pw"
"""A role the server admits over TCP only with its password (scram-sha-256)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(argv: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


@contextmanager
def running_server() -> Iterator[str]:
    """Start a server; yield its base URL ``postgresql://postgres@127.0.0.1:PORT``."""
    programs = bin_dir()
    root = Path(tempfile.mkdtemp(prefix="turnledger-pg-"))
    data, sockets = root / "data", root / "sock"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    subprocess.run(
        _as_server_user(
            [str(programs / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
    )
    hba = data / "pg_hba.conf"  # trust, except the role that must give a password (tests of secrets)
    hba.write_text(
        f"host all {PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n"
        "local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n",
        encoding="utf-8",
    )
    if os.geteuid() == 0:
        shutil.chown(hba, "postgres")
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(
        _as_server_user(
            [str(programs / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-l", str(root / "server.log"), "start"]
        ),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(
            _as_server_user([str(programs / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            check=False,
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def create_database(base_url: str, name: str) -> str:
    """A new empty database on the server; returns its URL."""
    import psycopg

    with psycopg.connect(f"{base_url}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{base_url}/{name}"


def password_database(base_url: str, name: str, password: str) -> str:
    """A new database owned by `PASSWORD_ROLE` (created with ``password``); returns its URL
    without the password (``postgresql://turnledger_pw@127.0.0.1:PORT/name``)."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(f"{base_url}/postgres", autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (PASSWORD_ROLE,)).fetchone()
        statement = "ALTER ROLE {} LOGIN PASSWORD {}" if exists else "CREATE ROLE {} LOGIN PASSWORD {}"
        connection.execute(sql.SQL(statement).format(sql.Identifier(PASSWORD_ROLE), sql.Literal(password)))
        connection.execute(
            sql.SQL("CREATE DATABASE {} OWNER {}").format(sql.Identifier(name), sql.Identifier(PASSWORD_ROLE))
        )
    host = base_url.split("@", 1)[1]
    return f"postgresql://{PASSWORD_ROLE}@{host}/{name}"
