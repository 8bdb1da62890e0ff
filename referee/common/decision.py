"""What a command handler sees (`Context`) and returns (`Decision`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.common import events as ev
from referee.common.state import GameState
from referee.common.dice import DigitalRoller
from referee.common.ruling import Ruling
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
