"""An undone digital roll stays in `show`, `log` and `verify` as 'rolled, then undone' (docs/dice.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.referee.test_digital_dice import ROLL
from tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_an_undone_roll_is_shown_as_rolled_then_undone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "game.db")
    run(capsys, "new", store)
    commands = tmp_path / "roll.jsonl"
    commands.write_text(json.dumps({"kind": "CommitDice"}) + "\n" + json.dumps(ROLL) + "\n", encoding="utf-8")
    run(capsys, "apply", store, str(commands))  # entries #2 (commit) and #3 (the roll)
    run(capsys, "rollback", store, "--to", "2", "--reason", "misclick")  # entry #4 undoes #3
    shown = run(capsys, "show", store, "3")
    assert "rolled, then undone by #4" in shown and "witness word 'owl' from Boris" in shown
    assert "rolled, then undone by #4" in run(capsys, "log", store)
