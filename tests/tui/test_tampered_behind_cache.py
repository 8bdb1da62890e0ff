"""An entry tampered with behind a trusted cached state (issue 26): `state`, `show`, `report`,
`log` and the console refuse and name it, where they used to run on from the cached state."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ledger.entry import recompute_hash
from ledger.errors import TamperedError
from tests.tui.cli_support import run
from tui.app import make_app


@pytest.fixture(scope="module")
def campaign_with_a_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Barbarossa campaign of 131 entries with a cached state at #100, written on this machine."""
    folder = tmp_path_factory.mktemp("behind-cache")
    store = folder / "game.db"
    orders = folder / "notes.jsonl"
    orders.write_text(
        "".join(
            json.dumps({"kind": "Annotate", "entry": 1, "text": f"note {n} " + "x" * 400}) + "\n" for n in range(130)
        ),
        encoding="utf-8",
    )
    from tui.cli import main

    assert main(["new", str(store)]) == 0 and main(["apply", str(store), str(orders)]) == 0
    cached = sqlite3.connect(store).execute("select originator_version from stored_snapshots").fetchall()
    assert cached == [(100,)]
    return store


def _row(db: sqlite3.Connection, number: int) -> dict[str, Any]:
    (blob,) = db.execute("select state from stored_events where originator_version = ?", (number,)).fetchone()
    return dict(json.loads(blob))


def _put(db: sqlite3.Connection, number: int, row: dict[str, Any]) -> None:
    blob = json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode()
    db.execute("update stored_events set state = ? where originator_version = ?", (blob, number))


def _edit_and_rehash(db: sqlite3.Connection) -> None:
    row = _row(db, 50)
    entry = json.loads(row["entry_json"])
    entry["command"]["text"] = "ALTERED RULING"
    entry["hash"] = recompute_hash(entry)
    row["entry_json"] = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    _put(db, 50, row)


def _edit(db: sqlite3.Connection) -> None:
    row = _row(db, 50)
    row["entry_json"] = row["entry_json"].replace("note 48 ", "ALTERED RULING ")
    _put(db, 50, row)


def _swap(db: sqlite3.Connection) -> None:
    one, two = _row(db, 50), _row(db, 51)
    _put(db, 50, two)
    _put(db, 51, one)


def _delete(db: sqlite3.Connection) -> None:
    db.execute("delete from stored_events where originator_version = 50")


TAMPERINGS: dict[str, Callable[[sqlite3.Connection], None]] = {
    "edited": _edit,
    "edited-with-its-own-hash-redone": _edit_and_rehash,
    "swapped": _swap,
    "deleted": _delete,
}


@pytest.mark.parametrize("tampering", list(TAMPERINGS))
def test_entry_50_tampered_with_behind_the_cache_is_named_by_every_command(
    campaign_with_a_cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], tampering: str
) -> None:
    store = tmp_path / "game.db"
    shutil.copyfile(campaign_with_a_cache, store)
    assert run(capsys, "state", str(store))[0] == 0  # this machine checks the copy and vouches for it
    db = sqlite3.connect(store)
    with db:
        TAMPERINGS[tampering](db)
    db.close()
    for argv in (["state"], ["show", "50"], ["report", "50"], ["log", "--last", "5"], ["state", "--at", "120"]):
        code, printed = run(capsys, argv[0], str(store), *argv[1:])
        assert code == 1, (argv, printed)
        assert "#50" in printed or "#51" in printed, (argv, printed)
        assert "ALTERED RULING" not in printed, (argv, printed)
    with pytest.raises(TamperedError):
        make_app(str(store))
    code, printed = run(capsys, "verify", str(store))
    assert code == 1 and ("#50" in printed or "#51" in printed)
