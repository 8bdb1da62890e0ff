"""A pytest plugin that records which functions of ledger/ and referee/ each test calls.

Used by tests/test_rules_coverage.py (like coverage's per-test contexts, but by function):
``python -m pytest -p calls_probe TESTS``, with ``CALLS_PROBE_OUT`` naming the JSON file to
write: ``{test node id: [[file relative to the root, function name], ...]}``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
_ROOMS = tuple(str(ROOT / room) + os.sep for room in ("referee", "ledger"))
_CALLS: dict[str, set[tuple[str, str]]] = {}


def _recording(item: pytest.Item) -> Iterator[None]:
    """Record the calls made while the wrapped phase runs (a fixture's set-up counts too)."""
    seen = _CALLS.setdefault(item.nodeid, set())

    def trace(frame: FrameType, event: str, arg: Any) -> None:
        # A global trace function sees each Python call once and, returning None, traces no lines
        # inside it: cheaper than a profile function, which also sees every C call and return.
        code = frame.f_code
        if code.co_filename.startswith(_ROOMS):
            seen.add((code.co_filename, code.co_name))

    sys.settrace(trace)
    try:
        return (yield)
    finally:
        sys.settrace(None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _recording(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _recording(item))


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get("CALLS_PROBE_OUT")
    if out:
        data = {
            nodeid: sorted({(str(Path(path).relative_to(ROOT)), name) for path, name in calls})
            for nodeid, calls in _CALLS.items()
        }
        Path(out).write_text(json.dumps(data), encoding="utf-8")
