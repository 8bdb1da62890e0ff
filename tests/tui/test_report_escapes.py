"""A note or a name cannot steer the reader's terminal through `report` or `audit` (issue 26): an
OSC-52 clipboard write in a note, ESC, a C1 control and a bidi override in an actor's name are
shown escaped (`\\x1b`) on the terminal and in the Markdown pages, and written as JSON escapes by
--json, which still reads back as the record holds them (docs/security.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.tui.cli_support import run

ACTOR = "Eve\x1b[31m\u202eevil\x9b2J"
"""ESC starting a colour, a right-to-left override, and the C1 control sequence introducer."""
NOTE = "see \x1b]52;c;cm0gLXJmIH4=\x07 here"
"""An OSC-52 write to the clipboard, ended by BEL."""
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach a terminal (tab and line feed are text)."""


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tui.cli import main

    folder = tmp_path_factory.mktemp("escapes")
    store = folder / "g.db"
    assert main(["new", str(store)]) == 0
    orders = folder / "orders.jsonl"
    lines = [
        {"kind": "SetMarker", "name": "m", "value": "1", "actor": ACTOR},
        {"kind": "Annotate", "entry": 2, "text": NOTE, "disputed": True, "actor": ACTOR},
    ]
    orders.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["apply", str(store), str(orders)]) == 0
    return store


def raw_in(text: str) -> list[str]:
    return sorted({repr(found) for found in RAW.findall(text)})


@pytest.mark.parametrize(
    "argv",
    [["report", "3"], ["report", "2"], ["audit"]],
    ids=["report-of-the-note", "report-of-the-noted-entry", "audit"],
)
def test_report_and_audit_print_no_raw_control_character(
    argv: list[str], campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, printed = run(capsys, argv[0], str(campaign), *argv[1:])
    assert code == 0, printed
    assert raw_in(printed) == []
    assert "\\x1b" in printed and "\\u202e" in printed


@pytest.mark.parametrize(("command", "flag"), [("report", "--out"), ("audit", "--markdown")])
def test_the_markdown_pages_hold_no_raw_control_character(
    command: str, flag: str, campaign: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.md"
    argv = [command, str(campaign), *(["3"] if command == "report" else []), flag, str(page)]
    code, printed = run(capsys, *argv)
    assert code == 0, printed
    text = page.read_text(encoding="utf-8")
    assert raw_in(text) == []
    assert "\\x1b[31m" in text and "\\u202e" in text  # the actor's name, shown escaped
    assert "\\x1b]52;c;" in text or command == "audit"  # the note (the audit page lists no note texts)


@pytest.mark.parametrize("argv", [["audit", "--json"], ["show", "3", "--json"]], ids=["audit", "show"])
def test_json_escapes_bidi_and_c1_and_reads_back_as_recorded(
    argv: list[str], campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`json.dumps(..., ensure_ascii=False)` escapes C0 controls only: U+202E and the C1 set came
    out raw; they are written as \\u escapes, the same JSON value."""
    code, printed = run(capsys, argv[0], str(campaign), *argv[1:])
    assert code == 0, printed
    assert raw_in(printed) == []
    data = json.loads(printed)
    if argv[0] == "audit":
        assert ACTOR in data["actors"]
    else:
        assert data["actor"] == ACTOR and data["command"]["text"] == NOTE
