"""Isolation attrition for either game: the right rule for the campaign's game, one entry per hex.

Europa (D-104..D-106 [000]) leaves a 50% loss to allocate with `AllocateLosses` (no RPs come
back from isolated units, C-13); Third Reich (H-40, H-41 [004]) eliminates every unit in the
hex at once, so the ruling lists them and nothing is owed.
"""

from __future__ import annotations

from typing import Any

from referee.europa import combat_events as cb
from referee.common import events as ev
from referee.common.state import LossDue
from referee import commands as c
from referee.common.decision import Context, Decision
from referee.common.dice import throw
from referee.common.errors import IllegalOrderError
from referee.europa import isolation as europa_isolation
from referee.europa.context import require_phase
from referee.common.ruling import Ruling
from referee.third_reich import isolation as reich_isolation

FLAGS = ("adjacent_enemy", "remote_region", "winter", "home_country", "traces_to_city")


def _conditions(command: c.ResolveIsolationAttrition) -> set[str]:
    return {name for name in FLAGS if getattr(command, name)}


def resolve_attrition(command: c.ResolveIsolationAttrition, ctx: Context) -> Decision:
    """One isolated (Europa) or out-of-supply (Third Reich) hex rolls 2D6."""
    roll = throw(
        ctx.roller,
        purpose=f"isolation attrition: {command.hex}",
        dice="2D6",
        faces=command.faces,
        rolled_by=command.rolled_by,
        witnesses=list(command.witnesses),
    )
    if ctx.state.identity.game == "third_reich":
        return _third_reich(command, ctx, roll)
    return _europa(command, ctx, roll)


def _europa(command: c.ResolveIsolationAttrition, ctx: Context, roll: dict[str, Any]) -> Decision:
    phase = "Supply" if "Supply" in ctx.ruleset.calendar.phases else "Initial"
    require_phase(
        ctx.state, command.side, (phase,), "isolation attrition", "D-104 [000]" if phase == "Initial" else "A-19 [001]"
    )
    if command.turns_unsupplied < 2:
        raise IllegalOrderError(
            f"isolation attrition begins with the 2nd consecutive unsupplied turn (D-104 [000]); "
            f"{command.hex} is in its {command.turns_unsupplied}st"
        )
    if command.region is not None:
        raise IllegalOrderError("Europa isolation attrition takes the winter flag, not a weather region (D-106)")
    outcome = europa_isolation.attrition(_conditions(command), roll["total"], command.strength)
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
    return Decision(Ruling(summary=summary, steps=outcome.steps), events, [roll])


def _third_reich(command: c.ResolveIsolationAttrition, ctx: Context, roll: dict[str, Any]) -> Decision:
    calendar = ctx.state.table.calendar
    if calendar.player != command.side or calendar.phase != "Supply and Isolation":
        raise IllegalOrderError(
            f"isolation attrition happens in the {command.side} Supply and Isolation phase (H-40 [004]); "
            f"it is now the {calendar.player or ''} {calendar.phase} phase of {calendar.label}".replace("  ", " ")
        )
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
        _conditions(command), weather=weather, summer=calendar.label.startswith("Summer"), roll=roll["total"]
    )
    units = ", ".join(command.units) or "the units in the hex"
    summary = f"isolation attrition {command.hex}: modified {outcome.modified}, " + (
        f"{units} eliminated (back to the force pool)" if outcome.eliminated else "no loss"
    )
    return Decision(Ruling(summary=summary, steps=outcome.steps), [], [roll])


ISOLATION_HANDLERS: dict[type[Any], Any] = {c.ResolveIsolationAttrition: resolve_attrition}
