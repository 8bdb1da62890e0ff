"""Watches, while the suite runs, which function each test named in docs/rules-coverage.md calls.

tests/rules_claims.py reads the claims (a done row's functions, and the tests that show them). The
functions no named test calls in its own body are marked in place when a session starts: each one's
code is swapped for a few lines that note the call and run the original (same parameters, same
defaults, so every caller, a handler table or a ``from x import f`` included, reaches the mark and
nothing else changes). A named test notes the marks it reaches; a worker writes them to the run's
folder when it ends, and the run (the xdist controller, or the one process) then checks every claim
whose tests all ran: a claim none of its tests reached fails the run, by rule ID.

Until issue 30 this check re-ran the named tests in a second pytest under a trace function, 45-67 s
of the suite's time; here they are watched where they run anyway, at the cost of a lookup a call.
Its hooks are the conftest's (tests/conftest.py imports them).
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import tempfile
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import rules_claims

FOLDER = "TURNLEDGER_CALLS_DIR"
"""Where each process of a run writes what its named tests reached (set by the run for its workers)."""

_REACHED: dict[str, set[tuple[str, str]]] = {}
"""Named test (file::name, parametrized cases merged) → the marked functions it reached."""
_CURRENT: list[set[tuple[str, str]] | None] = [None]
_NAMED: set[str] = set()
_PROBLEMS: list[str] = []
"""What could not be watched (a claim unreadable, a function that cannot be marked)."""


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def _is_controller(config: pytest.Config) -> bool:
    return config.pluginmanager.hasplugin("dsession")


def _functions_named(module: types.ModuleType, name: str) -> list[types.FunctionType]:
    """The plain functions called ``name`` in ``module``: at its top level or in its classes."""
    found: list[Any] = [vars(module)[name]] if name in vars(module) else []
    found += [
        vars(value)[name]
        for value in vars(module).values()
        if isinstance(value, type) and value.__module__ == module.__name__ and name in vars(value)
    ]
    functions = []
    for value in found:
        inner = value.__func__ if isinstance(value, staticmethod | classmethod) else value
        inner = inner.fget if isinstance(inner, property) else inner
        inner = getattr(inner, "__wrapped__", inner)  # functools.cache and the like keep the function
        if isinstance(inner, types.FunctionType):
            functions.append(inner)
    return functions


def _markable(function: types.FunctionType) -> bool:
    return not (
        function.__closure__
        or inspect.isgeneratorfunction(function)
        or inspect.iscoroutinefunction(function)
        or inspect.isasyncgenfunction(function)
    )


def _marked_code(code: types.CodeType, index: int) -> types.CodeType:
    """Code with ``code``'s parameters that notes mark ``index`` and returns the original's result."""
    names = code.co_varnames
    positional = list(names[: code.co_argcount])
    keyword_only = list(names[code.co_argcount : code.co_argcount + code.co_kwonlyargcount])
    rest = code.co_argcount + code.co_kwonlyargcount
    varargs = names[rest] if code.co_flags & inspect.CO_VARARGS else None
    varkw = names[rest + (1 if varargs else 0)] if code.co_flags & inspect.CO_VARKEYWORDS else None
    params = positional[: code.co_posonlyargcount] + (["/"] if code.co_posonlyargcount else [])
    params += positional[code.co_posonlyargcount :]
    params += [f"*{varargs}"] if varargs else (["*"] if keyword_only else [])
    params += keyword_only + ([f"**{varkw}"] if varkw else [])
    passed = positional + ([f"*{varargs}"] if varargs else []) + [f"{name}={name}" for name in keyword_only]
    passed += [f"**{varkw}"] if varkw else []
    source = (
        f"def {code.co_name}({', '.join(params)}):\n"
        f"    __calls_probe_seen__({index})\n"
        f"    return __calls_probe_originals__[{index}]({', '.join(passed)})\n"
    )
    space: dict[str, Any] = {}
    exec(compile(source, code.co_filename, "exec"), space)  # the probe's own text, made above
    marked: types.CodeType = space[code.co_name].__code__
    return marked.replace(co_name=code.co_name, co_qualname=code.co_qualname, co_firstlineno=code.co_firstlineno)


def _mark(targets: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """Mark every target function in place; returns the targets that could not be marked."""
    originals: list[Callable[..., Any]] = []
    keys: list[list[tuple[str, str]]] = []  # by mark: every target that names its function
    marked: dict[int, int] = {}  # id of a marked function → its mark (a function named twice)

    def seen(index: int) -> None:
        current = _CURRENT[0]
        if current is not None:
            current.update(keys[index])

    unmarked = []
    for path, name in sorted(targets):
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        functions = _functions_named(module, name)
        if not functions or not all(_markable(function) for function in functions):
            unmarked.append((path, name))
            continue
        for function in functions:
            if id(function) in marked:  # re-exported, or a class attribute too: marked once
                keys[marked[id(function)]].append((path, name))
                continue
            original = types.FunctionType(
                function.__code__, function.__globals__, function.__name__, function.__defaults__, None
            )
            original.__kwdefaults__ = function.__kwdefaults__
            marked[id(function)] = len(originals)
            originals.append(original)
            keys.append([(path, name)])
            function.__globals__["__calls_probe_seen__"] = seen
            function.__globals__["__calls_probe_originals__"] = originals
            function.__code__ = _marked_code(function.__code__, marked[id(function)])
    return unmarked


def pytest_configure(config: pytest.Config) -> None:
    """A run (not one of its workers) makes the folder its processes write to."""
    if not _is_worker(config):
        os.environ[FOLDER] = tempfile.mkdtemp(prefix="turnledger-calls-")


WATCHED_KEY = "turnledger_watched_claims"
"""The key under which the run hands its workers the watched claims (xdist's workerinput)."""


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """The run reads the claims once and hands them to each worker as it starts: reading them
    parses some two hundred test files for their calls, a second of CPU in every process."""
    try:
        node.workerinput[WATCHED_KEY] = [list(claim) for claim in rules_claims.watched(rules_claims.claims())]
    except (AssertionError, OSError, SyntaxError):
        return  # the worker reads them itself and reports why it could not


def _watched_claims(config: pytest.Config) -> list[rules_claims.Claim]:
    """The watched claims: as the run handed them over, or read here (one process, or a run that
    could not read them)."""
    handed = getattr(config, "workerinput", {}).get(WATCHED_KEY)
    if handed is not None:
        return [(rule_id, path, name, list(named)) for rule_id, path, name, named in handed]
    return rules_claims.watched(rules_claims.claims())


def pytest_sessionstart(session: pytest.Session) -> None:
    """Each process that runs tests marks the watched functions before the first test."""
    if _is_controller(session.config) or os.environ.get("MUTANT_UNDER_TEST"):
        return  # the controller runs no test; mutmut's runs check mutants, not the rows
    try:
        watched = _watched_claims(session.config)
    except (AssertionError, OSError, SyntaxError) as error:
        _PROBLEMS.append(f"docs/rules-coverage.md could not be read as claims: {error}")
        return
    _NAMED.update(test for *_, named in watched for test in named)
    unmarked = _mark({(path, name) for _, path, name, _ in watched})
    _PROBLEMS.extend(f"{path}: {name} cannot be watched (not a plain function)" for path, name in unmarked)


def _watching(item: pytest.Item) -> Iterator[None]:
    """Note the marks reached while a named test's phase runs (a fixture's set-up counts too)."""
    named = item.nodeid.split("[")[0]
    _CURRENT[0] = _REACHED.setdefault(named, set()) if named in _NAMED else None
    try:
        return (yield)
    finally:
        _CURRENT[0] = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _watching(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _watching(item))


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker writes what it saw; the run, once every worker has, judges the claims."""
    config = session.config
    folder = Path(os.environ[FOLDER])
    if not _is_controller(config):
        name = getattr(config, "workerinput", {}).get("workerid", "main")  # an xdist worker's id, or the one process
        seen = {"reached": {test: sorted(calls) for test, calls in _REACHED.items()}, "problems": _PROBLEMS}
        (folder / f"{name}.json").write_text(json.dumps(seen), encoding="utf-8")
    if _is_worker(config) or os.environ.get("MUTANT_UNDER_TEST"):
        return
    reached: dict[str, set[tuple[str, str]]] = {}
    problems: set[str] = set()
    for written in folder.glob("*.json"):
        seen = json.loads(written.read_text(encoding="utf-8"))
        problems.update(seen["problems"])
        for test, calls in seen["reached"].items():
            reached.setdefault(test, set()).update((path, name) for path, name in calls)
    try:
        missing = rules_claims.unmet(rules_claims.claims(), reached)
    except (AssertionError, OSError, SyntaxError) as error:
        missing = [f"docs/rules-coverage.md could not be read as claims: {error}"]
    failures = sorted(problems) + missing
    if failures:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep(
                "=", "docs/rules-coverage.md: named tests that do not run their rule's function", red=True
            )
            for line in failures:
                reporter.write_line(line)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
