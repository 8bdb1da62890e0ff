"""Bad input gets a clear refusal and changes nothing (docs/security.md, "Bad input"): each
finding of the hostile-user trial, through the command line."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ledger.errors import ConflictError
from ledger.store import LedgerStore
from tests.tui.cli_support import run


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lines(path: Path, *commands: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(command) + "\n" for command in commands), encoding="utf-8")
    return path


MARK = [{"kind": "SetMarker", "name": f"m{i}", "value": "x"} for i in range(4)]


@pytest.fixture
def store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.db"
    assert run(capsys, "new", str(path))[0] == 0
    return path


def test_negative_stack_sizes_are_refused_naming_the_field(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = digest(store)
    orders = lines(store.parent / "o.jsonl", {"kind": "PayAttackSupply", "side": "Axis", "stacks": [-3, 5]})
    code, out = run(capsys, "apply", str(store), str(orders))
    assert code == 1 and "line 1" in out and "stacks" in out and "greater than or equal to 0" in out
    assert digest(store) == before


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["rollback", "--to", "0", "--reason", "x"], "to: input should be greater than or equal to 1"),
        (["rollback", "--to", "1", "--reason", ""], "reason: string should have at least 1 character"),
        (["export", "--jsonl", "NOWHERE/out.jsonl"], "the folder"),
    ],
    ids=["rollback-to-0", "rollback-empty-reason", "export-into-a-missing-folder"],
)
def test_values_that_were_internal_errors_are_refusals(
    argv: list[str], said: str, store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(store)
    args = [arg.replace("NOWHERE", str(store.parent / "no" / "such")) for arg in argv]
    code, out = run(capsys, args[0], str(store), *args[1:])
    assert code == 1 and said in out and "internal error" not in out
    assert digest(store) == before and not (store.parent / "no").exists()


def test_a_failed_import_leaves_no_file_it_created(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "out.jsonl"
    assert run(capsys, "export", str(store), "--jsonl", str(export))[0] == 0
    damaged = tmp_path / "damaged.jsonl"
    text = export.read_text(encoding="utf-8").splitlines(keepends=True)
    damaged.write_text(text[0] + text[1].replace('"number":1', '"number":7', 1), encoding="utf-8")
    code, out = run(capsys, "import", str(damaged), str(tmp_path / "copy.db"))
    assert code == 1 and "line 2" in out
    assert not [path for path in tmp_path.iterdir() if path.name.startswith("copy.db")]


def test_an_export_whose_header_names_another_campaign_is_refused(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "out.jsonl"
    assert run(capsys, "export", str(store), "--jsonl", str(export))[0] == 0
    header, *rest = export.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = json.loads(header)
    real = changed["campaign_id"]
    changed["campaign_id"] = "00000000-0000-4000-8000-000000000001"
    forged = tmp_path / "forged.jsonl"
    forged.write_text(json.dumps(changed) + "\n" + "".join(rest), encoding="utf-8")
    code, out = run(capsys, "import", str(forged), str(tmp_path / "copy.db"))
    assert code == 1 and "field campaign_id" in out and real in out
    assert not (tmp_path / "copy.db").exists()


def test_an_export_saved_with_a_byte_order_mark_imports(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "out.jsonl"
    assert run(capsys, "export", str(store), "--jsonl", str(export))[0] == 0
    export.write_bytes(b"\xef\xbb\xbf" + export.read_bytes())
    code, out = run(capsys, "import", str(export), str(tmp_path / "copy.db"))
    assert code == 0, out


def test_a_concurrency_conflict_says_the_line_is_fine(
    store: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def conflict(*args: Any, **kwargs: Any) -> None:
        raise ConflictError("another referee recorded an entry first; reload the campaign and try again")

    monkeypatch.setattr(LedgerStore, "append", conflict)
    code, out = run(capsys, "apply", str(store), str(lines(store.parent / "o.jsonl", MARK[0])))
    assert code == 1 and "line 1 is fine" in out and "fix line" not in out


def test_a_file_of_the_same_name_in_another_folder_is_not_taken_for_a_resumed_run(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = lines(tmp_path / "monday" / "orders.jsonl", *MARK[:2])
    assert run(capsys, "apply", str(store), str(first))[0] == 0
    second = lines(tmp_path / "tuesday" / "orders.jsonl", *MARK[:2], MARK[2])  # starts with the same orders
    code, out = run(capsys, "apply", str(store), str(second))
    assert code == 0 and "recorded 3 entries #4–#6" in out and "another folder" in out


def test_resuming_the_same_file_skips_what_it_recorded_and_says_so(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = lines(tmp_path / "orders.jsonl", *MARK[:2], {"kind": "SetMarker", "name": "", "value": "x"}, MARK[3])
    assert run(capsys, "apply", str(store), str(orders))[0] == 1  # line 3 refused
    lines(orders, *MARK)  # fixed
    code, out = run(capsys, "apply", str(store), str(orders))
    assert code == 0 and "lines 1–2 of orders.jsonl skipped: already recorded as entries #2–#3" in out
    assert "recorded 2 entries #4–#5" in out


def test_applying_a_file_again_after_a_rollback_records_it_again(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = lines(tmp_path / "orders.jsonl", *MARK[:2])
    assert run(capsys, "apply", str(store), str(orders))[0] == 0
    assert run(capsys, "rollback", str(store), "--to", "1", "--reason", "wrong turn")[0] == 0
    code, out = run(capsys, "apply", str(store), str(orders))
    assert code == 0 and "undone by #4: recorded again" in out and "recorded 2 entries #5–#6" in out


def test_a_copy_of_the_file_elsewhere_is_another_file(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = lines(tmp_path / "a" / "orders.jsonl", *MARK[:2])
    assert run(capsys, "apply", str(store), str(orders))[0] == 0
    (tmp_path / "b").mkdir()
    shutil.copy(orders, tmp_path / "b" / "orders.jsonl")
    code, out = run(capsys, "apply", str(store), str(tmp_path / "b" / "orders.jsonl"))
    assert code == 0 and "another folder" in out
