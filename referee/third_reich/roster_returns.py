"""Units back in play in the force roster: a unit recovered by a replacement (G-50..G-52 [004])
or built again from the force pool (G-40 [004]) shows full there at once (issue 28: the roster
and its counts went on showing it eliminated).

The roster is optional: a unit the referee never registered changes nothing. Losses go the other
way in `combat_handlers.eliminated_in_roster`."""

from __future__ import annotations

from referee.common import events as ev
from referee.common.state import Unit
from referee.third_reich.state import ReichState


def back_in_roster(state: ReichState, side: str, names: list[str]) -> list[ev.UnitStatusChanged]:
    """The eliminated units of ``names`` the side registered (by id, or by name in any case),
    full again, where the roster last placed them."""
    events: list[ev.UnitStatusChanged] = []
    for name in names:
        unit = _registered(state, side, name)
        if unit is not None and unit.status == "eliminated":
            events.append(ev.UnitStatusChanged(side=side, unit_id=unit.unit_id, status="full", location=unit.location))
    return events


def _registered(state: ReichState, side: str, name: str) -> Unit | None:
    roster = state.rosters.get(side)
    if roster is None:
        return None
    folded = " ".join(name.split()).casefold()
    return roster.units.get(name) or next(
        (unit for unit in roster.units.values() if " ".join(unit.name.split()).casefold() == folded), None
    )
