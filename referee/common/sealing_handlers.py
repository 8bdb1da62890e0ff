"""Sealing and revealing an order (any game), and what a game's rules may ask of a seal.

Pure handlers (DESIGN revision 3, "Sealed orders"; docs/sealed-orders.md): the salt is drawn and
the order kept by `referee.book.sealed_orders` before `SealOrder` is recorded, so deciding a seal or a
reveal needs nothing but the state. A reveal whose order and salt do not give the commitment is
refused before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.rollback import undone_from
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.ruling import Ruling, Step
from referee.common.sealing import SealedOrder, matches, possessive, shown
from referee.common.sealing_commands import RevealOrder, SealOrder
from referee.common.sealing_events import OrderRevealed, OrderSealed
from referee.common.state import BaseState

RULE = "DESIGN revision 3: sealed orders"


def undone_seals(state: BaseState) -> dict[int, int]:
    """Each seal whose entry a rollback undid -> the rollback entry that undid it."""
    if not state.chain.rollbacks or not state.chain.seals:
        return {}
    undone = undone_from(state.chain.rollbacks, state.chain.last_number)
    return {int(number): undone[int(number)] for number in state.chain.seals if int(number) in undone}


def seals_of(
    state: BaseState, *, slot: str | None = None, side: str | None = None, turn: int | None = None
) -> list[SealedOrder]:
    """The seals not undone, oldest first, narrowed to one slot, side or game turn."""
    undone = undone_seals(state)
    return [
        seal
        for seal in state.chain.seals.values()
        if seal.seal not in undone
        and (slot is None or seal.slot == slot)
        and (side is None or seal.side == side)
        and (turn is None or seal.turn == turn)
    ]


def sealing_parties(state: BaseState) -> list[str]:
    """Who may seal an order for a slot no game declares: the sides and players, and the holders
    of the game's accounts (powers, nations)."""
    parties = list(state.identity.seats)
    for attribute in state.ACCOUNTS.values():
        parties += [name for name in getattr(state, attribute) if name not in parties]
    return parties


def read_seal(state: BaseState, number: int, *, slot: str, side: str, turn: int, field: str) -> SealedOrder:
    """The revealed seal ``number`` a rule reads for ``side``'s ``slot`` order of game turn ``turn``.

    Args:
        field: the command field that named it (for the refusal).

    Raises:
        IllegalOrderError: no such seal, another side's or slot's, undone, of another turn, or
            not revealed yet.
    """
    seal = state.chain.seals.get(str(number))
    if seal is None:
        raise IllegalOrderError(f"{field}: entry #{number} sealed no order; {_listing(state)}")
    if (seal.slot, seal.side) != (slot, side):
        raise IllegalOrderError(f"{field}: #{number} is {seal.name()}, not {possessive(side)} {slot} order")
    undone = undone_seals(state)
    if number in undone:
        raise IllegalOrderError(f"{field}: {seal.name()} was undone by #{undone[number]}; it binds nothing")
    if seal.turn != turn:
        raise IllegalOrderError(f"{field}: {seal.name()} was sealed in {seal.at or 'another turn'}, not this game turn")
    if not seal.revealed:
        raise IllegalOrderError(
            f"{field}: {seal.name()} is still sealed; reveal it first "
            f"(RevealOrder, or turnledger reveal CAMPAIGN --seal {number})"
        )
    return seal


def _listing(state: BaseState) -> str:
    seals = list(state.chain.seals.values())
    if not seals:
        return "no order has been sealed in this campaign"
    return "sealed orders: " + ", ".join(seal.name() for seal in seals[-8:])


def seal_order(command: SealOrder, ctx: Context[BaseState]) -> Decision:
    """Record a commitment: one open order per side and slot; a commitment is never used twice."""
    state = ctx.state
    slot = ctx.game.sealed_orders.get(command.slot)
    steps: list[Step] = []
    if slot is not None:
        keys = slot.keys_of(command.side)
        steps.append(
            Step(text=f"{slot.title}: {possessive(command.side)} order holds {', '.join(keys)}", rule=slot.rule)
        )
    elif command.side not in sealing_parties(state):
        raise IllegalOrderError(
            f"there is no side {command.side!r} to seal an order; sides: {', '.join(sealing_parties(state))}"
        )
    for seal in seals_of(state, slot=command.slot, side=command.side):
        if not seal.revealed:
            raise IllegalOrderError(
                f"{command.side} has a sealed {command.slot} order already ({seal.name()}, sealed in {seal.at}); "
                "reveal it before sealing another"
            )
    for seal in state.chain.seals.values():
        if seal.commitment == command.commitment:
            raise IllegalOrderError(
                f"this commitment was sealed already ({seal.name()}); a new seal needs a fresh salt"
            )
    calendar = state.table.calendar
    at = f"{calendar.label}, {(calendar.player + ' ') if calendar.player else ''}{calendar.phase}"
    number = ctx.head + 1
    steps.insert(
        0,
        Step(
            text=f"the record holds only its commitment, sha256 {command.commitment}; the order and its salt stay "
            "private until the reveal, which must give this commitment again",
            rule=RULE,
        ),
    )
    return Decision(
        Ruling(
            summary=f"{command.side} seals its {command.slot} order (#{number}): hidden until revealed", steps=steps
        ),
        [
            OrderSealed(
                seal=number,
                side=command.side,
                slot=command.slot,
                commitment=command.commitment,
                turn=calendar.turn,
                at=at,
            )
        ],
    )


def reveal_order(command: RevealOrder, ctx: Context[BaseState]) -> Decision:
    """Record the order and salt of a seal once, when they give its commitment again."""
    state = ctx.state
    seal = state.chain.seals.get(str(command.seal))
    if seal is None:
        raise IllegalOrderError(f"entry #{command.seal} sealed no order; {_listing(state)}")
    if seal.revealed:
        raise IllegalOrderError(f"{seal.name()} was revealed in #{seal.revealed_in}; a sealed order is revealed once")
    if not matches(command.order, command.salt, seal.commitment):
        raise IllegalOrderError(
            f"this is not the order {seal.side} sealed in #{seal.seal}: the order and salt given do not give its "
            f"commitment (sha256 {seal.commitment[:16]}…), so nothing was recorded; give every name and number "
            "exactly as sealed, with its salt"
        )
    steps = [
        Step(text=f"order and salt give the commitment of #{seal.seal}, sha256 {seal.commitment}", rule=RULE),
    ]
    undone = undone_seals(state)
    if seal.seal in undone:
        steps.append(
            Step(
                text=f"#{seal.seal} was undone by #{undone[seal.seal]}: the order is shown for the record, "
                "no rule reads it",
                rule=RULE,
            )
        )
    slot = ctx.game.sealed_orders.get(seal.slot)
    if slot is not None:
        try:
            slot.check(seal.side, command.order)
        except (InvalidInputError, IllegalOrderError) as error:
            steps.append(Step(text=f"it does not fit {slot.title}: {error}; no rule can read it", rule=slot.rule))
    return Decision(
        Ruling(
            summary=f"{seal.side} reveals its {seal.slot} order sealed in #{seal.seal}: {shown(command.order)}",
            steps=steps,
        ),
        [OrderRevealed(seal=seal.seal, revealed_in=ctx.head + 1, order=dict(command.order), salt=command.salt)],
    )


SEALING_HANDLERS: dict[type[Any], Callable[[Any, Context[BaseState]], Decision]] = {
    SealOrder: seal_order,
    RevealOrder: reveal_order,
}
"""The sealing commands every game handles alike."""
