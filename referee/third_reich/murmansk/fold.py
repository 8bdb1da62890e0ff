"""Applying the Murmansk box's events (checks first, then mutates; see referee.common.fold): the
hits taken off northern lend lease, and what a sealed fight or a U-boat round recorded (G-70,
G-72 [004])."""

from __future__ import annotations

from typing import Any

from referee.third_reich.common.fold import economy_account, route_shares
from referee.third_reich.common.state import MurmanskSitOut, ReichState, StrategicWarfareHeld
from referee.third_reich.murmansk.events import (
    LendLeaseIntercepted,
    MurmanskSitOutMarked,
    StrategicWarfareHoldingsStated,
    held_key,
)


def _intercepted(state: ReichState, e: LendLeaseIntercepted) -> None:
    receiver = economy_account(state, e.receiver)
    shares = route_shares(receiver, e.hits, e.by_route)
    for route, hits in shares.items():
        shipment = receiver.lend_lease_by_route[route]
        shipment.lost += hits
        if not shipment.carried:
            del receiver.lend_lease_by_route[route]
    receiver.lend_lease_in_transit -= e.hits


def _holdings_stated(state: ReichState, e: StrategicWarfareHoldingsStated) -> None:
    key = held_key(e.turn, e.weapon)
    before = state.table.sw_held.get(key)
    used = e.used + (before.used if before is not None else 0)  # a second round that turn adds its own
    state.table.sw_held[key] = StrategicWarfareHeld(weapon=e.weapon, held=e.held, used=used, entry=e.entry)


def _sit_out_marked(state: ReichState, e: MurmanskSitOutMarked) -> None:
    state.table.murmansk_sit_out[held_key(e.turn, e.weapon)] = MurmanskSitOut(
        weapon=e.weapon, factors=e.factors, player=e.player, phase=e.phase, fight=e.fight, seal=e.seal, rule=e.rule
    )


APPLIERS: dict[type[Any], Any] = {
    LendLeaseIntercepted: _intercepted,
    StrategicWarfareHoldingsStated: _holdings_stated,
    MurmanskSitOutMarked: _sit_out_marked,
}
