"""Form set-ups every game shares (isolation attrition of the phasing side)."""

from __future__ import annotations

from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.state import BaseState


def phasing_side(state: BaseState, what: str) -> str:
    """The side whose player turn it is, or a refusal naming what belongs to a player turn."""
    calendar = state.table.calendar
    if not calendar.player:
        raise IllegalOrderError(f"{what} belongs to a player turn; it is now {calendar.phase}")
    return calendar.player


def isolation_setup(state: BaseState, *, rule_line: str, by_strength: bool) -> dict[str, Any]:
    """The side rolling, the game's rule in one line, what the form asks, and the weather regions
    (zones) with their weather."""
    return {
        "side": phasing_side(state, "isolation attrition"),
        "rule_line": rule_line,
        "by_strength": by_strength,
        "regions": dict(state.table.weather),
    }
