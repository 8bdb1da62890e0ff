"""`turnledger audit` (issue 13, item 1): clean on every golden campaign; on forged copies it
names the finding (one byte changed; a ruling edited with every hash recomputed; a swapped seed),
and it reports, without failing, a roll made then undone, a rollback and entries made on behalf
of another player."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ledger.canonical import canonical_text
from ledger.entry import recompute_hash
from referee.commands import CreateCampaign
from referee.service import RefereeService
from tui.cli import main

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"
GOLDEN = sorted(path.name.removesuffix(".jsonl") for path in EXPORTS.glob("*.jsonl"))
"""Every golden campaign, those of later releases too (docs/architecture.md: each audits clean)."""


def audited(store: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict[str, Any]]:
    code = main(["audit", str(store), "--json", *extra])
    return code, json.loads(capsys.readouterr().out)


def imported(lines: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    export = tmp_path / "forged.jsonl"
    export.write_text("".join(canonical_text(line) + "\n" for line in lines), encoding="utf-8")
    store = tmp_path / "forged.db"
    assert main(["import", str(export), str(store)]) == 0
    capsys.readouterr()
    return store


def golden_lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (EXPORTS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


def rehashed(lines: list[dict[str, Any]], start: int) -> list[dict[str, Any]]:
    """The export with every hash from entry ``start`` on recomputed, and its header's head: what a
    forger who knows the format does so that the chain verifies."""
    header, entries = lines[0], lines[1:]
    for entry in entries[start - 1 :]:
        if entry["number"] > 1:
            entry["prev_hash"] = entries[entry["number"] - 2]["hash"]
        entry["hash"] = recompute_hash(entry)
    header["head_hash"] = entries[-1]["hash"]
    return [header, *entries]


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_campaign_audits_clean(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = imported(golden_lines(name), tmp_path, capsys)
    code, report = audited(store, capsys)
    assert code == 0 and report["ok"] is True, (
        report["chain"],
        report["dice"]["problems"],
        report["rulings"]["problems"],
    )
    assert report["chain"]["ok"] and not report["dice"]["problems"]
    assert report["rulings"]["readjudicated"] >= report["entries"] - 3
    # what changed since release 0.1.0 is information, each with its reason, never a problem
    assert all(found["rules_give"] for found in report["rulings"]["information"])


def test_the_golden_barbarossa_report_names_its_rollback_undone_roll_and_dispute(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = imported(golden_lines("europa-barbarossa-0.1.0"), tmp_path, capsys)
    markdown = tmp_path / "audit.md"
    code, report = audited(store, capsys, "--markdown", str(markdown))
    assert code == 0
    assert report["rollbacks"] == [
        {"entry": 152, "to": 149, "undid": [150, 151], "reason": "artillery supply paid twice"}
    ]
    undone = report["dice"]["undone_rolls"]
    assert [(roll["entry"], roll["rolled_by"], roll["undone_by"]) for roll in undone] == [(151, "Anna", 152)]
    assert report["disputes"] == [{"dispute": 148, "on": 144, "by": "referee", "raised_by": None, "ruling": None}]
    assert report["dice"]["unrevealed_periods"] == [162]
    page = markdown.read_text(encoding="utf-8")
    assert page.startswith("# Audit of Golden Barbarossa\n")
    assert "- verdict: **nothing wrong found**" in page
    assert "- rollback #152 to #149 (artillery supply paid twice): took #150, #151 off the current line" in page
    assert "rolled by Anna, entered by referee, undone by #152" in page


def test_one_byte_changed_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = imported(golden_lines("reich-1939-0.1.0"), tmp_path, capsys)
    import sqlite3

    with sqlite3.connect(store) as connection:
        row = connection.execute("SELECT rowid, state FROM stored_events WHERE originator_version = 40").fetchone()
        data = bytearray(row[1])
        data[len(data) // 2] ^= 0x01
        connection.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (bytes(data), row[0]))
    connection.close()
    code, report = audited(store, capsys)
    assert code == 1 and report["ok"] is False
    assert report["chain"]["problems"] and report["chain"]["problems"][0]["entry"] == 40


def test_a_ruling_forged_with_every_hash_recomputed_is_caught_by_re_adjudication(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The forger gives the Axis 50 more SP in an income entry, edits its ruling to match and
    recomputes every hash: verify passes, the rules do not give it."""
    lines = golden_lines("europa-barbarossa-0.1.0")
    income = next(line for line in lines[1:] if line["command"]["kind"] == "ReceiveSupplyIncome")
    credited = next(event for event in income["events"] if event.get("type") == "SupplyIncomeReceived")
    credited["amount"] += 50
    income["ruling"]["summary"] = income["ruling"]["summary"].replace("receives 100", "receives 150")
    store = imported(rehashed(lines, income["number"]), tmp_path, capsys)
    assert main(["verify", str(store)]) == 0  # the chain itself is consistent
    capsys.readouterr()
    code, report = audited(store, capsys)
    assert code == 1 and report["chain"]["ok"]
    problems = report["rulings"]["problems"]
    # the first finding is the forged entry; later ones follow from the 50 SP it added (a cap applied
    # on more SP than the rules gave), which the forger did not also rewrite
    assert (problems[0]["entry"], problems[0]["kind"], problems[0]["what"]) == (
        income["number"],
        "ReceiveSupplyIncome",
        "events",
    )
    assert "amount=150" in problems[0]["recorded"] and "amount=100" in problems[0]["rules_give"]


def test_a_swapped_seed_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = golden_lines("europa-barbarossa-0.1.0")
    reveal = next(
        line for line in lines[1:] if any(event.get("type") == "DiceSeedRevealed" for event in line["events"])
    )
    event = next(event for event in reveal["events"] if event.get("type") == "DiceSeedRevealed")
    event["seed"] = "ab" * 32
    store = imported(rehashed(lines, reveal["number"]), tmp_path, capsys)
    code, report = audited(store, capsys)
    assert code == 1
    assert any("does not match the commitment" in problem for problem in report["dice"]["problems"])


def test_entries_made_on_behalf_of_another_player_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "behalf.db"
    service = RefereeService.create(str(store), CreateCampaign(scenario="revised-europa/barbarossa", name="behalf"))
    service.execute_json({"kind": "SetWeather", "zone": "A", "condition": "Mud", "actor": "referee"})
    service.execute_json(
        {"kind": "SetWeather", "zone": "B", "condition": "Mud", "actor": "referee", "on_behalf_of": "Hans"}
    )
    service.close()
    code, report = audited(store, capsys)
    assert code == 0
    assert report["on_behalf_of"] == [{"actor": "referee", "for": "Hans", "entries": 1}]
    assert report["actors"] == {"referee": 3}
