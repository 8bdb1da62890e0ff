"""What `referee.third_reich.game` takes from air and naval operations: its handlers and where its
commands are accepted (it records no event of its own: fights are rulings, eliminations the roster's)."""

from __future__ import annotations

from referee.third_reich.air_naval import command_phases, handlers
from referee.third_reich.common.system import system_of

SYSTEM = system_of("air_naval", handlers, command_phases)
