"""What `referee.third_reich.game` takes from the BRP economy: its handlers, the appliers of its
events, its events and where its commands are accepted."""

from __future__ import annotations

from referee.third_reich.common.system import System
from referee.third_reich.economy import command_phases, events, fold, handlers

SYSTEM = System(
    "economy",
    handlers.HANDLERS,
    appliers=fold.APPLIERS,
    events=(events,),
    upcasters=events.UPCASTERS,
    phases=command_phases.PHASES,
)
