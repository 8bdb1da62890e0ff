"""Third Reich isolation attrition (H-40, H-41 [004]): the hex is eliminated at once, so the
ruling lists the units and nothing is owed."""

from __future__ import annotations

from typing import Any

from referee.common import commands as c
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.isolation import conditions, roll_attrition
from referee.common.ruling import Ruling
from referee.third_reich.attrition import command_phases as ph
from referee.third_reich.attrition import isolation as reich_isolation
from referee.third_reich.common.state import ReichState


def resolve_attrition(command: c.ResolveIsolationAttrition, ctx: Context[ReichState]) -> Decision:
    """H-40, H-41 [004]: every unit in the hex is eliminated on a modified 7 or less."""
    roll = roll_attrition(command, ctx)
    calendar = ctx.state.table.calendar
    ph.ISOLATION.require(ctx.state, command.side)
    if command.winter:
        raise IllegalOrderError(
            "Third Reich isolation attrition counts the weather of the hex's region, not a winter flag (H-41)"
        )
    weather = "Clear"
    if command.region is not None:
        if command.region not in ctx.state.table.weather:
            raise IllegalOrderError(
                f"there is no weather region {command.region!r}; regions: {', '.join(ctx.state.table.weather)}"
            )
        weather = ctx.state.table.weather[command.region]
    outcome = reich_isolation.attrition(
        conditions(command), weather=weather, summer=calendar.label.startswith("Summer"), roll=roll["total"]
    )
    units = ", ".join(command.units) or "the units in the hex"
    summary = f"isolation attrition {command.hex}: modified {outcome.modified}, " + (
        f"{units} eliminated (back to the force pool)" if outcome.eliminated else "no loss"
    )
    return Decision(Ruling(summary=summary, steps=outcome.steps), [], [roll])


ISOLATION_HANDLERS: dict[type[Any], Any] = {c.ResolveIsolationAttrition: resolve_attrition}
