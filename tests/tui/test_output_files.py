"""One wrong argument must never destroy a campaign (issue 26): every file a command writes is
refused, by name and with nothing written, when it is the campaign, another campaign, a dice
secrets or trust file, a file of another kind, an earlier output without --force, or has no
folder to go in; and it is written beside its target and renamed into place, so that a write
stopped half-way leaves the old file and no temporary one (ledger/output_file.py).

The writing commands are read from the parser (arguments typed `output_file` or `new_store`), so a
new output flag without a case in `WRITERS` fails `test_every_output_argument_has_a_case`.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import json
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tui.app
from ledger import output_file, readmodel
from ledger.output_file import check_store_target
from ledger.trust import trust_dir
from referee.service import RefereeService
from tests.tui.cli_support import run
from tui.cli import build_parser, main
from tui.cli_output import new_store
from tui.cli_output import output_file as output_type


@dataclass(frozen=True)
class Table:
    """A campaign with its dice secrets and trust file, another campaign, and one file of each
    output's own kind, written by the command itself."""

    folder: Path
    campaign: Path
    secrets: Path
    trust: Path
    other: Path
    own: Path

    def guarded(self, *, opened: bool = False) -> dict[Path, str]:
        """The files no output may touch (the trust file but when the campaign was ``opened``:
        opening it may move this machine's checkpoint)."""
        kept = (self.campaign, self.secrets, self.other, *(() if opened else (self.trust,)))
        return {path: digest(path) for path in kept}


@dataclass(frozen=True)
class Writer:
    argv: Callable[[Table, str], list[str]]
    own: str
    """The file of this output's own kind in `Table.own` (for a new campaign: another campaign)."""
    suffix: str


WRITERS: dict[tuple[str, str], Writer] = {
    ("export", "--jsonl"): Writer(lambda t, out: ["export", str(t.campaign), "--jsonl", out], "export.jsonl", ".jsonl"),
    ("export", "--sqlite"): Writer(
        lambda t, out: ["export", str(t.campaign), "--sqlite", out], "other-read.db", ".db"
    ),  # own kind needing --force: the read model of another campaign
    ("audit", "--markdown"): Writer(lambda t, out: ["audit", str(t.campaign), "--markdown", out], "audit.md", ".md"),
    ("report", "--out"): Writer(lambda t, out: ["report", str(t.campaign), "2", "--out", out], "page.md", ".md"),
    ("charts schema", "--out"): Writer(
        lambda t, out: ["charts", "schema", "europa-combat", "--out", out], "schema.json", ".json"
    ),
    ("new", "store"): Writer(lambda t, out: ["new", out], "other.db", ".db"),
    ("branch", "--to"): Writer(lambda t, out: ["branch", str(t.campaign), "--at", "1", "--to", out], "other.db", ".db"),
}

CASES = [
    "the-campaign",
    "another-campaign",
    "dice-secrets",
    "dice-secrets-name",
    "trust-file",
    "unrelated-file",
    "own-kind",
    "own-kind-forced",
    "missing-folder",
    "proc",
]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(*folders: Path) -> list[str]:
    """Temporary files (hidden, beside their target) a write left behind, with their journals."""
    return [
        path.name for folder in folders if folder.is_dir() for path in folder.iterdir() if path.name.startswith(".")
    ]


def arguments(parser: argparse.ArgumentParser, command: str = "") -> Iterator[tuple[str, argparse.Action]]:
    """(command, argument) for every argument of every subcommand, nested ones included."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from arguments(sub, f"{command} {name}".strip())
        elif command:
            yield command, action


def flag(action: argparse.Action) -> str:
    return action.option_strings[0] if action.option_strings else action.dest


def typed_outputs() -> dict[tuple[str, str], Any]:
    return {
        (command, flag(action)): action.type
        for command, action in arguments(build_parser())
        if action.type in (output_type, new_store)
    }


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    folder = tmp_path_factory.mktemp("table")
    campaign, other, own = folder / "g.db", folder / "other.db", folder / "own"
    own.mkdir()
    assert main(["new", str(campaign)]) == 0
    assert main(["new", str(other)]) == 0
    orders = folder / "orders.jsonl"
    orders.write_text(json.dumps({"kind": "CommitDice"}) + "\n", encoding="utf-8")
    assert main(["apply", str(campaign), str(orders)]) == 0
    service = RefereeService.open(str(campaign))
    campaign_id = service.campaign_id
    service.close()
    (trust,) = trust_dir().glob(f"{campaign_id}-*.json")
    table = Table(folder, campaign, Path(f"{campaign}.dice-secrets.json"), trust, other, own)
    assert table.secrets.exists()
    for key in (("export", "--jsonl"), ("audit", "--markdown"), ("report", "--out"), ("charts schema", "--out")):
        writer = WRITERS[key]
        assert main(writer.argv(table, str(own / writer.own))) == 0
    assert main(["export", str(other), "--sqlite", str(own / "other-read.db")]) == 0
    shutil.copy(other, own / "other.db")
    return table


def target_of(case: str, writer: Writer, table: Table, tmp_path: Path) -> Path:
    if case == "the-campaign":
        return table.campaign
    if case == "another-campaign":
        return table.other
    if case == "dice-secrets":
        return table.secrets
    if case == "dice-secrets-name":  # no seeds yet: a file written there would be read as them
        return tmp_path / "next.db.dice-secrets.json"
    if case == "trust-file":
        return table.trust
    if case == "unrelated-file":
        notes = tmp_path / "notes.txt"
        notes.write_text("the club's phone numbers\n", encoding="utf-8")
        return notes
    if case.startswith("own-kind"):
        return Path(shutil.copy(table.own / writer.own, tmp_path / writer.own))
    if case == "missing-folder":
        return tmp_path / "no" / "such" / f"out{writer.suffix}"
    return Path("/proc") / f"x{writer.suffix}"


def has_force(command: str) -> bool:
    return any("--force" in action.option_strings for name, action in arguments(build_parser()) if name == command)


def test_every_output_argument_has_a_case() -> None:
    assert set(typed_outputs()) == set(WRITERS)


def test_every_argument_that_writes_is_typed_as_an_output() -> None:
    """An argument whose help says it writes must be typed, so that the test above sees it."""
    untyped = [
        (command, flag(action))
        for command, action in arguments(build_parser())
        if action.nargs != 0
        and re.search(r"\bwrites?\b", action.help or "")
        and action.type not in (output_type, new_store)
    ]
    assert untyped == []


def test_outputs_can_be_forced_and_new_campaigns_never() -> None:
    for (command, _flag), kind in typed_outputs().items():
        assert has_force(command) == (kind is output_type), command


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("writer_key", list(WRITERS), ids=[" ".join(key) for key in WRITERS])
def test_a_wrong_output_is_refused_by_name_and_left_as_it_was(
    writer_key: tuple[str, str], case: str, table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    writer = WRITERS[writer_key]
    forceable = has_force(writer_key[0])
    if case == "own-kind-forced" and not forceable:
        return  # a campaign is never replaced: the command has no --force (test above)
    target = target_of(case, writer, table, tmp_path)
    before = digest(target) if target.exists() else None
    inode = target.stat().st_ino if target.exists() else None
    guarded = table.guarded(opened=case == "own-kind-forced")
    argv = writer.argv(table, str(target)) + (["--force"] if case == "own-kind-forced" else [])
    code, said = run(capsys, *argv)
    if case == "own-kind-forced":
        assert code == 0, said
        assert target.stat().st_ino != inode  # a new file renamed into place
    else:
        assert code == 1, said
        assert str(target) in said, said
        assert (digest(target) if target.exists() else None) == before
        if case == "own-kind":
            assert "add --force to replace it" in said or not forceable, said
    assert table.guarded(opened=case == "own-kind-forced") == guarded
    assert leftovers(tmp_path, table.folder, target.parent if target.parent != Path("/proc") else tmp_path) == []


@pytest.mark.parametrize("writer_key", [key for key in WRITERS if key[0] not in ("new", "branch")], ids=" ".join)
def test_a_write_that_fails_before_its_rename_leaves_the_old_file_and_no_temporary(
    writer_key: tuple[str, str],
    table: Table,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    writer = WRITERS[writer_key]
    target = Path(shutil.copy(table.own / writer.own, tmp_path / writer.own))
    before = digest(target)

    def full_disk(path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output_file, "_sync", full_disk)
    code, said = run(capsys, *writer.argv(table, str(target)), "--force")
    assert code == 1 and "No space left on device" in said and str(target) in said, said
    assert digest(target) == before
    assert leftovers(tmp_path) == []


def test_an_export_stopped_half_way_leaves_the_old_export(
    table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = Path(shutil.copy(table.own / "export.jsonl", tmp_path / "export.jsonl"))
    before = digest(target)
    real = RefereeService.export_jsonl

    def stopped(self: RefereeService, out: Any, **kwargs: Any) -> int:
        real(self, out, **kwargs)
        out.flush()
        raise KeyboardInterrupt  # the referee pressed Ctrl-C

    monkeypatch.setattr(RefereeService, "export_jsonl", stopped)
    code, _said = run(capsys, "export", str(table.campaign), "--jsonl", str(target), "--force")
    assert code == 130
    assert digest(target) == before and leftovers(tmp_path) == []


def test_a_read_model_stopped_while_it_catches_up_is_left_as_it_was(
    table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = Path(shutil.copy(table.campaign, tmp_path / "copy.db"))
    shutil.copy(table.secrets, tmp_path / "copy.db.dice-secrets.json")
    model = tmp_path / "read.db"
    assert run(capsys, "export", str(campaign), "--sqlite", str(model))[0] == 0
    orders = tmp_path / "more.jsonl"
    orders.write_text(json.dumps({"kind": "SetMarker", "name": "m", "value": "1"}) + "\n", encoding="utf-8")
    assert run(capsys, "apply", str(campaign), str(orders))[0] == 0
    before = digest(model)

    def full(*args: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(readmodel, "_settle", full)
    code, said = run(capsys, "export", str(campaign), "--sqlite", str(model))
    assert code == 1 and "database or disk is full" in said and "the old file is kept" in said, said
    assert digest(model) == before and leftovers(tmp_path) == []
    monkeypatch.undo()
    code, said = run(capsys, "export", str(campaign), "--sqlite", str(model))  # this campaign's: no --force
    assert code == 0 and "read model of 1 entries" in said, said


def test_the_export_refuses_two_outputs_in_one_file_and_a_foreign_metadata_file(
    table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = tmp_path / "both.db"
    code, said = run(capsys, "export", str(table.campaign), "--jsonl", str(same), "--sqlite", str(same))
    assert code == 1 and "name two files" in said and not same.exists()
    notes = tmp_path / "read.metadata.json"
    notes.write_text('{"my": "notes"}\n', encoding="utf-8")
    code, said = run(capsys, "export", str(table.campaign), "--sqlite", str(tmp_path / "read.db"))
    assert code == 1 and str(notes) in said and "not a read model's metadata" in said, said
    assert not (tmp_path / "read.db").exists() and notes.read_text(encoding="utf-8") == '{"my": "notes"}\n'


@pytest.mark.parametrize("command", ["run", "tui"])
def test_commands_that_create_a_missing_campaign_refuse_the_names_of_side_files(
    command: str, table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the console was opened")

    monkeypatch.setattr(tui.app, "make_app", never)
    monkeypatch.setattr(tui.app, "NewCampaignApp", never)
    for name in ("lost.db.dice-secrets.json", "lost.db.bookmarks.json"):
        target = tmp_path / name
        code, said = run(capsys, command, str(target), "--scenario", "revised-europa/barbarossa")
        assert code == 1 and str(target) in said, said
        assert not target.exists()


def test_an_import_resuming_may_name_its_own_campaign_but_never_a_side_file(table: Table) -> None:
    """`check_store_target` as `import` uses it (ledger/exchange.py)."""
    check_store_target(str(table.campaign), resume=True)
    with pytest.raises(output_file.OutputFileError, match="dice secrets"):
        check_store_target(str(table.secrets), resume=True)
    with pytest.raises(output_file.StoreExistsError, match="already holds a campaign"):
        check_store_target(str(table.campaign))
