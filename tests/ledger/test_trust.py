"""Nothing trusted that the chain does not vouch for (ledger/trust.py, docs/security.md): a cache
forged with its digest redone, an entry edited in the file, a record cut short or stored in a
form that reads two ways, each refused or named, on the toy game."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest

from ledger import chain_scan
from ledger.application import SNAPSHOT_INTERVAL
from ledger.book import digest_of
from ledger.entry import recompute_hash
from ledger.errors import PrivateFileError, TamperedError
from ledger.store import LedgerStore
from ledger.trust import trust_dir
from ledger.verify import verify
from tests.ledger.toy import added, clock, new_store


@pytest.fixture
def toy_file(tmp_path: Path) -> str:
    """A closed toy campaign of 130 entries (total 129, a cached state at #100)."""
    path = str(tmp_path / "toy.db")
    store = new_store(path)
    for number in range(2, SNAPSHOT_INTERVAL + 31):
        store.append(added(1), recorded_at=clock(number), at=f"step {number}")
    store.close()
    return path


def sql(path: str, statement: str, *params: object) -> Any:
    db = sqlite3.connect(path)
    with db:
        rows = db.execute(statement, params).fetchall()
    db.close()
    return rows


def stored_entry(path: str, number: int) -> dict[str, Any]:
    (blob,) = sql(path, "select state from stored_events where originator_version = ?", number)[0]
    return dict(json.loads(blob))


def store_entry_text(path: str, number: int, text: str) -> None:
    """Put ``text`` as entry #number's JSON, in a row the library itself would write."""
    row = stored_entry(path, number)
    row["entry_json"] = text
    blob = json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    sql(path, "update stored_events set state = ? where originator_version = ?", blob, number)


def test_a_cached_state_forged_with_its_digest_and_head_redone_is_never_read(toy_file: str) -> None:
    """The digest anyone can recompute; the key of this machine nobody in the store can."""
    (blob,) = sql(toy_file, "select state from stored_snapshots")[0]
    document = json.loads(blob)
    data = document["state"]["book"]["_data_"]
    data["state_json"] = json.dumps({**json.loads(data["state_json"]), "total": 9999}, separators=(",", ":"))
    header = {key: data[key] for key in ("fold", "state_version", "last_number", "head_hash")}
    data["digest"] = digest_of(header, data["state_json"])  # the head hash is left right: the chain agrees
    sql(toy_file, "update stored_snapshots set state = ?", json.dumps(document).encode())
    with LedgerStore(toy_file) as store:
        assert store.state(110)["total"] == 109 and store.state()["total"] == 129
        report = verify(store)
    assert report.problems == [(100, "the cached state at #100 does not match the entries (a snapshot was edited)")]


def test_a_cache_written_on_another_machine_is_rebuilt_not_read(
    toy_file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TURNLEDGER_TRUST_DIR", str(tmp_path / "another-machine"))
    with LedgerStore(toy_file) as store:
        assert store.state(110)["total"] == 109
        report = verify(store)
    assert report.ok and report.untrusted_snapshots == 1


def test_an_entry_edited_in_the_file_is_refused_when_read_and_named_by_verify(toy_file: str) -> None:
    """An edit of an old entry (before this machine's checkpoint): opening refuses, and every
    read of it refuses on a store opened without the check."""
    entry = json.loads(stored_entry(toy_file, 120)["entry_json"])
    entry["events"][0]["amount"] = 50
    store_entry_text(toy_file, 120, json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    with pytest.raises(TamperedError, match="entry #120 has been altered"):
        LedgerStore(toy_file)
    with LedgerStore(toy_file, check=False) as store:
        with pytest.raises(TamperedError, match="entry #120 has been altered"):
            store.state(125)
        with pytest.raises(TamperedError, match="entry #120 has been altered"):
            list(store.entries())
        with pytest.raises(TamperedError, match="entry #120 has been altered"):
            store.entry(120)
    with LedgerStore(toy_file, check=False) as store:
        assert verify(store).first_bad_entry == 120


def test_opening_on_a_new_machine_checks_every_entry(
    toy_file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = json.loads(stored_entry(toy_file, 7)["entry_json"])
    entry["events"][0]["amount"] = 50
    store_entry_text(toy_file, 7, json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    monkeypatch.setenv("TURNLEDGER_TRUST_DIR", str(tmp_path / "new-machine"))
    with pytest.raises(TamperedError, match="entry #7 has been altered"):
        LedgerStore(toy_file)


def test_a_record_cut_short_since_it_was_last_used_here_is_refused_until_verified(toy_file: str) -> None:
    sql(toy_file, "delete from stored_events where originator_version > 125")
    with pytest.raises(TamperedError, match="ends at #125, but it ran to #130 when last used on this machine"):
        LedgerStore(toy_file)
    with LedgerStore(toy_file, check=False) as store:  # the referee restored an older copy on purpose
        assert verify(store).ok
        store.vouch_verified(*store.head_position())
    with LedgerStore(toy_file) as store:
        assert store.state()["total"] == 124


def test_a_rewritten_record_is_refused_at_its_checkpoint(toy_file: str) -> None:
    """Rewriting the tail with every hash recomputed still changes the checkpoint entry's hash."""
    from ledger.entry import recompute_hash

    prev = json.loads(stored_entry(toy_file, 127)["entry_json"])["hash"]
    for number in range(128, 131):
        entry = json.loads(stored_entry(toy_file, number)["entry_json"])
        entry["events"][0]["amount"] = 3
        entry["prev_hash"] = prev
        entry["hash"] = prev = recompute_hash(entry)
        store_entry_text(toy_file, number, json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    with pytest.raises(TamperedError, match=r"entry #130 .* no longer has the hash it had"):
        LedgerStore(toy_file)


def test_an_entry_stored_with_a_key_given_twice_is_named_by_verify(toy_file: str) -> None:
    """Two readings of one entry: JSON parsers keep the first or the last of a repeated key."""
    text = stored_entry(toy_file, 50)["entry_json"]
    store_entry_text(toy_file, 50, '{"actor":"somebody else",' + text[1:])
    with LedgerStore(toy_file, check=False) as store:
        report = verify(store)
    assert report.first_bad_entry == 50 and "not stored in canonical form" in report.problems[0][1]


def test_the_trust_file_is_private_and_one_readable_by_others_is_refused(toy_file: str) -> None:
    with LedgerStore(toy_file) as store:
        assert store.trust is not None and store.trust.path is not None
        path = store.trust.path
    assert path.parent == trust_dir() and stat.S_IMODE(path.stat().st_mode) == 0o600
    os.chmod(path, 0o644)
    with pytest.raises(PrivateFileError, match="can be read by other users"):
        LedgerStore(toy_file)


def test_verify_vouches_for_a_cache_written_elsewhere_and_it_is_read_from_then_on(
    toy_file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TURNLEDGER_TRUST_DIR", str(tmp_path / "another-machine"))
    with LedgerStore(toy_file) as store:
        assert store.trust is not None and not store.trust.vouched
        assert verify(store).untrusted_snapshots == 1
    with LedgerStore(toy_file) as store:
        assert store.trust is not None and len(store.trust.vouched) == 1
        assert verify(store).untrusted_snapshots == 0 and store.state(110)["total"] == 109


def test_an_untrusted_newest_cache_falls_back_to_the_newest_trusted_one(toy_file: str) -> None:
    """Rebuilding starts from the newest cache this machine trusts, not from #1."""
    with LedgerStore(toy_file) as store:
        for number in range(131, 2 * SNAPSHOT_INTERVAL + 11):
            store.append(added(1), recorded_at=clock(number), at="x")
    (blob,) = sql(toy_file, "select state from stored_snapshots where originator_version = 200")[0]
    document = json.loads(blob)
    document["state"]["book"]["_data_"]["mac"] = "0" * 64  # as if written on another machine
    sql(toy_file, "update stored_snapshots set state = ? where originator_version = 200", json.dumps(document).encode())
    with LedgerStore(toy_file) as store:
        folded: list[int] = []
        replay = store._replay

        def counting(book: Any, events: Any) -> Any:
            listed = list(events)
            folded.append(len(listed))
            return replay(book, listed)

        store._replay = counting  # type: ignore[assignment]  # counts the entries folded
        assert store.state(205)["total"] == 204
    assert folded[-1] == 105  # from the cache at #100, not from #1


def _rehashed(path: str, number: int, change: Any) -> None:
    """Change entry #number's content and recompute its own hash (its link to the next is left)."""
    entry = json.loads(stored_entry(path, number)["entry_json"])
    change(entry)
    entry["hash"] = recompute_hash(entry)
    store_entry_text(path, number, json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def _swap(path: str, first: int, second: int) -> None:
    one, two = stored_entry(path, first), stored_entry(path, second)
    for number, row in ((first, two), (second, one)):
        blob = json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        sql(path, "update stored_events set state = ? where originator_version = ?", blob, number)


@pytest.mark.parametrize(
    ("tamper", "named"),
    [
        (lambda path: _rehashed(path, 50, lambda entry: entry["events"][0].update(amount=50)), "entry #51"),
        (lambda path: sql(path, "delete from stored_events where originator_version = 50"), "entry #50"),
        (lambda path: _swap(path, 50, 51), "entry #50"),
    ],
    ids=["edited-with-its-own-hash-redone", "deleted", "swapped-with-the-next"],
)
def test_an_entry_tampered_with_behind_a_trusted_cached_state_is_refused_at_open(
    toy_file: str, tamper: Any, named: str
) -> None:
    """Issue 26: with a cached state at #100 (trusted: written here) and this machine's checkpoint
    at #130, a state read never reads #50; opening now reads the whole chain again because the
    file changed since this machine last checked it."""
    tamper(toy_file)
    with pytest.raises(TamperedError, match=named):
        LedgerStore(toy_file)
    with LedgerStore(toy_file, check=False) as store:
        assert not verify(store).ok


def test_an_unchanged_file_is_not_read_again_at_open_and_a_changed_one_is(
    toy_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole chain is read again only when the campaign file changed since it was last checked here."""
    scanned = _count_scanned(monkeypatch)
    LedgerStore(toy_file).close()  # the first open after the entries were written: all read
    assert sum(scanned) == 130
    scanned.clear()
    LedgerStore(toy_file).close()
    assert sum(scanned) == 0
    with LedgerStore(toy_file) as store:
        store.append(added(1), recorded_at=clock(131), at="step 131")
    scanned.clear()
    LedgerStore(toy_file).close()
    assert sum(scanned) == 131


def test_a_completed_import_vouches_for_its_file_and_an_edit_after_it_is_still_found(
    toy_file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file an import created and filled is vouched for when closed (the next open reads
    nothing again); a change to it afterwards sends the next open through the whole chain."""
    from ledger.exchange import export_jsonl, import_jsonl

    export = tmp_path / "toy.jsonl"
    with LedgerStore(toy_file) as store, export.open("w", encoding="utf-8") as handle:
        export_jsonl(store, handle)
    copy = str(tmp_path / "copy.db")
    import_jsonl(str(export), copy).close()
    scanned = _count_scanned(monkeypatch)
    LedgerStore(copy).close()
    assert sum(scanned) == 0
    entry = json.loads(stored_entry(copy, 40)["entry_json"])
    entry["events"][0]["amount"] = 50
    store_entry_text(copy, 40, json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    with pytest.raises(TamperedError, match="entry #40 has been altered"):
        LedgerStore(copy)


def _count_scanned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many entries each fast chain check at open reads (one number per check)."""
    scanned: list[int] = []
    real = chain_scan.scan

    def counting(rows: Any, *, after: int, prev: str) -> Any:
        found = real(rows, after=after, prev=prev)
        scanned.append(found.last - after)
        return found

    monkeypatch.setattr("ledger.record_check.scan", counting)
    return scanned
