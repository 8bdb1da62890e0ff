"""Handlers of the table checks (`referee.europa.map_facts.commands`): what is given or stated
about positions is read, cited and ruled on; the Supply phase and the Initial-phase removals
record what they change as stated facts (`FactStated`), so the next command reads them."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.phases import Accepted
from referee.common.ruling import Ruling, Step
from referee.europa.common.state import EuropaState
from referee.europa.map_facts import commands as tc
from referee.europa.map_facts import table_checks

SUPPLY_PHASE = Accepted(("Supply",), "the Supply phase", "A-17, A-19 [001]")
REMOVAL = Accepted(("Initial",), "removing last turn's interdiction zones", "A-11 [000]")


def _from_border(state: EuropaState, unit: tc.SetUpUnit, steps: list[Step]) -> int:
    """The hex's distance from the border, as given or stated (a unit A-36 does not place needs none)."""
    if unit.from_border is not None or unit.force == "other":
        return unit.from_border or 0
    found = stated(state, "hexes_from_border", unit.hex)
    if found is None:
        raise IllegalOrderError(
            f"how far {unit.hex} ({unit.label}) is from the border is neither given (from_border) nor stated "
            "(hexes_from_border) (A-36 [000])"
        )
    steps.append(Step(text=citation(found), rule="K-12"))
    return int(found.value)


def check_soviet_set_up(command: tc.CheckSovietSetUp, ctx: Context[EuropaState]) -> Decision:
    """A-36 [000]: the Soviet set-up, before the surprise turn is played out (turn 0)."""
    state = ctx.state
    calendar = state.table.calendar
    if calendar.turn != 0:
        raise IllegalOrderError(
            f"the Soviet set-up is checked before the surprise turn (A-36 [000]); it is {calendar.label}"
        )
    if command.side not in state.identity.sides:
        raise IllegalOrderError(f"{command.side!r} is not a side of this campaign: {', '.join(state.identity.sides)}")
    steps: list[Step] = []
    gaps = command.border_hexes_outside_zoc
    if gaps is None:
        found = stated(state, "border_hexes_outside_zoc", "border")
        if found is None:
            raise IllegalOrderError(
                "give the border hexes outside every Soviet ZOC (border_hexes_outside_zoc, 0 when none) or state "
                "them (A-36 [000])"
            )
        steps.append(Step(text=citation(found), rule="K-12"))
        gaps = int(found.value)
    placed = [
        table_checks.Placed(unit.label, unit.force, unit.hex, _from_border(state, unit, steps))
        for unit in command.units
    ]
    steps += table_checks.soviet_set_up(placed, gaps)
    bound = sum(1 for unit in placed if unit.force != "other")
    return Decision(Ruling(summary=f"Soviet set-up: {bound} unit(s) placed as A-36 requires", steps=steps), [])


def resolve_supply_phase(command: tc.ResolveSupplyPhase, ctx: Context[EuropaState]) -> Decision:
    """A-19 [001]: each phasing unit's marker, in the text's order; the markers are stated facts
    (``out_of_supply``), so a referee's earlier statement is read and this ruling's kept."""
    state = ctx.state
    SUPPLY_PHASE.require(state, command.side)
    names = [unit.unit for unit in command.units]
    if len(set(names)) < len(names):
        raise IllegalOrderError("a unit is listed twice in the Supply phase (A-19 [001])")
    steps: list[Step] = []
    events: list[ev.DomainEvent] = []
    isolated, marked, cleared = [], 0, 0
    for unit in command.units:
        was, found = stated_yes(state, "out_of_supply", unit.unit)
        if found is not None:
            steps.append(Step(text=citation(found), rule="A-19 [001]"))
        fate = table_checks.supply_phase_001(unit.unit, marked=was, traces=unit.traces)
        steps.append(fate.step)
        if fate.isolated:
            isolated.append(unit.unit)
        if fate.marked_after != was:
            value = "yes" if fate.marked_after else "no"
            events.append(ev.FactStated(fact="out_of_supply", subject=unit.unit, value=value, stated_by=command.actor))
            marked += fate.marked_after
            cleared += not fate.marked_after
    parts = [f"{marked} marked out of supply", f"{cleared} marker(s) removed"]
    if isolated:
        parts.append(f"Isolated, roll isolation attrition: {', '.join(isolated)}")
    return Decision(Ruling(summary=f"{command.side} Supply phase: " + "; ".join(parts), steps=steps), events)


def remove_interdiction_zones(command: tc.RemoveInterdictionZones, ctx: Context[EuropaState]) -> Decision:
    """A-11 step 4, L-08 [000]: in the placing side's Initial phase its zones and breaks come off."""
    state = ctx.state
    REMOVAL.require(state, command.side)
    facts = state.table.facts.values()
    zones = {fact.subject for fact in facts if fact.fact == "interdiction_zone" and fact.value == "yes"}
    breaks = {fact.subject for fact in facts if fact.fact == "rail_cut" and fact.value == "yes"}
    removal = table_checks.remove_placed(list(command.zones), list(command.rail_breaks), zones, breaks)
    events: list[ev.DomainEvent] = [
        ev.FactStated(fact="interdiction_zone", subject=hex_, value="no", stated_by=command.actor)
        for hex_ in removal.zones
    ]
    events += [
        ev.FactStated(fact="rail_cut", subject=hex_, value="no", stated_by=command.actor) for hex_ in removal.breaks
    ]
    summary = (
        f"{command.side}: {len(removal.zones)} interdiction zone hex(es), {len(removal.breaks)} rail break(s) removed"
    )
    return Decision(Ruling(summary=summary, steps=removal.steps), events)


TABLE_CHECK_PHASES = {"ResolveSupplyPhase": (SUPPLY_PHASE,), "RemoveInterdictionZones": (REMOVAL,)}
TABLE_CHECK_HANDLERS: dict[type[Any], Any] = {
    tc.CheckSovietSetUp: check_soviet_set_up,
    tc.ResolveSupplyPhase: resolve_supply_phase,
    tc.RemoveInterdictionZones: remove_interdiction_zones,
}
