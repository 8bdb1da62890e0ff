"""`turnledger verify` names a record that replaces what this machine saw, and checks the head
noted at the table (issue 26, referee/audit/verify_record.py)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from ledger.entry import recompute_hash
from tests.tui.cli_support import run


def _campaign(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    store = str(folder / "game.db")
    orders = folder / "orders.jsonl"
    orders.write_text(
        "".join(json.dumps({"kind": "SetMarker", "name": f"m{i}", "value": "x"}) + "\n" for i in range(5)),
        encoding="utf-8",
    )
    assert run(capsys, "new", store)[0] == 0 and run(capsys, "apply", store, str(orders))[0] == 0
    return store


def _hash(store: str, number: int) -> str:
    db = sqlite3.connect(store)
    (blob,) = db.execute("select state from stored_events where originator_version = ?", (number,)).fetchone()
    db.close()
    return str(json.loads(json.loads(blob)["entry_json"])["hash"])


def _cut(store: str, after: int) -> None:
    db = sqlite3.connect(store)
    with db:
        db.execute("delete from stored_events where originator_version > ?", (after,))
        db.execute("delete from stored_snapshots where originator_version > ?", (after,))
    db.close()


def test_a_record_cut_short_is_named_and_accepted_only_with_a_reason_that_is_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = _campaign(tmp_path, capsys)
    saw, now = _hash(store, 6), _hash(store, 5)
    _cut(store, 5)  # a backup from before entry #6, restored
    code, printed = run(capsys, "state", store)
    assert code == 1 and "ran to #6" in printed and "--accept-rewrite" in printed
    code, printed = run(capsys, "verify", store)
    assert code == 1, printed
    assert f"this machine last saw #6 with hash {saw}; the record now ends at #5 with hash {now}" in printed
    assert run(capsys, "state", store)[0] == 1  # a refused verify accepts nothing
    code, printed = run(capsys, "verify", store, "--accept-rewrite", "  ")
    assert code == 1 and "needs a reason" in printed
    code, printed = run(capsys, "verify", store, "--accept-rewrite", "restored Monday's backup")
    assert code == 0 and "rewrite accepted" in printed and "entry #6" in printed, printed
    code, printed = run(capsys, "show", store, "6", "--json")
    note = json.loads(printed)["command"]["text"]
    assert code == 0 and "restored Monday's backup" in note and f"#6 with hash {saw[:16]}" in note
    assert run(capsys, "state", store)[0] == 0
    assert run(capsys, "verify", store)[0] == 0


def test_a_rewritten_record_names_both_hashes_of_the_entry_this_machine_saw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Entry #5 changed and the chain rehashed from it: every hash checks, but #6 is not the #6 seen here."""
    store = _campaign(tmp_path, capsys)
    saw = _hash(store, 6)
    db = sqlite3.connect(store)
    prev = _hash(store, 4)
    with db:
        for number in (5, 6):
            (blob,) = db.execute("select state from stored_events where originator_version = ?", (number,)).fetchone()
            row = json.loads(blob)
            entry = json.loads(row["entry_json"])
            entry["command"]["value"] = "rewritten"
            entry["prev_hash"] = prev
            entry["hash"] = prev = recompute_hash(entry)
            row["entry_json"] = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            db.execute(
                "update stored_events set state = ? where originator_version = ?",
                (json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode(), number),
            )
    db.close()
    code, printed = run(capsys, "verify", store)
    assert code == 1, printed
    assert f"this machine last saw #6 with hash {saw}; the record now holds #6 with hash {prev}" in printed


def test_the_head_noted_at_the_table_must_still_be_in_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _campaign(tmp_path, capsys)
    noted = _hash(store, 6)
    code, printed = run(capsys, "verify", store, "--head", noted[:10].upper())
    assert code == 0 and "is entry #6" in printed, printed
    _cut(store, 4)
    monkeypatch.setenv("TURNLEDGER_TRUST_DIR", str(tmp_path / "a-machine-that-never-saw-it"))
    monkeypatch.setenv("TURNLEDGER_RECEIPTS_DIR", str(tmp_path / "a-machine-that-never-saw-it" / "receipts"))
    code, printed = run(capsys, "verify", store)
    assert code == 0  # the chain alone cannot tell: that is what the noted head is for
    code, printed = run(capsys, "verify", store, "--head", noted[:10])
    assert code == 1 and f"no entry of the record has the head noted at the table ({noted[:10]}…)" in printed
    code, printed = run(capsys, "verify", store, "--head", noted[:5])
    assert code == 1 and "give at least 8" in printed
    code, printed = run(capsys, "verify", store, "--head", "not-a-hash")
    assert code == 1 and "hex digits" in printed
