"""A file that is not a campaign is refused by name and left byte for byte as it was; reading a
campaign never writes to it (docs/security.md)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.foreign import tables_in
from tests.tui.cli_support import run


def files_of(folder: Path) -> dict[str, str]:
    """Every file in the folder and the sha256 of its bytes."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.iterdir())}


def logical_dump(path: Path) -> list[str]:
    with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as connection:
        return list(connection.iterdump())


@pytest.fixture
def foreign(tmp_path: Path) -> Path:
    folder = tmp_path / "other"
    folder.mkdir()
    path = folder / "notes.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('my shopping list')")
    connection.close()
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["state"],
        ["log"],
        ["show", "1"],
        ["verify"],
        ["run"],
        ["apply", "LINES"],
        ["rollback", "--to", "1", "--reason", "x"],
        ["new"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_foreign_sqlite_file_is_refused_by_name_and_untouched(
    argv: list[str], foreign: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = tmp_path / "lines.jsonl"
    lines.write_text(json.dumps({"kind": "AdvancePhase"}) + "\n", encoding="utf-8")
    before = files_of(foreign.parent)
    args = [str(lines) if arg == "LINES" else arg for arg in argv[1:]]
    code, printed = run(capsys, argv[0], str(foreign), *args)
    assert code == 1, printed
    assert str(foreign) in printed and ("not a turnledger campaign" in printed or "existing database" in printed)
    assert files_of(foreign.parent) == before


def test_a_file_that_is_not_a_database_is_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "letter.db"
    text.write_text("Dear referee,\n" * 200, encoding="utf-8")
    before = files_of(tmp_path)
    code, printed = run(capsys, "state", str(text))
    assert code == 1 and "not an SQLite database" in printed and str(text) in printed
    assert files_of(tmp_path) == before


def test_reading_a_campaign_never_writes_to_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "game.db"
    assert run(capsys, "new", str(store))[0] == 0
    dump = logical_dump(store)
    for argv in (["state"], ["state", "--at", "1"], ["log"], ["show", "1"], ["verify"]):
        assert run(capsys, argv[0], str(store), *argv[1:])[0] == 0
    assert logical_dump(store) == dump


def test_a_postgresql_database_without_a_campaign_is_refused_and_gets_no_tables(
    postgres_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import uuid

    import psycopg

    from tests.pg import create_database

    url = create_database(postgres_server, f"foreign_{uuid.uuid4().hex[:12]}")
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")

    def tables() -> list[str]:
        with psycopg.connect(url) as connection:
            rows = connection.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
        return sorted(str(name) for (name,) in rows)

    for argv in (["state"], ["log"], ["verify"]):
        code, printed = run(capsys, argv[0], url)
        assert code == 1 and ("holds no campaign" in printed or "not a campaign store" in printed), printed
    assert tables() == ["notes"]


def test_a_campaign_file_left_with_a_hot_journal_by_a_killed_import_is_imported_into_again(tmp_path: Path) -> None:
    """An import killed as its file appeared left the file with a hot rollback journal; the next
    import's read-only look refused it as 'not an SQLite database (attempt to write a readonly
    database)' (found by test_crash_safety under load). The crashed writer's journal is rolled
    back (the file's last committed state: the empty tables), and the import goes on."""
    path = tmp_path / "early.db"
    killed_writer = f"""
import os, sqlite3
connection = sqlite3.connect({str(path)!r}, isolation_level=None)
connection.execute("PRAGMA journal_mode=DELETE")
connection.execute("PRAGMA cache_size=1")  # pages spill to the file mid-transaction: the journal is hot
connection.execute("CREATE TABLE stored_events (x)")
connection.execute("CREATE TABLE stored_snapshots (x)")
connection.execute("BEGIN")
for number in range(2000):
    connection.execute("INSERT INTO stored_events VALUES (?)", ("x" * 500,))
os._exit(0)
"""
    subprocess.run([sys.executable, "-c", killed_writer], check=True)
    assert (tmp_path / "early.db-journal").exists()
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True).execute("SELECT 1 FROM sqlite_master")
    assert tables_in(path) == {"stored_events", "stored_snapshots"}
    assert not (tmp_path / "early.db-journal").exists()
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM stored_events").fetchone() == (0,)
    connection.close()
