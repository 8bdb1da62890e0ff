"""What `referee.third_reich.game` takes from the Murmansk box: its handlers, the appliers of its
events, its events and where its commands are accepted."""

from __future__ import annotations

from referee.third_reich.common.system import System
from referee.third_reich.murmansk import command_phases, events, fold, handlers

SYSTEM = System(
    "murmansk",
    handlers.HANDLERS,
    appliers=fold.APPLIERS,
    events=(events,),
    upcasters=events.UPCASTERS,
    phases=command_phases.PHASES,
)
