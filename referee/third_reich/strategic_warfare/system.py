"""What `referee.third_reich.game` takes from strategic warfare: its handlers, the appliers of its
events, its events and where its commands are accepted."""

from __future__ import annotations

from referee.third_reich.common.system import system_of
from referee.third_reich.strategic_warfare import command_phases, events, fold, handlers

SYSTEM = system_of("strategic_warfare", handlers, command_phases, events, fold)
