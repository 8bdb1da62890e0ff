"""PostgreSQL credentials never leak (docs/security.md, "Secrets"): not into an entry, an export, a
read model, a printed line or an error; passwords come from the URL, PGPASSWORD, a pgpass file or a
libpq service; a wrong password is refused at once by name of user, never of password."""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path

import pytest

from tests.pg import PASSWORD_ROLE, password_database
from tests.tui.cli_support import run

PASSWORD = "Pa55-w0rd-" + uuid.uuid4().hex[:8]


def with_password(url: str, password: str = PASSWORD) -> str:
    return url.replace(f"{PASSWORD_ROLE}@", f"{PASSWORD_ROLE}:{password}@", 1)


def as_text(value: object) -> str:
    if isinstance(value, memoryview | bytes):
        return bytes(value).decode("utf-8", "replace")
    return str(value)


def database_text(url: str) -> str:
    """Every value of every row of every table of the database, as text (a logical dump)."""
    import psycopg

    with psycopg.connect(with_password(url)) as connection:
        tables = [row[0] for row in connection.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        return "\n".join(
            as_text(value)
            for table in tables
            for row in connection.execute(f'SELECT * FROM "{table}"')
            for value in row
        )


@pytest.fixture
def databases(postgres_server: str) -> tuple[str, str]:
    """Two databases of a role that must give its password; URLs without it."""
    first, second = (password_database(postgres_server, f"secret_{uuid.uuid4().hex[:10]}", PASSWORD) for _ in "ab")
    return first, second


def test_a_password_in_the_url_is_never_stored_nor_printed(
    databases: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    campaign, branch = (with_password(url) for url in databases)
    orders = tmp_path / "orders.jsonl"
    orders.write_text(
        "\n".join(
            json.dumps(line) for line in ({"kind": "CommitDice"}, {"kind": "SetMarker", "name": "m", "value": "1"})
        )
        + "\n",
        encoding="utf-8",
    )
    printed = []
    for argv in (
        ["new", campaign],
        ["apply", campaign, str(orders)],
        ["state", campaign],
        ["log", campaign],
        ["show", campaign, "1"],
        ["verify", campaign],
        ["branch", campaign, "--at", "2", "--to", branch],
        ["verify", branch],
        ["export", campaign, "--jsonl", str(tmp_path / "out.jsonl"), "--sqlite", str(tmp_path / "read.db")],
        ["rollback", campaign, "--to", "1", "--reason", "typo"],
        ["show", campaign, "99"],  # an error message
        ["new", campaign],  # another error message
    ):
        code, out = run(capsys, *argv)
        printed.append(out)
        assert code in (0, 1), out
    assert "postgresql://127.0.0.1:" in printed[0]  # the location is shown, redacted
    stored = [database_text(url) for url in databases]
    files = [path.read_bytes().decode("utf-8", "replace") for path in tmp_path.rglob("*") if path.is_file()]
    for text in [*printed, *stored, *files]:
        assert PASSWORD not in text
    assert "Branched" in stored[1] or "CampaignBranched" in stored[1]  # the branch's entry was searched


def test_the_password_may_come_from_pgpassword_a_pgpass_file_or_a_service(
    databases: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = databases[0]
    assert run(capsys, "new", with_password(url))[0] == 0
    monkeypatch.setenv("PGPASSWORD", PASSWORD)
    assert run(capsys, "state", url)[0] == 0
    monkeypatch.delenv("PGPASSWORD")
    host, rest = url.split("@", 1)[1].split(":", 1)
    port, dbname = rest.split("/", 1)
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"{host}:{port}:{dbname}:{PASSWORD_ROLE}:{PASSWORD}\n", encoding="utf-8")
    pgpass.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(pgpass))
    assert run(capsys, "state", url)[0] == 0
    monkeypatch.delenv("PGPASSFILE")
    services = tmp_path / "pg_service.conf"
    services.write_text(
        f"[campaign]\nhost={host}\nport={port}\ndbname={dbname}\nuser={PASSWORD_ROLE}\npassword={PASSWORD}\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("PGSERVICEFILE", str(services))
    code, out = run(capsys, "log", "postgresql:///?service=campaign")
    assert code == 0 and PASSWORD not in out


def test_a_wrong_password_is_refused_at_once_naming_the_user(
    databases: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    url = databases[0]
    assert run(capsys, "new", with_password(url))[0] == 0
    started = time.monotonic()
    code, out = run(capsys, "state", with_password(url, "not-the-password"))
    assert time.monotonic() - started < 5
    assert code == 1 and f'password authentication failed for user "{PASSWORD_ROLE}"' in out
    assert "not-the-password" not in out and PASSWORD not in out
