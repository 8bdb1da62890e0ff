"""Europa isolation attrition (D-104..D-106 [000]): a 50% loss to allocate with `AllocateLosses`;
no RPs come back from isolated units (C-13)."""

from __future__ import annotations

from typing import Any

from referee.common import commands as c
from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.isolation import conditions, roll_attrition
from referee.common.ruling import Ruling, Step
from referee.europa.combat import events as cb
from referee.europa.combat import isolation as europa_isolation
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, require_phase
from referee.europa.common.state import EuropaState, LossDue


def resolve_attrition(command: c.ResolveIsolationAttrition, ctx: Context[EuropaState]) -> Decision:
    """D-104..D-106 [000]: from the 2nd unsupplied turn, 2D6 with DRMs; a loss is owed, allocated later."""
    roll = roll_attrition(command, ctx)
    accepted = ph.ISOLATION_001 if ph.ISOLATION_001.fits(ctx.ruleset.calendar.phases) else ph.ISOLATION
    require_phase(ctx.state, command.side, *accepted.args)
    _not_in_defensive_supply(command, ctx.state)
    turns, cited = _turns_unsupplied(command, ctx.state)
    if turns < 2:
        raise IllegalOrderError(
            f"isolation attrition begins with the 2nd consecutive unsupplied turn (D-104 [000]); "
            f"{command.hex} is in its {turns}st" + (f" ({cited})" if cited else "")
        )
    if command.region is not None:
        raise IllegalOrderError("Europa isolation attrition takes the winter flag, not a weather region (D-106)")
    outcome = europa_isolation.attrition(conditions(command), roll["total"], command.strength)
    entry = ctx.head + 1
    what = f"isolation attrition {command.hex}"
    events: list[ev.DomainEvent] = []
    summary = f"{what}: modified {outcome.modified}, no loss"
    if outcome.loss:
        events.append(
            cb.CombatResolved(
                combat=entry,
                code="attrition",
                losses=[LossDue(combat=entry, side=command.side, amount=outcome.loss, what=what, isolated=True)],
            )
        )
        summary = f"{what}: modified {outcome.modified}; {command.side} loses {outcome.loss} (allocate with #{entry})"
    steps = ([Step(text=f"unsupplied turn {turns}: {cited}", rule="D-104 [000]")] if cited else []) + outcome.steps
    return Decision(Ruling(summary=summary, steps=steps), events, [roll])


def _not_in_defensive_supply(command: c.ResolveIsolationAttrition, state: EuropaState) -> None:
    """D-108 [001] (truck_depletion=defensive_supply): units in defensive supply never suffer
    isolation attrition; read from the referee-stated fact ``defensive_supply`` of the hex."""
    if opt_since(state, "truck_depletion", "none") != "defensive_supply":
        return
    supplied, found = stated_yes(state, "defensive_supply", command.hex)
    if supplied and found is not None:
        raise IllegalOrderError(
            f"{command.hex} is in defensive supply through a depleted truck: no isolation attrition "
            f"(D-108 [001]; {citation(found)})"
        )


def _turns_unsupplied(command: c.ResolveIsolationAttrition, state: EuropaState) -> tuple[int, str]:
    """Consecutive unsupplied turns, this one included: as typed, or from the referee-stated fact
    ``out_of_supply_since`` for the hex (then the derivation cites the statement)."""
    found = stated(state, "out_of_supply_since", command.hex)
    if "turns_unsupplied" in command.model_fields_set or found is None:
        return command.turns_unsupplied, ""
    return state.table.calendar.turn - int(found.value) + 1, citation(found)


ISOLATION_HANDLERS: dict[type[Any], Any] = {c.ResolveIsolationAttrition: resolve_attrition}
