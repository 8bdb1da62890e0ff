"""A campaign's location as the command line and the console handle it, above the ledger: checked
before use, shown without secrets, and handed to another process without its password.

A password typed into a PostgreSQL URL is in the command line of the process it was given to,
which every user of the machine can read (`ps`); a process started from it must not repeat the
mistake, so it gets the URL without the password and the password in its environment
(``PGPASSWORD``), which only its own user can read.
"""

from __future__ import annotations

from ledger.location import LocationError, check_location, describe, is_postgres, url_password, without_password

__all__ = ["LocationError", "check_location", "child_location", "describe", "is_postgres", "password_warning"]


def child_location(location: str) -> tuple[str, dict[str, str]]:
    """The location to put on another process's command line, and the environment it needs beside
    it (``PGPASSWORD`` when the URL held a password, which takes precedence as it does here)."""
    password = url_password(location)
    return without_password(location), ({"PGPASSWORD": password} if password else {})


def password_warning(location: str) -> str | None:
    """What to say when a URL holds a password: every user of this machine can read it in the
    process list while the command runs; None when it holds none."""
    if not url_password(location):
        return None
    return (
        f"the password in the URL of {describe(location)} can be read by every user of this machine in the "
        "process list (ps) while this runs: give it in PGPASSWORD, in ~/.pgpass, or in a connection service "
        "(?service=NAME, pg_service.conf) instead"
    )
