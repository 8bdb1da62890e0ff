"""The book's contract, on a toy game and on every backend (SQLite in memory, an SQLite file,
PostgreSQL): entries chain and replay; refused entries leave nothing; cached states are never
trusted over the entries; verify names what was changed; export and import keep every hash."""

from __future__ import annotations

import io
import itertools
import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from ledger.application import SNAPSHOT_INTERVAL
from ledger.entry import Draft
from ledger.errors import ConflictError, NegativeBalanceError, StoreFormatError
from ledger.exchange import export_jsonl, import_jsonl
from ledger.folding import replayed
from ledger.rollback import undone_by
from ledger.store import LedgerStore
from ledger.verify import verify
from tests.ledger.toy import CAMPAIGN, added, clock, new_store


@pytest.fixture
def store(location: str) -> Iterator[LedgerStore]:
    """A new toy book at ``location`` (every backend), closed after the test."""
    with closing(new_store(location)) as opened:
        yield opened


def fill(store: LedgerStore, count: int, amount: int = 1) -> None:
    """Append ``count`` entries that each add ``amount``."""
    for _ in range(count):
        number = store.head() + 1
        store.append(added(amount), recorded_at=clock(number), at=f"step {number}")


def test_entries_chain_and_state_at_any_entry_is_the_replay(location: str) -> None:
    store = new_store(location, start=5)
    try:
        fill(store, 4, amount=2)
        entries = list(store.entries())
        assert [entry["number"] for entry in entries] == [1, 2, 3, 4, 5]
        assert all(later["prev_hash"] == earlier["hash"] for earlier, later in itertools.pairwise(entries))
        folded = [dict(state, notes=list(state["notes"])) for state in replayed(entries)]
        assert (
            [store.state(n)["total"] for n in range(1, 6)] == [state["total"] for state in folded] == [5, 7, 9, 11, 13]
        )
        assert store.head_position() == (5, entries[-1]["hash"])
    finally:
        store.close()


def test_an_entry_that_does_not_fold_is_refused_and_nothing_changes(location: str) -> None:
    store = new_store(location, start=3)
    try:
        before = (store.head_position(), store.state())
        with pytest.raises(NegativeBalanceError, match="the counter holds 3; cannot take 4"):
            store.append(added(-4), recorded_at=clock(2), at="x")
        assert (store.head_position(), store.state()) == before
        store.append(added(-3), recorded_at=clock(2), at="x")  # the head kept in memory was not spoilt
        assert store.state()["total"] == 0
    finally:
        store.close()


def test_a_decision_on_a_stale_head_is_a_conflict(store: LedgerStore) -> None:
    fill(store, 1)
    with pytest.raises(ConflictError, match="entry #2 was recorded by someone else"):
        store.append(added(1), recorded_at=clock(3), at="x", expected_head=1)
    assert store.head() == 2


def test_cached_states_are_taken_and_agree_with_the_entries(store: LedgerStore) -> None:
    fill(store, SNAPSHOT_INTERVAL + 30)
    assert [row.originator_version for row in store.snapshot_rows()] == [SNAPSHOT_INTERVAL]
    assert store.state(SNAPSHOT_INTERVAL + 10)["total"] == SNAPSHOT_INTERVAL + 9
    report = verify(store)
    assert report.ok and report.snapshots == 1 and report.stale_snapshots == 0


def test_rollback_markers_say_which_entries_were_undone(store: LedgerStore) -> None:
    fill(store, 3)
    marker = Draft(
        actor="t", command={"kind": "Undo"}, events=[{"type": "Set", "total": 1}, {"type": "RolledBack", "to": 2}]
    )
    store.append(marker, recorded_at=clock(5), at="x")
    assert undone_by(store.entries()) == {3: 5, 4: 5}
    assert store.state()["total"] == 1


def test_export_then_import_gives_the_same_hashes(location: str, tmp_path: Path) -> None:
    store = new_store(location)
    try:
        fill(store, 12)
        out = io.StringIO()
        assert export_jsonl(store, out, name="toy") == 13
        head = store.head_position()
    finally:
        store.close()
    export = tmp_path / "toy.jsonl"
    export.write_text(out.getvalue(), encoding="utf-8")
    header = json.loads(out.getvalue().splitlines()[0])
    assert (header["campaign_id"], header["entries"], header["head_hash"], header["name"]) == (
        str(CAMPAIGN),
        13,
        head[1],
        "toy",
    )
    copy = import_jsonl(str(export), str(tmp_path / "copy.db"))
    try:
        assert copy.head_position() == head and copy.state()["total"] == 12 and verify(copy).ok
    finally:
        copy.close()


# -- on an SQLite file: what someone editing the file can and cannot do ------------------


def _snapshot_state(path: str) -> dict[str, object]:
    db = sqlite3.connect(path)
    data = db.execute("select state from stored_snapshots").fetchone()[0]
    db.close()
    return json.loads(data)


def _write_snapshot(path: str, document: dict[str, object]) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute("update stored_snapshots set state = ?", (json.dumps(document).encode(),))
    db.close()


@pytest.fixture
def toy_file(tmp_path: Path) -> str:
    """A closed toy campaign of 130 entries (total 129, a cached state at #100)."""
    path = str(tmp_path / "toy.db")
    store = new_store(path)
    fill(store, SNAPSHOT_INTERVAL + 29)
    store.close()
    return path


def test_an_edited_cached_state_changes_no_figure_and_verify_names_it(toy_file: str) -> None:
    document = _snapshot_state(toy_file)
    book = document["state"]["book"]["_data_"]
    book["state_json"] = json.dumps({**json.loads(book["state_json"]), "total": 9999})
    _write_snapshot(toy_file, document)
    with LedgerStore(toy_file) as store:
        assert store.state(110)["total"] == 109  # rebuilt from the entries, the edit ignored
        assert store.state()["total"] == 129
        store.append(added(1), recorded_at=clock(131), at="x")  # appending reads the entries too
        assert store.state()["total"] == 130
        report = verify(store)
    assert not report.ok and report.problems == [
        (100, "the cached state at #100 does not match the entries (a snapshot was edited)")
    ]


def test_a_cached_state_edited_with_its_digest_redone_is_caught_by_its_place_on_the_chain(toy_file: str) -> None:
    """A forger who also recomputes the digest must also claim the right head: the snapshot's
    head hash is compared with the entry of its version, and the next entry's previous hash."""
    from ledger.book import digest_of

    document = _snapshot_state(toy_file)
    data = document["state"]["book"]["_data_"]
    data["head_hash"] = "f" * 64
    header = {key: data[key] for key in ("fold", "state_version", "last_number", "head_hash")}
    data["digest"] = digest_of(header, data["state_json"])
    _write_snapshot(toy_file, document)
    with LedgerStore(toy_file) as store:
        assert store.state(100)["total"] == 99 and store.state(120)["total"] == 119


def test_a_cached_state_of_another_state_version_is_rebuilt_not_read(
    toy_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.ledger.toy import FOLD

    monkeypatch.setattr(FOLD, "state_version", 2)  # this release's state model changed
    with LedgerStore(toy_file) as store:
        assert store.state(110)["total"] == 109
        report = verify(store)
    assert report.ok and report.stale_snapshots == 1


def test_a_head_rebuilt_past_stale_caches_is_replayed_once_per_opening(
    toy_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an upgrade every cached state is stale: the head is rebuilt from the entries once and
    kept in memory, not replayed again for each read (four replays made a console opening of a
    100,000-entry campaign take 30 s)."""
    from ledger.application import SoundEntries
    from tests.ledger.toy import FOLD

    monkeypatch.setattr(FOLD, "state_version", 2)
    replays: list[int] = []
    original = SoundEntries.__call__

    def counting(self: SoundEntries, book: Any, events: Any) -> Any:
        events = list(events)
        replays.append(len(events))
        return original(self, book, events)

    monkeypatch.setattr(SoundEntries, "__call__", counting)
    with LedgerStore(toy_file) as store:
        first = store.state()
        replayed = sum(replays)
        assert replayed >= store.head() - 1  # rebuilt from the entries: the cached state is stale
        assert store.state() == first and store.peek() == first and store.head_position()[0] == store.head()
        assert sum(replays) == replayed  # no entry replayed again: the rebuilt head is kept in memory


def test_a_store_written_by_a_newer_release_is_refused_by_name(toy_file: str) -> None:
    db = sqlite3.connect(toy_file)
    with db:
        db.execute("update turnledger_format set value = '7' where name = 'format'")
    db.close()
    with pytest.raises(StoreFormatError, match=r"store format 7 by a newer turnledger.*upgrade turnledger"):
        LedgerStore(toy_file)


def test_a_store_without_a_format_version_is_the_first_release_s(toy_file: str) -> None:
    db = sqlite3.connect(toy_file)
    with db:
        db.execute("drop table turnledger_format")
    db.close()
    with LedgerStore(toy_file) as store:
        assert store.format == 1 and store.state()["total"] == 129
        store.append(added(1), recorded_at=clock(131), at="x")
        assert store.format == 2  # its first write marks it as this release's format
