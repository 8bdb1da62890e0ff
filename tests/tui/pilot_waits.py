"""Waiting in a Pilot test for what matters, not for a time (issue 30: on a loaded machine a
worker's result or a mounted row arrives after one `pilot.pause()`, and a test that read it then
failed only there)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

PATIENCE_S = 60.0
"""How long a condition may take on a very busy machine before the wait gives up (a bound, never
a sleep: the wait ends on the frame where the condition holds)."""


async def until(pilot: Any, condition: Callable[[], bool], patience: float = PATIENCE_S) -> bool:
    """Pause frame by frame, letting the app's workers finish, until ``condition`` holds; whether
    it did."""
    deadline = time.monotonic() + patience
    while not condition():
        if time.monotonic() > deadline:
            return condition()
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    return True
