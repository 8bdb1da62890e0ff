"""The `Game` object: everything the referee service asks of one game package.

Modelled on boardgame.io's game object handed to a generic engine: the service and the book
never name a game; a campaign's ``identity.game`` selects one of these (``referee.games``), and
the service dispatches to it. Each game package builds one in its ``game.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from referee.common.command_base import Command
from referee.common.events import DomainEvent
from referee.common.facts import FactKind, declare
from referee.common.fold import GameFold
from referee.common.forms import FormSpec
from referee.common.phases import Accepted
from referee.common.ruling import Step
from referee.common.scenario import LoadedScenario, Scenario
from referee.common.sealing import SealSlot
from referee.common.state import BaseState, CalendarPosition, CampaignIdentity
from referee.common.views import View

if TYPE_CHECKING:
    from referee.common.decision import Context, Decision

Handler = Callable[[Any, "Context[Any]"], "Decision"]
"""A pure function: the command and what it may look at, in; the ruling and events out."""

AdvanceEffects = Callable[[Any, CalendarPosition, CalendarPosition], tuple[list[DomainEvent], list[Step]]]
"""What the game's rules record when the calendar moves from one position to the next."""


def _no_effects(state: Any, before: CalendarPosition, after: CalendarPosition) -> tuple[list[DomainEvent], list[Step]]:
    return [], []


def _nothing_owed(state: Any) -> None:
    """Games with nothing that must be settled before play moves on."""


def _no_powers(state: Any) -> list[str]:
    return []


def _no_figures(state: Any) -> dict[tuple[str, str], int]:
    return {}


@dataclass(frozen=True)
class Chart:
    """A chart the game reads (CRT, fire tables): its key in the pinned tables and how to load it.

    ``load`` takes a bundled name or a path and returns (JSON data, sha256 of the file);
    ``model`` is the chart's layout, for `turnledger charts check` and its JSON Schema.
    """

    key: str
    bundled: str
    load: Callable[[str], tuple[dict[str, Any], str]]
    model: type[BaseModel] | None = None


@dataclass(frozen=True)
class RuleChange:
    """What a later release changed in what a command records: an older entry recorded before
    the change is not a forgery, and the audit says so as information, not as a problem."""

    kind: str
    """The command."""
    before: Callable[[dict[str, Any]], dict[str, Any] | None]
    """An event as the releases before the change recorded it (None: they did not record it);
    the audit compares the recorded and the re-decided entry both seen this way."""
    what: str
    """The change, as the audit reports it."""


@dataclass(frozen=True)
class Game:
    """One game: its commands and handlers, its state and fold, its sequence hooks, options,
    charts and facts. ``name`` through ``setup`` are required; the hooks default to 'nothing
    happens'."""

    name: str
    title: str
    fold: GameFold[Any]
    commands: tuple[type[Command], ...]
    handlers: Mapping[type[Any], Handler]
    setup: Callable[[LoadedScenario, CampaignIdentity], BaseState]
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    option_sources: Mapping[str, str] = field(default_factory=dict)
    """Option name -> the contradiction and rule it settles (shown by `turnledger options`)."""
    charts: tuple[Chart, ...] = ()
    facts: tuple[FactKind, ...] = ()
    """What the rules read off the map (the game's ``facts.py``); every read is checked against it."""
    phases: Mapping[str, tuple[Accepted, ...]] = field(default_factory=dict)
    """Command kind -> where the book accepts it (the game's ``command_phases.py``); the handlers'
    checks and docs/commands.md read it; a kind not listed is accepted in any phase."""
    advance_effects: AdvanceEffects = _no_effects
    before_leaving: Callable[[Any], None] = _nothing_owed
    movement_order: Callable[[Any], list[str]] = _no_powers
    figures: Callable[[Any], dict[tuple[str, str], int]] = _no_figures
    trends: Callable[[Any], dict[str, int]] = lambda state: {}
    scenario_tables: Callable[[Scenario], dict[str, Any]] = lambda scenario: {}
    views: Callable[[Any], list[View]] = lambda state: []
    forms: Mapping[str, FormSpec] = field(default_factory=dict)
    sealed_orders: Mapping[str, SealSlot] = field(default_factory=dict)
    """The sealed orders the game's rules read, by slot name (`referee.common.sealing.SealSlot`)."""
    rule_changes: tuple[RuleChange, ...] = ()
    """What later releases changed in what a command records (`RuleChange`)."""
    losses_on_advance: tuple[str, ...] = ()
    """Event types an advance may record that take something from a side (the stockpile cap,
    unspent special SP): the console says what will go and asks before recording them."""

    def __post_init__(self) -> None:
        declare(self.name, self.facts)

    @property
    def state_type(self) -> type[BaseState]:
        """The game's state class."""
        return self.fold.state_type

    def fact(self, name: str) -> FactKind | None:
        """The fact kind called ``name``, if the game declares it."""
        return next((kind for kind in self.facts if kind.name == name), None)
