"""Where the Revised Third Reich sequence of play accepts the commands of war and lend lease
(A-58 [004], J-67).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import Accepted, CommandPhases

DECLARE_WAR = Accepted(("Options",), "declaring war", "G-34 [004]")
PLACEMENT = Accepted(
    ("Movement",),
    "placing northern lend lease in the Murmansk box",
    "J-67 [004]",
    needs="of a Spring turn, under lend_lease_placement=movement_phase",
)
"""Where `PlaceLendLease` is accepted (J-67: option lend_lease_placement=movement_phase)."""

PHASES: CommandPhases = {
    "DeclareWar": (DECLARE_WAR,),
    "PlaceLendLease": (PLACEMENT,),
}
"""Command kind -> where the book accepts it; `RecordSurrender` is taken in any phase."""
