"""Where the Revised Third Reich sequence of play accepts the land commands
(A-58, A-60, A-61, A-63, A-66, H-01 [004]).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import ANY, Accepted, CommandPhases
from referee.third_reich.common.terms import OFFENSIVE, OWED

LAND_COMBAT = Accepted(("Combat", "Mechanized Combat"), "land combat", "A-58, A-63 [004]", needs=OFFENSIVE)
LAND_MOVE = Accepted(
    ("Movement", "Mechanized Movement"),
    "a move",
    "A-58 [004]",
    needs="under the option declared on the front; the mechanized phase under an offensive, in Clear, armor only "
    "(A-60, A-61, A-66)",
)
LAND_LOSSES = Accepted((), "removing land combat losses", "H-01 [004]", turn=ANY, needs=OWED)

PHASES: CommandPhases = {
    "RemoveLandLosses": (LAND_LOSSES,),
    "ResolveLandCombat": (LAND_COMBAT,),
    "CheckLandMove": (LAND_MOVE,),
}
"""Command kind -> where the book accepts it: the losses a combat leaves owed in any phase, but
before play moves on (H-01)."""
