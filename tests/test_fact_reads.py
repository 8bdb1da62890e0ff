"""Each game's facts (`referee/<game>/facts.py`) are the facts its handlers read, and ``read_by``
names the commands that read each (issue 29: `turnledger facts` and docs/commands.md print them).

The reads are found in the code: a call of `stated` or `stated_yes` naming a fact, or passing
on a parameter that a caller fills with a fact's name (``_flag(state, "rail_line", ...)``); a
command reads what its handler, and every function of the game it calls, reads. A read of a fact
the game does not declare is refused at run time too (`UndeclaredFactError`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.common import commands as cc
from referee.common.facts import UndeclaredFactError, stated
from referee.common.game import Game
from referee.games import GAMES
from referee.service import RefereeService

ROOT = Path(__file__).resolve().parents[1]
READERS = {"stated": 1, "stated_yes": 1}
"""referee.common.facts' readers and the position of the fact's name."""

ADVANCE_HOOKS = ("advance_effects", "before_leaving")
ADVANCE_KINDS = ("AdvancePhase", "AdvancePlayerTurn", "AdvanceGameTurn")
Key = tuple[str, str]
"""(module, function; a nested function as outer.inner)."""


def _module_of(path: Path, root: Path) -> str:
    """A module's path within its game package: 'game', 'combat.handlers' (a system's sub-package,
    issue 30), 'combat' for the sub-package's ``__init__``."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class Reads:
    """The fact reads of one game package, found by walking its modules' syntax trees."""

    def __init__(self, game: Game) -> None:
        self.package = game.name
        self.facts = {kind.name for kind in game.facts}
        self.kinds = {model.model_fields["kind"].default for model in (*cc.COMMANDS, *game.commands)}
        root = ROOT / "referee" / game.name
        self.trees = {_module_of(path, root): ast.parse(path.read_text()) for path in root.rglob("*.py")}
        self.functions: dict[Key, ast.FunctionDef] = {}
        self.imports: dict[str, dict[str, tuple[str, ...]]] = {}
        for module, tree in self.trees.items():
            self.imports[module] = self._imports(tree)
            for node in tree.body:
                if isinstance(node, ast.FunctionDef):
                    self.functions[(module, node.name)] = node
                    for inner in ast.walk(node):
                        if isinstance(inner, ast.FunctionDef) and inner is not node:
                            self.functions[(module, f"{node.name}.{inner.name}")] = inner

    def _imports(self, tree: ast.Module) -> dict[str, tuple[str, ...]]:
        names: dict[str, tuple[str, ...]] = {}
        prefix = f"referee.{self.package}"
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and (node.module + ".").startswith(prefix + "."):
                within = node.module.removeprefix(prefix).lstrip(".")
                for alias in node.names:
                    local = alias.asname or alias.name
                    module = f"{within}.{alias.name}".lstrip(".")
                    if module in self.trees:
                        names[local] = ("module", module)
                    else:
                        names[local] = ("function", within, alias.name)
        return names

    def _defined(self, module: str, name: str, hops: int = 3) -> Key | None:
        """``module``'s function ``name``, followed through the modules that re-export it (a
        system's ``interface`` or ``system``)."""
        if (module, name) in self.functions:
            return module, name
        ref = self.imports.get(module, {}).get(name)
        if hops and ref and ref[0] == "function":
            return self._defined(ref[1], ref[2], hops - 1)
        return None

    def resolve(self, where: Key, node: ast.expr) -> Key | None:
        """The game function a name or ``module.name`` refers to in ``where``."""
        module, name = where
        if isinstance(node, ast.Name):
            for key in ((module, f"{name.split('.')[0]}.{node.id}"), (module, node.id)):
                if key in self.functions:
                    return key
            ref = self.imports[module].get(node.id)
            if ref and ref[0] == "function":
                return self._defined(ref[1], ref[2])
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            ref = self.imports[module].get(node.value.id)
            if ref and ref[0] == "module":
                return self._defined(ref[1], node.attr)
        return None

    @staticmethod
    def _own(function: ast.FunctionDef) -> Iterator[ast.AST]:
        """The nodes of a function, its nested functions left out (they are keys of their own)."""
        todo: list[ast.AST] = list(function.body)
        while todo:
            node = todo.pop()
            yield node
            if not isinstance(node, ast.FunctionDef):
                todo.extend(ast.iter_child_nodes(node))

    def derive(self) -> dict[str, set[str]]:
        """Fact -> the command kinds whose handlers read it."""
        forwards: dict[Key, set[int]] = {key: set() for key in self.functions}
        reads: dict[Key, set[str]] = {key: set() for key in self.functions}
        calls: dict[Key, set[Key]] = {key: set() for key in self.functions}
        changed = True
        while changed:  # until no function learns a new read or a new parameter it passes on
            changed = False
            for key, function in self.functions.items():
                params = [arg.arg for arg in function.args.posonlyargs + function.args.args]
                for node in self._own(function):
                    if isinstance(node, ast.Call | ast.Name | ast.Attribute):
                        target = self.resolve(key, node.func if isinstance(node, ast.Call) else node)
                        if target and target != key:
                            calls[key].add(target)
                    if not isinstance(node, ast.Call):
                        continue
                    if isinstance(node.func, ast.Name) and node.func.id in READERS:
                        positions = {READERS[node.func.id]}
                    else:
                        target = self.resolve(key, node.func)
                        positions = forwards[target] if target else set()
                    for index in positions:
                        if index >= len(node.args):
                            continue
                        arg = node.args[index]
                        new: set[str] = set()
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            new = {arg.value}
                        elif isinstance(arg, ast.Name) and arg.id in params:
                            if params.index(arg.id) not in forwards[key]:
                                forwards[key].add(params.index(arg.id))
                                changed = True
                        else:  # a name bound in the function (a loop over facts): each fact it names
                            new = {c.value for c in ast.walk(function) if isinstance(c, ast.Constant)} & self.facts
                        if not new <= reads[key]:
                            reads[key] |= new
                            changed = True
        derived: dict[str, set[str]] = {}
        for kind, roots in self._handlers().items():
            seen: set[Key] = set()
            todo = list(roots)
            while todo:
                key = todo.pop()
                if key not in seen:
                    seen.add(key)
                    todo.extend(calls[key])
            for key in seen:
                for fact in reads[key]:
                    derived.setdefault(fact, set()).add(kind)
        return derived

    def _handlers(self) -> dict[str, set[Key]]:
        """Command kind -> its handler functions, from every ``{Command: handler}`` dict; the
        game's hooks on moving the calendar (``advance_effects``, ``before_leaving``) are the
        advance commands' (their handlers are the game-neutral ones, which call the hooks)."""
        found: dict[str, set[Key]] = {}
        for module, tree in self.trees.items():
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Game":
                    for keyword in node.keywords:
                        target = self.resolve((module, ""), keyword.value)
                        if keyword.arg in ADVANCE_HOOKS and target:
                            for kind in ADVANCE_KINDS:
                                found.setdefault(kind, set()).add(target)
                if isinstance(node, ast.Dict):
                    for key, value in zip(node.keys, node.values, strict=True):
                        name = key.attr if isinstance(key, ast.Attribute) else getattr(key, "id", None)
                        target = self.resolve((module, ""), value) if name in self.kinds else None
                        if name and target:
                            found.setdefault(name, set()).add(target)
        return found


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_read_by_names_the_commands_whose_handlers_read_each_fact(game: Game) -> None:
    derived = Reads(game).derive()
    undeclared = set(derived) - {kind.name for kind in game.facts}
    assert not undeclared, f"{game.name} reads facts it does not declare: {undeclared}"
    for kind in game.facts:
        assert set(kind.read_by) == derived.get(kind.name, set()), (
            f"{game.name} {kind.name}: declared read_by {sorted(kind.read_by)}, "
            f"read by {sorted(derived.get(kind.name, set()))}"
        )
        assert len(set(kind.read_by)) == len(kind.read_by), kind.name


def test_the_third_reich_declares_the_facts_its_combat_and_attrition_read() -> None:
    facts = {kind.name: kind for kind in GAMES["third_reich"].facts}
    assert {"fortified", "retreat_possible", "bridgehead", "capital"} <= set(facts)
    assert set(facts["fortified"].read_by) == {"ResolveLandCombat", "ClaimAttritionHexes"}
    assert facts["hexes_won"].read_by == ()  # stated for the record: no command reads it
    assert GAMES["europa"].fact("allied_near_westwall") is not None


def test_a_rule_reading_a_fact_its_game_does_not_declare_is_an_error(europa: RefereeService) -> None:
    """Every read goes through the declaration: a misspelt fact is a programming error, never a
    silent 'not stated'."""
    state = europa.state()
    assert stated(state, "terrain", "Kiev") is None
    with pytest.raises(UndeclaredFactError, match=r"'terain'.*add it to the game's facts\.py"):
        stated(state, "terain", "Kiev")
    with pytest.raises(UndeclaredFactError, match="'fortified'"):
        stated(state, "fortified", "Kiev")  # a Third Reich fact
