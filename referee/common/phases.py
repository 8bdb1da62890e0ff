"""The check every game makes before a command of the sequence of play: is it this side's phase?"""

from __future__ import annotations

from referee.common.errors import IllegalOrderError
from referee.common.state import BaseState


def require_phase(state: BaseState, side: str, phases: tuple[str, ...], what: str, rule: str) -> None:
    """Refuse unless it is ``side``'s player turn and one of ``phases`` (the rule is cited)."""
    calendar = state.table.calendar
    if calendar.player != side or calendar.phase not in phases:
        now = f"{calendar.player + ' ' if calendar.player else ''}{calendar.phase} phase"
        raise IllegalOrderError(
            f"{what} happens in the {side} {' or '.join(phases)} phase ({rule}); it is now the {now} of "
            f"{calendar.label}"
        )
