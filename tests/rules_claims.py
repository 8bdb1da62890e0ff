"""The claims docs/rules-coverage.md makes, and how each is shown (issue 3 onwards; issue 30).

A row marked done names the functions that implement its rule (``referee/...py: name, name``) and
the tests that show it (``tests/...py::test_name``). Each (rule, file, function, tests) is a claim:
running one of the tests calls the function. A call written in the test's own body is read from
its source (`direct_calls`); every other claim is watched while the suite runs: tests/calls_probe.py
marks each such function in place and notes which named test reached it, and at the end of the
run `unmet` names the claims whose tests all ran and none reached their function (the run then
fails). Shared by the plugin and tests/test_rules_coverage.py.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COVERAGE = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
ROWS = {match.group(1): match.group(0) for match in re.finditer(r"^\| ([A-Z]-\d+[a-z]?) \|.*$", COVERAGE, re.M)}
IMPLEMENTED = re.compile(r"((?:referee|ledger)/[\w/]+\.py): ([\w, ]+)")
"""A file and the names after it: 'referee/europa/logistics/supply.py: sp_income, weather_cut'."""
NAMED = re.compile(r"(tests/[\w/]+\.py)::(test_\w+)")

Claim = tuple[str, str, str, list[str]]
"""(rule ID, implementing file, function, the tests named for it)."""


@functools.cache
def parsed(source: str) -> ast.Module:
    """A module's tree, parsed once a run (a file names many rows' functions and tests)."""
    return ast.parse(source)


@functools.cache
def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


@functools.cache
def defined_in(path: str) -> tuple[set[str], set[str]]:
    """(functions, every other name defined at any level: classes, constants) of a module."""
    tree = parsed(_text(path))
    functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    others = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    others |= {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    return functions, others


def claims() -> list[Claim]:
    """(rule ID, implementing file, function, the tests named for it) for each done row that names
    a function of referee/ or ledger/ and at least one test."""
    found: list[Claim] = []
    for rule_id, row in ROWS.items():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if cells[1] != "done":
            continue
        tests = [f"{path}::{name}" for path, name in NAMED.findall(cells[3])]
        for path, names in IMPLEMENTED.findall(cells[2]):
            functions, others = defined_in(path)
            for name in (part.strip() for part in names.split(",")):
                if not name.isidentifier():
                    continue  # words after the names ("_retreats says what ...")
                assert name in functions | others, f"{rule_id}: {path} defines no {name!r}"
                if name in functions and tests:
                    found.append((rule_id, path, name, tests))
    return found


@functools.cache
def module_path(module: str) -> str | None:
    """'referee.europa.logistics.supply' → 'referee/europa/logistics/supply.py' (None outside referee/ and
    ledger/)."""
    path = module.replace(".", "/") + ".py"
    return path if path.startswith(("referee/", "ledger/")) and (ROOT / path).is_file() else None


@functools.cache
def direct_calls(nodeid: str) -> frozenset[tuple[str, str]]:
    """(file, function) pairs the test's own body calls by a name its module imported from that
    file (``sp_income(...)`` after ``from referee.europa.logistics.supply import sp_income``, or
    ``supply.sp_income(...)`` after ``from referee.europa.logistics import supply``): a call written in the
    test itself, outside any nested function or lambda, runs when the test runs."""
    path, name = nodeid.split("::")
    return frozenset(direct_calls_in(_text(path), name))


def direct_calls_in(source: str, name: str) -> set[tuple[str, str]]:
    """`direct_calls` of the test function ``name`` in ``source``."""
    tree = parsed(source)
    names, modules = _bindings(source)
    test = next(
        (node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name),
        None,
    )
    if test is None:
        return set()
    return _calls(test, names, modules)


@functools.cache
def _bindings(source: str) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """The names a module's imports bind: to a (file, function), or to a module's file."""
    tree = parsed(source)
    names: dict[str, tuple[str, str]] = {}  # a name bound by an import → (file, function)
    modules: dict[str, str] = {}  # a name bound to a module → its file
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                bound = alias.asname or alias.name
                as_module = module_path(f"{node.module}.{alias.name}")
                if as_module:
                    modules[bound] = as_module
                elif (found := module_path(node.module)) is not None:
                    names[bound] = (found, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and (found := module_path(alias.name)) is not None:
                    modules[alias.asname] = found
    return names, modules


def _calls(
    test: ast.FunctionDef | ast.AsyncFunctionDef, names: dict[str, tuple[str, str]], modules: dict[str, str]
) -> set[tuple[str, str]]:
    """The (file, function) pairs a test's body calls through those bindings."""
    calls: set[tuple[str, str]] = set()
    stack: list[ast.AST] = list(test.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue  # a nested definition runs only if something calls it
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in names:
                calls.add(names[node.func.id])
            elif (
                isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in modules
            ):
                calls.add((modules[node.func.value.id], node.func.attr))
        stack.extend(ast.iter_child_nodes(node))
    return calls


def watched(every: list[Claim]) -> list[Claim]:
    """The claims no named test shows by a call in its own body: those the run must watch."""
    written = {test: direct_calls(test) for *_, named in every for test in named}
    return [claim for claim in every if not any((claim[1], claim[2]) in written[test] for test in claim[3])]


def unmet(every: list[Claim], reached: dict[str, set[tuple[str, str]]]) -> list[str]:
    """What each watched claim lacks, in the words of a failure: a claim whose named tests all ran
    (are keys of ``reached``: test → the (file, function) pairs it reached) and none of which
    reached its function. A claim with a test that did not run is left for a run that runs it."""
    return [
        f"{rule_id}: {path}: {name} is not called by {', '.join(named)}"
        for rule_id, path, name, named in watched(every)
        if all(test in reached for test in named) and not any((path, name) in reached[test] for test in named)
    ]
