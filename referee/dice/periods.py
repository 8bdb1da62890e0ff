"""Digital dice periods for the referee service: who may roll now, commit, and reveal at turn end.

DESIGN "Dice: physical and verifiable". A period is named by the number of the entry that
commits it, so period numbers are never reused, even after a rollback. The service keeps each
seed in its `SecretKeeper` until the game turn ends; then the entry that ends it records the
seed and commits the next one. A preview never gets a seed, so it can never show a roll.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from referee import commands as c
from referee.common import dice_events as dv
from referee.common import events as ev
from referee.common.decision import Decision
from referee.common.dice import DigitalRoller
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.common.state import BaseState
from referee.dice import digital_dice
from referee.dice.binding import free_text_of
from referee.dice.secret_keeper import SecretKeeper

NewSeed = tuple[int, str]


SCHEME = 3
"""The dice scheme of every period committed now (referee/dice/dice_schemes.py, docs/dice.md). A period
committed under an older scheme rolls on under it until its game turn ends."""


def roller(
    state: BaseState, keeper: SecretKeeper, *, live: bool, command: dict[str, Any] | None = None
) -> DigitalRoller:
    """Digital dice for one decision (``command`` as it will be recorded, its free text left out
    of the rolls under scheme 3), or the reason none may be rolled now."""
    dice = state.table.dice
    refusal = ""
    seed = None
    command = command or {}
    if dice is not None:
        if dice.revealed or keeper.revealed(dice.period):
            refusal = (
                f"the seed of dice period {dice.period} is already in the record (revealed before a rollback); "
                "record CommitDice for fresh dice"
            )
        elif live:
            seed = keeper.seed(dice.period)
            if seed is None:
                refusal = (
                    f"the seed of dice period {dice.period} is not kept on this machine "
                    f"({keeper.path or 'memory'}); record CommitDice for fresh dice"
                )
            elif digital_dice.commitment(seed) != dice.commitment:
                refusal = (
                    f"the seed kept in {keeper.path} for dice period {dice.period} does not match the commitment "
                    f"recorded in entry #{dice.period}: the secrets file was changed or swapped, so no roll is "
                    "made with it; restore the file, or record CommitDice for fresh dice"
                )
                seed = None
    return DigitalRoller(
        campaign=state.identity.campaign_id,
        dice=dice,
        seed=seed,
        refusal=refusal,
        entry=state.chain.last_number + 1,
        command=command,
        witness=command.get("witness_word"),
        unbound=free_text_of(command) or [],
    )


def kept_through_rollback(target: BaseState, current: BaseState, undone: Iterable[dict[str, Any]]) -> BaseState:
    """The state a rollback restores, with what it must never wind back about the dice.

    Roll numbers are never reused: in the same period the restored count of rolls stays what it
    is now, so the next roll gets a new number and the undone one stays in the record. A seed
    revealed in an undone entry stays revealed, vouched for by the record rather than by this
    machine's secrets file (``undone``: the entries the rollback undoes).
    """
    dice, now = target.table.dice, current.table.dice
    if dice is None:
        return target
    if now is not None and now.period == dice.period:
        dice.rolls = max(dice.rolls, now.rolls)
    revealing = (
        event
        for entry in undone
        for event in entry.get("events", [])
        if event.get("type") == "DiceSeedRevealed" and event.get("period") == dice.period
    )
    if not dice.revealed and next(revealing, None) is not None:
        dice.revealed = True
    return target


def commit(command: c.CommitDice, state: BaseState, keeper: SecretKeeper) -> tuple[Decision, NewSeed]:
    """A fresh seed for a new period; refused while the open period's seed is kept and unrevealed."""
    dice = state.table.dice
    steps: list[Step] = []
    if dice is not None and not (dice.revealed or keeper.revealed(dice.period)):
        if keeper.seed(dice.period) is not None:
            raise IllegalOrderError(
                f"digital dice are committed already (period {dice.period}, {dice.commitment[:16]}…); "
                "their seed is revealed, and new dice committed, when the game turn ends"
            )
        steps.append(
            Step(
                text=f"period {dice.period} abandoned: its seed is not kept here, so its "
                f"{dice.rolls} roll(s) cannot be checked",
                rule="DESIGN: dice",
            )
        )
    period, seed = state.chain.last_number + 1, secrets.token_hex(32)
    promise = digital_dice.commitment(seed)
    steps.append(Step(text=f"seed drawn and kept by the service; commitment sha256 {promise}", rule="DESIGN: dice"))
    if command.player_seeds:
        steps.append(Step(text="players' seeds bound into every roll: " + ", ".join(command.player_seeds)))
    decision = Decision(
        Ruling(summary=f"digital dice committed for period {period}", steps=steps),
        [dv.DiceCommitted(period=period, commitment=promise, player_seeds=dict(command.player_seeds), scheme=SCHEME)],
    )
    return decision, (period, seed)


def period_end(decision: Decision, state: BaseState, keeper: SecretKeeper) -> tuple[Decision, NewSeed | None]:
    """When the entry ends a game turn: reveal the period's seed and commit the next period."""
    dice = state.table.dice
    turn = state.table.calendar.turn
    ends = any(isinstance(event, ev.CalendarAdvanced) and event.position.turn != turn for event in decision.events)
    if dice is None or dice.revealed or not ends:
        return decision, None
    seed = keeper.seed(dice.period)
    if seed is None or keeper.revealed(dice.period) or digital_dice.commitment(seed) != dice.commitment:
        why = "is not kept here" if seed is None else "kept here does not match its commitment"
        step = Step(
            text=f"dice period {dice.period} ends, but its seed {why}: it cannot be revealed", rule="DESIGN: dice"
        )
        return Decision(
            Ruling(summary=decision.ruling.summary, steps=[*decision.ruling.steps, step]),
            decision.events,
            decision.rolls,
        ), None
    fresh, period = secrets.token_hex(32), state.chain.last_number + 1
    promise = digital_dice.commitment(fresh)
    steps = [
        *decision.ruling.steps,
        Step(
            text=f"dice period {dice.period} ends: its seed is revealed ({dice.rolls} roll(s) can now be checked)",
            rule="DESIGN: dice",
        ),
        Step(text=f"dice period {period} committed: sha256 {promise}", rule="DESIGN: dice"),
    ]
    events = [
        *decision.events,
        dv.DiceSeedRevealed(period=dice.period, seed=seed),
        dv.DiceCommitted(period=period, commitment=promise, player_seeds=dict(dice.player_seeds), scheme=SCHEME),
    ]
    return Decision(Ruling(summary=decision.ruling.summary, steps=steps), events, decision.rolls), (period, fresh)
