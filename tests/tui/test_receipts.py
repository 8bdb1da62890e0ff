"""Receipts (issue 27, first part): the code, `turnledger receipt`, and `verify --receipts` naming
a backup restored and re-rolled, an entry deleted with SQL and a record cut short after a receipt."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ledger.receipts import ALPHABET, read_code, receipt_code
from referee import verify_export
from referee.service import RefereeService
from tests.referee.test_dice_fishing import ROLL
from tests.tui.cli_support import run

CAMPAIGN = "00000000-0000-4000-8000-000000000e01"
ENTRY_1 = "1c3d5af98b551040aa22d94df1ca1be7ec24368c158166a3bb69f1f027b2e030"


def test_the_vectors_of_docs_verifying_md() -> None:
    assert receipt_code(CAMPAIGN, 1, ENTRY_1) == "489G1-MY4BC"
    assert receipt_code(CAMPAIGN, 12, "0" * 64) == "JCD0P-FQP43"


def test_a_code_is_read_in_any_case_and_spacing_with_look_alikes() -> None:
    assert read_code(" 489g1 my4bc ") == "489G1-MY4BC"
    assert read_code("JCDOP-FQP43") == "JCD0P-FQP43"  # O written for 0
    assert read_code("489G1-MY4B") is None and read_code("489G1-MY4BCX") is None


def test_one_character_misread_or_two_neighbours_swapped_never_check() -> None:
    code = "489G1MY4BC"
    for place in range(len(code)):
        for other in ALPHABET:
            if other != code[place]:
                assert read_code(code[:place] + other + code[place + 1 :]) is None, (place, other)
    for place in range(len(code) - 1):
        if code[place] != code[place + 1]:
            swapped = code[:place] + code[place + 1] + code[place] + code[place + 2 :]
            assert read_code(swapped) is None, place


@pytest.fixture
def rolled(make_service: Any, tmp_path: Path) -> tuple[str, Path]:
    """A campaign with one digital roll; a backup copied before the roll."""
    location = str(tmp_path / "game.db")
    service = make_service(location)
    service.execute_json({"kind": "CommitDice"})
    service.close()
    shutil.copyfile(location, tmp_path / "backup.db")
    reopened = RefereeService.open(location)
    reopened.execute_json(ROLL)
    reopened.close()
    return location, tmp_path


def test_a_backup_restored_and_rolled_again_is_named_by_the_roll_receipt(
    rolled: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    location, folder = rolled
    code, printed = run(capsys, "receipt", location, "--all")
    assert code == 0
    kept = folder / "kept.txt"
    kept.write_text(printed, encoding="utf-8")
    roll_line = next(line for line in printed.splitlines() if line.startswith("roll "))
    assert run(capsys, "verify", location, "--receipts", str(kept))[0] == 0
    # the referee restores the copy from before the roll (at another path: no checkpoint helps),
    # keeps the secrets file and rolls again with another word
    elsewhere = folder / "restored.db"
    shutil.copyfile(folder / "backup.db", elsewhere)
    shutil.copy(f"{location}.dice-secrets.json", f"{elsewhere}.dice-secrets.json")  # private, as it was
    again = RefereeService.open(str(elsewhere))
    again.execute_json({**ROLL, "witness_word": {"by": "Boris", "word": "eagle"}})
    again.close()
    assert run(capsys, "verify", str(elsewhere))[0] == 0  # the chain alone cannot tell
    code, printed = run(capsys, "verify", str(elsewhere), "--receipts", str(kept))
    period_n = roll_line.split()[1]
    assert code == 1, printed
    assert f"roll {period_n} receipt" in printed and "not in the record" in printed, printed
    # the standalone verifier, from an export of the restored copy, names it the same way
    export = folder / "restored.jsonl"
    assert run(capsys, "export", str(elsewhere), "--jsonl", str(export))[0] == 0
    assert verify_export.main(["verify_export.py", str(export), "--receipts", str(kept)]) == 1
    printed = capsys.readouterr().out
    assert f"roll {period_n} receipt" in printed and "the record shows roll" in printed, printed
    assert verify_export.main(["verify_export.py", str(export), "--receipts"]) == 2


def test_an_entry_deleted_and_a_record_cut_short_after_a_head_receipt_are_named(
    rolled: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    location, folder = rolled
    head = run(capsys, "receipt", location)[1].split()[-1]
    elsewhere = folder / "cut.db"
    shutil.copyfile(location, elsewhere)
    db = sqlite3.connect(elsewhere)
    with db:
        last = db.execute("select max(originator_version) from stored_events").fetchone()[0]
        db.execute("delete from stored_events where originator_version = ?", (last,))
        db.execute("delete from stored_snapshots where originator_version >= ?", (last,))
    db.close()
    assert run(capsys, "verify", str(elsewhere))[0] == 0
    code, printed = run(capsys, "verify", str(elsewhere), "--head", head)
    assert code == 1 and f"receipt {head} is not in the record" in printed, printed
    code, printed = run(capsys, "verify", location, "--head", head.lower().replace("-", " "))
    assert code == 0 and f"receipt {head} is entry #{last}" in printed, printed
