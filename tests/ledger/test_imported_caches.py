"""An imported campaign holds its cached states where the cache plan puts them, as a built one
does, and reads a past state from them (issue 31: an import kept one per batch of 1,000, so a
state read of an imported campaign folded up to 999 entries where a built one folded a few
dozen).

Each backend (SQLite in memory, an SQLite file, PostgreSQL): a toy campaign built by appends
whose state outgrows a hundred entries (so the plan passes over some multiples of 100), exported,
imported elsewhere."""

from __future__ import annotations

import io
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from ledger.application import SNAPSHOT_INTERVAL
from ledger.entry import Draft
from ledger.exchange import IMPORT_BATCH, export_jsonl, import_jsonl
from ledger.store import LedgerStore
from ledger.verify import verify
from tests.ledger.toy import FOLD, new_store

ENTRIES = IMPORT_BATCH + 2 * SNAPSHOT_INTERVAL + 51
"""Two import batches, the second cut short, and past two multiples of 100 in it."""


def noted(text: str) -> Draft:
    return Draft(actor="tester", command={"kind": "Note"}, events=[{"type": "Noted", "text": text}])


def stamp(number: int) -> str:
    return f"1941-06-22T{number // 3600:02d}:{number // 60 % 60:02d}:{number % 60:02d}+00:00"


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[int], list[str]]:
    """The export of a built campaign, the versions of the built one's cached states, its notes."""
    folder = tmp_path_factory.mktemp("imported-caches")
    rng = random.Random(31)
    store = new_store(str(folder / "built.db"))
    notes: list[str] = []
    try:
        for number in range(2, ENTRIES + 1):
            # every fifth entry keeps a note in the state: the state outgrows a hundred entries
            note = "".join(rng.choice("abcdefghij") for _ in range(150)) if number % 5 == 0 else ""
            store.append(noted(note), recorded_at=stamp(number), at="x")
            notes.append(note)
        built = [row.originator_version for row in store.snapshot_rows()]
        out = io.StringIO()
        export_jsonl(store, out, name="toy")
    finally:
        store.close()
    path = folder / "toy.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, built, notes


def test_an_import_writes_the_cached_states_a_build_writes(
    location: str, export: tuple[Path, list[int], list[str]]
) -> None:
    path, built, _notes = export
    assert len(built) > ENTRIES // IMPORT_BATCH + 2  # more than one a batch: the plan's places
    assert any(b - a > SNAPSHOT_INTERVAL for a, b in itertools.pairwise(built))  # some passed over
    store = import_jsonl(str(path), location)
    try:
        assert [row.originator_version for row in store.snapshot_rows()] == built
        report = verify(store)
        assert report.ok and report.snapshots == len(built) and report.untrusted_snapshots == 0
    finally:
        store.close()


def test_an_imported_store_reads_a_past_state_from_its_nearest_cached_state(
    tmp_path: Path, export: tuple[Path, list[int], list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, built, notes = export
    location = str(tmp_path / "imported.db")
    import_jsonl(str(path), location).close()
    folded: list[int] = []
    apply = FOLD.apply

    def counted(state: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
        folded.append(entry["number"])
        return apply(state, entry)

    monkeypatch.setattr(FOLD, "apply", counted)
    with LedgerStore(location) as store:
        for at in (built[2] + 7, built[-1] - 1, ENTRIES - 3):
            folded.clear()
            assert store.state(at)["notes"] == notes[: at - 1]
            nearest = max(version for version in built if version <= at)
            assert folded == list(range(nearest + 1, at + 1))  # from the cached state, not from a batch's end
