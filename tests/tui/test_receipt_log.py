"""Receipts this machine gave (ledger/receipt_log.py) and head receipts stated in the record
(referee/common/receipt_events.py): issue 27's "receipt given at #N" and the warning when a copy of
the campaign no longer holds a receipt given here."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest

from ledger.entry import recompute_hash
from ledger.entry_line import canonical
from ledger.receipt_log import receipts_dir
from ledger.receipts import receipt_code
from referee.audit import verify_export
from referee.audit.receipts import (
    all_receipts,
    check_given_in_record,
    give_receipts,
    head_receipt,
    receipts_not_held,
    roll_receipts,
)
from referee.service import RefereeService
from tests.referee.test_dice_fishing import ROLL
from tests.tui.cli_support import run
from tests.tui.test_receipts import committed_and_backed_up


def _marked(service: RefereeService, count: int) -> None:
    for i in range(count):
        service.execute_json({"kind": "SetMarker", "name": f"m{i}", "value": "x"})


def test_a_head_receipt_given_is_stated_in_the_next_entry_and_listed_by_receipt_all(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    location = str(tmp_path / "game.db")
    service = make_service(location)
    _marked(service, 2)
    given = head_receipt(service)
    give_receipts(service, [given])
    log = receipts_dir() / f"{service.campaign_id}.json"
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    next_entry = service.execute_json({"kind": "SetMarker", "name": "after", "value": "y"})
    stated = [event for event in next_entry["events"] if event["type"] == "ReceiptGiven"]
    assert [(event["entry"], event["code"]) for event in stated] == [(given.number, given.code)]
    later = service.execute_json({"kind": "SetMarker", "name": "later", "value": "z"})
    assert not any(event["type"] == "ReceiptGiven" for event in later["events"])  # stated once
    assert check_given_in_record(service) == (
        [f"head receipt {given.code} of #{given.number} (stated in #{next_entry['number']}): on the record"],
        [],
    )
    assert [receipt.number for receipt in all_receipts(service)] == [given.number, later["number"]]
    service.close()
    code, printed = run(capsys, "receipt", location, "--all")
    assert code == 0 and f"head #{given.number} " in printed and given.code in printed, printed
    assert run(capsys, "audit", location)[0] == 0  # the stated receipt is no difference from the rules
    code, printed = run(capsys, "show", location, str(next_entry["number"]))
    assert code == 0 and f"receipt given at #{given.number}: {given.code}" in printed, printed
    code, printed = run(capsys, "show", location, "1")  # CreateCampaign's empty fields are not shown
    assert code == 0 and "None" not in printed and "charts:" not in printed, printed


def test_a_backup_restored_elsewhere_with_this_machines_trust_files_is_named_at_verify(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole machine restored (campaign and trust folder, at another path): the receipt log
    kept per campaign still names the roll receipt given after the backup."""
    location = committed_and_backed_up(make_service, tmp_path)
    service = RefereeService.open(location)
    rolled = service.execute_json(ROLL)
    receipts = list(roll_receipts(service))
    give_receipts(service, receipts)  # shown to the witness with the faces
    assert receipts_not_held(service) == []
    service.close()
    elsewhere = str(tmp_path / "restored.db")
    shutil.copyfile(tmp_path / "backup.db", elsewhere)
    again = RefereeService.open(elsewhere)
    lost = receipts_not_held(again)
    again.close()
    roll = f"{rolled['rolls'][0]['period']}.{rolled['rolls'][0]['n']}"
    assert [item.receipt.roll for item in lost] == [roll]
    assert f"roll {roll} receipt {receipts[0].code}" in lost[0].describe()
    assert f"the record ends at #{rolled['number'] - 1}, before #{rolled['number']}" in lost[0].describe()
    code, printed = run(capsys, "verify", elsewhere)
    assert code == 1 and "receipt not in the record" in printed and receipts[0].code in printed, printed
    code, printed = run(capsys, "verify", elsewhere, "--json")
    assert code == 1 and json.loads(printed)["receipts_not_held"], printed
    code, printed = run(capsys, "verify", elsewhere, "--accept-rewrite", "restored the Friday backup")
    assert code == 0 and "rewrite accepted" in printed, printed
    assert run(capsys, "verify", elsewhere)[0] == 0  # accepted once, on this machine, with its reason recorded
    assert run(capsys, "verify", location)[0] == 0  # the original still holds it


def test_a_head_receipt_stated_in_the_record_is_checked_against_the_entry_it_names(
    make_service: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Entries up to the receipt's rewritten and the whole chain rehashed: every hash checks,
    but the later entry that states the receipt names the rewrite, on any machine."""
    location = str(tmp_path / "game.db")
    service = make_service(location)
    _marked(service, 3)
    given = head_receipt(service)
    give_receipts(service, [given])
    _marked(service, 2)
    head = service.head()
    service.close()
    db = sqlite3.connect(location)
    with db:
        prev = ""
        for number in range(given.number - 1, head + 1):
            (blob,) = db.execute("select state from stored_events where originator_version = ?", (number,)).fetchone()
            row = json.loads(blob)
            entry = json.loads(row["entry_json"])
            if number == given.number - 1:
                prev = entry["hash"]
                continue
            if number == given.number:
                entry["command"]["value"] = "rewritten"
            entry["prev_hash"] = prev
            entry["hash"] = prev = recompute_hash(entry)
            row["entry_json"] = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            stored = json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode()
            db.execute("update stored_events set state = ? where originator_version = ?", (stored, number))
        db.execute("delete from stored_snapshots")
    db.close()
    reopened = RefereeService.open(location, check=False)
    lines, problems = check_given_in_record(reopened)
    reopened.close()
    assert lines == []
    assert len(problems) == 1 and f"states head receipt {given.code} given at #{given.number}" in problems[0]
    code, printed = run(capsys, "verify", location)
    assert code == 1 and f"states head receipt {given.code}" in " ".join(printed.split()), printed


def test_the_standalone_verifier_checks_each_head_receipt_the_record_states(make_service: Any, tmp_path: Path) -> None:
    """verify_export.py reads the statements too: one whose code no longer fits the entry it names
    (the export rewritten and rehashed from there on) is named; the honest export passes."""
    service = make_service(str(tmp_path / "game.db"))
    _marked(service, 2)
    given = head_receipt(service)
    give_receipts(service, [given])
    _marked(service, 2)
    export = tmp_path / "game.jsonl"
    with export.open("w", encoding="utf-8") as out:
        service.export_jsonl(out)
    service.close()
    checked, problems = verify_export.check_file(str(export))
    assert problems == [] and any(f"head receipt {given.code} of #{given.number}" in line for line in checked)
    header, *entries = [json.loads(line) for line in export.read_text(encoding="utf-8").splitlines()]
    other = receipt_code(header["campaign_id"], given.number, "0" * 64)
    prev = entries[given.number]["prev_hash"]
    for entry in entries[given.number :]:  # the statement's entry (#given + 1) and every one after it
        for event in entry["events"]:
            if event["type"] == "ReceiptGiven":
                event["code"] = other
        entry["prev_hash"] = prev
        entry["hash"] = prev = recompute_hash(entry)
    header["head_hash"] = prev
    forged = tmp_path / "forged.jsonl"
    forged.write_text(
        "".join(canonical(item) + "\n" for item in [header, *entries]),
        encoding="utf-8",
    )
    _checked, problems = verify_export.check_file(str(forged))
    assert len(problems) == 1 and f"states head receipt {other} given at #{given.number}" in problems[0], problems
