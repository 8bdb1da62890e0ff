"""What a command handler sees (`Context`) and returns (`Decision`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from referee.common.dice import DigitalRoller
from referee.common.event_base import DomainEvent
from referee.common.ruleset import Ruleset
from referee.common.ruling import Ruling, Step
from referee.common.state import BaseState

if TYPE_CHECKING:
    from referee.common.game import Game

State = TypeVar("State", bound=BaseState)


@dataclass(frozen=True)
class Context(Generic[State]):
    """What a handler may look at: the state, the pinned ruleset, the game, the last entry
    number and the digital dice of the open period (when the command asks for them)."""

    state: State
    ruleset: Ruleset
    head: int
    game: Game
    roller: DigitalRoller | None = None


@dataclass
class Decision:
    """What a handler decided: the ruling, the events to record, the rolls made."""

    ruling: Ruling
    events: list[DomainEvent]
    rolls: list[dict[str, Any]] = field(default_factory=list)

    def extended(self, *, steps: Sequence[Step] = (), events: Sequence[DomainEvent] = ()) -> Decision:
        """The same decision with more derivation steps and events after its own."""
        ruling = self.ruling.model_copy(update={"steps": [*self.ruling.steps, *steps]}) if steps else self.ruling
        return Decision(ruling, [*self.events, *events], self.rolls)
