"""Input accepted only when it means one thing, and read within bounds (issue 26).

A key given twice was read as its last value (an apply line that looked like a phase advance was
recorded as a rollback of 166 entries); `apply g.db /dev/zero` and `charts check /dev/zero` read
until the machine ran out of memory; `show` of a number beyond SQLite's integers, `log --last` of
one, and `show` of an imported roll without its commitment ended in internal errors. Each test
here failed before its defence (docs/security.md, "Bad input").
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ledger import strict_json
from ledger.canonical import canonical_text
from ledger.entry import recompute_hash
from ledger.input_file import InputFileError, bounded_lines, read_bounded_bytes, read_bounded_text
from referee.common.data_file import parse_toml
from referee.common.errors import InvalidInputError
from referee.files import batch
from referee.schema import command_schemas
from tests.tui.cli_support import run
from tui.dialogs.command_form import parse_field

EXPORTS = Path(__file__).resolve().parents[1] / "data" / "exports"
TWICE = '{"kind": "AdvancePhase", "kind": "Rollback", "to": 1, "reason": "x"}'


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One campaign for the module (made once: each test works on a copy)."""
    from tui.cli import main

    path = tmp_path_factory.mktemp("made") / "game.db"
    assert main(["new", str(path)]) == 0
    return path


@pytest.fixture
def store(made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    capsys.readouterr()
    path = tmp_path / "game.db"
    shutil.copy(made, path)
    return path


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "orders.toml"
    os.mkfifo(path)
    yield path


def refused(capsys: pytest.CaptureFixture[str], store: Path, *argv: str) -> str:
    """Run a command that must be refused (exit 1, no internal error) leaving the store as it was."""
    before = digest(store)
    code, out = run(capsys, *argv)
    assert code == 1, out
    assert "internal error" not in out and "Traceback" not in out
    assert digest(store) == before
    return " ".join(out.split())


# -- a key given twice ------------------------------------------------------------------------


def test_apply_refuses_a_key_given_twice_naming_file_line_and_key(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = tmp_path / "orders.jsonl"
    orders.write_text(TWICE + "\n", encoding="utf-8")
    said = refused(capsys, store, "apply", str(store), str(orders))
    assert 'orders.jsonl, line 1: key "kind" is given twice (first "AdvancePhase", then "Rollback")' in said


def test_a_key_given_twice_deep_inside_a_command_is_refused(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = {"kind": "PayAttackSupply", "side": "Axis", "stacks": [1]}
    text = json.dumps(line)[:-1] + ', "x": [{"a": {"b": 1, "b": 2}}]}'
    orders = tmp_path / "orders.jsonl"
    orders.write_text(text + "\n", encoding="utf-8")
    said = refused(capsys, store, "apply", str(store), str(orders))
    assert 'line 1: key "b" is given twice (first 1, then 2)' in said


def test_preview_refuses_a_key_given_twice(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    said = refused(capsys, store, "preview", str(store), TWICE)
    assert 'the command given: key "kind" is given twice' in said


def test_the_consoles_json_field_refuses_a_key_given_twice() -> None:
    schema = command_schemas()["RecordRoll"]["properties"]["faces"]
    with pytest.raises(InvalidInputError, match=r'field faces: key "a" is given twice'):
        parse_field("faces", '[{"a": 1, "a": 2}]', schema)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"a": NaN}', "NaN is not a JSON number"),
        ("[Infinity]", "Infinity is not a JSON number"),
        ("[-Infinity]", "-Infinity is not a JSON number"),
        ("[1e999]", "1e999 is too large a number"),
        ('["\\ud800"]', "lone surrogate (\\ud800)"),
        ('{"\\udfff": 1}', "lone surrogate (\\udfff)"),
        ('"\udc80"', "not UTF-8 text (character 2 is a lone surrogate)"),
        ('{"k": 1, "\\u006b": 2}', 'key "k" is given twice'),
        ("{\n" + '"a": ', "not JSON (Expecting value at line 2, column 6)"),
    ],
    ids=[
        "nan",
        "infinity",
        "minus-infinity",
        "overflow",
        "lone-high",
        "lone-low-key",
        "raw-surrogate",
        "escaped-key",
        "two-lines",
    ],
)
def test_the_strict_reader_refuses_what_could_be_read_two_ways(text: str, said: str) -> None:
    with pytest.raises(strict_json.JsonInputError) as refusal:
        strict_json.loads(text, where="f.jsonl, line 3")
    assert str(refusal.value).startswith("f.jsonl, line 3: ") and said in str(refusal.value)


def test_the_strict_reader_reads_what_means_one_thing() -> None:
    assert strict_json.loads('{"a": [{"b": 1}, {"b": 2}], "c": "\\ud83d\\ude00", "d": 1.5}') == {
        "a": [{"b": 1}, {"b": 2}],
        "c": "😀",
        "d": 1.5,
    }


def test_a_chart_with_a_key_given_twice_is_refused_naming_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chart = tmp_path / "mine.toml"
    chart.write_text('title = "a"\ntitle = "b"', encoding="utf-8")  # the last line: tomllib names no line
    code, out = run(capsys, "charts", "check", str(chart))
    said = " ".join(out.split())
    assert code == 1 and f"{chart}, line 2, field (file): not valid TOML" in said
    assert "a key or table is given twice" in said


def test_a_scenario_with_a_table_given_twice_is_refused_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "mine.toml"
    scenario.write_text('id = "x"\n[weather]\nB = "Clear"\n[weather]\nC = "Mud"\n', encoding="utf-8")
    code, out = run(capsys, "new", str(tmp_path / "new.db"), "--scenario", str(scenario))
    said = " ".join(out.split())
    assert code == 1 and f"{scenario}: not valid TOML" in said and "line 4" in said and "given twice" in said
    assert not (tmp_path / "new.db").exists()


def test_toml_data_refuses_nan_and_infinity() -> None:
    for text in ("a = nan", "a = -inf", "a = +inf"):
        with pytest.raises(ValueError, match="not a number a data file may hold"):
            parse_toml(text)
    assert parse_toml("a = 1.5") == {"a": 1.5}


# -- unbounded input --------------------------------------------------------------------------


@contextmanager
def memory_capped(extra: int = 512 * 1024 * 1024) -> Iterator[None]:
    """The process may grow by ``extra`` bytes of address space, no more: a reader that reads
    for ever ends in MemoryError instead of eating the machine (as /dev/zero did)."""
    size = next(
        int(line.split()[1]) * 1024 for line in Path("/proc/self/status").read_text().splitlines() if "VmSize" in line
    )
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (size + extra, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.mark.parametrize("argv", [["apply", "STORE", "/dev/zero"], ["charts", "check", "/dev/zero"]])
def test_dev_zero_is_refused_as_a_device_not_read(
    argv: list[str], store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with memory_capped():
        said = refused(capsys, store, *(str(store) if arg == "STORE" else arg for arg in argv))
    assert "/dev/zero" in said and "not a regular file but a device, which may never end" in said


def run_beside(argv: list[str], fifo: Path) -> tuple[int | None, bool]:
    """``main(argv)`` in a thread; a reader left waiting on the FIFO is let go by opening it
    for writing (and the wait is what fails)."""
    from tui.cli import main

    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    worker.join(timeout=10)
    waited = worker.is_alive()
    if waited:
        with open(fifo, "wb"):
            pass
        worker.join(timeout=10)
    return (result[0] if result else None), waited


@pytest.mark.parametrize(
    "argv",
    [
        ["apply", "STORE", "FIFO"],
        ["charts", "check", "FIFO"],
        ["new", "NEW", "--scenario", "FIFO"],
        ["new", "NEW", "--charts", "FIFO"],
    ],
    ids=["apply", "charts-check", "new-scenario", "new-charts"],
)
def test_a_fifo_is_refused_without_waiting_for_a_writer(
    argv: list[str], store: Path, fifo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(store)
    places = {"STORE": str(store), "FIFO": str(fifo), "NEW": str(store.parent / "new.db")}
    code, waited = run_beside([places.get(arg, arg) for arg in argv], fifo)
    said = " ".join(capsys.readouterr().err.split())
    assert not waited, "the command waited for a writer on the FIFO"
    assert code == 1 and "not a regular file but a pipe (FIFO), which may never end" in said
    assert digest(store) == before and not (store.parent / "new.db").exists()


def test_a_folder_and_an_unreadable_file_are_refused_by_name(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = refused(capsys, store, "apply", str(store), str(tmp_path))
    assert f"{tmp_path}: not a regular file but a folder" in said
    said = refused(capsys, store, "apply", str(store), "/proc/self/mem")
    assert "/proc/self/mem: command file cannot be read (Input/output error)" in said


def test_a_command_file_larger_than_its_limit_is_refused_naming_the_limit(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "COMMAND_FILE_LIMIT", 1000)
    orders = tmp_path / "orders.jsonl"
    orders.write_text('{"kind": "SetMarker", "name": "m", "value": "x"}\n' * 40, encoding="utf-8")
    said = refused(capsys, store, "apply", str(store), str(orders))
    assert f"{orders}: larger than 1,000 bytes, the most a command file may hold" in said


def test_a_line_longer_than_its_limit_is_refused_before_anything_is_recorded(
    store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "LINE_LIMIT", 100)
    orders = tmp_path / "orders.jsonl"
    orders.write_text('{"kind": "SetMarker", "name": "m", "value": "x"}\n' + "x" * 101 + "\n", encoding="utf-8")
    said = refused(capsys, store, "apply", str(store), str(orders))
    assert f"{orders}, line 2: longer than 100 bytes, the most a line of a command file may hold" in said


def test_a_chart_or_scenario_larger_than_its_limit_is_refused_naming_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.common import data_file
    from referee.files import chart_check

    monkeypatch.setattr(chart_check, "DATA_FILE_LIMIT", 10)
    monkeypatch.setattr(data_file, "DATA_FILE_LIMIT", 10)
    mine = tmp_path / "mine.toml"
    mine.write_text('title = "a chart of more than ten bytes"\n', encoding="utf-8")
    code, out = run(capsys, "charts", "check", str(mine))
    assert code == 1 and "larger than 10 bytes, the most a chart file may hold" in " ".join(out.split())
    code, out = run(capsys, "new", str(tmp_path / "new.db"), "--scenario", str(mine))
    assert code == 1 and f"{mine}: larger than 10 bytes, the most a scenario file may hold" in " ".join(out.split())


def test_the_bounded_reader_streams_lines_and_names_each_limit(tmp_path: Path) -> None:
    path = tmp_path / "lines.txt"
    path.write_bytes(b"\xef\xbb\xbfone\r\ntwo\n\nfour")
    assert list(bounded_lines(path, max_line=4, what="file")) == [(1, b"one\r"), (2, b"two"), (3, b""), (4, b"four")]
    with pytest.raises(InputFileError, match=r"lines.txt, line 4: longer than 3 bytes"):
        list(bounded_lines(path, max_line=3, what="file"))
    with pytest.raises(InputFileError, match=r"larger than 10 bytes, the most a file may hold"):
        list(bounded_lines(path, max_bytes=10, what="file"))
    with pytest.raises(InputFileError, match=r"larger than 10 bytes"):
        read_bounded_bytes(path, max_bytes=10, what="file")
    assert read_bounded_text(path, max_bytes=100, what="file") == "one\r\ntwo\n\nfour"
    path.write_bytes(b"ok\n\xff")
    with pytest.raises(InputFileError, match=r"line 2: the chart is not UTF-8 text \(byte 4\)"):
        read_bounded_text(path, max_bytes=100, what="chart")
    with pytest.raises(InputFileError, match=r"a\\x00b: no file can have this name"):
        read_bounded_bytes("a\x00b", max_bytes=10, what="file")


# -- numbers beyond the record, a roll without its commitment ----------------------------------


def test_show_of_a_number_beyond_any_integer_is_refused_naming_the_record(
    store: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = refused(capsys, store, "show", str(store), "99999999999999999999999")
    assert "there is no entry #99999999999999999999999; the record runs #1 to #1" in said


def test_log_last_beyond_any_integer_shows_the_whole_log(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "log", str(store), "--last", "99999999999999999999", "--json")
    assert code == 0 and [row["number"] for row in json.loads(out)] == [1]


def without_commitments(number: int) -> list[dict[str, Any]]:
    """The golden Barbarossa export with entry ``number``'s digital roll stripped of its
    commitment and scheme, as an older export holds it, and the chain rehashed from there."""
    lines = [json.loads(line) for line in (EXPORTS / "europa-barbarossa-0.1.0.jsonl").read_text().splitlines()]
    header, entries = lines[0], lines[1:]
    for roll in entries[number - 1]["rolls"]:
        roll.pop("commitment", None)
        roll.pop("scheme", None)
    for entry in entries[number - 1 :]:
        entry["prev_hash"] = entries[entry["number"] - 2]["hash"]
        entry["hash"] = recompute_hash(entry)
    header["head_hash"] = entries[-1]["hash"]
    return [header, *entries]


def test_show_of_an_imported_roll_without_its_commitment_shows_it_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "old.jsonl"
    export.write_text("".join(canonical_text(line) + "\n" for line in without_commitments(147)), encoding="utf-8")
    store = tmp_path / "old.db"
    assert run(capsys, "import", str(export), str(store))[0] == 0
    code, out = run(capsys, "show", str(store), "147")
    said = " ".join(out.split())
    assert code == 0, out
    assert "roll: 1D6 [2] = 2 for weather check (digital, dice period 139 roll 1, no commitment recorded" in said
