"""Imports point down only: tui → referee → ledger; no UI library below tui (DESIGN.md)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "ledger": {"referee", "tui", "textual", "rich"},
    "referee": {"tui", "textual", "rich"},
}


def modules(room: str) -> list[Path]:
    return sorted((ROOT / room).rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("room", sorted(FORBIDDEN))
def test_room_imports_point_down_only(room: str) -> None:
    offenders = {
        f"{path.relative_to(ROOT)} imports {sorted(imported_roots(path) & FORBIDDEN[room])}"
        for path in modules(room)
        if imported_roots(path) & FORBIDDEN[room]
    }
    assert not offenders


@pytest.mark.parametrize("room", sorted(FORBIDDEN))
def test_importing_a_room_loads_no_ui_library(room: str) -> None:
    names = [".".join(path.relative_to(ROOT).with_suffix("").parts) for path in modules(room)]
    names = [name.removesuffix(".__init__") for name in names]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'textual', 'rich', 'tui'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == ""


def test_the_architecture_test_would_catch_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from referee.service import RefereeService\nimport rich\n", encoding="utf-8")
    assert imported_roots(bad) & FORBIDDEN["ledger"] == {"referee", "rich"}


GAME_WORDS = re.compile(r"\b(europa|reich|brps?|soviet|axis|murmansk|ussr|germany)\b", re.IGNORECASE)


def test_the_book_names_no_game() -> None:
    """ledger/ is generic: no game's words in its code (DESIGN Revision 2; the book's own tests
    run on the toy game of tests/ledger/toy.py)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in modules("ledger")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_WORDS.search(line)
    ]
    assert not offenders


IGNORE = re.compile(r"#\s*(type:\s*ignore|noqa)\b(.*)$")
REASON = re.compile(r"^(\[[^\]]*\]|:\s*[A-Z0-9, ]+)?\s*(#|[-–—])\s*\S")


def test_every_ignore_says_why() -> None:
    """No `type: ignore` or `noqa` without a reason on its line (the gates of `make test`)."""
    offenders = []
    for room in ("ledger", "referee", "tui", "tests", "bench"):
        for path in modules(room):
            if "tests/data/" in path.as_posix():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                found = IGNORE.search(line)
                if found and not REASON.match(found.group(2)):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders
