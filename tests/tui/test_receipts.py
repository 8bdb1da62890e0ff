"""Receipts (issue 27): the code, `turnledger receipt` (with the head's QR code), `verify --receipts`
naming a backup restored and re-rolled, an entry deleted with SQL and a record cut short after a
receipt; each digital roll's receipt in `log` and `show`, the head's after `apply`."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import segno

from ledger.receipts import ALPHABET, read_code, receipt_code
from referee.audit import verify_export
from referee.audit.receipts import entry_roll_receipts
from referee.service import RefereeService
from tests.referee.test_dice_fishing import ROLL
from tests.tui.cli_support import run
from tui.qr import head_payload, qr_lines, qr_matrix

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


def another_machine(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """What follows runs as on another machine: its own trust files and receipt log (referee/audit/receipts.py
    `give_receipts`: this machine's log would name the receipts without the players' list)."""
    monkeypatch.setenv("TURNLEDGER_TRUST_DIR", str(folder / "another-machine"))
    monkeypatch.setenv("TURNLEDGER_RECEIPTS_DIR", str(folder / "another-machine" / "receipts"))


def committed_and_backed_up(make_service: Any, folder: Path) -> str:
    """A campaign, folder/game.db, with the dice committed and a copy in folder/backup.db taken
    before any roll; its location."""
    location = str(folder / "game.db")
    service = make_service(location)
    service.execute_json({"kind": "CommitDice"})
    service.close()
    shutil.copyfile(location, folder / "backup.db")
    return location


@pytest.fixture
def rolled(make_service: Any, tmp_path: Path) -> tuple[str, Path]:
    """A campaign with one digital roll; a backup copied before the roll."""
    location = committed_and_backed_up(make_service, tmp_path)
    reopened = RefereeService.open(location)
    reopened.execute_json(ROLL)
    reopened.close()
    return location, tmp_path


def test_a_backup_restored_and_rolled_again_is_named_by_the_roll_receipt(
    rolled: tuple[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    location, folder = rolled
    code, printed = run(capsys, "receipt", location, "--all")
    assert code == 0
    kept = folder / "kept.txt"
    kept.write_text(printed, encoding="utf-8")
    roll_line = next(line for line in printed.splitlines() if line.startswith("roll "))
    assert run(capsys, "verify", location, "--receipts", str(kept))[0] == 0
    another_machine(monkeypatch, folder)  # whose receipt log never saw these receipts given
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
    rolled: tuple[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    location, folder = rolled
    head = run(capsys, "receipt", location)[1].split()[-1]
    another_machine(monkeypatch, folder)  # whose receipt log never saw the receipt given
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


def test_the_qr_code_is_segnos_for_the_payload_drawn_in_half_blocks_in_its_quiet_zone() -> None:
    payload = head_payload(CAMPAIGN, 1, ENTRY_1)
    assert payload == f"TURNLEDGER:{CAMPAIGN.upper()}:1:{ENTRY_1.upper()}"  # docs/verifying.md "Receipts"
    code = segno.make_qr(payload, error="m")
    expected = [[bool(module) for module in row] for row in code.matrix]
    assert qr_matrix(payload) == expected
    assert (code.mode, code.version, len(expected)) == ("alphanumeric", 5, 37)  # upper case keeps it small
    lines = qr_lines(payload)
    width = 37 + 2 * 4
    assert len(lines) == (width + 1) // 2 == 23 and {len(line) for line in lines} == {width}
    # each character two modules, the upper and the lower: read back, the lines are the matrix in
    # four light modules each side (and one light row more below, to fill the last line)
    halves = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}
    modules = [[halves[char][half] for char in line] for line in lines for half in (0, 1)]
    light = [False] * width
    assert modules == [light] * 4 + [light[:4] + row + light[:4] for row in expected] + [light] * 5


def head_of(location: str) -> tuple[str, int, str]:
    """The campaign id, the head's number and its hash."""
    service = RefereeService.open(location)
    try:
        number = service.head()
        return service.campaign_id, number, str(service.entry(number)["hash"])
    finally:
        service.close()


def test_receipt_qr_prints_the_head_receipt_then_its_qr_code_and_gives_it(
    rolled: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    location, _folder = rolled
    campaign, number, hash_ = head_of(location)
    code, printed = run(capsys, "receipt", location, "--qr")
    payload = head_payload(campaign, number, hash_)
    lines = printed.splitlines()
    assert (
        code == 0
        and lines[0].startswith(f"head #{number} ")
        and lines[0].endswith(receipt_code(campaign, number, hash_))
    )
    assert lines[1:-1] == qr_lines(payload)
    assert lines[-1] == f"QR: {payload}"
    code, printed = run(capsys, "receipt", location, "--qr", "--json")
    assert code == 0 and json.loads(printed)[-1]["qr"] == payload
    # given: the next entry states it
    service = RefereeService.open(location)
    entry = service.execute_json({"kind": "AdvancePhase"})
    service.close()
    stated = [(event["entry"], event["code"]) for event in entry["events"] if event["type"] == "ReceiptGiven"]
    assert stated == [(number, receipt_code(campaign, number, hash_))]


def test_log_and_show_list_each_digital_rolls_receipt_and_an_undone_roll_stays_marked(
    rolled: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    location, _folder = rolled
    service = RefereeService.open(location)
    entry = service.entry(service.head())
    [(receipt, _roll)] = entry_roll_receipts(service.campaign_id, entry)
    service.close()
    number, words = receipt.number, f"roll {receipt.roll} receipt {receipt.code}"
    for argv in ([], ["--last", "2"], ["--kind", "recordroll"]):
        assert words in run(capsys, "log", location, *argv)[1], argv
    assert "receipt" not in run(capsys, "log", location, "--json")[1]  # scripts: `receipt --all --json`
    shown = run(capsys, "show", location, str(number))[1]
    assert f"receipt {receipt.code})" in shown
    assert "receipt" not in run(capsys, "show", location, str(number - 1))[1]  # the commitment: no roll
    assert run(capsys, "rollback", location, "--to", str(number - 1), "--reason", "misclick")[0] == 0
    assert f"rolled, then undone by #{number + 1} · {words}" in run(capsys, "log", location)[1]
    shown = run(capsys, "show", location, str(number))[1]
    assert f"rolled, then undone by #{number + 1}; receipt {receipt.code})" in shown


def test_apply_prints_the_head_receipt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "game.db")
    assert run(capsys, "new", store)[0] == 0
    orders = tmp_path / "orders.jsonl"
    orders.write_text(json.dumps({"kind": "AdvancePhase"}) + "\n" + json.dumps({"kind": "AdvancePhase"}) + "\n")
    code, printed = run(capsys, "apply", store, str(orders))
    campaign, number, hash_ = head_of(store)
    assert code == 0 and number == 3
    assert "receipt: head #3 " in printed and printed.rstrip().endswith(receipt_code(campaign, 3, hash_)), printed
