"""Reading a campaign from the command line as a referee would (issue: the referee's evening):
`log --last` and `--kind` refuse what they cannot mean, `show` shows the notes and disputes on an
entry, and piped output is not cut at 80 columns."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import main


@pytest.fixture
def store(tmp_path: Path) -> str:
    path = str(tmp_path / "game.db")
    assert main(["new", path]) == 0
    orders = tmp_path / "orders.jsonl"
    orders.write_text(
        "\n".join(
            json.dumps(command)
            for command in (
                {"kind": "SetMarker", "name": "bridge", "value": "x" * 150},
                {"kind": "Annotate", "entry": 2, "text": "the bridge was blown first", "disputed": True},
                {"kind": "Annotate", "entry": 2, "text": "Hans agrees"},
            )
        )
        + "\n",
        encoding="utf-8",
    )
    assert main(["apply", path, str(orders)]) == 0
    return path


@pytest.mark.parametrize("last", ["0", "-5", "many"])
def test_log_last_needs_one_or_more(store: str, last: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:
        main(["log", store, "--last", last])
    assert exited.value.code == 2 and "--last" in capsys.readouterr().err


def test_log_kind_unknown_is_refused_and_any_case_is_read(store: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["log", store, "--kind", "Nope"]) == 1
    assert "there is no command kind 'Nope'" in capsys.readouterr().err
    assert main(["log", store, "--kind", "setmarker", "--json"]) == 0
    assert [row["number"] for row in json.loads(capsys.readouterr().out)] == [2]


def test_show_shows_the_notes_and_disputes_on_the_entry(store: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["show", store, "2"]) == 0
    shown = capsys.readouterr().out
    assert "dispute in #3 by referee: the bridge was blown first" in shown
    assert "note in #4 by referee: Hans agrees" in shown


def test_piped_state_is_not_cut_at_80_columns(store: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tui.cli", "state", store], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert any("x" * 150 in line for line in result.stdout.splitlines())


def test_side_zone_and_weather_names_are_read_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'axis' is the Axis and 'mud' is Mud; the record spells them as the campaign does."""
    path = str(tmp_path / "case.db")
    assert main(["new", path]) == 0
    orders = tmp_path / "case.jsonl"
    orders.write_text(
        json.dumps({"kind": "SetWeather", "zone": "b", "condition": "mud"})
        + "\n"
        + json.dumps({"kind": "CreditSupplyPoints", "side": "axis", "amount": 3, "reason": "income"})
        + "\n",
        encoding="utf-8",
    )
    assert main(["apply", path, str(orders)]) == 0
    capsys.readouterr()
    assert main(["log", path, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["summary"] for row in rows[1:]] == ["weather in zone B: Mud", rows[2]["summary"]]
    assert "Axis" in rows[2]["summary"]
    assert main(["show", path, "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["command"]["side"] == "Axis"


def test_status_words_are_never_cut_in_the_log_table() -> None:
    """Issue 12: on the dashboard the status column was squeezed to "undon"; each column is at
    least as wide as its usual longest word, and parts of a status are separated."""
    from rich.console import Console

    from tui.log_table import log_view

    row = {
        "number": 41,
        "at": "Jun II 1941",
        "actor": "referee",
        "kind": "CreditSupplyPoints",
        "summary": "Axis SP pool 100 → 120 " * 6,
        "undone_by": 15000,
        "rolls": 1,
        "notes": 2,
        "disputed": True,
    }
    for width in (100, 140):
        console = Console(width=width, record=True)
        console.print(log_view([row]))
        words = console.export_text().split()
        assert {"undone", "#15000", "note(s)", "disputed", "CreditSupplyPoints"} <= set(words), width


def test_a_report_shows_units_as_text_not_python_dicts() -> None:
    """Issue 12: the entry report printed attackers as {'label': ..., 'aeca': 'none', ...}."""
    from rich.console import Console

    from tui.render import entry_view

    entry = {
        "number": 18,
        "at": "Jun II 1941",
        "recorded_at": "2026-11-24T10:00:00+00:00",
        "actor": "referee",
        "on_behalf_of": None,
        "command": {
            "kind": "ResolveCombat",
            "attackers": [{"label": "9-10 pz", "attack": 9, "aeca": "full", "artillery": False, "supply": "supplied"}],
            "faces": [4, 5],
            "witness_word": {"by": "Boris", "word": "owl"},
            "v": 1,
        },
        "rolls": [],
        "ruling": {"summary": "combat", "steps": []},
        "events": [],
        "hash": "0" * 64,
        "prev_hash": "1" * 64,
    }
    console = Console(width=140, record=True)
    console.print(entry_view(entry))
    text = console.export_text()
    assert "- label=9-10 pz, attack=9, aeca=full, supply=supplied" in text
    assert "faces: 4, 5" in text and "witness_word: by=Boris, word=owl" in text
    assert "{'" not in text and "artillery" not in text and "v: 1" not in text
