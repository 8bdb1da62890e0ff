"""What a command handler sees (`Context`) and returns (`Decision`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ledger import events as ev
from ledger.state import GameState
from referee.dice import DigitalRoller
from referee.ruling import Ruling
from referee.scenario import Ruleset


@dataclass(frozen=True)
class Context:
    """What a handler may look at."""

    state: GameState
    ruleset: Ruleset
    head: int
    roller: DigitalRoller | None = None


@dataclass
class Decision:
    """What a handler decided: the ruling, the events to record, the rolls made."""

    ruling: Ruling
    events: list[ev.DomainEvent]
    rolls: list[dict[str, Any]] = field(default_factory=list)
