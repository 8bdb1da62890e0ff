"""`turnledger facts`: each game's referee-stated facts, from the games' own declarations (issue 29:
docs/commands.md sent the referee to a command that did not exist)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.games import GAMES
from tui.cli import main


def facts_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    assert main(["facts", *args, "--json"]) == 0
    rows: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return rows


def test_facts_lists_every_games_declared_facts(capsys: pytest.CaptureFixture[str]) -> None:
    """Without a campaign: every game, every fact its package declares, with its meaning, value,
    rules and the commands that read it, in the declaration's order."""
    listed = {item["game"]: item for item in facts_json(capsys)}
    assert set(listed) == set(GAMES)
    for name, game in GAMES.items():
        rows = listed[name]["facts"]
        assert [row["fact"] for row in rows] == [kind.name for kind in game.facts]
        for row, kind in zip(rows, game.facts, strict=True):
            assert (row["means"], row["rules"], row["value"]) == (kind.description, kind.rules, kind.value)
            assert row["read_by"] == list(kind.read_by) and row["choices"] == list(kind.choices)


def test_the_third_reich_facts_say_what_reads_them(capsys: pytest.CaptureFixture[str]) -> None:
    """The facts the brief names: fortified, retreat_possible, bridgehead and capital, each with
    the commands that read it (the Rich table for people)."""
    assert main(["facts", "--game", "Revised Third Reich"]) == 0
    text = capsys.readouterr().out
    for fact in ("fortified", "retreat_possible", "bridgehead", "capital", "hexes_won"):
        assert fact in text
    assert "ResolveLandCombat" in text and "ClaimAttritionHexes" in text
    assert "yes or no" in text and "no command (kept for the record)" in text
    rows = {row["fact"]: row for row in facts_json(capsys, "--game", "third_reich")[0]["facts"]}
    assert rows["retreat_possible"]["read_by"] == ["ResolveLandCombat"]
    assert rows["capital"]["read_by"] == ["ClaimAttritionHexes"]


def test_europa_lists_the_westwall_fact(capsys: pytest.CaptureFixture[str]) -> None:
    rows = {row["fact"]: row for row in facts_json(capsys, "--game", "europa")[0]["facts"]}
    assert rows["allied_near_westwall"]["read_by"] == ["DeclareWestwallRestoration"]
    assert rows["allied_near_westwall"]["rules"] == "F-25 [003]"
    assert "wooded_swamp" in rows["terrain"]["choices"]


def test_a_campaigns_facts_show_what_it_stated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "reich.db")
    assert main(["new", store, "--scenario", "revised-third-reich/campaign-1939"]) == 0
    command = tmp_path / "fact.jsonl"
    command.write_text('{"kind": "StateFact", "fact": "fortified", "subject": "Maginot", "value": "yes"}\n')
    assert main(["apply", store, str(command)]) == 0
    capsys.readouterr()
    [item] = facts_json(capsys, store)
    assert item["game"] == "third_reich"
    rows = {row["fact"]: row for row in item["facts"]}
    assert rows["fortified"]["stated"] == [{"subject": "Maginot", "value": "yes", "entry": 2, "stated_by": "referee"}]
    assert rows["capital"]["stated"] == []
    assert main(["facts", store]) == 0
    assert "Maginot=yes (#2)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--game", "chess"], "there is no game 'chess'; this release referees europa (Revised Europa), third_reich"),
        (["game.db", "--game", "europa"], "name a campaign or --game, not both"),
    ],
)
def test_a_refused_facts_call_says_why(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["facts", *args]) == 1
    captured = capsys.readouterr()
    assert said in captured.err.replace("\n", " ") and captured.out == ""
