"""The Third Reich package by system (issue 30): each sub-package has the same inside, its commands
are handled within it, the game lists every system's commands once, and no module passes 400 lines.
The import contracts between the systems are pyproject.toml's (`lint-imports`)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from referee.common import commands as cc
from referee.third_reich.common.system import System
from referee.third_reich.game import GAME
from referee.third_reich.systems import SYSTEMS

PACKAGE = Path(__file__).resolve().parents[3] / "referee" / "third_reich"
SAME_INSIDE = ("__init__.py", "commands.py", "handlers.py", "command_phases.py", "system.py")


@pytest.mark.parametrize("name", [system.name for system in SYSTEMS])
def test_each_system_has_the_same_inside_and_says_what_it_is(name: str) -> None:
    folder = PACKAGE / name
    assert {path.name for path in folder.glob("*.py")} >= set(SAME_INSIDE)
    assert ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
    if (folder / "events.py").exists():
        assert (folder / "fold.py").exists(), f"{name} records events: its fold.py applies them"


@pytest.mark.parametrize("system", SYSTEMS, ids=[system.name for system in SYSTEMS])
def test_a_system_handles_its_own_commands_and_no_other_systems(system: System) -> None:
    commands = importlib.import_module(f"referee.third_reich.{system.name}.commands").COMMANDS
    handled = set(system.handlers)
    assert set(commands) <= handled, f"{system.name} leaves commands without a handler"
    assert handled <= set(commands) | set(cc.COMMANDS), f"{system.name} handles another system's commands"


def test_the_game_lists_every_systems_commands_once() -> None:
    listed = [
        command
        for system in SYSTEMS
        for command in importlib.import_module(f"referee.third_reich.{system.name}.commands").COMMANDS
    ]
    assert len(GAME.commands) == len(set(GAME.commands)) == len(listed)
    assert set(GAME.commands) == set(listed)


def test_no_module_of_the_package_passes_400_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert not long
