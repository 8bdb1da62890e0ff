"""Second Front fortifications (Rule 30A4): one entry per placement, change of hands, Westwall
restoration or improvement (`referee.europa.second_front.westwall_handlers`), each ruling citing F-20..F-26
[003]. A refused command changes nothing."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.europa.common.state import EuropaState
from referee.europa.second_front import commands as fc
from referee.europa.second_front import events as fe
from referee.europa.second_front import fortifications as ft
from referee.europa.second_front.playtest import fort_build_turns
from referee.europa.second_front.westwall_handlers import AXIS, WESTWALL_HANDLERS, allied_initial, marker


def _side(state: EuropaState, side: str) -> None:
    if side not in state.identity.sides:
        raise IllegalOrderError(f"{side!r} is not a side; sides: {', '.join(state.identity.sides)}")


def place(command: fc.PlaceFortification, ctx: Context[EuropaState]) -> Decision:
    """F-20..F-25 [003]: a fortification set up as the order of battle gives it, or a fort built (F-26)."""
    state, chart = ctx.state, ft.pinned_fortifications(ctx.state)
    _side(state, command.side)
    hexside = command.fortification == "fortified_hexside"
    held = marker(state, fe.FORT, command.hex) or marker(state, fe.WESTWALL, command.hex)
    if held is not None:
        raise IllegalOrderError(f"{command.hex} already holds a fortification ({held}); a correction is a rollback")
    if command.origin == "built":
        steps = _built(command, state.table.calendar.turn)
    elif command.begun is not None or command.quick_construction:
        raise IllegalOrderError("begun and quick_construction are for a fort built in play (F-26 [003])")
    else:
        steps = []
    if command.fortification == "westwall":
        if command.level is None or command.condition not in (None, "unimproved"):
            raise IllegalOrderError("a Westwall hex is placed with its level 1-3 and starts unimproved (F-25 [003])")
        row, level = "westwall", command.level
        steps.append(Step(text=f"Westwall [{level}] starts unimproved", rule="F-25 [003]"))
        shown = chart.types["unimproved_westwall"]
    else:
        if command.level is not None:
            raise IllegalOrderError("only a Westwall hex has a level (F-20 [003])")
        (row, step), level = ft.placeable(command.fortification, command.condition), None
        steps.append(step)
        shown = chart.types[row]
    steps.append(Step(text=f"{shown.label}: {ft.describe(shown)}", rule=shown.rule))
    event = fe.FortificationPlaced(place=command.hex, row=row, level=level, owner=None if hexside else command.side)
    summary = f"{shown.label}{f' (level {level})' if level else ''} at {command.hex} ({command.side})"
    return Decision(Ruling(summary=summary, steps=[s for s in steps if s.text]), [event])


def _built(command: fc.PlaceFortification, turn: int) -> list[Step]:
    if command.fortification != "fort":
        raise IllegalOrderError(
            "only a fort counter is built in play; other fortifications come with the order of battle "
            "(F-22, F-26 [003])"
        )
    if command.begun is None:
        raise IllegalOrderError("a built fort names the game turn its construction began (begun, F-26 [003])")
    turns, step = fort_build_turns(command.quick_construction)
    if turn < command.begun + turns:
        raise IllegalOrderError(
            f"a fort begun on turn {command.begun} is built on turn {command.begun + turns}; it is now turn {turn} "
            "(F-26 [003])"
        )
    return [step]


def record_ownership(command: fc.RecordHexOwnership, ctx: Context[EuropaState]) -> Decision:
    """F-21, F-22, F-24, F-25 [003]: the side that now owns a hex, and what its fortification becomes."""
    state = ctx.state
    _side(state, command.owner)
    before = marker(state, fe.OWNER, command.hex)
    if before == command.owner:
        raise IllegalOrderError(f"{command.owner} already owns {command.hex}")
    events: list[ev.DomainEvent] = [fe.HexOwnershipRecorded(place=command.hex, owner=command.owner)]
    steps = [Step(text=f"{command.hex}: owner {before or 'not recorded'} → {command.owner}")]
    row = marker(state, fe.FORT, command.hex)
    if row is not None and before is None:
        steps.append(Step(text=f"no earlier owner was recorded: the {row.replace('_', ' ')} stays as it is"))
    elif row is not None:
        new, step = ft.on_enemy_ownership(row)
        steps.append(step)
        if new != row:
            events.append(fe.FortificationChanged(place=command.hex, row=new))
    westwall = marker(state, fe.WESTWALL, command.hex)
    if westwall is not None and command.owner != AXIS:
        if not ft.read_westwall(westwall)[1]:
            steps.append(Step(text="an unimproved Westwall hex keeps its condition and effects", rule="F-25 [003]"))
        elif allied_initial(state, command.owner):
            events.append(fe.WestwallConditionChanged(place=command.hex, improved=False))
            steps.append(Step(text=f"{command.owner} owns it in its Initial phase: now unimproved", rule="F-25 [003]"))
        else:
            steps.append(
                Step(
                    text=f"stays improved until the {command.owner} Initial phase, when an Allied-owned Westwall hex "
                    'becomes unimproved (record {"kind": "ReviewAlliedWestwall"} then)',
                    rule="F-25 [003]",
                )
            )
    summary = f"{command.owner} owns {command.hex}"
    for event in events:
        if isinstance(event, fe.FortificationChanged):
            was = (row or "").replace("_", " ")
            summary += f"; the {was} becomes {event.row.replace('_', ' ')}" if event.row else f"; the {was} leaves play"
        elif isinstance(event, fe.WestwallConditionChanged):
            summary += "; its Westwall is now unimproved"
    return Decision(Ruling(summary=summary, steps=steps), events)


def placed_rows(state: EuropaState, hex_: str) -> list[str]:
    """The fortification chart rows placed in a hex: its fort counter, fortress, ouvrage... and its
    Westwall level in its condition (F-20, F-25 [003])."""
    rows = [row for row in [marker(state, fe.FORT, hex_)] if row]
    westwall = marker(state, fe.WESTWALL, hex_)
    if westwall is not None:
        rows.append(ft.westwall_row(*ft.read_westwall(westwall)))
    return rows


def check_effects(command: fc.CheckFortificationEffects, ctx: Context[EuropaState]) -> Decision:
    """F-20 [003]: the effects an attack into a hex meets, a crossed fortified hexside combined."""
    state = ctx.state
    rows = placed_rows(state, command.hex)
    if command.hexside is not None:
        side_row = marker(state, fe.FORT, command.hexside)
        if side_row is None:
            raise IllegalOrderError(f"hexside {command.hexside} holds no fortification")
        rows.insert(0, side_row)
    if not rows:
        return Decision(Ruling(summary=f"{command.hex}: no fortification; the terrain alone", steps=[]), [])
    effect = ft.fortification_effects(rows, ft.pinned_fortifications(state))
    summary = f"{command.hex}: " + ft.describe(effect)
    return Decision(Ruling(summary=summary, steps=effect.steps), [])


FORTIFICATION_HANDLERS: dict[type[Any], Any] = {
    fc.PlaceFortification: place,
    fc.RecordHexOwnership: record_ownership,
    fc.CheckFortificationEffects: check_effects,
    **WESTWALL_HANDLERS,
}
