"""Units back in play in the force roster: a unit recovered by a replacement (G-50..G-52 [004])
or built again from the force pool (G-40 [004]) shows full there at once (issue 28: the roster
and its counts went on showing it eliminated).

The roster is optional: a unit the referee never registered changes nothing. Losses go the other
way (`eliminated_in_roster`): a unit a land combat, an attrition step or an air and naval fight
removed is eliminated there (back in the force pool)."""

from __future__ import annotations

from referee.common import events as ev
from referee.common.state import Unit
from referee.third_reich.common.state import ReichState


def back_in_roster(state: ReichState, side: str, names: list[str]) -> list[ev.UnitStatusChanged]:
    """The eliminated units of ``names`` the side registered (by id, or by name in any case),
    full again, where the roster last placed them."""
    events: list[ev.UnitStatusChanged] = []
    for name in names:
        unit = _registered(state, side, name)
        if unit is not None and unit.status == "eliminated":
            events.append(ev.UnitStatusChanged(side=side, unit_id=unit.unit_id, status="full", location=unit.location))
    return events


def _registered(state: ReichState, side: str, name: str, *, fold_spaces: bool = True) -> Unit | None:
    """The side's registered unit of that id or name (in any case; runs of spaces as one unless
    ``fold_spaces`` is False, as the eliminations have always read them), if it registered it."""
    roster = state.rosters.get(side)
    if roster is None:
        return None

    def folded(text: str) -> str:
        return (" ".join(text.split()) if fold_spaces else text).casefold()

    return roster.units.get(name) or next(
        (unit for unit in roster.units.values() if folded(unit.name) == folded(name)), None
    )


def eliminated_in_roster(state: ReichState, side: str, names: list[str]) -> list[ev.DomainEvent]:
    """The units of ``names`` the referee registered, marked eliminated (back in the force pool)."""
    events: list[ev.DomainEvent] = []
    for name in names:
        registered = _registered(state, side, name, fold_spaces=False)
        if registered is not None and registered.status != "eliminated":
            events.append(ev.UnitStatusChanged(side=side, unit_id=registered.unit_id, status="eliminated", location=""))
    return events
