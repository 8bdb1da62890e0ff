"""The standalone verifier (issue 13, item 4): run in an interpreter where turnledger is not
installed, it passes every golden export and names a removed entry, a swapped pair, a changed
physical face, a missing digital roll and a head noted at the table that the record lost; and
every test vector of docs/verifying.md is what the code computes."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ledger.canonical import canonical_text
from ledger.entry import recompute_hash
from referee.audit.verify_export import GENESIS, canonical, entry_hash
from referee.commands import CreateCampaign
from referee.dice import digital_dice
from referee.service import RefereeService
from tests.independent.test_vectors import COMMAND as VECTOR_COMMAND
from tests.independent.test_vectors import _entry_one as vector_entry
from tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXPORTS = ROOT / "tests" / "data" / "exports"
GOLDEN = ["europa-barbarossa-0.1.0", "europa-branch-0.1.0", "reich-1939-0.1.0"]
VERIFIER_FILES = (
    "referee/audit/verify_export.py",
    "referee/dice/digital_dice.py",
    "referee/dice/dice_schemes.py",
    "ledger/entry_line.py",
    "ledger/export_file.py",
    "ledger/receipts.py",
)
"""What docs/verifying.md tells an auditor to copy into one folder."""


@pytest.fixture(scope="module")
def verifier(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The six files an auditor is given, alone in a folder."""
    folder = tmp_path_factory.mktemp("auditor")
    for name in VERIFIER_FILES:
        shutil.copyfile(ROOT / name, folder / Path(name).name)
    return folder / "verify_export.py"


def clean_run(verifier: Path, export: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Without site-packages, user site or environment: turnledger is not importable there."""
    return subprocess.run(
        [sys.executable, "-S", "-s", "-E", str(verifier), str(export), *extra],
        capture_output=True,
        text=True,
        cwd=verifier.parent,
        timeout=120,
        check=False,
    )


def lines_of(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (EXPORTS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


def written(lines: list[dict[str, Any]], path: Path) -> Path:
    path.write_text("".join(canonical_text(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_the_clean_interpreter_cannot_import_turnledger(verifier: Path) -> None:
    command = [sys.executable, "-S", "-s", "-E", "-c", "import referee"]
    probe = subprocess.run(command, check=False, capture_output=True, text=True, cwd=verifier.parent)
    assert probe.returncode != 0 and "No module named 'referee'" in probe.stderr


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_export_checks(name: str, verifier: Path) -> None:
    head = lines_of(name)[0]["head_hash"]
    result = clean_run(verifier, EXPORTS / f"{name}.jsonl", "--head", head)
    assert result.returncode == 0, result.stdout
    assert "canonical, numbered, linked and hashed" in result.stdout
    assert "is entry #" in result.stdout and result.stdout.rstrip().endswith("the export checks")


def test_a_removed_entry_is_named(verifier: Path, tmp_path: Path) -> None:
    lines = lines_of("reich-1939-0.1.0")
    del lines[40]  # entry #40
    result = clean_run(verifier, written(lines, tmp_path / "cut.jsonl"))
    assert result.returncode == 1
    assert "(entry #41): expected entry #40: an entry is missing, repeated or moved" in result.stdout
    assert "(entry #41): does not link to the entry before it" in result.stdout


def test_a_swapped_pair_is_named(verifier: Path, tmp_path: Path) -> None:
    lines = lines_of("reich-1939-0.1.0")
    lines[20], lines[21] = lines[21], lines[20]
    result = clean_run(verifier, written(lines, tmp_path / "swapped.jsonl"))
    assert result.returncode == 1 and "(entry #21): expected entry #20" in result.stdout


def test_a_changed_physical_face_is_named(verifier: Path, tmp_path: Path) -> None:
    lines = lines_of("europa-barbarossa-0.1.0")
    combat = next(line for line in lines[1:] if line.get("rolls") and line["rolls"][0].get("method") == "physical")
    combat["rolls"][0]["faces"] = [6, 6]
    result = clean_run(verifier, written(lines, tmp_path / "faces.jsonl"))
    assert result.returncode == 1
    assert f"(entry #{combat['number']}): its hash does not match its content" in result.stdout


def test_a_head_noted_at_the_table_that_the_record_lost_is_named(verifier: Path, tmp_path: Path) -> None:
    """The forger rewrites an old entry and recomputes every hash: the chain checks, but the head
    the players noted at the end of the evening is gone."""
    lines = lines_of("reich-1939-0.1.0")
    noted = lines[0]["head_hash"]
    lines[30]["ruling"]["summary"] += " (edited)"
    for entry in lines[30:]:
        entry["prev_hash"] = lines[entry["number"] - 1]["hash"] if entry["number"] > 1 else GENESIS
        entry["hash"] = recompute_hash(entry)
    lines[0]["head_hash"] = lines[-1]["hash"]
    export = written(lines, tmp_path / "rewritten.jsonl")
    assert clean_run(verifier, export).returncode == 0
    result = clean_run(verifier, export, "--head", noted)
    assert result.returncode == 1 and f"no entry has the head noted at the table ({noted})" in result.stdout


def test_a_digital_roll_missing_from_its_period_is_named(verifier: Path, tmp_path: Path) -> None:
    store = tmp_path / "dice.db"
    service = RefereeService.create(str(store), CreateCampaign(scenario="revised-europa/barbarossa", name="dice"))
    service.execute_json({"kind": "SeatPlayer", "name": "Ivan", "side": "Soviet"})
    service.execute_json({"kind": "CommitDice", "player_seeds": {"Ivan": "snow"}})
    roll = {"kind": "RecordRoll", "purpose": "weather", "dice": "1D6", "faces": "digital", "rolled_by": "referee"}
    for word in ("owl", "fox"):
        service.execute_json({**roll, "witness_word": {"by": "Ivan", "word": word}})
    service.close()
    export = tmp_path / "dice.jsonl"
    assert main(["export", str(store), "--jsonl", str(export)]) == 0
    assert clean_run(verifier, export).returncode == 0
    lines = [json.loads(line) for line in export.read_text(encoding="utf-8").splitlines()]
    second = lines[-1]
    second["rolls"][0]["n"] = 3  # roll 2 of the period is gone from the record
    for entry in lines[second["number"] :]:
        entry["hash"] = recompute_hash(entry)
    lines[0]["head_hash"] = lines[-1]["hash"]
    result = clean_run(verifier, written(lines, tmp_path / "gap.jsonl"))
    assert result.returncode == 1
    assert (
        f"digital roll {second['rolls'][0]['period']}.3 where {second['rolls'][0]['period']}.2 was due" in result.stdout
    )


def test_the_vectors_of_docs_verifying_md_are_what_the_code_computes() -> None:
    page = (ROOT / "docs" / "verifying.md").read_text(encoding="utf-8")
    sample = {"b": 1, "a": "Höhe", "c": [1, {"z": None, "y": True}]}
    assert canonical(sample) in page and canonical(sample).encode("utf-8").hex() in page
    entry = vector_entry()  # the page's entry #1, as the independent verifier's tests write it
    assert entry["prev_hash"] == GENESIS
    assert f"hash {entry_hash(GENESIS, entry)}" in page
    seed = "11" * 32
    assert f"commitment {digital_dice.commitment(seed)}" in page
    assert hashlib.sha256(bytes(32)).hexdigest() in page
    command = VECTOR_COMMAND
    message = digital_dice.bound_message(
        campaign="00000000-0000-4000-8000-000000000e01",
        period=7,
        n=3,
        entry=12,
        command=command,
        purpose="weather",
        dice="2D6",
        witness={"by": "Ivan", "word": "owl"},
        player_seeds={"Ivan": "snow"},
    )
    assert f"command digest {digital_dice.command_digest(command)}" in page
    block = canonical({**message, "block": 0})
    assert f"block 0 message {block}" in page
    assert f"HMAC   {hmac.new(bytes.fromhex(seed), block.encode(), hashlib.sha256).hexdigest()}" in page
    assert f"faces  2D6 {digital_dice.faces(seed, message)}" in page
    ten = {**message, "dice": "1D10"}
    ten_hmac = hmac.new(bytes.fromhex(seed), canonical({**ten, "block": 0}).encode(), hashlib.sha256).hexdigest()
    assert f"HMAC `{ten_hmac}`" in page and f"faces `{digital_dice.faces(seed, ten)}`" in page
