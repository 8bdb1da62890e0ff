"""`verify` on several processes (ledger/verify_parallel.py) reports exactly what the serial walk
reports, and vouches for the same cached states: on every golden export, cut at many cached
states, and on copies tampered with in the middle of a stretch, at a cut and across one."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.domain import Snapshot

import referee.games  # noqa: F401 - the games' folds, for the imports here (the workers import them themselves)
from ledger import verify_parallel as verify_parallel_module
from ledger.book import cache_header, digest_of, pack_state_text, unpack_state_text
from ledger.entry import recompute_hash
from ledger.exchange import import_jsonl
from ledger.store import LedgerStore
from ledger.verify import Cursor, VerifyReport, verify
from ledger.verify_parallel import _bounds, verify_parallel

from pg import create_database

EXPORTS = Path(__file__).parents[1] / "data" / "exports"
GOLDEN = sorted(EXPORTS.glob("*.jsonl"))
GAMES = ("referee.games",)
JOBS = 3


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    """Two worker processes for the whole module: each starts (imports the games) once."""
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as workers:
        yield workers


def _with_cached_states(export: Path, folder: Path, every: int = 0) -> Path:
    """The export imported, with a cached state written here every ``every`` entries (default:
    an eighth of the record) besides those the import wrote."""
    path = folder / f"{export.stem}.db"
    store = import_jsonl(str(export), str(path))
    try:
        _add_cached_states(store, every or max(2, store.head() // 8))
    finally:
        store.close()
    return path


def _add_cached_states(store: LedgerStore, every: int) -> None:
    """A cached state written here every ``every`` entries where the store has none."""
    assert store.app.snapshots is not None
    for version in range(every, store.head(), every):
        if store.next_snapshot_row(after=version - 1, lte=version) is None:
            book = store.app.repository.get(store.campaign_id, version=version)
            store.app.snapshots.put([Snapshot.take(book)])


def _copy(path: Path, copy: Path) -> str:
    """A copy at a new place: its cached states are written elsewhere as far as it is concerned."""
    assert not copy.exists()
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            shutil.copyfile(f"{path}{suffix}", f"{copy}{suffix}")
    return str(copy)


def _fields(report: VerifyReport) -> tuple[Any, ...]:
    folded = report.fold.encode_text(report.state) if report.fold is not None else None
    return (
        report.entries,
        report.head_hash,
        report.snapshots,
        report.stale_snapshots,
        report.untrusted_snapshots,
        report.problems,
        report.fold.name if report.fold is not None else None,
        folded,
    )


def _both(path: Path, pool: ProcessPoolExecutor) -> tuple[VerifyReport, VerifyReport]:
    """Serial and parallel verification, each of its own copy (each vouches on its own), with the
    caches each vouched for compared too."""
    serial_copy = _copy(path, path.with_name(f"serial-{path.name}"))
    parallel_copy = _copy(path, path.with_name(f"parallel-{path.name}"))
    serial_store = LedgerStore(serial_copy, check=False)
    parallel_store = LedgerStore(parallel_copy, check=False)
    try:
        assert len(_bounds(parallel_store, parallel_store.head(), JOBS)) == JOBS - 1  # really cut in three
        serial = verify(serial_store)
        parallel = verify_parallel(parallel_store, jobs=JOBS, games=GAMES, least=0, startup=0, pool=pool)
        assert serial_store.trust is not None and parallel_store.trust is not None
        assert parallel_store.trust.vouched == serial_store.trust.vouched
        assert _fields(parallel) == _fields(serial)
    finally:
        serial_store.close()
        parallel_store.close()
    return serial, parallel


@pytest.fixture
def walked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The stretches this process walks (the workers' are walked elsewhere)."""
    stretches: list[tuple[int, int]] = []
    here = verify_parallel_module.walk

    def walk(store: LedgerStore, report: VerifyReport, cursor: Cursor, *, upto: int, **rest: Any) -> bool:
        stretches.append((cursor.after, upto))
        return here(store, report, cursor, upto=upto, **rest)

    monkeypatch.setattr(verify_parallel_module, "walk", walk)
    return stretches


@pytest.mark.parametrize("export", GOLDEN, ids=lambda path: path.stem)
def test_every_golden_export_verifies_alike_on_several_processes(
    export: Path, tmp_path: Path, pool: ProcessPoolExecutor, walked: list[tuple[int, int]]
) -> None:
    serial, parallel = _both(_with_cached_states(export, tmp_path), pool)
    assert serial.ok and serial.snapshots >= 3 and serial.untrusted_snapshots == serial.snapshots
    assert (serial.processes, parallel.processes) == (1, JOBS)  # the report says how it was checked
    assert len(walked) == 1 and walked[0][0] > 0 and walked[0][1] == serial.entries  # here: the last stretch alone


@pytest.fixture(scope="module")
def reich(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, int]:
    """The longest golden export (291 entries), a cached state every 37 entries: the file and
    where a verification on three processes cuts it (at #100 and #200, or #111 and #222)."""
    path = _with_cached_states(EXPORTS / "reich-1941-0.3.0.jsonl", tmp_path_factory.mktemp("reich"), every=37)
    with LedgerStore(str(path), check=False) as store:
        first, second = _bounds(store, store.head(), JOBS)
    return path, first, second


def _row(db: sqlite3.Connection, table: str, number: int) -> dict[str, Any]:
    (blob,) = db.execute(f"select state from {table} where originator_version = ?", (number,)).fetchone()
    return dict(json.loads(blob))


def _put(db: sqlite3.Connection, table: str, number: int, row: dict[str, Any]) -> None:
    blob = json.dumps(row, separators=(",", ":"), ensure_ascii=False).encode()
    db.execute(f"update {table} set state = ? where originator_version = ?", (blob, number))


def _edit_entry(number: int) -> Callable[[sqlite3.Connection], None]:
    def edit(db: sqlite3.Connection) -> None:
        row = _row(db, "stored_events", number)
        row["entry_json"] = row["entry_json"].replace('"actor":"', '"actor":"X', 1)
        _put(db, "stored_events", number, row)

    return edit


def _break_link(number: int) -> Callable[[sqlite3.Connection], None]:
    def edit(db: sqlite3.Connection) -> None:  # the entry stays true to its own hash; its link does not
        row = _row(db, "stored_events", number)
        entry = json.loads(row["entry_json"])
        entry["prev_hash"] = "f" * 64
        entry["hash"] = recompute_hash(entry)
        row["entry_json"] = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        _put(db, "stored_events", number, row)

    return edit


def _edit_cache(number: int) -> Callable[[sqlite3.Connection], None]:
    def edit(db: sqlite3.Connection) -> None:
        row = _row(db, "stored_snapshots", number)
        data = row["state"]["book"]["_data_"]
        data["last_number"] = data["last_number"] + 1  # its digest no longer holds
        _put(db, "stored_snapshots", number, row)

    return edit


def _break_digest(number: int) -> Callable[[sqlite3.Connection], None]:
    def edit(db: sqlite3.Connection) -> None:  # still of this release by its header: a stretch would start there
        row = _row(db, "stored_snapshots", number)
        row["state"]["book"]["_data_"]["digest"] = "0" * 64
        _put(db, "stored_snapshots", number, row)

    return edit


def _forge_cache(number: int) -> Callable[[sqlite3.Connection], None]:
    def edit(db: sqlite3.Connection) -> None:  # another state, its digest redone: readable, but not the fold
        row = _row(db, "stored_snapshots", number)
        data = row["state"]["book"]["_data_"]
        text = unpack_state_text(data)
        assert text is not None and '"first_year_start_due":false' in text
        forged = text.replace('"first_year_start_due":false', '"first_year_start_due":true')
        for key in ("state_json", "state_zlib"):
            data.pop(key, None)
        data.update(pack_state_text(forged))
        data["digest"] = digest_of(cache_header(data), forged)
        _put(db, "stored_snapshots", number, row)

    return edit


def _delete_entry(number: int) -> Callable[[sqlite3.Connection], None]:
    def edit(db: sqlite3.Connection) -> None:
        db.execute("delete from stored_events where originator_version = ?", (number,))

    return edit


TAMPERINGS: dict[str, Callable[[int, int], tuple[Callable[[sqlite3.Connection], None], int]]] = {
    "entry-edited-in-a-worker-stretch": lambda cut, cut2: (_edit_entry((cut + cut2) // 2), (cut + cut2) // 2),
    "entry-edited-in-the-last-stretch": lambda cut, cut2: (_edit_entry(cut2 + 40), cut2 + 40),
    "entry-edited-just-after-a-cut": lambda cut, cut2: (_edit_entry(cut + 1), cut + 1),
    "link-broken-in-a-worker-stretch": lambda cut, cut2: (_break_link(cut + 20), cut + 20),
    "cache-digest-broken-at-a-cut": lambda cut, cut2: (_break_digest(cut), cut),
    "cache-forged-at-a-cut": lambda cut, cut2: (_forge_cache(cut2), cut2),
    "cache-edited-inside-a-stretch": lambda cut, cut2: (_edit_cache(148), 148),
    "entry-deleted-in-a-worker-stretch": lambda cut, cut2: (_delete_entry(cut2 - 10), cut2 - 10),
    "cut-entry-deleted": lambda cut, cut2: (_delete_entry(cut), cut),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_a_tampered_copy_gives_the_same_first_problem_and_counts(
    name: str, reich: tuple[Path, int, int], tmp_path: Path, pool: ProcessPoolExecutor
) -> None:
    path, cut, cut2 = reich
    tamper, first = TAMPERINGS[name](cut, cut2)
    copy = Path(_copy(path, tmp_path / "tampered.db"))
    with sqlite3.connect(copy) as db:
        tamper(db)
    serial, parallel = _both(copy, pool)
    assert not serial.ok and serial.first_bad_entry == first
    assert parallel.problems == serial.problems and parallel.entries == serial.entries


def test_a_trusted_store_vouches_for_nothing_and_agrees(
    reich: tuple[Path, int, int], pool: ProcessPoolExecutor
) -> None:
    with LedgerStore(str(reich[0]), check=False) as store:
        serial = verify(store)
        parallel = verify_parallel(store, jobs=JOBS, games=GAMES, least=0, startup=0, pool=pool)
    assert serial.ok and serial.untrusted_snapshots == 0 and _fields(parallel) == _fields(serial)


def test_a_postgresql_campaign_is_cut_too(
    postgres_server: str, pool: ProcessPoolExecutor, walked: list[tuple[int, int]]
) -> None:
    """Each worker opens the campaign's URL itself."""
    url = create_database(postgres_server, f"verify_parallel_{os.getpid()}")
    import_jsonl(str(EXPORTS / "reich-1939-1942-0.7.0.jsonl"), url).close()
    with LedgerStore(url, check=False) as store:
        _add_cached_states(store, 23)
        assert len(_bounds(store, store.head(), JOBS)) == JOBS - 1
        serial = verify(store)
        parallel = verify_parallel(store, jobs=JOBS, games=GAMES, least=0, startup=0, pool=pool)
        assert store.trust is not None and not store.trust.vouched  # written here: trusted, none to vouch for
    assert serial.ok and serial.snapshots >= 3 and _fields(parallel) == _fields(serial)
    assert len(walked) == 1 and walked[0][0] > 0


def test_a_short_record_or_one_job_is_verified_serially(reich: tuple[Path, int, int]) -> None:
    """No pool is given and none is started: either would be the serial walk."""
    with LedgerStore(str(reich[0]), check=False) as store:
        serial = _fields(verify(store))
        assert _fields(verify_parallel(store, jobs=JOBS, games=GAMES)) == serial  # 292 < LEAST
        assert _fields(verify_parallel(store, jobs=1, games=GAMES, least=0)) == serial


def test_verify_refuses_no_processes_and_tells_its_rate(
    reich: tuple[Path, int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli import main

    copy = _copy(reich[0], tmp_path / "cli.db")
    for refused_count in ("0", "-2", "two"):
        with pytest.raises(SystemExit) as refused:
            main(["verify", copy, "--jobs", refused_count])
        assert refused.value.code == 2 and "processes: give a whole number, 1 or more" in capsys.readouterr().err
    assert main(["verify", copy, "--jobs", "2", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["entries"] == 291 and printed["entries_per_s"] > 0
    assert printed["jobs"] == 1  # asked for two; a record this short is checked in one process, and says so
