"""JSONL export → import round trip, and the SQLite read model."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from ledger.errors import ChainError, LedgerError, MalformedRecordError, StoreExistsError
from ledger.exchange import export_jsonl, import_jsonl
from ledger.store import LedgerStore
from ledger.verify import verify
from referee.service import RefereeService

from support import dice_roll


def play(service: RefereeService, count: int = 230, rollback_to: int | None = 150) -> None:
    for number in range(count):
        if number % 7 == 0:
            service.execute_json(dice_roll(f"combat {number}", [number % 6 + 1, 2], "Axis", witnesses=["Soviet"]))
        elif number % 11 == 0:
            advance(service)
        elif number % 5 == 0:
            service.execute_json(
                {
                    "kind": "CreditReplacementPoints",
                    "nation": "USSR",
                    "type": "infantry",
                    "amount": 2,
                    "reason": "Moskva",
                }
            )
        else:
            service.execute_json({"kind": "CreditSupplyPoints", "side": "Axis", "amount": 1, "reason": "income"})
    if rollback_to is not None:
        service.execute_json({"kind": "Rollback", "to": rollback_to, "reason": "rewind"})


def advance(service: RefereeService) -> None:
    """Next phase, taking the SP income first where the Initial phase requires it (B-02)."""
    calendar = service.state().table.calendar
    if calendar.phase == "Initial" and f"sp_income:{calendar.player}" not in calendar.steps_done:
        service.execute_json({"kind": "ReceiveSupplyIncome", "side": calendar.player})
    service.execute_json({"kind": "AdvancePhase"})


def export(service: RefereeService, path: Path) -> Path:
    with path.open("w", encoding="utf-8") as handle:
        export_jsonl(service.store, handle)
    return path


def test_jsonl_round_trip_gives_identical_state_and_hashes(europa: RefereeService, tmp_path: Path) -> None:
    play(europa)
    source = export(europa, tmp_path / "campaign.jsonl")
    copy = import_jsonl(str(source), str(tmp_path / "copy.db"))
    try:
        assert copy.state().to_json() == europa.state().to_json()
        assert [e["hash"] for e in copy.entries()] == [e["hash"] for e in europa.entries()]
        assert list(copy.entries()) == list(europa.entries())
        for number in (1, 99, 150, 200, europa.head()):
            assert copy.state(number).to_json() == europa.state(number).to_json()
        assert verify(copy).ok
        again = export(RefereeService(copy), tmp_path / "again.jsonl")
        assert again.read_bytes() == source.read_bytes()
    finally:
        copy.close()


def test_import_refuses_an_altered_line_and_names_it(europa: RefereeService, tmp_path: Path) -> None:
    play(europa, 20, rollback_to=None)
    lines = export(europa, tmp_path / "c.jsonl").read_text(encoding="utf-8").splitlines()
    entry = json.loads(lines[5])
    entry["actor"] = "someone else"
    lines[5] = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)  # canonical, altered
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ChainError, match=r"bad.jsonl, line 6: entry #5 was altered"):
        import_jsonl(str(tmp_path / "bad.jsonl"), str(tmp_path / "bad.db"))


def test_import_refuses_a_cut_short_export(europa: RefereeService, tmp_path: Path) -> None:
    play(europa, 20, rollback_to=None)
    lines = export(europa, tmp_path / "c.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp_path / "short.jsonl").write_text("\n".join(lines[:-3]) + "\n", encoding="utf-8")
    with pytest.raises(ChainError, match="cut short"):
        import_jsonl(str(tmp_path / "short.jsonl"), str(tmp_path / "short.db"))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "the file is empty"),
        ("not json\n", "line 1: not JSON"),
        ('{"format": "other"}\n', "not a turnledger export"),
    ],
)
def test_import_refuses_malformed_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(MalformedRecordError, match=message):
        import_jsonl(str(path), str(tmp_path / "out.db"))


def test_import_into_a_store_of_another_campaign_is_refused(make_service, tmp_path: Path) -> None:
    one, other = make_service(), make_service()
    source = export(one, tmp_path / "one.jsonl")
    with pytest.raises(LedgerError, match="holds another campaign"):
        import_jsonl(str(source), other.store.location)


def test_read_model_has_entries_rolls_rulings_events_and_balances(europa: RefereeService, tmp_path: Path) -> None:
    play(europa, 40, rollback_to=None)
    path = tmp_path / "read.db"
    count = europa.build_read_model(str(path))
    db = sqlite3.connect(path)
    try:
        assert count == europa.head() == db.execute("select count(*) from entries").fetchone()[0]
        assert db.execute("select count(*) from rolls").fetchone()[0] == 6
        assert db.execute("select count(*) from entries where undone_by is not null").fetchone()[0] == 0
        final = db.execute(
            "select value from balances where account = 'supply:Axis' and figure = 'stockpile' "
            "order by entry desc limit 1"
        ).fetchone()[0]
        assert final == europa.state().supply_pools["Axis"].stockpile
        assert db.execute("select count(*) from rulings").fetchone()[0] >= count
    finally:
        db.close()


def test_read_model_marks_undone_entries(europa: RefereeService, tmp_path: Path) -> None:
    play(europa, 200, rollback_to=150)
    path = tmp_path / "read.db"
    europa.build_read_model(str(path))
    db = sqlite3.connect(path)
    try:
        undone = db.execute(
            "select min(number), max(number), count(*) from entries where undone_by is not null"
        ).fetchone()
    finally:
        db.close()
    head = europa.head()
    assert undone == (151, head - 1, head - 151)


def test_store_not_found(tmp_path: Path) -> None:
    from ledger.errors import StoreNotFoundError

    with pytest.raises(StoreNotFoundError, match="no campaign file at"):
        LedgerStore(str(tmp_path / "missing.db"))


def test_the_read_model_resumes_from_the_entry_it_reflects(europa: RefereeService, tmp_path: Path) -> None:
    """A projection: the second run writes only the new entries, and a rollback recorded since
    marks the rows written before it; a file of another history or campaign is refused."""
    play(europa, 30, rollback_to=None)
    path = tmp_path / "read.db"
    assert europa.build_read_model(str(path)) == europa.head()
    first_head = europa.head()
    europa.execute_json({"kind": "CreditSupplyPoints", "side": "Axis", "amount": 3, "reason": "late"})
    europa.execute_json({"kind": "Rollback", "to": first_head - 2, "reason": "resume test"})
    assert europa.build_read_model(str(path)) == 2  # only the two new entries
    db = sqlite3.connect(path)
    try:
        numbers = [row[0] for row in db.execute("select number from entries order by number")]
        undone = [row[0] for row in db.execute("select number from entries where undone_by is not null")]
        position = db.execute("select position from projection").fetchone()[0]
    finally:
        db.close()
    assert numbers == list(range(1, europa.head() + 1)) and position == europa.head()
    assert undone == [first_head - 1, first_head, first_head + 1]
    assert europa.build_read_model(str(path)) == 0  # up to date: nothing written
    other = tmp_path / "other.db"
    other.write_bytes(b"")
    sqlite3.connect(other).execute("create table notes (x)").connection.close()
    with pytest.raises(StoreExistsError, match="not a turnledger read model"):
        europa.build_read_model(str(other))
