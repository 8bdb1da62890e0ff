"""What `referee.third_reich.game` takes from strategic warfare: its handlers, the appliers of its
events, its events and where its commands are accepted."""

from __future__ import annotations

from referee.third_reich.common.system import System
from referee.third_reich.strategic_warfare import command_phases, events, fold, handlers

SYSTEM = System(
    "strategic_warfare",
    handlers.HANDLERS,
    appliers=fold.APPLIERS,
    events=(events,),
    phases=command_phases.PHASES,
)
