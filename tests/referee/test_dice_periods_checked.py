"""Dice periods checked against the record (issue 26, docs/verifying.md "Dice periods"): a period
named by another entry than the one that opens it, a roll in a period never committed, and a
period whose seed was lost, each named by `turnledger verify`, `audit` and the standalone verifier."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from referee.audit import verify_export
from referee.dice import digital_dice
from tests.referee.test_dice_fishing import ROLL
from tests.tui.cli_support import run

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _rehashed_without(lines: list[str], removed: int) -> list[str]:
    """An export with entry #removed taken out and every later entry renumbered and rehashed, as a
    forger would: every hash and link checks."""
    header, entries = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    kept = [entry for entry in entries if entry["number"] != removed]
    prev = "0" * 64
    for number, entry in enumerate(kept, 1):
        entry["number"], entry["prev_hash"] = number, prev
        content = {key: value for key, value in entry.items() if key != "hash"}
        entry["hash"] = prev = hashlib.sha256(prev.encode("ascii") + _canonical(content).encode()).hexdigest()
    header.update(entries=len(kept), head_hash=prev)
    return [_canonical(header)] + [_canonical(entry) for entry in kept]


def test_a_scheme_1_record_with_an_entry_deleted_and_the_chain_rehashed_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Release 0.1.0's Barbarossa export (scheme 1: no entry number in the rolls) with #100 taken
    out: the chain checks, but dice period 139 now stands in entry #138."""
    lines = (EXPORTS / "europa-barbarossa-0.1.0.jsonl").read_text(encoding="utf-8").splitlines()
    forged = _rehashed_without(lines, 100)
    named = "entry #138 commits dice period 139"
    _checked, problems = verify_export.check_lines(line + "\n" for line in forged)
    assert any(named in problem for problem in problems), problems
    export = tmp_path / "forged.jsonl"
    export.write_text("\n".join(forged) + "\n", encoding="utf-8")
    store = str(tmp_path / "forged.db")
    assert run(capsys, "import", str(export), store)[0] == 0  # every link and hash checks
    code, printed = run(capsys, "verify", store)
    assert code == 1 and named in printed, printed
    code, printed = run(capsys, "audit", store)
    assert code == 1 and named in printed, printed


def test_a_roll_in_a_period_never_committed_is_a_problem_not_a_roll_waiting_for_its_seed() -> None:
    entries = [
        {"number": 1, "events": [{"type": "CampaignOpened", "campaign_id": "c"}]},
        {
            "number": 2,
            "command": {"kind": "RecordRoll"},
            "events": [],
            "rolls": [
                {
                    "method": "digital",
                    "scheme": 2,
                    "period": 999,
                    "n": 1,
                    "purpose": "weather",
                    "dice": "2D6",
                    "faces": [6, 6],
                }
            ],
        },
    ]
    lines, problems = digital_dice.check_entries(entries)
    assert problems == [
        (
            "entry #2: roll 999.1 belongs to dice period 999, which no entry before it commits: the roll was not "
            "made with committed dice"
        )
    ]
    assert not any("not yet revealed" in line for line in lines)


def test_a_gap_in_the_roll_numbers_is_a_problem_under_either_scheme() -> None:
    commit = {"type": "DiceCommitted", "period": 2, "commitment": "0" * 64, "player_seeds": {}}
    roll = {"method": "digital", "period": 2, "purpose": "weather", "dice": "2D6", "faces": [1, 2]}
    entries = [
        {"number": 1, "events": [{"type": "CampaignOpened", "campaign_id": "c"}]},
        {"number": 2, "events": [commit]},
        {"number": 3, "events": [], "rolls": [{**roll, "n": 1}]},
        {"number": 4, "events": [], "rolls": [{**roll, "n": 3}]},
    ]
    _lines, problems = digital_dice.check_entries(entries)
    assert problems == ["entry #4: digital roll 2.3 where 2.2 was due: a roll of the period is missing"]


def test_a_period_whose_seed_was_lost_is_reported_abandoned_with_its_rolls(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The secrets file is lost after a roll; fresh dice are committed. `verify`, `audit` and the
    standalone verifier each say the period was abandoned and list its roll, not 'not yet revealed'."""
    location = str(tmp_path / "lost.db")
    service = make_service(location)
    period = service.execute_json({"kind": "CommitDice"})["number"]
    rolled = service.execute_json(ROLL)
    service.close()
    Path(f"{location}.dice-secrets.json").unlink()
    assert run(capsys, "apply", location, _one_line(tmp_path, {"kind": "CommitDice"}))[0] == 0
    abandoned = f"period {period} abandoned"
    the_roll = f"#{rolled['number']} roll {period}.1"
    for argv in (["verify", location], ["audit", location]):
        code, printed = run(capsys, *argv)
        assert code == 0 and abandoned in printed and the_roll in printed, (argv, printed)
        assert "not yet revealed" not in printed.split(abandoned)[0].split("\n")[-1]
    export = str(tmp_path / "lost.jsonl")
    assert run(capsys, "export", location, "--jsonl", export)[0] == 0
    assert verify_export.main(["verify_export.py", export]) == 0
    printed = capsys.readouterr().out
    assert abandoned in printed and the_roll in printed, printed


def _one_line(folder: Path, command: dict[str, Any]) -> str:
    path = folder / "one.jsonl"
    path.write_text(json.dumps(command) + "\n", encoding="utf-8")
    return str(path)


def test_a_period_committed_twice_is_a_problem() -> None:
    commit = {"type": "DiceCommitted", "period": 2, "commitment": "0" * 64, "player_seeds": {}}
    entries = [
        {"number": 1, "events": [{"type": "CampaignOpened", "campaign_id": "c"}]},
        {"number": 2, "events": [commit, {**commit, "commitment": "1" * 64}]},
    ]
    _lines, problems = digital_dice.check_entries(entries)
    assert problems == [
        (
            "dice period 2 is committed twice (entries #2 and #2): a period has one commitment, so one of them was "
            "written afterwards"
        )
    ]


def test_a_roll_in_a_period_whose_commitment_was_undone_is_a_problem() -> None:
    """Entry #3 commits period 3; #4 rolls back to #2, undoing it; a roll of period 3 in #5 was not
    made with dice in force (the service rolls in the period the rollback restored)."""
    commit = {"type": "DiceCommitted", "period": 3, "commitment": "0" * 64, "player_seeds": {}}
    roll = {"method": "digital", "period": 3, "n": 1, "purpose": "weather", "dice": "2D6", "faces": [1, 2]}
    entries = [
        {"number": 1, "events": [{"type": "CampaignOpened", "campaign_id": "c"}]},
        {"number": 2, "events": []},
        {"number": 3, "events": [commit]},
        {"number": 4, "events": [{"type": "RolledBack", "to": 2}]},
        {"number": 5, "events": [], "rolls": [roll]},
    ]
    lines, problems = digital_dice.check_entries(entries)
    assert problems == [
        (
            "entry #5: roll 3.1 belongs to dice period 3, whose commitment (#3) was undone by #4 before it: the roll "
            "was not made with committed dice"
        )
    ]
    assert any(line.startswith("period 3 abandoned") for line in lines)


def test_a_roll_number_given_twice_in_one_entry_and_one_out_of_order_are_problems() -> None:
    commit = {"type": "DiceCommitted", "period": 2, "commitment": "0" * 64, "player_seeds": {}, "scheme": 2}
    roll = {"method": "digital", "scheme": 2, "period": 2, "purpose": "weather", "dice": "2D6", "faces": [1, 2]}
    entries = [
        {"number": 1, "events": [{"type": "CampaignOpened", "campaign_id": "c"}]},
        {"number": 2, "events": [commit]},
        {"number": 3, "events": [], "rolls": [{**roll, "n": 1}, {**roll, "n": 1}]},
        {"number": 4, "events": [], "rolls": [{**roll, "n": 3}, {**roll, "n": 2}]},
    ]
    _lines, problems = digital_dice.check_entries(entries)
    assert problems == [
        "entry #3: roll 2.1 was already rolled earlier in the same entry",
        "entry #4: digital roll 2.3 where 2.2 was due: a roll of the period is missing",
        (
            "entry #4: digital roll 2.2 after 2.3, and roll 2.2 was never given before: the rolls of the period "
            "are out of order"
        ),
    ]
