"""Account figures sampled along the record, for trend charts (a read model)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.common.fold import apply_entry
from referee.common.state import GameState


def figures_of(state: GameState) -> dict[str, int]:
    """The figures worth a trend line: SP stockpiles and BRP totals."""
    figures = {f"{side} SP": pool.stockpile for side, pool in state.supply_pools.items()}
    figures.update({f"{power} BRP": economy.total for power, economy in state.brp_economies.items() if economy.active})
    return figures


def sample_series(entries: Iterable[dict[str, Any]], head: int, points: int = 120) -> dict[str, list[int]]:
    """Fold every entry once and keep about ``points`` samples of each figure."""
    step = max(1, head // points)
    series: dict[str, list[int]] = {}
    state: GameState | None = None
    for entry in entries:
        state = apply_entry(state, entry)
        number = entry["number"]
        if number % step == 0 or number == head:
            for name, value in figures_of(state).items():
                series.setdefault(name, []).append(value)
    return series
