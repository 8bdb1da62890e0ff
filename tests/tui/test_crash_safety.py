"""Crash safety of `turnledger apply` and `turnledger import` under SIGKILL.

A process killed at an arbitrary moment of a long run must leave whole entries only (the
chain verifies), and running the same command again must continue where it stopped: apply
skips the lines already recorded (each entry carries its source file and line), import
resumes a store holding a prefix of the export, and both end in exactly the record an
uninterrupted run would have made.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bench import synthetic  # a long export written in a second
from ledger.exchange import IMPORT_BATCH
from referee.commands import CreateCampaign
from referee.service import RefereeService

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = "revised-europa/barbarossa"
LINES = 3000
START_POOLS = {"Axis": 100, "Soviet": 75}
ZONES = ["A", "B", "C", "D", "G"]
CONDITIONS = ["Clear", "Frost", "Mud", "Snow"]
ENV = {**{k: v for k, v in os.environ.items() if k != "TURNLEDGER_DEBUG"}, "COLUMNS": "200"}


# -- the orders ---------------------------------------------------------------------------------


def order(n: int) -> dict[str, Any]:
    """Line ``n`` (1-based) of the long orders file.

    Lines come in groups of four: a credit, the debit of the same amount from the same side,
    a 2D6 roll and a marker change, so neither pool ever goes below its starting value (a
    marker, not the weather: the weather is set once per zone and game turn).
    """
    group, step = divmod(n - 1, 4)
    side = "Axis" if group % 2 == 0 else "Soviet"
    amount = group % 9 + 1
    if step == 0:
        return {"kind": "CreditSupplyPoints", "side": side, "amount": amount, "reason": f"order {n}"}
    if step == 1:
        return {"kind": "DebitSupplyPoints", "side": side, "amount": amount, "reason": f"order {n}"}
    if step == 2:
        return {
            "kind": "RecordRoll",
            "purpose": f"order {n}",
            "dice": "2D6",
            "faces": [group % 6 + 1, (group // 6) % 6 + 1],
            "rolled_by": "referee",
            "witnesses": ["Axis", "Soviet"],
        }
    return {
        "kind": "SetMarker",
        "name": f"city {ZONES[group % len(ZONES)]}",
        "value": CONDITIONS[group % len(CONDITIONS)],
    }


def write_orders(path: Path, lines: int = LINES) -> Path:
    path.write_text("".join(json.dumps(order(n)) + "\n" for n in range(1, lines + 1)), encoding="utf-8")
    return path


def expected_markers(lines: int = LINES) -> dict[str, str]:
    markers: dict[str, str] = {}
    for n in range(1, lines + 1):
        command = order(n)
        if command["kind"] == "SetMarker":
            markers[command["name"]] = command["value"]
    return markers


# -- processes ------------------------------------------------------------------------------------


def turnledger(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `turnledger` to completion (``env``: another machine's variables)."""
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *argv],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env or ENV,
        timeout=300,
    )


def launch(*argv: str) -> subprocess.Popen[bytes]:
    """Start `turnledger` in the background."""
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *argv],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def stored_rows(store: Path) -> int:
    """Rows in the store's event table, read the way any other reader would (0 if not there yet)."""
    if not store.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return 0
    try:
        return int(db.execute("SELECT count(*) FROM stored_events").fetchone()[0])
    except sqlite3.Error:
        return 0
    finally:
        db.close()


def kill_mid_way(process: subprocess.Popen[bytes], store: Path, *, at_least: int, timeout: float = 60.0) -> int | None:
    """SIGKILL ``process`` once ``store`` holds ``at_least`` rows.

    Returns the number of rows seen just before the kill, or None if the process finished
    first (the caller decides whether to try again).
    """
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return None
            seen = stored_rows(store)
            if seen >= at_least:
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=30)
                if process.returncode != -signal.SIGKILL:
                    return None  # it had already exited on its own
                return seen
            time.sleep(0.01)  # every 10 ms: an apply records an entry in a few ms, and a count costs the child CPU
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)
    pytest.fail(f"{store.name} never reached {at_least} rows within {timeout} s")


def verify_json(store: Path) -> dict[str, Any]:
    result = turnledger("verify", str(store), "--json")
    assert "Traceback" not in result.stdout + result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    assert result.returncode == (0 if report["ok"] else 1)
    return report


def entries_of(store: Path) -> list[dict[str, Any]]:
    service = RefereeService.open(str(store))
    try:
        return list(service.entries())
    finally:
        service.close()


def state_of(store: Path) -> dict[str, Any]:
    """The state `turnledger state --json` prints (read here: the processes under test are the
    killed ones, and a reading process per check cost a second each)."""
    service = RefereeService.open(str(store))
    try:
        state: dict[str, Any] = service.state().to_json()
        return state
    finally:
        service.close()


def integrity(store: Path) -> str:
    db = sqlite3.connect(str(store))
    try:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        db.close()


def source_lines(entries: list[dict[str, Any]], name: str) -> list[int]:
    return [entry["source"]["line"] for entry in entries if (entry.get("source") or {}).get("file") == name]


def new_campaign(store: Path) -> None:
    RefereeService.create(str(store), CreateCampaign(scenario=SCENARIO, name=store.stem)).close()


# -- apply --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The long orders file (the import tests' campaign: three import batches and more)."""
    return write_orders(tmp_path_factory.mktemp("orders") / "orders.jsonl")


APPLY_LINES = 1500
"""The apply tests' orders: long enough to be killed three times mid-way, half the import's."""


@pytest.fixture(scope="module")
def apply_orders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_orders(tmp_path_factory.mktemp("apply") / "orders.jsonl", APPLY_LINES)


def assert_whole_prefix(store: Path, file: str) -> int:
    """The store verifies and holds entry #1 plus lines 1..k of ``file``; returns k."""
    assert integrity(store) == "ok"
    report = verify_json(store)
    assert report["ok"] is True, report["problems"]
    entries = entries_of(store)
    assert [entry["number"] for entry in entries] == list(range(1, len(entries) + 1))
    assert report["entries"] == len(entries) == stored_rows(store)
    lines = source_lines(entries, file)
    assert lines == list(range(1, len(lines) + 1)), "the recorded lines are not a prefix of the file"
    assert len(entries) == 1 + len(lines)
    for entry in entries[1:]:  # each entry is its own line, whole
        wanted = order(entry["source"]["line"])
        assert {key: entry["command"].get(key) for key in wanted} == wanted
    return len(lines)


def assert_complete(store: Path, file: str, lines_in_file: int = APPLY_LINES) -> None:
    """Exactly one entry per line of the file, in order, and the state they add up to."""
    entries = entries_of(store)
    assert len(entries) == 1 + lines_in_file
    lines = source_lines(entries, file)
    counts = Counter(lines)
    assert set(counts) == set(range(1, lines_in_file + 1))
    assert all(count == 1 for count in counts.values()), [line for line, count in counts.items() if count > 1][:10]
    assert lines == sorted(lines)
    report = verify_json(store)
    assert report["ok"] is True and report["entries"] == 1 + lines_in_file
    state = state_of(store)
    assert {side: pool["stockpile"] for side, pool in state["supply_pools"].items()} == START_POOLS
    markers = state["table"]["markers"]
    assert {name: value for name, value in markers.items() if name.startswith("city ")} == expected_markers(
        lines_in_file
    )
    assert state["chain"]["last_number"] == 1 + lines_in_file


def test_a_killed_apply_leaves_whole_entries_and_the_next_apply_continues(apply_orders: Path, tmp_path: Path) -> None:
    store = tmp_path / "game.db"
    new_campaign(store)

    seen = kill_mid_way(launch("apply", str(store), str(apply_orders)), store, at_least=300)
    assert seen is not None, "apply finished before it could be killed"

    done = assert_whole_prefix(store, apply_orders.name)
    assert 299 <= done < APPLY_LINES, f"killed with {seen} rows, {done} lines recorded"

    result = turnledger("apply", str(store), str(apply_orders))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert f"{done} line(s) of {apply_orders.name} were already recorded; skipped" in result.stderr
    assert f"recorded {APPLY_LINES - done} entries #{done + 2}–#{APPLY_LINES + 1} from {apply_orders.name}" in " ".join(
        result.stdout.split()
    )
    assert_complete(store, apply_orders.name)

    again = turnledger("apply", str(store), str(apply_orders))  # a third run has nothing left to do
    assert again.returncode == 0, again.stderr
    assert f"{APPLY_LINES} line(s) of {apply_orders.name} were already recorded" in again.stderr
    assert "recorded" not in again.stdout
    assert len(entries_of(store)) == 1 + APPLY_LINES


def test_apply_killed_again_and_again_still_ends_with_one_entry_per_line(apply_orders: Path, tmp_path: Path) -> None:
    store = tmp_path / "game.db"
    new_campaign(store)
    done = 0
    for target in (150, 500, 1000):
        seen = kill_mid_way(launch("apply", str(store), str(apply_orders)), store, at_least=target)
        assert seen is not None, f"apply finished before it reached {target} rows"
        now = assert_whole_prefix(store, apply_orders.name)
        assert now >= done  # a resumed run only adds
        done = now
    result = turnledger("apply", str(store), str(apply_orders))
    assert result.returncode == 0, result.stderr
    assert_complete(store, apply_orders.name)


# -- import -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exported(orders: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    """A campaign of 3,001 entries (one apply of the orders), its JSONL export and its verify report.

    Played on another machine: the head receipt `apply` gives is in that machine's receipt log,
    so this one does not name the import's partial copies for lacking it (ledger/receipt_log.py)."""
    folder = tmp_path_factory.mktemp("source")
    store = folder / "source.db"
    new_campaign(store)
    result = turnledger("apply", str(store), str(orders), env={**ENV, "TURNLEDGER_RECEIPTS_DIR": str(folder / "its")})
    assert result.returncode == 0, result.stderr
    export = folder / "source.jsonl"
    result = turnledger("export", str(store), "--jsonl", str(export))
    assert result.returncode == 0, result.stderr
    report = verify_json(store)
    assert report["ok"] and report["entries"] == LINES + 1
    return store, export, report


def test_a_killed_import_verifies_and_importing_again_completes_it(
    exported: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    source, export, original = exported
    # The import is quick: kill it after its first batch, and try again on a fresh file if it
    # managed to finish between two looks.
    for attempt in range(8):
        copy = tmp_path / f"copy{attempt}.db"
        seen = kill_mid_way(launch("import", str(export), str(copy)), copy, at_least=1)
        if seen is not None and stored_rows(copy) < original["entries"]:
            break
    else:
        pytest.fail("every import finished before it could be killed")

    partial = verify_json(copy)
    assert partial["ok"] is True, partial["problems"]
    assert 0 < partial["entries"] < original["entries"]
    assert partial["entries"] == stored_rows(copy)
    assert partial["entries"] % IMPORT_BATCH == 0, "an import transaction was cut in half"
    assert integrity(copy) == "ok"
    # what is there is the start of the original record, hash for hash
    original_entries = entries_of(source)
    assert [entry["hash"] for entry in entries_of(copy)] == [
        entry["hash"] for entry in original_entries[: partial["entries"]]
    ]

    result = turnledger("import", str(export), str(copy))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert f"imported {original['entries']} entries" in result.stdout

    imported = verify_json(copy)
    assert imported["ok"] is True, imported["problems"]
    assert (imported["entries"], imported["head_hash"]) == (original["entries"], original["head_hash"])
    # the resumed copy exports to the very same bytes as the original
    again = tmp_path / "again.jsonl"
    assert turnledger("export", str(copy), "--jsonl", str(again)).returncode == 0
    assert again.read_bytes() == export.read_bytes()
    assert sorted(Counter(source_lines(entries_of(copy), "orders.jsonl")).values()) == [1] * LINES


@pytest.fixture(scope="module")
def long_export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """An export long enough (12,000 entries, most of a second to import) that two kills land
    mid-way even on a loaded machine, where the 3,001 entries above import between two looks;
    written directly (bench/synthetic.py), with its header for the head it must end at."""
    export = tmp_path_factory.mktemp("long") / "long.jsonl"
    synthetic.write_export(export, 12_000)
    with export.open(encoding="utf-8") as lines:
        return export, json.loads(lines.readline())


def test_an_import_killed_twice_still_ends_with_the_original_head(
    long_export: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    export, original = long_export
    copy = tmp_path / "copy.db"
    for kill in range(2):
        before = stored_rows(copy)
        seen = kill_mid_way(launch("import", str(export), str(copy)), copy, at_least=before + 1)
        assert seen is not None and stored_rows(copy) < original["entries"], (
            f"import run {kill + 1} finished before it could be killed"
        )
        report = verify_json(copy)
        assert report["ok"] is True, report["problems"]
        assert report["entries"] > before and report["entries"] % IMPORT_BATCH == 0
    result = turnledger("import", str(export), str(copy))
    assert result.returncode == 0, result.stderr
    report = verify_json(copy)
    assert (report["ok"], report["entries"], report["head_hash"]) == (True, original["entries"], original["head_hash"])


def test_an_import_killed_before_its_first_batch_can_be_run_again(
    exported: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    """Killed as soon as the new file appears: nothing (or only an empty store) is left, and
    importing again makes the whole campaign."""
    _source, export, original = exported
    copy = tmp_path / "early.db"
    process = launch("import", str(export), str(copy))
    deadline = time.monotonic() + 60
    while not copy.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.0005)
    if process.poll() is None:  # not yet reaped, so its pid is still its own: the kill cannot miss
        os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    assert stored_rows(copy) in (0, IMPORT_BATCH) or process.returncode == 0
    result = turnledger("import", str(export), str(copy))
    assert result.returncode == 0, result.stderr
    report = verify_json(copy)
    assert (report["ok"], report["entries"], report["head_hash"]) == (True, original["entries"], original["head_hash"])


def test_resuming_skips_only_the_run_it_continues_not_a_matching_line_of_a_new_file(tmp_path: Path) -> None:
    """Resume skips a line when (file name, line number, line sha256) was recorded before.

    A different file that merely has the same name (next turn's `orders.jsonl`) is not a
    continuation of the earlier run: its line 1 already differs, so nothing of it was
    recorded, yet its line 3, identical to the earlier file's line 3, is skipped as
    "already recorded" and that order is lost (exit code 0).
    """
    store = tmp_path / "game.db"
    new_campaign(store)
    weekly: dict[str, Any] = {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 5, "reason": "weekly allotment"}
    turns = []
    for turn, (zone, condition) in ((1, ("B", "Mud")), (2, ("C", "Frost"))):
        folder = tmp_path / f"turn{turn}"
        folder.mkdir()
        turns.append(folder / "orders.jsonl")
        turns[-1].write_text(
            "".join(
                json.dumps(line) + "\n"
                for line in (
                    {"kind": "SetWeather", "zone": zone, "condition": condition},
                    {
                        "kind": "RecordRoll",
                        "purpose": f"turn {turn}",
                        "dice": "2D6",
                        "faces": [turn, 6],
                        "rolled_by": "referee",
                    },
                    weekly,
                )
            )
        )
    for file in turns:
        result = turnledger("apply", str(store), str(file))
        assert result.returncode == 0, result.stderr
    entries = entries_of(store)
    assert [entry["command"]["kind"] for entry in entries[4:]] == ["SetWeather", "RecordRoll", "CreditSupplyPoints"], (
        "turn 2's third order was skipped as if it had been recorded"
    )
    assert state_of(store)["supply_pools"]["Axis"]["stockpile"] == START_POOLS["Axis"] + 2 * weekly["amount"]
