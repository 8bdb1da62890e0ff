"""Cached states by size, compressed when large (issue 17: storage that grows with the entries,
not with the square of the campaign)."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
from pathlib import Path
from types import SimpleNamespace

from ledger.application import SNAPSHOT_INTERVAL, CachePlan
from ledger.book import PACK_FROM, pack_state_text, unpack_state_text
from ledger.entry import Draft
from ledger.store import LedgerStore
from ledger.verify import verify
from tests.ledger.toy import new_store


def noted(text: str) -> Draft:
    return Draft(actor="tester", command={"kind": "Note"}, events=[{"type": "Noted", "text": text}])


def cached_states(path: Path) -> list[tuple[int, dict[str, object]]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("select originator_version, state from stored_snapshots order by originator_version")
        return [(version, json.loads(state)["state"]["book"]["_data_"]) for version, state in rows]


def test_a_large_state_is_stored_compressed_and_reads_back_exactly() -> None:
    text = json.dumps({"units": [{"id": f"u{n}", "attack": n % 12} for n in range(400)]})
    assert len(text) >= PACK_FROM
    held = pack_state_text(text)
    assert list(held) == ["state_zlib"] and len(held["state_zlib"]) < len(text) / 3
    assert unpack_state_text(held) == text
    assert pack_state_text("{}") == {"state_json": "{}"} and unpack_state_text({"state_json": "{}"}) == "{}"
    assert unpack_state_text({"state_zlib": "not base64!"}) is None  # read as an edited cache


def test_caches_are_written_when_the_entries_since_outweigh_the_last_one(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    rng = random.Random(17)
    store = new_store(str(path))
    notes = []
    for number in range(2, 1202):
        # every fifth entry adds a note the state keeps: the state outgrows a hundred entries
        note = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(200)) if number % 5 == 0 else ""
        store.append(
            noted(note),
            recorded_at=f"1941-06-22T{number // 3600:02d}:{number // 60 % 60:02d}:{number % 60:02d}+00:00",
            at="x",
        )
        notes.append(note)
    store.close()
    caches = cached_states(path)
    versions = [version for version, _ in caches]
    assert versions[0] == SNAPSHOT_INTERVAL and all(version % SNAPSHOT_INTERVAL == 0 for version in versions)
    assert len(versions) < 1200 // SNAPSHOT_INTERVAL  # some multiples of 100 were passed over
    gaps = [b - a for a, b in itertools.pairwise(versions)]
    assert max(gaps) > SNAPSHOT_INTERVAL
    assert any("state_zlib" in data for _, data in caches)
    with LedgerStore(str(path)) as reopened:
        assert verify(reopened).ok
        for at in (99, 100, 101, 555, 1000, 1201):
            assert reopened.state(at)["notes"] == notes[: at - 1]


def test_the_plan_weighs_the_text_written_since_the_last_cache() -> None:
    """After a cache of 1,000 characters, the next is due at a multiple of 100 once 4,000
    characters of entries have been written since (counted at every save, due or not)."""
    plan = CachePlan()
    plan.taken(100, 1000)
    at = lambda version: SimpleNamespace(version=version, id=None)  # noqa: E731 - a book as the plan sees it
    assert not plan.due(None, at(200), 3999, 1, every=100)
    assert not plan.due(None, at(250), 0, 1, every=100)
    assert plan.due(None, at(300), 1, 1, every=100)
    plan.taken(300, 1000)
    assert not plan.due(None, at(301), 10**6, 1, every=100)  # not a multiple of 100
    assert plan.due(None, at(400), 0, 1, every=100)  # the million written at #301 counts
