"""Where the Revised Third Reich sequence of play accepts the attrition commands and isolation attrition
(A-60, A-63, H-40 [004]).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import ANY, Accepted, CommandPhases
from referee.third_reich.common.terms import OWED

ISOLATION = Accepted(("Supply and Isolation",), "isolation attrition", "H-40 [004]")
ATTRITION = Accepted(
    ("Combat",),
    "an attrition step",
    "A-60, A-63 [004]",
    needs="under the power's attrition option on the front, once a player turn per front",
)
ATTRITION_LOSSES = Accepted((), "removing attrition losses", "H-11, H-13 [004]", turn=ANY, needs=OWED)
ATTRITION_HEXES = Accepted((), "naming the hexes won", "H-12 [004]", turn=ANY, needs=OWED)

PHASES: CommandPhases = {
    "RemoveAttritionLosses": (ATTRITION_LOSSES,),
    "ClaimAttritionHexes": (ATTRITION_HEXES,),
    "ResolveIsolationAttrition": (ISOLATION,),
    "ResolveAttrition": (ATTRITION,),
}
"""Command kind -> where the book accepts it: the losses and hexes an attrition step leaves owed in
any phase, but before play moves on (H-11, H-12)."""
