"""ReceiveReinforcements: the phasing side's arrivals of the turn, read off the pinned schedule (K-11).

Units join the side's roster (a unit already registered is left as it is), Replacement Points go
to each nation's track and Resource Points to the side's stock, in the side's Initial phase, once a
turn. During a Westwall emergency restoration the Axis forfeits its Resource Point reinforcements
(F-25 [003]): they are not credited, and the ruling says how many were lost. What the campaign does
not keep (a nation without a track, a side without Resource Points) is named, never silently lost.
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.phases import require_phase
from referee.common.ruling import Ruling, Step
from referee.common.state import Unit
from referee.europa.air.interface import arrival_air
from referee.europa.common import command_phases as ph
from referee.europa.common.state import EuropaState
from referee.europa.logistics.interface import ReplacementsCredited, ResourcePointsCredited
from referee.europa.order_of_battle.commands import ReceiveReinforcements
from referee.europa.order_of_battle.garrison_handlers import withdrawal_events
from referee.europa.order_of_battle.reinforcements import Arrival, pinned_reinforcements
from referee.europa.second_front.interface import AXIS, resource_reinforcements_forfeited

RECEIVED = "reinforcements:{side}"
"""The step marking that a side took this turn's reinforcements (once a turn)."""
RULE = "K-11"


def _units(state: EuropaState, side: str, arrival: Arrival) -> tuple[list[ev.DomainEvent], list[Step]]:
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    registered = {unit_id for roster in state.rosters.values() for unit_id in roster.units}
    for unit in arrival.units:
        if unit.unit_id in registered:
            steps.append(Step(text=f"{unit.name} ({unit.unit_id}) is registered already: left as it is", rule=RULE))
            continue
        events.append(ev.UnitRegistered(side=side, unit=Unit(**unit.model_dump())))
        where = f" at {unit.location}" if unit.location else ""
        steps.append(Step(text=f"{unit.name} ({unit.unit_id}, {unit.nation}) arrives{where}", rule=RULE))
    roster = state.rosters.get(side)
    for unit_id in arrival.withdrawals:
        leaving = roster.units.get(unit_id) if roster else None
        name = f"{leaving.name} ({unit_id})" if leaving else unit_id
        kept = "marked withdrawn in the roster" if leaving else "not in the roster"
        steps.append(Step(text=f"{name} is withdrawn: take it off the map ({kept})", rule=RULE))
    return events, steps


def _replacements(state: EuropaState, arrival: Arrival) -> tuple[list[ev.DomainEvent], list[Step]]:
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    for nation, kinds in arrival.replacements.items():
        track = state.replacement_tracks.get(nation)
        for kind, points in kinds.items():
            if track is None or kind not in track.points:
                why = f"{nation} keeps no replacement track" if track is None else f"{nation} has no {kind} RPs"
                steps.append(Step(text=f"{points} {kind} RPs for {nation}: {why} here, not credited", rule=RULE))
                continue
            events.append(ReplacementsCredited(nation=nation, kind=kind, amount=points, reason="reinforcements"))
            steps.append(Step(text=f"{nation}: +{points} {kind} RPs", rule=RULE))
    return events, steps


def _resource_points(
    state: EuropaState, side: str, arrival: Arrival, forfeited: Step | None
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """Resource Points arriving (Resource, not Replacement, Points), or forfeited (F-25 [003])."""
    if not arrival.resource_points:
        return [], []
    shown = ", ".join(f"{location} {points}" for location, points in arrival.resource_points.items())
    total = sum(arrival.resource_points.values())
    if forfeited is not None:
        text = f"{forfeited.text}: the {total} Resource Points due ({shown}) are forfeited"
        return [], [Step(text=text, rule=forfeited.rule)]
    if side not in state.resource_points:
        return [], [Step(text=f"{side} keeps no Resource Points here: {shown} not credited", rule=RULE)]
    events: list[ev.DomainEvent] = [
        ResourcePointsCredited(side=side, location=location, amount=points, reason="reinforcements")
        for location, points in arrival.resource_points.items()
    ]
    return events, [Step(text=f"{side} Resource Points: +{total} ({shown})", rule=RULE)]


def receive_reinforcements(command: ReceiveReinforcements, ctx: Context[EuropaState]) -> Decision:
    """K-11: the schedule's arrivals of the side's turn; F-25 [003]: the Axis Resource Points
    forfeited in the two Initial phases of a Westwall emergency restoration."""
    state = ctx.state
    require_phase(state, command.side, *ph.REINFORCEMENTS.args)
    calendar = state.table.calendar
    marker = RECEIVED.format(side=command.side)
    if marker in calendar.steps_done:
        raise IllegalOrderError(f"{command.side} already took its reinforcements in {calendar.label}")
    chart = pinned_reinforcements(state)
    due = chart.due(command.side, calendar.turn)
    forfeited = resource_reinforcements_forfeited(state, calendar.turn) if command.side == AXIS else None
    steps = [Step(text=f"schedule: {chart.title}", rule=RULE + (" (provisional)" if chart.provisional else ""))]
    events: list[ev.DomainEvent] = []
    for arrival in due:
        if arrival.note:
            steps.append(Step(text=arrival.note, rule=RULE))
        for found in (
            _units(state, command.side, arrival),
            _replacements(state, arrival),
            _resource_points(state, command.side, arrival, forfeited),
            arrival_air(state, command.side, arrival, command.actor, events),
            (withdrawal_events(state, arrival, command.actor), []),
        ):
            events += found[0]
            steps += found[1]
    events.append(ev.StepCompleted(step=marker))
    if not due:
        summary = f"no reinforcements are scheduled for {command.side} in {calendar.label}"
    else:
        arrived = sum(1 for event in events if isinstance(event, ev.UnitRegistered))
        credited = sum(event.amount for event in events if isinstance(event, ResourcePointsCredited))
        lost = sum(sum(arrival.resource_points.values()) for arrival in due) if forfeited else 0
        summary = f"{command.side} reinforcements of {calendar.label}: {arrived} unit(s)"
        summary += f", {credited} Resource Points" if credited else ""
        summary += f", {lost} Resource Points forfeited (Westwall emergency restoration)" if lost else ""
    return Decision(Ruling(summary=summary, steps=steps), events)


REINFORCEMENT_HANDLERS: dict[type[Any], Any] = {ReceiveReinforcements: receive_reinforcements}
