"""Figures sampled along the record, for the dashboard's trend lines (a read model)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ledger.folding import Fold, fold_for


def sample_series(
    entries: Iterable[dict[str, Any]], head: int, trends: Callable[[Any], dict[str, int]], points: int = 120
) -> dict[str, list[int]]:
    """Fold every entry once and keep about ``points`` samples of each figure the game trends."""
    step = max(1, head // points)
    series: dict[str, list[int]] = {}
    state: Any = None
    fold: Fold | None = None
    for entry in entries:
        if fold is None:
            fold = fold_for(entry)
            state = fold.open(entry)
        else:
            state = fold.apply(state, entry)
        number = entry["number"]
        if number % step == 0 or number == head:
            for name, value in trends(state).items():
                series.setdefault(name, []).append(value)
    return series
