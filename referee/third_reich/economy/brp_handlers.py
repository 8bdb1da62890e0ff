"""Hand entries of the BRP accounts: BRPs granted or spent and the base adjusted, with a category
and reason (G [004]); year-start changes belong to the Year Start phase (A-53)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.plausible import beyond_the_rules
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy import command_phases as ph
from referee.third_reich.economy import commands as tr
from referee.third_reich.economy import events as ec
from referee.third_reich.economy.spending import BUILDS, SPENDING, over_half


def _year_start_step(power: str, category: str, ctx: Context[ReichState]) -> list[ev.DomainEvent]:
    """BRP changes in the year-start category happen only in the Year Start phase (A-53 [004])."""
    if category != "year_start":
        return []
    phase = ctx.state.table.calendar.phase
    if phase not in ph.YEAR_START_BRP.phases:
        raise IllegalOrderError(
            f"year-start BRP changes belong to the Year Start phase (A-53 [004]); it is now {phase}"
        )
    return [ev.StepCompleted(step=f"year_start:{power}")]


def _brp_decision(
    command: Any, ctx: Context[ReichState], event: ev.DomainEvent, figure: str, before: int, change: int
) -> Decision:
    """Ruling for a BRP change: one derivation line, plus the year-start step when it is one."""
    after = before + change
    sign = "+" if change >= 0 else "−"
    return Decision(
        Ruling(
            summary=f"{command.power} BRP {figure} {before} → {after}",
            steps=[
                Step(
                    text=f"{before} {sign} {abs(change)} ({command.category}: {command.reason}) = {after}",
                    rule="G [004]",
                )
            ],
        ),
        [event, *_year_start_step(command.power, command.category, ctx)],
    )


def _grant_brp(command: tr.GrantBrp, ctx: Context[ReichState]) -> Decision:
    """A grant larger than the power's whole BRP base is far outside the rules (a year's growth,
    a conquest or lend lease is a part of a base, G [004]): it needs the referee's recorded reason."""
    economy = account(ctx.state, command.power)
    problem = (
        f"a grant of {command.amount} BRPs is more than {command.power}'s whole base of {economy.base}"
        if economy.base and command.amount > economy.base
        else None
    )
    checked = beyond_the_rules(problem, command.override, "G [004]")
    event = ec.BrpGranted(power=command.power, amount=command.amount, category=command.category, reason=command.reason)
    return _brp_decision(command, ctx, event, "total", economy.total, command.amount).extended(steps=checked)


def _spend_brp(command: tr.SpendBrp, ctx: Context[ReichState]) -> Decision:
    """A spend by hand obeys the half-total limit of the game turn like any purchase (G-42 [004],
    J-65); past it only with the referee's recorded reason (``override``)."""
    economy = account(ctx.state, command.power)
    if command.amount > economy.total:
        raise IllegalOrderError(
            f"{command.power} has {economy.total} BRPs; spending {command.amount} ({command.category}: "
            f"{command.reason}) needs {command.amount - economy.total} more (a power spends only BRPs it has, G [004])"
        )
    steps: list[Step] = []
    if command.category in SPENDING:
        problem, step = over_half(ctx, economy, command.amount, is_build=command.category in BUILDS)
        steps = [step, *beyond_the_rules(problem, command.override, "G-42 [004]")]
    event = ec.BrpSpent(power=command.power, amount=command.amount, category=command.category, reason=command.reason)
    return _brp_decision(command, ctx, event, "total", economy.total, -command.amount).extended(steps=steps)


def _adjust_base(command: tr.AdjustBrpBase, ctx: Context[ReichState]) -> Decision:
    economy = account(ctx.state, command.power)
    if economy.base + command.change < 0:
        raise IllegalOrderError(
            f"{command.power} BRP base is {economy.base}; a change of {command.change} would make it negative"
        )
    event = ec.BrpBaseAdjusted(
        power=command.power, change=command.change, category=command.category, reason=command.reason
    )
    return _brp_decision(command, ctx, event, "base", economy.base, command.change)


BRP_HANDLERS: dict[type[Any], Callable[[Any, Context[ReichState]], Decision]] = {
    tr.GrantBrp: _grant_brp,
    tr.SpendBrp: _spend_brp,
    tr.AdjustBrpBase: _adjust_base,
}
