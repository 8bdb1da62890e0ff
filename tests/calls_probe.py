"""A pytest plugin that records which functions of ledger/ and referee/ each test calls.

Used by tests/test_rules_coverage.py (like coverage's per-test contexts, but by function):
``python -m pytest -p calls_probe TESTS``, with ``CALLS_PROBE_OUT`` naming the JSON file to
write: ``{test node id: [[file relative to the root, function name], ...]}``.

With ``CALLS_PROBE_TARGETS`` (a JSON file of ``[[file, function], ...]``) only those functions
are watched, and each is marked in place: its code is swapped for a few lines that note the call
and run the original (same parameters, same defaults, so every caller, a handler table or a
``from x import f`` included, reaches the mark). The tests then run at their own speed; a trace
function, which sees every Python call, doubled them (the probe took 67 s of the suite's time).
A target that cannot be marked so (a nested function, a generator, a coroutine) is watched with
the trace function instead, for the whole run.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
_ROOMS = tuple(str(ROOT / room) + os.sep for room in ("referee", "ledger"))
_CALLS: dict[str, set[tuple[str, str]]] = {}
_CURRENT: list[set[tuple[str, str]] | None] = [None]
_TRACE = [True]
"""Whether the trace function is needed: always without targets, else for unmarkable ones."""

_VARARGS, _VARKEYWORDS = inspect.CO_VARARGS, inspect.CO_VARKEYWORDS


def _recording(item: pytest.Item) -> Iterator[None]:
    """Record the calls made while the wrapped phase runs (a fixture's set-up counts too)."""
    seen = _CALLS.setdefault(item.nodeid, set())

    def trace(frame: FrameType, event: str, arg: Any) -> None:
        # A global trace function sees each Python call once and, returning None, traces no lines
        # inside it: cheaper than a profile function, which also sees every C call and return.
        code = frame.f_code
        if code.co_filename.startswith(_ROOMS):
            seen.add((code.co_filename, code.co_name))

    _CURRENT[0] = seen
    if _TRACE[0]:
        sys.settrace(trace)
    try:
        return (yield)
    finally:
        sys.settrace(None)
        _CURRENT[0] = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _recording(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _recording(item))


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
    """Code with ``code``'s parameters that notes call ``index`` and returns the original's result."""
    names = code.co_varnames
    positional = list(names[: code.co_argcount])
    keyword_only = list(names[code.co_argcount : code.co_argcount + code.co_kwonlyargcount])
    rest = code.co_argcount + code.co_kwonlyargcount
    varargs = names[rest] if code.co_flags & _VARARGS else None
    varkw = names[rest + (1 if varargs else 0)] if code.co_flags & _VARKEYWORDS else None
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


def _mark(targets: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Mark every target function in place; returns the targets that could not be marked."""
    originals: list[Callable[..., Any]] = []
    keys: list[list[tuple[str, str]]] = []  # by mark: every target that names its function
    marked: dict[int, int] = {}  # id of a marked function → its mark (a function named twice)

    def seen(index: int) -> None:
        current = _CURRENT[0]
        if current is not None:
            current.update(keys[index])

    unmarked = []
    for path, name in targets:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        functions = _functions_named(module, name)
        if not functions or not all(_markable(function) for function in functions):
            unmarked.append((path, name))
            continue
        for function in functions:
            key = (str(ROOT / path), name)
            if id(function) in marked:  # re-exported, or a class attribute too: marked once
                keys[marked[id(function)]].append(key)
                continue
            original = types.FunctionType(
                function.__code__, function.__globals__, function.__name__, function.__defaults__, None
            )
            original.__kwdefaults__ = function.__kwdefaults__
            marked[id(function)] = len(originals)
            originals.append(original)
            keys.append([key])
            function.__globals__["__calls_probe_seen__"] = seen
            function.__globals__["__calls_probe_originals__"] = originals
            function.__code__ = _marked_code(function.__code__, marked[id(function)])
    return unmarked


def pytest_sessionstart(session: pytest.Session) -> None:
    targets = os.environ.get("CALLS_PROBE_TARGETS")
    if targets:
        wanted = [(path, name) for path, name in json.loads(Path(targets).read_text(encoding="utf-8"))]
        _TRACE[0] = bool(_mark(wanted))


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get("CALLS_PROBE_OUT")
    if out:
        data = {
            nodeid: sorted({(str(Path(path).relative_to(ROOT)), name) for path, name in calls})
            for nodeid, calls in _CALLS.items()
        }
        Path(out).write_text(json.dumps(data), encoding="utf-8")
