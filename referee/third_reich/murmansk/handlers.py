"""The Murmansk box fought at the table (G-70..G-72 [004], J-58, I-65): checks, the fight step by
step from what each side committed, the hits taken off the northern lend lease in the box.

The hits go through the same event as hits typed in (`RecordMurmanskHits`, `intercept`), so each
route's shipment, its losses and its arrival are kept by one piece of code whichever way they come
in. What each side sent is typed, or read from its revealed sealed order (`sealed`).
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.third_reich.common.context import account, economy_of, fire_tables_of
from referee.third_reich.common.state import ReichState
from referee.third_reich.murmansk import box as mm
from referee.third_reich.murmansk import fight as fighting
from referee.third_reich.murmansk import sealed as ms
from referee.third_reich.murmansk import timing as mt
from referee.third_reich.murmansk.commands import RecordMurmanskHits, ResolveMurmanskFight
from referee.third_reich.murmansk.events import LendLeaseIntercepted

STEP = "murmansk_fight"


def _northern(state: ReichState, receiver: str) -> dict[str, tuple[str, int]]:
    """Route -> (the power that sent it, BRPs it still carries) for lend lease in the box."""
    economy = account(state, receiver)
    return {
        route: (shipment.giver, shipment.carried)
        for route, shipment in economy.lend_lease_by_route.items()
        if shipment.arrival == "murmansk" and shipment.carried
    }


def commitments(command: ResolveMurmanskFight, state: ReichState) -> mm.Commitments:
    """What each side sent, and the lend lease in the box by sender (refused outside its moment)."""
    return _commitments(command, state)[0]


def _commitments(command: ResolveMurmanskFight, state: ReichState) -> tuple[mm.Commitments, list[Step]]:
    """The commitments, with a step for each sealed order read and each check against this
    turn's strategic warfare (G-72 [004])."""
    calendar = state.table.calendar
    reading = option(state.identity.options, "murmansk_timing")
    mt.require_fight_time(reading, calendar.turn, calendar.player, calendar.phase)
    if STEP in calendar.steps_done:
        raise IllegalOrderError("the Murmansk box has been fought this turn already (G-70 [004])")
    carried: dict[str, int] = {}
    for giver, amount in _northern(state, command.receiver).values():
        carried[giver] = carried.get(giver, 0) + amount
    unknown = [giver for giver in carried if giver not in ("UK", "USA")]
    if unknown:
        raise IllegalOrderError(f"lend lease from {', '.join(unknown)} cannot be in the Murmansk box (G-56, G-58)")
    sent, steps = ms.sent_to_box(command, state)
    fight = mm.Commitments(
        **sent,
        allied_air=command.allied_air,
        uk_brps=carried.get("UK", 0),
        usa_brps=carried.get("USA", 0),
    )
    return fight, steps + ms.check_against_strategic_warfare(fight, state, reading)


def resolve_murmansk_fight(command: ResolveMurmanskFight, ctx: Context[ReichState]) -> Decision:
    """G-70 [004]: the eight steps in order; the hits never above what the box holds; the U-boats
    and ASW that went sit out strategic warfare as G-72 and J-58 say."""
    state = ctx.state
    fight, sealed_steps = _commitments(command, state)
    tables = fire_tables_of(state)
    records: list[dict[str, Any]] = []
    typed = None if command.rolls == "digital" else list(command.rolls)
    while needed := fighting.rolls_still_needed(fight, tables, [int(record["total"]) for record in records]):
        if typed is not None and len(records) == len(typed):
            raise IllegalOrderError(
                f"the fight needs more 1D10 rolls than the {len(typed)} given; next: {', '.join(needed)} (G-70 [004])"
            )
        faces: Any = "digital" if typed is None else [typed[len(records)]]
        records.append(_throw(ctx, command, needed[0], faces))
    if typed is not None and len(typed) > len(records):
        raise IllegalOrderError(f"the fight used {len(records)} roll(s) of 1D10; {len(typed)} were given (G-70 [004])")
    outcome = fighting.resolve(fight, tables, [int(record["total"]) for record in records])
    reading = option(state.identity.options, "murmansk_timing")
    steps = sealed_steps + list(outcome.steps)
    steps += [
        Step(
            text=f"{out.factors} {out.weapon} sit out the {out.player} {out.phase} of {out.season}: {out.reason}",
            rule=out.rule,
        )
        for out in mt.sit_out(fight, outcome, reading)
    ]
    northern = _northern(state, command.receiver)
    by_route: dict[str, int] = {}
    for route, (giver, amount) in northern.items():
        left = outcome.hits_by_sender.get(giver, 0) - sum(
            taken for other, taken in by_route.items() if northern[other][0] == giver
        )
        if min(left, amount) > 0:
            by_route[route] = min(left, amount)
    events: list[ev.DomainEvent] = []
    if outcome.brp_hits:
        events.append(LendLeaseIntercepted(receiver=command.receiver, hits=outcome.brp_hits, by_route=by_route))
    events.append(ev.StepCompleted(step=STEP))
    events += ms.sit_out_marks(command, fight, outcome, state, ctx.head + 1)
    return Decision(Ruling(summary=outcome.summary, steps=steps), events, records)


def split_hits(carried: dict[str, int], hits: int) -> dict[str, int]:
    """Murmansk hits typed in, shared between the northern routes as the fight shares them
    (`fight.split_hits`, provisional: evenly, the route listed first on a tie); routes
    that take none are left out.

    Args:
        carried: route -> BRPs it still carries, in the order the routes are listed.
        hits: at most the sum carried.
    """
    return {route: taken for route, taken in fighting.split_hits(hits, carried).items() if taken}


def intercept(command: RecordMurmanskHits, ctx: Context[ReichState]) -> Decision:
    """G-56, G-58, G-70 [004]: BRP hits in the Murmansk box come off what the northern routes
    carry, never more; the southern route through Iran is not intercepted (G-59)."""
    receiver = account(ctx.state, command.receiver)
    order = list(economy_of(ctx.state).lend_lease)
    shipments = sorted(
        receiver.lend_lease_by_route.items(), key=lambda item: order.index(item[0]) if item[0] in order else -1
    )
    northern = {route: shipment.carried for route, shipment in shipments if shipment.arrival == "murmansk"}
    carried = sum(northern.values())
    if not carried:
        raise IllegalOrderError(
            f"no lend lease to {command.receiver} is in the Murmansk box; only the northern routes cross it "
            "(G-70 [004]), the southern route through Iran is never intercepted (G-59 [004])"
        )
    listing = ", ".join(f"{route} {amount}" for route, amount in northern.items())
    if command.hits > carried:
        raise IllegalOrderError(
            f"the Murmansk box holds {carried} BRPs of lend lease to {command.receiver} ({listing}); "
            f"{command.hits} hits are more than it carries (G-70 [004])"
        )
    split = split_hits(northern, command.hits)
    shares = ", ".join(f"{route} −{hits}" for route, hits in split.items())
    steps = [
        Step(
            text=f"{listing}: {carried} − {command.hits} = {carried - command.hits} still to arrive", rule="G-70 [004]"
        )
    ]
    if len(northern) > 1:
        steps.append(Step(text=f"hits shared between the shipments: {shares} (provisional: evenly)", rule="G-70 [004]"))
    return Decision(
        Ruling(
            summary=f"{command.hits} BRPs of lend lease to {command.receiver} lost in the Murmansk box", steps=steps
        ),
        [LendLeaseIntercepted(receiver=command.receiver, hits=command.hits, by_route=split)],
    )


def _throw(ctx: Context[ReichState], command: ResolveMurmanskFight, purpose: str, faces: Any) -> dict[str, Any]:
    return throw_for(command, ctx, purpose=f"Murmansk box: {purpose}", dice="1D10", faces=faces)


HANDLERS: dict[type[Any], Any] = {RecordMurmanskHits: intercept, ResolveMurmanskFight: resolve_murmansk_fight}
