"""Garrisons and withdrawals of the order of battle (RULES K-11).

The printed orders of battle require garrisons in some areas and withdraw units on a schedule;
neither is in the source texts. The reinforcement schedule chart holds both (its ``garrisons``
and each arrival's ``withdrawals``, provisional in the bundled example). `CheckGarrison` holds a
side's stated garrison to the chart's requirement for the turn; a withdrawn unit, which
`ReceiveReinforcements` marks (the ``withdrawn`` fact), no longer counts in a garrison or fires AA.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from referee.common import events as ev
from referee.common.command_base import Command, Name
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import stated
from referee.common.ruling import Ruling, Step
from referee.europa.common.state import EuropaState
from referee.europa.order_of_battle.reinforcements import Arrival, pinned_reinforcements


class CheckGarrison(Command):
    """A side's garrison in an area against what the order of battle requires this turn (K-11)."""

    kind: Literal["CheckGarrison"] = "CheckGarrison"
    side: Name
    area: Name = Field(description="the area as the schedule's garrisons name it")
    res: int = Field(ge=0, le=400, description="REs of ground units in the area")
    units: list[Name] = Field(default_factory=list, max_length=100, description="their unit ids, if registered")


def is_withdrawn(state: EuropaState, unit_id: str) -> bool:
    """K-11: the unit left play on the schedule (`ReceiveReinforcements`, or stated)."""
    found = stated(state, "withdrawn", unit_id)
    return found is not None and found.value == "yes"


def withdrawal_events(state: EuropaState, arrival: Arrival, actor: str) -> list[ev.DomainEvent]:
    """K-11: each registered unit the arrival withdraws is marked withdrawn in the book."""
    registered = {unit_id for roster in state.rosters.values() for unit_id in roster.units}
    return [
        ev.FactStated(fact="withdrawn", subject=unit_id, value="yes", stated_by=actor)
        for unit_id in arrival.withdrawals
        if unit_id in registered
    ]


def check_garrison(command: CheckGarrison, ctx: Context[EuropaState]) -> Decision:
    """K-11: the chart's garrison for the side and area this turn; refused when short, or when a unit
    named has been withdrawn or eliminated."""
    state = ctx.state
    chart = pinned_reinforcements(state)
    calendar = state.table.calendar
    required = chart.garrison(command.side, command.area, calendar.turn)
    rule = "K-11" + (" (provisional)" if chart.provisional else "")
    if required is None:
        return Decision(
            Ruling(
                summary=f"{command.side} owes no garrison in {command.area} in {calendar.label}",
                steps=[Step(text=f"schedule: {chart.title}", rule=rule)],
            ),
            [],
        )
    roster = state.rosters.get(command.side)
    for unit_id in command.units:
        unit = roster.units.get(unit_id) if roster else None
        if unit is None:
            raise IllegalOrderError(f"{command.side} has no unit {unit_id!r}")
        if is_withdrawn(state, unit_id) or unit.status == "eliminated":
            why = "withdrawn" if is_withdrawn(state, unit_id) else "eliminated"
            raise IllegalOrderError(f"{unit.name} ({unit_id}) is {why}: it garrisons nothing (K-11)")
    if command.res < required.res:
        raise IllegalOrderError(
            f"{command.area} needs a garrison of {required.res} REs from {required.first} to {required.last}; "
            f"{command.side} holds {command.res} there (K-11)"
        )
    steps = [Step(text=f"{command.area}: {required.res} REs required {required.first} to {required.last}", rule=rule)]
    if required.note:
        steps.append(Step(text=required.note, rule=rule))
    summary = f"{command.side} garrison in {command.area}: {command.res} of {required.res} REs required"
    return Decision(Ruling(summary=summary, steps=steps), [])


GARRISON_COMMANDS: tuple[type[Command], ...] = (CheckGarrison,)
GARRISON_HANDLERS: dict[type[Any], Any] = {CheckGarrison: check_garrison}
