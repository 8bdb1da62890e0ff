"""The `turnledger` command line, driven in-process as a script would."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from rich.console import Console

from tui import cli_output
from tui.cli import main


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide, colourless console so that assertions do not depend on wrapping."""
    monkeypatch.setattr(cli_output, "out", Console(width=200, no_color=True, highlight=False))
    monkeypatch.setattr(cli_output, "err", Console(width=200, no_color=True, highlight=False, stderr=True))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def lines(path: Path, *commands: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(command) + "\n" for command in commands), encoding="utf-8")
    return path


def axis_sp(kind: str, amount: int, reason: str) -> dict[str, object]:
    """A CreditSupplyPoints or DebitSupplyPoints line for the Axis pool."""
    return {"kind": f"{kind}SupplyPoints", "side": "Axis", "amount": amount, "reason": reason}


def rewrite_line(path: Path, index: int, command: dict[str, object]) -> None:
    """Put ``command`` in place of line ``index`` (from 0) of an orders file, as an editor would."""
    text = path.read_text().splitlines()
    text[index] = json.dumps(command)
    path.write_text("\n".join(text) + "\n")


@pytest.fixture
def store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "game.db")
    code, out, _ = run(capsys, "new", path, "--name", "Club game")
    assert code == 0 and "Club game" in out
    return path


def test_apply_state_log_show(store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    orders = lines(
        tmp_path / "orders.jsonl",
        axis_sp("Credit", 10, "income"),
        {
            "kind": "RecordRoll",
            "purpose": "attack on Brest",
            "dice": "2D6",
            "faces": [4, 4],
            "rolled_by": "Hans",
            "witnesses": ["Ivan"],
        },
        {"kind": "AdvancePhase", "actor": "Anna", "on_behalf_of": "Axis"},
    )
    code, out, _ = run(capsys, "apply", store, str(orders))
    assert code == 0 and "recorded 3 entries #2–#4" in out
    code, out, _ = run(capsys, "state", store, "--json")
    state = json.loads(out)
    assert state["supply_pools"]["Axis"]["stockpile"] == 110
    assert state["table"]["calendar"]["phase"] == "Movement"
    code, out, _ = run(capsys, "state", store, "--at", "2", "--json")
    assert json.loads(out)["table"]["calendar"]["phase"] == "Air"
    code, out, _ = run(capsys, "state", store, "--at", "2")
    assert "as of entry #2 (read-only replay)" in out
    code, out, _ = run(capsys, "log", store, "--json")
    rows = json.loads(out)
    assert [row["kind"] for row in rows] == ["CreateCampaign", "CreditSupplyPoints", "RecordRoll", "AdvancePhase"]
    assert rows[3]["actor"] == "Anna" and rows[3]["on_behalf_of"] == "Axis"
    code, out, _ = run(capsys, "show", store, "3")
    assert "2D6 [4, 4] = 8 for attack on Brest" in out and "witnesses Ivan" in out
    code, out, _ = run(capsys, "show", store, "3", "--json")
    assert json.loads(out)["source"]["line"] == 2


def test_apply_stops_at_the_first_refused_line_and_resumes(
    store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = tmp_path / "orders.jsonl"
    lines(orders, axis_sp("Credit", 10, "income"), axis_sp("Debit", 500, "this attack"), axis_sp("Credit", 1, "later"))
    code, out, err = run(capsys, "apply", store, str(orders))
    assert code == 1
    assert "line 2: Axis SP pool holds 110; this attack costs 500" in err
    assert "Traceback" not in out + err
    code, out, _ = run(capsys, "log", store, "--json")
    assert len(json.loads(out)) == 2
    rewrite_line(orders, 1, axis_sp("Debit", 50, "this attack"))
    code, out, err = run(capsys, "apply", store, str(orders))
    assert code == 0 and "1 line(s) of orders.jsonl were already recorded" in err
    code, out, _ = run(capsys, "state", store, "--json")
    assert json.loads(out)["supply_pools"]["Axis"]["stockpile"] == 61


def test_rollback_branch_verify_export_import(store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    orders = lines(
        tmp_path / "o.jsonl",
        *({"kind": "CreditSupplyPoints", "side": "Soviet", "amount": n, "reason": "r"} for n in range(1, 6)),
    )
    assert run(capsys, "apply", store, str(orders))[0] == 0
    code, out, _ = run(capsys, "rollback", store, "--to", "3", "--reason", "misread the odds")
    assert code == 0 and "rolled back to #3" in out
    code, out, _ = run(capsys, "log", store, "--json")
    assert [row["undone_by"] for row in json.loads(out)][3:6] == [7, 7, 7]
    whatif = str(tmp_path / "whatif.db")
    code, out, _ = run(capsys, "branch", store, "--at", "4", "--to", whatif)
    assert code == 0 and "branched" in out
    code, out, _ = run(capsys, "verify", whatif, "--json")
    assert json.loads(out)["ok"] is True
    code, out, _ = run(capsys, "verify", store)
    assert code == 0 and "chain intact" in out
    jsonl, readmodel = tmp_path / "game.jsonl", tmp_path / "read.db"
    code, out, _ = run(capsys, "export", store, "--jsonl", str(jsonl), "--sqlite", str(readmodel))
    assert code == 0
    assert sqlite3.connect(readmodel).execute("select count(*) from entries").fetchone()[0] == 7
    copy = str(tmp_path / "copy.db")
    code, out, _ = run(capsys, "import", str(jsonl), copy)
    assert code == 0
    original = json.loads(run(capsys, "verify", store, "--json")[1])
    imported = json.loads(run(capsys, "verify", copy, "--json")[1])
    assert imported["head_hash"] == original["head_hash"]


def test_scenarios_and_schema(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "scenarios", "--json")
    assert {row["name"] for row in json.loads(out)} == {
        "revised-europa/barbarossa",
        "revised-third-reich/campaign-1939",
        "europa-boot-camp/first-battle",
        "second-front/1943",
    }
    _code, out, _ = run(capsys, "schema", "--kind", "RecordRoll")
    schema = json.loads(out)["RecordRoll"]
    assert set(schema["required"]) >= {"purpose", "dice", "faces", "rolled_by"}


def test_refusals_print_one_message_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "state", str(tmp_path / "missing.db"))
    assert code == 1 and "no campaign file at" in err and "Traceback" not in err
    store = str(tmp_path / "g.db")
    run(capsys, "new", store)
    code, _, err = run(capsys, "new", store)
    assert code == 1 and "already holds a campaign" in err
    code, _, err = run(capsys, "state", store, "--at", "5")
    assert code == 1 and "there is no entry #5" in err
    code, _out, err = run(capsys, "rollback", store, "--to", "1", "--reason", "x")
    assert code == 1 and "the record ends at #1" in err


def test_run_creates_the_campaign_once_and_shows_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "campaign.db")
    code, out, _ = run(capsys, "run", path)
    assert code == 0 and f"created {path}" in out and "Supply Point pools" in out
    code, out, _ = run(capsys, "run", path)
    assert code == 0 and "created campaign.db" not in out and "Campaign log" in out


def test_preview_shows_the_derivation_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "r.db")
    run(capsys, "new", store, "--scenario", "revised-third-reich/campaign-1939")
    code, out, _ = run(
        capsys,
        "preview",
        store,
        '{"kind": "DeclareOption", "power": "Germany", "front": "eastern", "option": "offensive"}',
    )
    assert code == 0 and "offensive option: 10" in out and "nothing was recorded" in out
    code, out, _ = run(capsys, "log", store, "--json")
    assert len(json.loads(out)) == 1
    code, out, err = run(capsys, "preview", store, "{not json")
    assert code == 1 and "not JSON" in err


def test_a_partly_recorded_file_edited_above_where_it_stopped_is_refused(
    store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = tmp_path / "orders.jsonl"
    lines(orders, axis_sp("Credit", 1, "one"), axis_sp("Credit", 2, "two"), axis_sp("Debit", 900, "too much"))
    assert run(capsys, "apply", store, str(orders))[0] == 1
    rewrite_line(orders, 1, axis_sp("Credit", 20, "two, corrected"))
    code, _, err = run(capsys, "apply", store, str(orders))
    assert code == 1 and "line 2 differs from the line entry #3 recorded from it" in err
    code, _out, err = run(capsys, "apply", store, str(orders), "--no-resume")
    assert code == 1 and "line 3" in err  # every line again: lines 1 and 2 are recorded a second time


def test_the_version_is_the_release_the_changelog_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    version = capsys.readouterr().out.split()[-1]
    changelog = (Path(__file__).resolve().parents[2] / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {version} " in changelog
