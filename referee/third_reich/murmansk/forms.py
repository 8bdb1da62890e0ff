"""The Murmansk form as the console asks for it: what is in the box by route and when it arrives,
each side's sealed order, and the 1D10 rolls the fight may ask for (G-70..G-72, J-58 [004])."""

from __future__ import annotations

from typing import Any

from referee.common.command_set import CommandSet
from referee.common.errors import IllegalOrderError
from referee.common.forms import FormSpec
from referee.common.options import option
from referee.common.sealing_handlers import seals_of
from referee.third_reich.common.state import ReichState
from referee.third_reich.murmansk import fight as mm
from referee.third_reich.murmansk import timing as mt
from referee.third_reich.murmansk.commands import ResolveMurmanskFight
from referee.third_reich.murmansk.handlers import commitments
from referee.third_reich.murmansk.sealed import SEAL_FIELDS, SLOT

MURMANSK = CommandSet((ResolveMurmanskFight,), title="the Murmansk form")


def _murmansk(state: ReichState) -> dict[str, Any]:
    """What is in the box, by route, and when the survivors arrive (refused outside the fight's moment)."""
    calendar = state.table.calendar
    reading = option(state.identity.options, "murmansk_timing")
    mt.require_fight_time(reading, calendar.turn, calendar.player, calendar.phase)
    receivers = {
        economy.power: {
            route: shipment.carried
            for route, shipment in economy.lend_lease_by_route.items()
            if shipment.arrival == "murmansk" and shipment.carried
        }
        for economy in state.brp_economies.values()
    }
    boxes = {power: box for power, box in receivers.items() if box}
    if not boxes:
        raise IllegalOrderError("no lend lease is in the Murmansk box this year (G-56, G-58, G-70 [004])")
    return {"boxes": boxes, "arrival": mt.timing(reading).arrival, "sealed": _sealed_this_turn(state)}


def _sealed_this_turn(state: ReichState) -> dict[str, dict[str, Any]]:
    """Each side's Murmansk order sealed this game turn (the latest, not undone), for the form to
    name instead of typed factors (G-72 [004]; referee/third_reich/murmansk/sealed.py)."""
    sealed: dict[str, dict[str, Any]] = {}
    for seal in seals_of(state, slot=SLOT, turn=state.table.calendar.turn):
        sealed[seal.side] = {"seal": seal.seal, "field": SEAL_FIELDS[seal.side], "order": seal.order}
    return sealed


def _murmansk_rolls(state: ReichState, data: dict[str, Any]) -> str:
    """Before the dice: the 1D10 rolls the fight may ask for, in order, from what each side sent."""
    command = MURMANSK.parse({**data, "rolls": []})
    fight = commitments(command, state)
    needed = mm.rolls_needed(fight)
    return "[b]1D10 rolls, in order[/b] (a roll drops out when the side that would fire is gone):\n" + "\n".join(
        f"  {number}. {purpose}" for number, purpose in enumerate(needed, start=1)
    )


FORM = FormSpec("murmansk", "the Murmansk box", _murmansk, _murmansk_rolls)
