"""Helpers shared by the tests (importable because pytest puts tests/ on the path)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone


class TickingClock:
    """A deterministic clock: one second later at every reading."""

    def __init__(self) -> None:
        self.now = datetime(1941, 6, 22, 3, 15, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now
