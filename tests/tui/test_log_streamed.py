"""`turnledger log` prints the whole record as it reads it (issue 17): the rows are made in a second
pass over the record, after a first that gathers what later entries decide about earlier rows (undo
marks, notes, settled disputes), and none of them is held. What is printed is what was printed
when every row was held: the JSON array `log_rows` gives, and the one table `log_view` draws,
however many chunks it is printed in and however narrow the screen."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from referee.common.log import log_marks, log_rows, marked_rows
from referee.service import RefereeService
from tui import cli_output, log_table, render
from tui.cli import main

ROLL = {"kind": "RecordRoll", "purpose": "attack on Kiev", "dice": "2D6", "rolled_by": "Axis"}


@pytest.fixture
def store(tmp_path: Path) -> str:
    """A campaign with rolls, a long summary that wraps, a rollback that undoes a roll and a note,
    a dispute on an undone entry and one settled, a control character in the record."""
    path = str(tmp_path / "game.db")
    assert main(["new", path]) == 0
    service = RefereeService.open(path)
    try:
        for faces in ([1, 2], [3, 4], [5, 6], [6, 6]):
            service.execute_json({**ROLL, "faces": faces})
        service.execute_json({"kind": "SetMarker", "name": "bridge \x1b[31m", "value": "blown " * 12})
        service.execute_json({"kind": "Annotate", "entry": 4, "text": "cocked die", "disputed": True})
        service.execute_json({"kind": "Annotate", "entry": 2, "text": "a plain note"})
        service.execute_json({"kind": "Rollback", "to": 3, "reason": "a roll too many"})
        service.execute_json({**ROLL, "faces": [2, 2]})
        dispute = service.execute_json({"kind": "Annotate", "entry": 10, "text": "rolled early", "disputed": True})
        service.execute_json({"kind": "SettleDispute", "entry": 10, "dispute": dispute["number"], "ruling": "fine"})
        service.execute_json({"kind": "Annotate", "entry": 10, "text": "rolled late", "disputed": True})
    finally:
        service.close()
    return path


def rows_of(store: str, kind: str | None = None) -> list[dict[str, Any]]:
    service = RefereeService.open(store)
    try:
        return log_rows(service.entries(), kind=kind)
    finally:
        service.close()


def printed(console: Console) -> str:
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def a_console(width: int, *, plain: bool = False) -> Console:
    """A console with styles, or (``plain``) one that writes none, as a pipe or a file gets: its
    later chunks are drawn as plain lines where a row fits (tui/log_lines.py)."""
    if plain:
        return Console(file=io.StringIO(), width=width, color_system=None)
    return Console(file=io.StringIO(), width=width, force_terminal=True, color_system="standard")


def test_the_campaign_has_what_the_streamed_log_must_get_right(store: str) -> None:
    rows = rows_of(store)
    assert any(row["undone_by"] and row["rolls"] for row in rows)
    assert any(row["disputed"] for row in rows) and any(row["notes"] and not row["disputed"] for row in rows)
    assert not any(row["undone_by"] for row in rows if row["kind"] == "Annotate")  # notes are never undone


def test_the_second_pass_gives_the_rows_log_rows_gives(store: str) -> None:
    service = RefereeService.open(store)
    try:
        marks = log_marks(service.entries())
        for kind in (None, "RecordRoll", "Annotate", "Rollback"):
            streamed = list(marked_rows(service.entries(1, marks.last), marks, kind=kind))
            assert streamed == log_rows(service.entries(), kind=kind)
    finally:
        service.close()


@pytest.mark.parametrize("extra", [[], ["--kind", "recordroll"], ["--disputed"], ["--disputed", "--last", "1"]])
def test_log_json_is_the_rows_as_printed_whole(
    store: str, extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["log", store, "--json", *extra]) == 0
    out = capsys.readouterr().out
    rows = rows_of(store, "RecordRoll" if "--kind" in extra else None)
    if "--disputed" in extra:
        rows = [row for row in rows if row["disputed"]][-1 if "--last" in extra else 0 :]
    assert json.loads(out) == rows
    assert out == json.dumps(rows, indent=2, ensure_ascii=False) + "\n"  # the same text, written row by row


def test_log_json_of_no_rows_is_an_empty_array(store: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["log", store, "--json", "--kind", "AdvancePhase"]) == 0
    assert capsys.readouterr().out == "[]\n"


def assert_chunks_make_the_table(
    rows: list[dict[str, Any]], width: int, chunk: int, *, plain: bool, name: str = ""
) -> None:
    """`print_log` in chunks of ``chunk`` rows prints what Rich draws for the whole table."""
    whole, chunked = a_console(width, plain=plain), a_console(width, plain=plain)
    whole.print(log_table.log_view(rows))
    widths = log_table.LogWidths(chunked)
    for row in rows:
        widths.add(row)
    log_table.print_log(chunked, iter(rows), widths, chunk=chunk)
    assert printed(chunked) == printed(whole), name


@pytest.mark.parametrize("plain", [False, True], ids=["styled", "plain"])
@pytest.mark.parametrize("width", [200, 72, 48])
@pytest.mark.parametrize("chunk", [1, 2, 5, 500])
def test_the_table_printed_in_chunks_is_the_one_table(store: str, width: int, chunk: int, plain: bool) -> None:
    assert_chunks_make_the_table(rows_of(store), width, chunk, plain=plain)


def test_the_table_of_no_rows_is_the_empty_table() -> None:
    whole, chunked = a_console(80), a_console(80)
    whole.print(log_table.log_view([]))
    log_table.print_log(chunked, [], log_table.LogWidths(chunked), chunk=2)
    assert printed(chunked) == printed(whole)


def test_log_prints_every_entry_once(
    store: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the command, in chunks of two rows: the one table, each entry's number once."""
    monkeypatch.setattr(log_table, "LOG_CHUNK", 2)
    capsys.readouterr()
    assert main(["log", store]) == 0
    out = capsys.readouterr().out
    rows = rows_of(store)
    whole = Console(file=io.StringIO(), width=cli_output.out.width, no_color=True, highlight=False)
    whole.print(log_table.log_view(rows))
    assert out == printed(whole)
    numbers = [int(found) for found in re.findall(r"^│ +(\d+) │", out, flags=re.MULTILINE)]
    assert numbers == [row["number"] for row in rows] == list(range(1, len(rows) + 1))
    assert "rolled, then undone by #" in out and "\\x1b" in out and "\x1b" not in out


def test_a_plain_console_draws_most_rows_as_plain_lines(store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain lines are really drawn (Rich is asked only for the first chunk, the rows that
    wrap and the last row with the bottom edge), and a styled console never gets them."""
    rows = rows_of(store)
    drawn: list[int] = []
    table = log_table._print_table

    def counted(console: Console, batch: list[dict[str, Any]], *args: Any, **kwargs: Any) -> None:
        drawn.append(len(batch))
        table(console, batch, *args, **kwargs)

    monkeypatch.setattr(log_table, "_print_table", counted)
    assert len(rows) >= 12
    for plain in (True, False):
        console = a_console(200, plain=plain)
        widths = log_table.LogWidths(console)
        for row in rows:
            widths.add(row)
        drawn.clear()
        log_table.print_log(console, iter(rows), widths, chunk=2)
        if plain:  # the first chunk (2), the row whose status wraps, the last row
            assert drawn == [2, 1, 1], drawn
        else:
            assert sum(drawn) == len(rows)


def test_the_golden_logs_print_as_the_one_table_on_a_plain_console(tmp_path: Path) -> None:
    """Every golden export's log, in chunks of seven on a console that writes no styles, 200 and
    80 columns wide, is the table Rich draws whole: summaries of every kind, wrapped and not."""
    exports = sorted((Path(__file__).resolve().parents[1] / "data" / "exports").glob("*.jsonl"))
    assert len(exports) >= 5
    for export in exports:
        store = str(tmp_path / f"{export.stem}.db")
        assert main(["import", str(export), store]) == 0
        rows = rows_of(store)
        for width in (200, 80):
            assert_chunks_make_the_table(rows, width, 7, plain=True, name=f"{export.name} at {width}")


@pytest.mark.parametrize("width", [200, 12, 1])
def test_a_plain_cell_measures_as_rich_measures_it(width: int) -> None:
    """`LogWidths` measures the log's cells itself (tui/log_table.py `_measure_plain`): the same
    measurement as Rich's, for texts of every shape a cell can hold."""
    widths = log_table.LogWidths(a_console(width, plain=True))
    texts = ["", " ", "  a  ", "undone by #12345", "a\nlonger line\n", "tab\there", "多 字 漢字", "x\u2028yy", "é" * 30]
    texts += ["blown " * 12, "a" * 300, "\x1b[31m bridge"]
    for text in texts:
        cell = render.SafeText(text)
        assert widths._measure_plain(cell) == tuple(widths._measure(cell)), repr(text)
