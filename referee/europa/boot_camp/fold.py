"""Applying the Boot Camp events to the table's markers (checks first, then mutates)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.europa.boot_camp import events as bc
from referee.europa.common.state import EuropaState


def _stack(state: EuropaState, e: bc.StackRecorded) -> None:
    key = bc.STACK.format(side=e.side, hex=e.hex)
    if e.units:
        state.table.markers[key] = bc.stack_value(e.units)
    else:
        state.table.markers.pop(key, None)


def _engaged(state: EuropaState, e: bc.UnitsEngaged) -> None:
    attackers, defenders = bc.engaged(state.table.markers.get(bc.ENGAGED), e.turn, e.player)
    attackers |= {label.casefold() for label in e.attackers}
    defenders |= {label.casefold() for label in e.defenders}
    items = [f"a:{label}" for label in sorted(attackers)] + [f"d:{label}" for label in sorted(defenders)]
    state.table.markers[bc.ENGAGED] = f"{e.turn}|{e.player}|{';'.join(items)}"


BOOT_CAMP_APPLIERS: dict[type[Any], Callable[[EuropaState, Any], None]] = {
    bc.StackRecorded: _stack,
    bc.UnitsEngaged: _engaged,
}
