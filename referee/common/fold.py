"""Applying domain events to a game's state: the only way state changes.

`GameFold` is what a game package hands the book (the `ledger.folding.Fold` protocol): it
reads entry #1 into the game's state class, then applies each later entry's events, each
upcast to today's version first. Each applier checks the accounting invariants first (pools
never negative, accounts must exist: DESIGN invariant 5) and raises a `LedgerError` before
touching anything, then mutates. No dice, no clock, no tables: the event carries every number.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from ledger.errors import UnknownAccountError
from referee.common import dice_events as dv
from referee.common import events as ev
from referee.common import receipt_events as rv
from referee.common.accounts import restore_account, set_account
from referee.common.sealing_events import SEALING_APPLIERS
from referee.common.state import BaseState, DiceState, ForceRoster, StatedFact

State = TypeVar("State", bound=BaseState)
Applier = Callable[[Any, Any], None]


def lookup_account(collection: Mapping[str, Any], key: str, what: str) -> Any:
    """``collection[key]``, or an `UnknownAccountError` naming what is known."""
    try:
        return collection[key]
    except KeyError:
        known = ", ".join(sorted(collection)) or "none"
        raise UnknownAccountError(f"no {what} {key!r} (known: {known})") from None


class OwedLoss(Protocol):
    """A combat's loss not yet met, as either game's state keeps it: the combat's entry and the side."""

    @property
    def combat(self) -> int: ...

    @property
    def side(self) -> str: ...


Owed = TypeVar("Owed", bound=OwedLoss)


def settle_owed(due: list[Owed], combat: int, side: str, what: str) -> None:
    """Take the loss ``side`` owes from ``what`` #``combat`` off ``due``: it is met. Both games keep
    the losses a combat leaves owed in one list and meet them the same way (Europa D-56, Third
    Reich H-01); an event naming no open loss is the book's error (`UnknownAccountError`)."""
    for index, loss in enumerate(due):
        if loss.combat == combat and loss.side == side:
            del due[index]
            return
    raise UnknownAccountError(f"no open {side} loss from {what} #{combat}")


def _roster(state: BaseState, side: str) -> ForceRoster:
    roster: ForceRoster = lookup_account(state.rosters, side, "force roster for side")
    return roster


def _unit_registered(state: BaseState, e: ev.UnitRegistered) -> None:
    _roster(state, e.side).units[e.unit.unit_id] = e.unit.model_copy()


def _unit_status_changed(state: BaseState, e: ev.UnitStatusChanged) -> None:
    roster = _roster(state, e.side)
    if e.unit_id not in roster.units:
        raise UnknownAccountError(f"{e.side} has no unit {e.unit_id!r}")
    unit = roster.units[e.unit_id]
    unit.status = e.status
    unit.location = e.location


def _calendar_advanced(state: BaseState, e: ev.CalendarAdvanced) -> None:
    state.table.calendar = e.position.model_copy(deep=True)


def _step_completed(state: BaseState, e: ev.StepCompleted) -> None:
    if e.step not in state.table.calendar.steps_done:
        state.table.calendar.steps_done.append(e.step)


def _weather_set(state: BaseState, e: ev.WeatherSet) -> None:
    state.table.weather[e.zone] = e.condition
    state.table.weather_turns[e.zone] = state.table.calendar.turn


def _marker_set(state: BaseState, e: ev.MarkerSet) -> None:
    state.table.markers[e.name] = e.value


def _marker_cleared(state: BaseState, e: ev.MarkerCleared) -> None:
    state.table.markers.pop(e.name, None)


def _account_restored(state: BaseState, e: ev.AccountRestored | ev.AccountOpened) -> None:
    """A rollback's account document, or (entry #1 past the accounts) an opening one."""
    restore_account(state, e.account, e.state)


def _campaign_branched(state: BaseState, e: ev.CampaignBranched) -> None:
    state.identity.campaign_id = e.campaign_id
    state.identity.name = e.name
    state.identity.parent = e.parent.model_copy()


def _rules_pinned(state: BaseState, e: ev.RulesPinned) -> None:
    identity = state.identity
    identity.ruleset = e.ruleset
    identity.ruleset_toml = e.ruleset_toml
    identity.options = dict(e.options)
    identity.pinned = dict(e.pinned)
    identity.tables = dict(e.tables)


def _fact_stated(state: BaseState, e: ev.FactStated, entry: int) -> None:
    state.table.facts[f"{e.fact}:{e.subject}"] = StatedFact(
        fact=e.fact, subject=e.subject, value=e.value, entry=entry, stated_by=e.stated_by
    )


def _dice_period(state: BaseState, period: int, what: str) -> DiceState:
    dice = state.table.dice
    if dice is None or dice.period != period:
        current = "none" if dice is None else str(dice.period)
        raise UnknownAccountError(f"{what} for dice period {period}, but the open period is {current}")
    return dice


def _dice_committed(state: BaseState, e: dv.DiceCommitted) -> None:
    state.table.dice = DiceState(
        period=e.period, commitment=e.commitment, player_seeds=dict(e.player_seeds), scheme=e.scheme
    )


def _dice_rolled(state: BaseState, e: dv.DigitalRollsMade) -> None:
    _dice_period(state, e.period, "digital rolls").rolls += e.count


def _dice_revealed(state: BaseState, e: dv.DiceSeedRevealed) -> None:
    _dice_period(state, e.period, "a seed revealed").revealed = True


def _no_change(state: BaseState, e: Any) -> None:
    """Events recorded for the log only (annotations, rollback markers)."""


NEUTRAL_APPLIERS: dict[type[Any], Applier] = {
    ev.RulesPinned: _rules_pinned,
    ev.CalendarAdvanced: _calendar_advanced,
    ev.StepCompleted: _step_completed,
    ev.WeatherSet: _weather_set,
    ev.MarkerSet: _marker_set,
    ev.MarkerCleared: _marker_cleared,
    ev.UnitRegistered: _unit_registered,
    ev.UnitStatusChanged: _unit_status_changed,
    ev.AccountRestored: _account_restored,
    ev.AccountOpened: _account_restored,
    ev.CampaignBranched: _campaign_branched,
    ev.EntryAnnotated: _no_change,
    ev.DisputeSettled: _no_change,
    ev.PlayerSeated: _no_change,
    ev.RolledBack: _no_change,
    dv.DiceCommitted: _dice_committed,
    dv.DigitalRollsMade: _dice_rolled,
    dv.DiceSeedRevealed: _dice_revealed,
    rv.ReceiptGiven: _no_change,
    **SEALING_APPLIERS,
}


class GameFold(Generic[State]):
    """A game's fold for the book (`ledger.folding.Fold`).

    Args:
        name: the game's stable name (``identity.game``).
        state_type: the game's state class.
        catalog: the game's events and their upcasters.
        appliers: the game's own appliers (the neutral ones are added).
        state_version: bumped whenever the state model changes, so cached states are rebuilt.
    """

    def __init__(
        self,
        name: str,
        state_type: type[State],
        catalog: ev.EventCatalog,
        appliers: Mapping[type[Any], Applier],
        *,
        state_version: int,
    ) -> None:
        self.name = name
        self.state_type = state_type
        self.catalog = catalog
        self.appliers: dict[type[Any], Applier] = {**NEUTRAL_APPLIERS, **appliers}
        self.state_version = state_version

    def claims(self, first: dict[str, Any]) -> bool:
        """True when entry #1 opens a campaign of this game (either opening version)."""
        events = first.get("events") or [{}]
        opening = events[0] if isinstance(events[0], dict) else {}
        if opening.get("type") != "CampaignOpened":
            return False
        if int(opening.get("v", 1)) == 1:
            game = (opening.get("state") or {}).get("identity", {}).get("game")
        else:
            game = opening.get("game")
        return bool(game == self.name)

    def open(self, first: dict[str, Any]) -> State:
        """The state entry #1 opens: its identity and starting accounts, then its other events."""
        events = self.catalog.parse_entry(first["events"])
        if not events or not isinstance(events[0], ev.CampaignOpened):
            raise UnknownAccountError("the first entry must open the campaign")
        opened = events[0]
        document: dict[str, Any] = {
            "identity": opened.model_dump(mode="json", exclude={"type", "v"}),
            "chain": {"last_number": 1, "head_hash": first["hash"]},
        }
        rest = events[1:]
        while rest and isinstance(rest[0], ev.AccountOpened):
            set_account(self.state_type, document, rest[0].account, rest[0].state)
            rest = rest[1:]
        state = self.state_type.model_validate(document)
        for event in rest:
            self.apply_event(state, event, number=1)
        return state

    def apply(self, state: State, entry: dict[str, Any]) -> State:
        """Fold one later entry into ``state`` (mutated and returned)."""
        number = int(entry["number"])
        for event in self.catalog.parse_entry(entry["events"]):
            self.apply_event(state, event, number=number)
            if isinstance(event, ev.RolledBack):
                state.chain.rollbacks.append([number, event.to])
            elif isinstance(event, ev.EntryAnnotated) and event.disputed:
                state.chain.disputes.append([number, event.target])
            elif isinstance(event, ev.DisputeSettled):
                settled = [event.dispute, event.target]
                state.chain.disputes = [pair for pair in state.chain.disputes if pair != settled]
            elif isinstance(event, ev.PlayerSeated):
                state.chain.people[event.name] = event.side
        state.chain.last_number = number
        state.chain.head_hash = entry["hash"]
        return state

    def apply_event(self, state: State, event: Any, *, number: int) -> None:
        """Apply one event (checks first, then mutates)."""
        if isinstance(event, ev.FactStated):
            _fact_stated(state, event, number)
            return
        try:
            applier = self.appliers[type(event)]
        except KeyError:
            raise UnknownAccountError(f"{type(event).__name__} does not belong to a {self.name} campaign") from None
        applier(state, event)

    def copy(self, state: State) -> State:
        """A deep copy callers may keep.

        Through the cached-state encoding rather than ``model_copy(deep=True)``: the round trip
        is exact (cached states rely on it) and three times faster on a large roster
        (bench/ledger.py, state as of the head).
        """
        return self.decode(self.encode(state))

    def campaign_named(self, entry: dict[str, Any]) -> str | None:
        """The campaign id the entry's opening or branching gives the record (release 0.1.0's
        opening held it inside the state it embedded)."""
        named = None
        for event in entry.get("events", []):
            if event.get("type") == "CampaignOpened":
                opened = event.get("campaign_id") or (event.get("state") or {}).get("identity", {}).get("campaign_id")
                named = str(opened) if opened else named
            elif event.get("type") == "CampaignBranched":
                named = str(event.get("campaign_id"))
        return named

    def encode(self, state: State) -> dict[str, Any]:
        """Plain JSON for a cached state."""
        return state.model_dump(mode="json")

    def decode(self, data: dict[str, Any]) -> State:
        """The state back from `encode`."""
        return self.state_type.model_validate(data)

    def encode_text(self, state: State) -> str:
        """A cached state's text, written by pydantic's own encoder: a cached state is taken every
        100 entries and grows with the roster, and encoding the plain JSON again in Python made
        the appends of a 100,000-entry campaign 15% slower by its end (bench/ledger.py)."""
        return state.model_dump_json()

    def decode_text(self, text: str) -> State:
        """The state back from `encode_text` (or from any text of `encode`'s JSON)."""
        return self.state_type.model_validate_json(text)
