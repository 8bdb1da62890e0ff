"""The year-start form as the console asks for it: the powers whose year start is still due and
the lend lease routes they may grant on (A-53, G-10, G-55..G-60 [004])."""

from __future__ import annotations

from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.forms import FormSpec
from referee.third_reich.common.context import powers_in_movement_order
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy import command_phases as ph


def _year_start(state: ReichState) -> dict[str, Any]:
    calendar = state.table.calendar
    if calendar.phase not in ph.YEAR_START.phases:
        raise IllegalOrderError(
            "the year start belongs to the Year Start phase of a Spring turn; "
            f"it is now {calendar.label}, {calendar.phase}"
        )
    pending = [power for power in powers_in_movement_order(state) if f"year_start:{power}" not in calendar.steps_done]
    return {"pending": pending, "routes": state.identity.tables.get("economy", {}).get("lend_lease", {})}


FORM = FormSpec("year_start", "the year start", _year_start)
