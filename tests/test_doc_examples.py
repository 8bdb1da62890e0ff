"""Every command example in README.md and docs/ runs (issue 12: the README's turn at the table was
refused on a new campaign and its AllocateLosses named the wrong combat).

* A ```jsonl block is a list of commands. The HTML comment on the line before it says where it
  runs: ``<!-- example: SCENARIO -->`` (a new campaign) or ``<!-- example: SCENARIO at LABEL,
  PLAYER PHASE -->`` (a new campaign advanced there, taking the SP income a phase requires).
  Every line must be recorded, in order.
* A ```sh block's ``turnledger`` lines run in order, in a folder of their own holding the files
  the examples name (a chart of your own, an orders file), and each must exit 0. Other lines
  (make, the benches, mutmut) are the test suite's own commands or have their own smoke tests.

docs/commands.md's examples are checked by tests/test_docs.py (each parses as its command).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from referee.commands import CreateCampaign
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.support import TickingClock
from tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "commands.md")]
BLOCK = re.compile(r"(?:<!-- example: (?P<where>[^>]*?) -->\n)?```(?P<kind>jsonl|sh)\n(?P<body>.*?)\n```", re.S)
WHERE = re.compile(r"(?P<scenario>[\w./-]+)(?: at (?P<label>[^,]+), (?P<player>\w+) (?P<phase>[\w ]+))?$")


def _blocks(kind: str) -> list[tuple[str, int, str | None, str]]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            if match["kind"] == kind:
                line = text.count("\n", 0, match.start("body")) + 1
                found.append((page.name, line, match["where"], match["body"]))
    return found


JSONL = _blocks("jsonl")
SHELL = [block for block in _blocks("sh") if "turnledger " in block[3]]


def _given_files(folder: Path) -> None:
    """The files the examples name, as a referee would have them."""
    chart = (ROOT / "scenarios" / "charts" / "europa-combat.toml").read_text(encoding="utf-8")
    mine = chart.replace('title = "Revised Europa combat charts (provisional)"', 'title = "Our printed CRT"')
    for name in ("my-printed-crt.toml", "my-crt.toml"):
        (folder / name).write_text(mine, encoding="utf-8")
    (folder / "orders.jsonl").write_text(
        '{"kind": "AdvancePhase"}\n{"kind": "RecordRoll", "purpose": "attack on Brest", "dice": "2D6", '
        '"faces": [4, 5], "rolled_by": "Hans", "witnesses": ["Ivan"]}\n',
        encoding="utf-8",
    )
    (folder / "tests").symlink_to(ROOT / "tests")


def test_the_pages_have_examples_of_both_kinds() -> None:
    assert len(JSONL) >= 4 and len(SHELL) >= 2
    assert all(where for _page, _line, where, _body in JSONL), "every jsonl example says where it runs"


@pytest.mark.parametrize(("page", "line", "where", "body"), JSONL, ids=[f"{p}:{n}" for p, n, _w, _b in JSONL])
def test_a_jsonl_example_is_recorded_line_by_line(
    page: str, line: int, where: str, body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = WHERE.match(where.strip())
    assert found, f"{page}:{line}: 'example: {where}' names no scenario and position"
    _given_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    service = RefereeService.create(
        str(tmp_path / "game.db"), CreateCampaign(scenario=found["scenario"], name="docs"), clock=TickingClock()
    )
    try:
        if found["label"]:
            at_phase(service, found["label"].strip(), found["player"], found["phase"].strip())
        for offset, text in enumerate(body.splitlines()):
            if text.strip():
                try:
                    service.execute_json(json.loads(text))
                except Exception as error:
                    raise AssertionError(f"{page}:{line + offset}: {error}") from None
    finally:
        service.close()


@pytest.mark.parametrize(("page", "line", "where", "body"), SHELL, ids=[f"{p}:{n}" for p, n, _w, _b in SHELL])
def test_a_shell_example_runs(
    page: str,
    line: int,
    where: str | None,
    body: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _given_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    ran = 0
    for offset, text in enumerate(body.splitlines()):
        command = text.split(" #")[0].strip()
        if not command.startswith("turnledger "):
            continue
        argv = shlex.split(command)[1:]
        code = main(argv)
        printed = capsys.readouterr()
        assert code == 0, f"{page}:{line + offset}: {command}\n{printed.out}{printed.err}"
        ran += 1
    assert ran
