"""Second Front Westwall (Rule 30A4e, RULES F-25 [003]): Allied-owned hexes degrade in the Allied
Initial phase, the once-per-game emergency restoration, and hex-by-hex improvement for 2 Resource
Points. A refused command changes nothing."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.calendar import turn_label
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated_yes
from referee.common.phases import require_phase
from referee.common.ruling import Ruling, Step
from referee.europa.common import command_phases as ph
from referee.europa.common.state import EuropaState
from referee.europa.logistics.interface import ResourcePointsDebited
from referee.europa.second_front import commands as fc
from referee.europa.second_front import events as fe
from referee.europa.second_front import fortifications as ft

AXIS = "Axis"
"""F-25 [003]: the Westwall is the Axis player's; every other side is Allied."""


def marker(state: EuropaState, key: str, place: str) -> str | None:
    """The marker ``key`` (a `referee.europa.second_front.events` key) of a hex or hexside, if set."""
    return state.table.markers.get(key.format(place=place))


def places(state: EuropaState, key: str) -> list[str]:
    """The hexes (or hexsides) holding a marker of kind ``key``."""
    prefix = key.format(place="")
    return [name[len(prefix) :] for name in state.table.markers if name.startswith(prefix)]


def require_axis(state: EuropaState) -> None:
    """F-25 [003]: the Westwall commands need an Axis side."""
    if AXIS not in state.identity.sides:
        raise IllegalOrderError(f"the Westwall rules are the Axis player's (F-25 [003]); sides: {state.identity.sides}")


def allied_initial(state: EuropaState, side: str) -> bool:
    """Whether it is the Initial phase of ``side``'s player turn and ``side`` is Allied (F-25 [003])."""
    calendar = state.table.calendar
    return side != AXIS and calendar.player == side and ph.WESTWALL_REVIEW.allows(state, AXIS)


def allied_initial_westwall(state: EuropaState, side: str) -> tuple[list[ev.DomainEvent], list[Step]]:
    """F-25 [003]: in ``side``'s (Allied) Initial phase, each improved Westwall hex it owns becomes unimproved."""
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    for place in places(state, fe.WESTWALL):
        value = marker(state, fe.WESTWALL, place) or ""
        if ft.read_westwall(value)[1] and marker(state, fe.OWNER, place) == side:
            events.append(fe.WestwallConditionChanged(place=place, improved=False))
            steps.append(Step(text=f"{place}: {side}-owned in its Initial phase, now unimproved", rule="F-25 [003]"))
    return events, steps


def review_allied(command: fc.ReviewAlliedWestwall, ctx: Context[EuropaState]) -> Decision:
    """F-25 [003]: the Allied Initial phase unimproves the improved Westwall hexes the Allies own."""
    state = ctx.state
    require_axis(state)
    side = state.table.calendar.player
    if side is None or not allied_initial(state, side):
        raise IllegalOrderError(
            f"Allied-owned Westwall hexes become unimproved in the Allied Initial phase (F-25 [003]); it is now "
            f"the {side or ''} {state.table.calendar.phase} phase of {state.table.calendar.label}".replace("  ", " ")
        )
    events, steps = allied_initial_westwall(state, side)
    summary = f"{len(events)} Westwall hex(es) become unimproved" if events else f"{side} owns no improved Westwall hex"
    return Decision(Ruling(summary=summary, steps=steps), events)


def _restoration(state: EuropaState) -> tuple[int, int, str] | None:
    value = state.table.markers.get(fe.RESTORATION)
    if value is None:
        return None
    declared, due, status = value.split("|")
    return int(declared), int(due), status


def declare_restoration(command: fc.DeclareWestwallRestoration, ctx: Context[EuropaState]) -> Decision:
    """F-25 [003]: the emergency restoration, once per game, with an Allied ground unit near the Westwall."""
    state = ctx.state
    require_axis(state)
    require_phase(state, AXIS, *ph.WESTWALL_DECLARATION.args)
    earlier = _restoration(state)
    if earlier is not None:
        raise IllegalOrderError(
            f"the Westwall emergency restoration was already declared in {turn_label(earlier[0], ctx.ruleset)}: "
            "once per game (F-25 [003])"
        )
    near, found = stated_yes(state, "allied_near_westwall", "Westwall")
    if found is None:
        raise IllegalOrderError(
            "state first whether an Allied ground unit is in a Wehrkreis, the Benelux or a French Military Region "
            'next to Greater Germany: {"kind": "StateFact", "fact": "allied_near_westwall", "subject": "Westwall", '
            '"value": "yes"} (F-25 [003])'
        )
    if not near:
        raise IllegalOrderError(f"no Allied ground unit is near the Westwall ({citation(found)}): F-25 [003]")
    turn = state.table.calendar.turn
    (first, second), due = ft.restoration_turns(turn)

    def label(turn: int) -> str:
        return turn_label(turn, ctx.ruleset)

    steps = [
        Step(text=citation(found), rule="F-25 [003]"),
        Step(
            text=f"Axis Initial phases of {label(first)} and {label(second)}: no Resource "
            "Point reinforcements, and no civilian labor in a Wehrkreis holding Westwall fortifications",
            rule="F-25 [003]",
        ),
        Step(text=f"restored in the Axis Initial phase of {label(due)}; once per game", rule="F-25 [003]"),
    ]
    summary = f"Westwall emergency restoration declared; restored in {label(due)}"
    return Decision(Ruling(summary=summary, steps=steps), [fe.WestwallRestorationDeclared(turn=turn, due=due)])


def resource_reinforcements_forfeited(state: EuropaState, turn: int) -> Step | None:
    """F-25 [003]: the Axis forfeits its Resource Point reinforcements in the Initial phases of the
    declaring turn and the next: `ReceiveReinforcements` credits none of them then
    (`referee.europa.order_of_battle.handlers`)."""
    found = _restoration(state)
    if found is None or turn not in ft.restoration_turns(found[0])[0]:
        return None
    return Step(text="Westwall emergency restoration: no Axis Resource Point reinforcements", rule="F-25 [003]")


def complete_restoration(command: fc.CompleteWestwallRestoration, ctx: Context[EuropaState]) -> Decision:
    """F-25 [003]: the German-owned Westwall hexes become improved in the second Axis Initial phase."""
    state = ctx.state
    require_axis(state)
    found = _restoration(state)
    if found is None or found[2] != "declared":
        raise IllegalOrderError("no Westwall emergency restoration is under way (F-25 [003])")
    require_phase(state, AXIS, *ph.WESTWALL_RESTORATION.args)
    turn, due = state.table.calendar.turn, found[1]
    if turn < due:
        raise IllegalOrderError(
            f"the Westwall is restored in the Axis Initial phase of {turn_label(due, ctx.ruleset)}, the second "
            "after the declaration (F-25 [003])"
        )
    german = [p for p in places(state, fe.WESTWALL) if marker(state, fe.OWNER, p) == AXIS]
    steps = [Step(text=f"German-owned Westwall hexes improved: {', '.join(german) or 'none'}", rule="F-25 [003]")]
    others = [p for p in places(state, fe.WESTWALL) if p not in german]
    if others:
        steps.append(Step(text=f"not German-owned, unchanged: {', '.join(others)}", rule="F-25 [003]"))
    event = fe.WestwallRestored(turn=turn, places=german)
    return Decision(Ruling(summary=f"the Westwall is restored ({len(german)} hexes)", steps=steps), [event])


def improve(command: fc.ImproveWestwallHex, ctx: Context[EuropaState]) -> Decision:
    """F-25 [003]: improving a Westwall hex: 4 turns (2 with quick construction), 2 Resource Points."""
    state = ctx.state
    require_axis(state)
    value = marker(state, fe.WESTWALL, command.hex)
    if value is None:
        raise IllegalOrderError(
            f"{command.hex} holds no Westwall fortification; Westwall hexes: "
            f"{', '.join(places(state, fe.WESTWALL)) or 'none'}"
        )
    if ft.read_westwall(value)[1]:
        raise IllegalOrderError(f"the Westwall at {command.hex} is already improved (F-25 [003])")
    works = marker(state, fe.WORKS, command.hex)
    if works is not None:
        raise IllegalOrderError(
            f"the Westwall at {command.hex} is already being improved (due turn {works.split('|')[1]})"
        )
    owner = marker(state, fe.OWNER, command.hex)
    if owner != AXIS:
        raise IllegalOrderError(
            f"the Axis improves the Westwall hexes it owns; {command.hex} is {owner}'s (F-25 [003])"
        )
    stock = state.resource_points.get(AXIS)
    if stock is None:
        raise IllegalOrderError(
            "the Axis keeps no Resource Points in this campaign; a Westwall hex costs 2 (F-25 [003])"
        )
    held = stock.stock.get(command.location, 0)
    if held < ft.IMPROVE_COST_RP:
        raise IllegalOrderError(
            f"the Axis holds {held} Resource Points in {command.location}; improving a Westwall hex costs "
            f"{ft.IMPROVE_COST_RP} (F-25 [003]); locations: {', '.join(f'{k} {v}' for k, v in stock.stock.items())}"
        )
    turn = state.table.calendar.turn
    due, step = ft.improvement_due(turn, command.quick_construction)
    steps = [
        step,
        Step(
            text=f"Axis Resource Points in {command.location}: {held} − {ft.IMPROVE_COST_RP} = "
            f"{held - ft.IMPROVE_COST_RP} (Resource Points, not Replacement Points)",
            rule="F-25 [003]",
        ),
    ]
    events: list[ev.DomainEvent] = [
        ResourcePointsDebited(
            side=AXIS,
            location=command.location,
            amount=ft.IMPROVE_COST_RP,
            reason=f"Westwall improvement at {command.hex}",
        ),
        fe.WestwallWorksBegun(place=command.hex, begun=turn, due=due),
    ]
    summary = f"the Axis begins improving the Westwall at {command.hex}: done in {turn_label(due, ctx.ruleset)}"
    return Decision(Ruling(summary=summary, steps=steps), events)


def complete_improvement(command: fc.CompleteWestwallImprovement, ctx: Context[EuropaState]) -> Decision:
    """F-25 [003]: the works end once their 4 (or 2) turns have passed; not before."""
    state = ctx.state
    works = marker(state, fe.WORKS, command.hex)
    if works is None:
        raise IllegalOrderError(
            f"no Westwall works are under way at {command.hex}; under way: "
            f"{', '.join(places(state, fe.WORKS)) or 'none'}"
        )
    begun, due = (int(part) for part in works.split("|"))
    turn = state.table.calendar.turn
    if turn < due:
        raise IllegalOrderError(
            f"the Westwall works at {command.hex}, begun in {turn_label(begun, ctx.ruleset)}, are done in "
            f"{turn_label(due, ctx.ruleset)}; it is now {state.table.calendar.label} (F-25 [003])"
        )
    steps = [Step(text=f"begun turn {begun}, due turn {due}, now turn {turn}: improved", rule="F-25 [003]")]
    if ft.read_westwall(marker(state, fe.WESTWALL, command.hex) or "0|unimproved")[1]:
        steps.append(Step(text="already improved by the emergency restoration: the works end", rule="F-25 [003]"))
    summary = f"the Westwall at {command.hex} is improved"
    return Decision(Ruling(summary=summary, steps=steps), [fe.WestwallWorksCompleted(place=command.hex)])


WESTWALL_HANDLERS: dict[type[Any], Any] = {
    fc.ReviewAlliedWestwall: review_allied,
    fc.DeclareWestwallRestoration: declare_restoration,
    fc.CompleteWestwallRestoration: complete_restoration,
    fc.ImproveWestwallHex: improve,
    fc.CompleteWestwallImprovement: complete_improvement,
}
