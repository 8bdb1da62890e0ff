"""Crash safety: a process killed with SIGKILL in the middle of `apply` or `import` leaves no
partial entry; verify passes; running the same command again continues where it stopped."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ledger.exchange import IMPORT_BATCH
from referee.service import RefereeService

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import synthetic  # bench/synthetic.py: a long export written in a second

ROOT = Path(__file__).resolve().parents[2]
LINES = 2500


def turnledger(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *argv], check=False, capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def start(*argv: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *argv], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def stored_entries(path: Path) -> int:
    if not path.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            return int(db.execute("select count(*) from stored_events").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def kill_when(process: subprocess.Popen[bytes], path: Path, at_least: int, timeout: float = 120) -> int:
    """SIGKILL the process once ``path`` holds ``at_least`` entries; returns how many there were."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail("the process finished before it could be killed: make the work longer")
        count = stored_entries(path)
        if count >= at_least:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
            return count
        time.sleep(0.005)  # an import now commits 1,000 entries in about 60 ms: look often
    process.kill()
    pytest.fail("the process never reached the point to kill it")


def orders(path: Path) -> Path:
    lines = []
    for n in range(LINES):
        if n % 3 == 0:
            lines.append({"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 1, "reason": f"order {n}"})
        elif n % 3 == 1:
            lines.append({"kind": "CreditSupplyPoints", "side": "Soviet", "amount": 1, "reason": f"order {n}"})
        else:
            lines.append(
                {
                    "kind": "RecordRoll",
                    "purpose": f"roll {n}",
                    "dice": "2D6",
                    "faces": [n % 6 + 1, 3],
                    "rolled_by": "ref",
                }
            )
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


@pytest.fixture(scope="module")
def applied(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A campaign whose apply of a long file was killed half-way, then resumed."""
    folder = tmp_path_factory.mktemp("kill")
    store, file = folder / "game.db", orders(folder / "orders.jsonl")
    assert turnledger("new", str(store)).returncode == 0
    process = start("apply", str(store), str(file))
    kill_when(process, store, at_least=200)
    return store, file


def test_a_killed_apply_leaves_whole_entries_only_and_verifies(applied: tuple[Path, Path]) -> None:
    store, _ = applied
    result = turnledger("verify", str(store), "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["ok"] is True
    assert 200 <= report["entries"] < LINES + 1


def test_the_next_apply_continues_where_it_stopped(applied: tuple[Path, Path]) -> None:
    store, file = applied
    result = turnledger("apply", str(store), str(file))
    assert result.returncode == 0, result.stderr
    assert "already recorded; skipped" in result.stderr
    service = RefereeService.open(str(store))
    try:
        lines = [entry["source"]["line"] for entry in service.entries() if entry["source"]]
        assert service.head() == LINES + 1
        assert sorted(lines) == list(range(1, LINES + 1))
        assert service.state().supply_pools["Soviet"].stockpile == 75 - (LINES + 2) // 3 + (LINES + 1) // 3
    finally:
        service.close()
    assert json.loads(turnledger("verify", str(store), "--json").stdout)["ok"] is True


def test_a_killed_import_verifies_and_resumes_to_the_same_head(tmp_path: Path) -> None:
    """An export long enough (12,000 entries, most of a second to import) that the kill lands mid-way
    even on a loaded machine: the game's 2,500 entries imported in 0.2 s, sometimes before the
    first look."""
    export = tmp_path / "game.jsonl"
    synthetic.write_export(export, 12_000)
    header = json.loads(export.read_text(encoding="utf-8").splitlines()[0])
    copy = tmp_path / "copy.db"
    process = start("import", str(export), str(copy))
    kill_when(process, copy, at_least=IMPORT_BATCH)
    partial = json.loads(turnledger("verify", str(copy), "--json").stdout)
    assert partial["ok"] is True and partial["entries"] % IMPORT_BATCH == 0  # whole import batches only
    assert partial["entries"] < header["entries"]
    result = turnledger("import", str(export), str(copy))
    assert result.returncode == 0, result.stderr
    imported = json.loads(turnledger("verify", str(copy), "--json").stdout)
    assert imported["ok"] and (imported["entries"], imported["head_hash"]) == (header["entries"], header["head_hash"])
