"""Control characters in names and notes are kept as given in the record and shown escaped by
`log` and `show`, so a note cannot steer the referee's terminal (docs/security.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.cli import main

NASTY = "red\x1b[31m\x00bell\x07\r\u202eback"


def test_escape_and_nul_are_shown_escaped_and_kept_in_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "game.db")
    assert main(["new", store]) == 0
    orders = tmp_path / "orders.jsonl"
    orders.write_text(
        json.dumps({"kind": "SetMarker", "name": NASTY, "value": NASTY})
        + "\n"
        + json.dumps({"kind": "Annotate", "entry": 2, "text": NASTY, "disputed": True})
        + "\n",
        encoding="utf-8",
    )
    assert main(["apply", store, str(orders)]) == 0
    capsys.readouterr()
    for argv in (["log", store], ["show", store, "2"], ["show", store, "3"], ["state", store]):
        assert main(argv) == 0
        printed = capsys.readouterr().out
        assert not any(char in printed for char in "\x1b\x00\x07\r\u202e"), argv
        assert "\\x1b" in printed, argv
    assert main(["show", store, "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["command"]["name"] == NASTY  # the record keeps it as given
