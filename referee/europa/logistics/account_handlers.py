"""Hand corrections of the Europa accounts: SP and RP credited or debited with a reason (what must be
settled before play moves on, the losses owed of D-56, is `referee.europa.combat.loss_handlers`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.plausible import beyond_the_rules
from referee.common.ruling import Ruling, Step
from referee.europa.common.context import opt_since, pool_of, track_of
from referee.europa.common.state import EuropaState, ReplacementTrack
from referee.europa.logistics import commands as eu
from referee.europa.logistics import events as lg


def _track(state: EuropaState, nation: str, kind: str) -> ReplacementTrack:
    track = track_of(state, nation)
    if kind not in track.points:
        raise IllegalOrderError(f"{nation} has no {kind!r} replacement points; its types are {', '.join(track.points)}")
    return track


def _credit_supply(command: eu.CreditSupplyPoints, ctx: Context[EuropaState]) -> Decision:
    """B-01 [000]; a credit larger than the whole stockpile may hold (B-05 [000]: twice the income)
    is far outside the rules: it needs the referee's recorded reason (`beyond_the_rules`). Under
    sp_model 001 there is no cap (B-68 [001]), so no credit is out of bounds."""
    pool = pool_of(ctx.state, command.side)
    after = pool.stockpile + command.amount
    most = max(pool.cap or 0, 2 * pool.income)
    problem = (
        f"a credit of {command.amount} SP is more than the {command.side} stockpile may hold "
        f"({most} = 2 × income {pool.income}, B-05 [000])"
        if most and command.amount > most and opt_since(ctx.state, "sp_model", "000") != "001"
        else None
    )
    steps = [Step(text=f"{pool.stockpile} + {command.amount} ({command.reason}) = {after}", rule="B-01 [000]")]
    steps += beyond_the_rules(problem, command.override, "B-05 [000]")
    return Decision(
        Ruling(summary=f"{command.side} SP pool {pool.stockpile} → {after}", steps=steps),
        [lg.SupplyCredited(side=command.side, amount=command.amount, reason=command.reason)],
    )


def _debit_supply(command: eu.DebitSupplyPoints, ctx: Context[EuropaState]) -> Decision:
    pool = pool_of(ctx.state, command.side)
    if command.amount > pool.stockpile:
        raise IllegalOrderError(
            f"{command.side} SP pool holds {pool.stockpile}; {command.reason} costs {command.amount}"
        )
    after = pool.stockpile - command.amount
    return Decision(
        Ruling(
            summary=f"{command.side} SP pool {pool.stockpile} → {after}",
            steps=[Step(text=f"{pool.stockpile} − {command.amount} ({command.reason}) = {after}", rule="B-01 [000]")],
        ),
        [lg.SupplyDebited(side=command.side, amount=command.amount, reason=command.reason)],
    )


MOST_RP_PER_TURN = 60
"""The most Replacement Points any nation receives in a game turn in the texts: the Soviet Union
with every location and factory (C-35 [001]; 54/56 infantry RPs in 000, C-32)."""


def _credit_rp(command: eu.CreditReplacementPoints, ctx: Context[EuropaState]) -> Decision:
    """C-01 [000]; a single credit above a whole turn's replacements of the largest producer in
    the rules (`MOST_RP_PER_TURN`) is far outside them: it needs the referee's recorded reason."""
    track = _track(ctx.state, command.nation, command.type)
    held = track.points[command.type]
    problem = (
        f"a credit of {command.amount} {command.type} RP is more than any nation receives in a whole game turn "
        f"(at most {MOST_RP_PER_TURN}, the Soviet Union with every location and factory, C-35 [001], C-32 [000])"
        if command.amount > MOST_RP_PER_TURN
        else None
    )
    steps = [Step(text=f"{held} + {command.amount} ({command.reason}) = {held + command.amount}", rule="C-01 [000]")]
    steps += beyond_the_rules(problem, command.override, "C-35 [001]")
    return Decision(
        Ruling(summary=f"{command.nation} {command.type} RP {held} → {held + command.amount}", steps=steps),
        [
            lg.ReplacementsCredited(
                nation=command.nation, kind=command.type, amount=command.amount, reason=command.reason
            )
        ],
    )


def _debit_rp(command: eu.DebitReplacementPoints, ctx: Context[EuropaState]) -> Decision:
    track = _track(ctx.state, command.nation, command.type)
    held = track.points[command.type]
    if command.amount > held:
        raise IllegalOrderError(
            f"{command.nation} holds {held} {command.type} RP; {command.reason} needs {command.amount}"
        )
    return Decision(
        Ruling(
            summary=f"{command.nation} {command.type} RP {held} → {held - command.amount}",
            steps=[
                Step(text=f"{held} − {command.amount} ({command.reason}) = {held - command.amount}", rule="C-01 [000]")
            ],
        ),
        [
            lg.ReplacementsDebited(
                nation=command.nation, kind=command.type, amount=command.amount, reason=command.reason
            )
        ],
    )


ACCOUNT_HANDLERS: dict[type[Any], Callable[[Any, Context[EuropaState]], Decision]] = {
    eu.CreditSupplyPoints: _credit_supply,
    eu.DebitSupplyPoints: _debit_supply,
    eu.CreditReplacementPoints: _credit_rp,
    eu.DebitReplacementPoints: _debit_rp,
}
