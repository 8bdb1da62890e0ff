"""An entry edited in the campaign file: `state`, `show`, `log` and `export` refuse and name it;
`verify` reports it (docs/security.md)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.tui.cli_support import run


def test_an_altered_ruling_is_never_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "game.db")
    assert run(capsys, "new", store)[0] == 0
    orders = tmp_path / "orders.jsonl"
    orders.write_text(
        "".join(json.dumps({"kind": "SetMarker", "name": f"m{i}", "value": "x"}) + "\n" for i in range(4)),
        encoding="utf-8",
    )
    assert run(capsys, "apply", store, str(orders))[0] == 0
    db = sqlite3.connect(store)
    with db:
        (blob,) = db.execute("select state from stored_events where originator_version = 3").fetchone()
        row = json.loads(blob)
        row["entry_json"] = row["entry_json"].replace("marker m1 = x", "marker m1 = y")
        db.execute(
            "update stored_events set state = ? where originator_version = 3",
            (json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode(),),
        )
    db.close()
    for argv in (["show", "3"], ["state"], ["log"], ["export", "--jsonl", str(tmp_path / "out.jsonl")]):
        code, printed = run(capsys, argv[0], store, *argv[1:])
        assert code == 1 and "entry #3 has been altered" in printed and "m1 = y" not in printed, (argv, printed)
    code, printed = run(capsys, "verify", store)
    assert code == 1 and "#3" in printed
