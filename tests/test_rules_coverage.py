"""docs/rules-coverage.md lists every rule ID of the sections issues #3 and #4 name, and its tests exist."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COVERAGE = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
ROWS = {match.group(1): match.group(0) for match in re.finditer(r"^\| ([A-Z]-\d+[a-z]?) \|.*$", COVERAGE, re.M)}


def expected_ids(issue: int) -> list[str]:
    lines = (ROOT / "tests" / "data" / f"rule-ids-issue-{issue}.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(("issue", "at_least"), [(3, 200), (4, 130), (5, 80), (14, 50), (15, 100), (16, 80)])
def test_no_rule_id_of_the_issues_sections_is_missing(issue: int, at_least: int) -> None:
    ids = expected_ids(issue)
    assert len(ids) > at_least
    missing = [rule_id for rule_id in ids if rule_id not in ROWS]
    assert not missing, f"add these rule IDs to docs/rules-coverage.md: {missing}"


def test_no_europa_rule_waits_for_the_map_or_is_refused_under_001() -> None:
    """Issue 15: the book holds no map, so what the players read off it is a referee-stated fact
    the rules consume; and 001 is a ruleset with options, not refusals. A row still "not yet"
    gives a reason a referee would accept (a table the text does not print, say)."""
    for rule_id in expected_ids(15):
        cells = [cell.strip() for cell in ROWS[rule_id].strip("|").split("|")]
        if cells[1] not in ("not yet", "partial"):
            continue
        reason = cells[3].lower()
        assert "needs the map" not in reason and "need the map" not in reason, f"{rule_id}: {cells[3]}"
        assert not re.search(r"001.*refused|refused.*001", reason), f"{rule_id}: {cells[3]}"


def test_every_named_test_exists() -> None:
    named = re.findall(r"(tests/[\w/]+\.py)::(test_\w+)", COVERAGE)
    assert len(named) > 100
    for path, function in named:
        assert f"def {function}(" in (ROOT / path).read_text(encoding="utf-8"), f"{path}::{function} does not exist"


def test_done_rows_name_a_test_and_other_rows_a_reason() -> None:
    for rule_id, row in ROWS.items():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        status, reason = cells[1], cells[3]
        assert status in {"done", "partial", "not yet", "other issue"}, rule_id
        assert reason, f"{rule_id} has no test or reason"


IMPLEMENTED = re.compile(r"((?:referee|ledger)/[\w/]+\.py): ([\w, ]+)")
"""A file and the names after it: 'referee/europa/supply.py: sp_income, weather_cut'."""
NAMED = re.compile(r"(tests/[\w/]+\.py)::(test_\w+)")


def _defined_in(path: str) -> tuple[set[str], set[str]]:
    """(functions, every other name defined at any level: classes, constants) of a module."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
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


def _claims() -> list[tuple[str, str, str, list[str]]]:
    """(rule ID, implementing file, function, the tests named for it) for each done row that names
    a function of referee/ or ledger/ and at least one test."""
    claims = []
    for rule_id, row in ROWS.items():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if cells[1] != "done":
            continue
        tests = [f"{path}::{name}" for path, name in NAMED.findall(cells[3])]
        for path, names in IMPLEMENTED.findall(cells[2]):
            functions, others = _defined_in(path)
            for name in (part.strip() for part in names.split(",")):
                if not name.isidentifier():
                    continue  # words after the names ("_retreats says what ...")
                assert name in functions | others, f"{rule_id}: {path} defines no {name!r}"
                if name in functions and tests:
                    claims.append((rule_id, path, name, tests))
    return claims


def _probe(tests: list[str], out: Path) -> dict[str, set[tuple[str, str]]]:
    """Run ``tests`` under tests/calls_probe.py: the (file, function) pairs each test function
    calls, by test (parametrized cases merged)."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "calls_probe", "-p", "no:cacheprovider", "-p", "no:xdist", *tests],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "CALLS_PROBE_OUT": str(out)},
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    calls: dict[str, list[list[str]]] = json.loads(out.read_text(encoding="utf-8"))
    by_test: dict[str, set[tuple[str, str]]] = {}
    for nodeid, called in calls.items():
        by_test.setdefault(nodeid.split("[")[0], set()).update((path, name) for path, name in called)
    return by_test


def test_each_named_test_runs_the_function_that_implements_its_rule(tmp_path: Path) -> None:
    """Not only that the test exists: running it calls the function the row names (recorded per
    test by tests/calls_probe.py, like coverage contexts by function). The first test a row names
    is run first; a row's other tests only where that one does not call the function, a console
    test only where no other test of the row does (the trace doubles a test's time, so the suite
    runs no test it need not)."""
    claims = _claims()
    assert len(claims) > 60
    by_test: dict[str, set[tuple[str, str]]] = {}
    rounds: list[Callable[[list[str]], list[str]]] = [
        lambda named: named[:1],  # the row's first test
        lambda named: [test for test in named[1:] if not test.startswith("tests/tui/")],
        lambda named: named[1:],  # a console test (seconds each, traced) only where nothing else calls it
    ]
    for index, tests_of in enumerate(rounds):
        unmet = [claim for claim in claims if not any((claim[1], claim[2]) in by_test.get(t, set()) for t in claim[3])]
        wanted = sorted({test for *_, named in unmet for test in tests_of(named)} - set(by_test))
        if wanted:
            by_test.update(_probe(wanted, tmp_path / f"round-{index}.json"))
    missing = [
        f"{rule_id}: {path}: {name} is not called by {', '.join(named)}"
        for rule_id, path, name, named in claims
        if not any((path, name) in by_test.get(test, set()) for test in named)
    ]
    assert not missing
