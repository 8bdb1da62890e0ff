"""What `referee.third_reich.game` takes from attrition: its handlers, the appliers of its
events, its events and where its commands are accepted."""

from __future__ import annotations

from referee.third_reich.attrition import command_phases, events, fold, handlers
from referee.third_reich.common.system import system_of

SYSTEM = system_of("attrition", handlers, command_phases, events, fold)
