"""Applying the bombardment events to the table's markers (checks first, then mutates)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import UnknownAccountError
from referee.europa.bombardment import events as bb
from referee.europa.common.state import EuropaState


def _resolved(state: EuropaState, e: bb.BombardmentResolved) -> None:
    markers = state.table.markers
    key = bb.BOMBARDED.format(hex=e.hex)
    fired = [item for item in bb.marks(markers.get(key)) if item[0] == e.turn]
    markers[key] = bb.mark([*fired, (e.turn, e.player, e.source)])
    if e.hit:
        key = bb.HIT.format(hex=e.hex)
        waiting = [item for item in bb.marks(markers.get(key)) if item[:2] == (e.turn, e.player)]
        markers[key] = bb.mark([*waiting, (e.turn, e.player, e.source)])


def _hits_used(state: EuropaState, e: bb.BombardmentHitsUsed) -> None:
    state.table.markers.pop(bb.HIT.format(hex=e.hex), None)


def _facility_hit(state: EuropaState, e: bb.FacilityHit) -> None:
    key = bb.FACILITY_HITS.format(facility=e.facility)
    state.table.markers[key] = str(int(state.table.markers.get(key, "0")) + e.hits)


def _facility_repaired(state: EuropaState, e: bb.FacilityRepaired) -> None:
    key = bb.FACILITY_HITS.format(facility=e.facility)
    hits = int(state.table.markers.get(key, "0"))
    if hits < 1:
        raise UnknownAccountError(f"facility {e.facility!r} has no hits to repair")
    if hits == 1:
        del state.table.markers[key]
    else:
        state.table.markers[key] = str(hits - 1)
    state.table.markers[bb.FACILITY_REPAIRED.format(facility=e.facility)] = str(e.turn)


def _factory_hits(state: EuropaState, e: bb.FactoryHitsCarried) -> None:
    key = bb.FACTORY_HITS.format(nation=e.nation)
    if e.hits:
        state.table.markers[key] = str(e.hits)
    else:
        state.table.markers.pop(key, None)


BOMBARDMENT_APPLIERS: dict[type[Any], Callable[[EuropaState, Any], None]] = {
    bb.BombardmentResolved: _resolved,
    bb.BombardmentHitsUsed: _hits_used,
    bb.FacilityHit: _facility_hit,
    bb.FacilityRepaired: _facility_repaired,
    bb.FactoryHitsCarried: _factory_hits,
}
