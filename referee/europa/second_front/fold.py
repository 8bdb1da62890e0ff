"""Applying the fortification events to the table's markers (checks first, then mutates)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ledger.errors import UnknownAccountError
from referee.europa.common.state import EuropaState
from referee.europa.second_front import events as fe
from referee.europa.second_front.fortifications import read_westwall, westwall_value


def _westwall(state: EuropaState, place: str) -> int:
    value = state.table.markers.get(fe.WESTWALL.format(place=place))
    if value is None:
        raise UnknownAccountError(f"{place} holds no Westwall fortification")
    return read_westwall(value)[0]


def _placed(state: EuropaState, e: fe.FortificationPlaced) -> None:
    markers = state.table.markers
    if e.row == "westwall":
        if e.level is None:
            raise UnknownAccountError(f"the Westwall at {e.place} has no level")
        markers[fe.WESTWALL.format(place=e.place)] = westwall_value(e.level, improved=False)
    else:
        markers[fe.FORT.format(place=e.place)] = e.row
    if e.owner is not None:
        markers.setdefault(fe.OWNER.format(place=e.place), e.owner)


def _owner(state: EuropaState, e: fe.HexOwnershipRecorded) -> None:
    state.table.markers[fe.OWNER.format(place=e.place)] = e.owner


def _changed(state: EuropaState, e: fe.FortificationChanged) -> None:
    key = fe.FORT.format(place=e.place)
    if key not in state.table.markers:
        raise UnknownAccountError(f"{e.place} holds no fortification to change")
    if e.row is None:
        del state.table.markers[key]
    else:
        state.table.markers[key] = e.row


def _condition(state: EuropaState, e: fe.WestwallConditionChanged) -> None:
    level = _westwall(state, e.place)
    state.table.markers[fe.WESTWALL.format(place=e.place)] = westwall_value(level, e.improved)


def _declared(state: EuropaState, e: fe.WestwallRestorationDeclared) -> None:
    if fe.RESTORATION in state.table.markers:
        raise UnknownAccountError("the Westwall emergency restoration was already declared (once per game)")
    state.table.markers[fe.RESTORATION] = f"{e.turn}|{e.due}|declared"


def _restored(state: EuropaState, e: fe.WestwallRestored) -> None:
    value = state.table.markers.get(fe.RESTORATION, "")
    if not value.endswith("|declared"):
        raise UnknownAccountError("no Westwall emergency restoration is under way")
    levels = {place: _westwall(state, place) for place in e.places}
    for place, level in levels.items():
        state.table.markers[fe.WESTWALL.format(place=place)] = westwall_value(level, improved=True)
    state.table.markers[fe.RESTORATION] = value.removesuffix("declared") + "restored"


def _works_begun(state: EuropaState, e: fe.WestwallWorksBegun) -> None:
    _westwall(state, e.place)
    state.table.markers[fe.WORKS.format(place=e.place)] = f"{e.begun}|{e.due}"


def _works_completed(state: EuropaState, e: fe.WestwallWorksCompleted) -> None:
    level = _westwall(state, e.place)
    if state.table.markers.pop(fe.WORKS.format(place=e.place), None) is None:
        raise UnknownAccountError(f"no Westwall works are under way at {e.place}")
    state.table.markers[fe.WESTWALL.format(place=e.place)] = westwall_value(level, improved=True)


FORTIFICATION_APPLIERS: dict[type[Any], Callable[[EuropaState, Any], None]] = {
    fe.FortificationPlaced: _placed,
    fe.HexOwnershipRecorded: _owner,
    fe.FortificationChanged: _changed,
    fe.WestwallConditionChanged: _condition,
    fe.WestwallRestorationDeclared: _declared,
    fe.WestwallRestored: _restored,
    fe.WestwallWorksBegun: _works_begun,
    fe.WestwallWorksCompleted: _works_completed,
}
