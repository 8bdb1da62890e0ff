"""Figures sampled along the record, for the dashboard's trend lines (a read model)."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from itertools import tee
from typing import Any

from ledger.folding import replayed


def sample_series(
    entries: Iterable[dict[str, Any]],
    head: int,
    trends: Callable[[Any], dict[str, int]],
    points: int = 120,
    undone: Container[int] = (),
) -> dict[str, list[int]]:
    """Fold every entry once and keep about ``points`` samples of each figure the game trends.

    No sample is taken at an entry a rollback has undone (``undone``): the lines show the campaign
    as it stands, not figures the table took back."""
    step = max(1, head // points)
    series: dict[str, list[int]] = {}
    read, folded = tee(entries)  # the entry and the state after it, one entry apart at most
    for entry, state in zip(read, replayed(folded), strict=True):
        number = entry["number"]
        if (number % step == 0 or number == head) and number not in undone:
            for name, value in trends(state).items():
                series.setdefault(name, []).append(value)
    return series
