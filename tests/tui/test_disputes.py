"""Rulings settle disputes: a ruling names the dispute it closes, `log --disputed` stops listing
the entry, and a rollback of the game never marks the dispute or its ruling undone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.service import RefereeService
from tui.cli import main

MARK = {"kind": "SetMarker", "name": "bridge", "value": "blown"}
DISPUTE = {"kind": "Annotate", "entry": 2, "text": "the bridge stood until the Soviet turn", "disputed": True}
RULING = {"kind": "SettleDispute", "entry": 2, "dispute": 3, "ruling": "the bridge was blown in the Axis turn"}


def apply(store: str, folder: Path, *commands: dict[str, object]) -> int:
    orders = folder / f"orders{len(list(folder.glob('orders*')))}.jsonl"
    orders.write_text("".join(json.dumps(command) + "\n" for command in commands), encoding="utf-8")
    return main(["apply", store, str(orders)])


def disputed(store: str, capsys: pytest.CaptureFixture[str]) -> list[int]:
    capsys.readouterr()
    assert main(["log", store, "--disputed", "--json"]) == 0
    return [row["number"] for row in json.loads(capsys.readouterr().out)]


def test_a_ruling_closes_the_dispute_it_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "game.db")
    assert main(["new", store]) == 0
    assert apply(store, tmp_path, MARK, DISPUTE) == 0
    assert disputed(store, capsys) == [2]
    assert apply(store, tmp_path, RULING) == 0
    assert disputed(store, capsys) == []
    assert main(["show", store, "2"]) == 0
    shown = capsys.readouterr().out
    assert "dispute in #3" in shown and "ruling on the dispute of #3 in #4" in shown


def test_a_ruling_must_name_an_open_dispute(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "game.db")
    assert main(["new", store]) == 0
    assert apply(store, tmp_path, MARK, DISPUTE, {"kind": "Annotate", "entry": 2, "text": "a plain note"}) == 0
    capsys.readouterr()
    assert apply(store, tmp_path, {**RULING, "dispute": 4}) == 1
    refused = "entry #4 raised no open dispute about entry #2; its open disputes were raised in #3"
    assert refused in capsys.readouterr().err
    assert apply(store, tmp_path, RULING) == 0
    capsys.readouterr()
    assert apply(store, tmp_path, {**RULING, "ruling": "again"}) == 1
    assert "entry #3 raised no open dispute about entry #2; it has no open dispute" in capsys.readouterr().err


def test_a_rollback_of_the_game_does_not_undo_the_dispute_or_its_ruling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "game.db")
    assert main(["new", store]) == 0
    assert apply(store, tmp_path, MARK, DISPUTE, RULING) == 0
    assert main(["rollback", store, "--to", "2", "--reason", "replay the turn"]) == 0
    capsys.readouterr()
    assert main(["log", store, "--json"]) == 0
    rows = {row["number"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows[3]["undone_by"] is None and rows[4]["undone_by"] is None
    assert disputed(store, capsys) == []


def test_the_state_holds_the_open_disputes_only_and_a_rollback_keeps_them(tmp_path: Path) -> None:
    """Issue 17: a ruling takes its dispute out of the folded state (the record keeps both), so
    the state of a long campaign grows with its open disputes, not with every dispute it had."""
    store = str(tmp_path / "game.db")
    assert main(["new", store]) == 0
    second = {**DISPUTE, "text": "the river was frozen"}
    assert apply(store, tmp_path, MARK, DISPUTE, second) == 0
    service = RefereeService.open(store)
    assert service.state().chain.disputes == [[3, 2], [4, 2]]
    assert service.open_disputes_on(2) == [3, 4]
    service.close()
    assert apply(store, tmp_path, RULING) == 0
    assert main(["rollback", store, "--to", "2", "--reason", "replay the turn"]) == 0
    service = RefereeService.open(store)
    assert service.state().chain.disputes == [[4, 2]]
    assert service.open_disputes_on(2) == [4]
    assert service.state(4).chain.disputes == [[3, 2], [4, 2]]
    service.close()
