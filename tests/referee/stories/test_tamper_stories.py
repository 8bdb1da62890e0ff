"""Tampering with a real campaign file is detected by verify, which names the entry (invariant 6)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.store import LedgerStore
from ledger.verify import verify
from referee.service import RefereeService

from support import dice_roll

MakeService = Callable[..., RefereeService]


@pytest.fixture
def campaign(make_service: MakeService, tmp_path: Path) -> str:
    """A closed campaign file of 130 entries (one snapshot at #100)."""
    path = str(tmp_path / "tamper.db")
    service = make_service(path)
    for number in range(2, 131):
        if number % 10 == 0:
            service.execute_json(dice_roll(f"attack {number}", [number % 6 + 1, 3], "Axis player"))
        else:
            service.execute_json(
                {"kind": "CreditSupplyPoints", "side": "Axis", "amount": number, "reason": f"r{number}"}
            )
    service.close()
    return path


def report_for(path: str):
    with LedgerStore(path, check=False) as store:  # verify reads a damaged record to report it
        return verify(store)


def edit(path: str, sql: str, *params: object) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, params)
    db.close()


def blob(path: str, version: int) -> bytes:
    db = sqlite3.connect(path)
    data = db.execute("select state from stored_events where originator_version = ?", (version,)).fetchone()[0]
    db.close()
    return bytes(data)


def test_clean_campaign_verifies(campaign: str) -> None:
    report = report_for(campaign)
    assert report.ok and report.entries == 130 and report.snapshots == 1


FINDERS: dict[str, tuple[int, Callable[[bytes], int]]] = {
    "start": (51, lambda data: 0),
    "end": (51, lambda data: len(data) - 1),
    "timestamp": (51, lambda data: data.index(b"1941-06-22") + 9),
    "faces": (60, lambda data: data.index(b'\\"faces\\":[') + 11),
    "amount": (51, lambda data: data.index(b'\\"amount\\":') + 11),
    "hash": (51, lambda data: data.index(b'\\"hash\\":\\"') + 14),
}


@pytest.mark.parametrize("where", list(FINDERS))
def test_one_changed_byte_in_a_stored_entry_is_named(campaign: str, where: str) -> None:
    version, find = FINDERS[where]
    data = bytearray(blob(campaign, version))
    position = find(bytes(data))
    data[position] = ord("7") if data[position] != ord("7") else ord("8")
    edit(campaign, "update stored_events set state = ? where originator_version = ?", bytes(data), version)
    report = report_for(campaign)
    assert not report.ok
    assert report.first_bad_entry == version
    assert f"#{version}" in report.problems[0][1]


def test_a_deleted_entry_is_named(campaign: str) -> None:
    edit(campaign, "delete from stored_events where originator_version = 77")
    report = report_for(campaign)
    assert report.first_bad_entry == 77
    assert "entry #77 is missing" in report.problems[0][1]


def test_two_swapped_entries_are_named(campaign: str) -> None:
    first, second = blob(campaign, 40), blob(campaign, 41)
    edit(campaign, "update stored_events set state = ? where originator_version = 40", second)
    edit(campaign, "update stored_events set state = ? where originator_version = 41", first)
    report = report_for(campaign)
    assert report.first_bad_entry == 40
    assert "position #40 holds entry #41" in report.problems[0][1]


def test_an_edited_snapshot_is_named_and_changes_no_figure_state_or_apply_uses(
    campaign: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tui.cli import main

    from support import state_json

    before = {at: state_json(capsys, campaign, at) for at in (100, 110, None)}
    from ledger.book import pack_state_text, unpack_state_text

    db = sqlite3.connect(campaign)
    data = db.execute("select state from stored_snapshots").fetchone()[0]
    db.close()
    document = json.loads(data)
    book = document["state"]["book"]["_data_"]
    text = unpack_state_text(book)  # a roster this size is stored compressed: edited inside, digest left
    assert text is not None and '"stockpile":' in text
    for key in ("state_json", "state_zlib"):
        book.pop(key, None)
    book.update(pack_state_text(text.replace('"stockpile":', '"stockpile":1', 1)))
    edited = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    edit(campaign, "update stored_snapshots set state = ?", edited)
    assert {at: state_json(capsys, campaign, at) for at in (100, 110, None)} == before  # `turnledger state`
    orders = tmp_path / "more.jsonl"
    orders.write_text('{"kind": "DebitSupplyPoints", "side": "Axis", "amount": 1, "reason": "check"}\n', "utf-8")
    assert main(["apply", campaign, str(orders)]) == 0
    stockpile = before[None]["supply_pools"]["Axis"]["stockpile"]
    assert state_json(capsys, campaign)["supply_pools"]["Axis"]["stockpile"] == stockpile - 1  # `apply` used the truth
    report = report_for(campaign)
    assert report.first_bad_entry == 100
    assert "cached state at #100" in report.problems[0][1]


def test_a_rewritten_entry_with_a_recomputed_hash_breaks_the_next_link(campaign: str) -> None:
    """Someone who edits an entry and fixes its own hash still breaks entry N+1's link."""
    import json

    from ledger.entry import recompute_hash

    data = json.loads(blob(campaign, 30))
    entry = json.loads(data["entry_json"])
    entry["command"]["amount"] = 999
    entry["hash"] = recompute_hash(entry)
    data["entry_json"] = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    edited = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    edit(campaign, "update stored_events set state = ? where originator_version = 30", edited)
    report = report_for(campaign)
    assert report.first_bad_entry == 31
    assert "does not follow #30" in report.problems[0][1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_single_changed_byte_of_any_entry_is_caught(
    campaign: str, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    """Invariant 6 by property: flip one byte anywhere in any stored entry; verify names that entry."""
    copy = str(tmp_path_factory.mktemp("flip") / "copy.db")
    shutil.copy(campaign, copy)
    version = data.draw(st.integers(min_value=1, max_value=130))
    row = bytearray(blob(copy, version))
    position = data.draw(st.integers(min_value=0, max_value=len(row) - 1))
    row[position] = data.draw(st.integers(min_value=0, max_value=255).filter(lambda b: b != row[position]))
    edit(copy, "update stored_events set state = ? where originator_version = ?", bytes(row), version)
    report = report_for(copy)
    assert not report.ok
    assert report.first_bad_entry == version
