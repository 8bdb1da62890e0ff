"""Where the Revised Third Reich sequence of play accepts the air and naval commands
(A-58, A-59, A-63, H-24..H-34 [004]).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import OTHER, Accepted, CommandPhases
from referee.third_reich.common.terms import OFFENSIVE

AIR_NAVAL_COMBAT = Accepted(
    ("Combat", "Mechanized Combat"), "air and naval combat", "A-58, A-63 [004]", needs=OFFENSIVE
)
COUNTER_AIR = Accepted(("Air Missions",), "counter-air", "A-63, H-24 [004]", needs=OFFENSIVE)
INTERCEPTION = Accepted(("Interception",), "naval interception", "A-58, H-31 [004]", turn=OTHER)
AIR_DROP = Accepted(("Movement",), "an airborne drop", "A-63, H-34 [004]", needs=OFFENSIVE)
LANDING = Accepted(("Movement",), "an amphibious landing", "A-63, H-33 [004]", needs=OFFENSIVE)
AIR_MOVE = Accepted(("Movement",), "an air unit's move", "H-25 [004]", when="mission rebase")
AIR_MISSION = Accepted(
    ("Air Missions", "Combat", "Mechanized Combat"),
    "an air mission",
    "A-58, A-63 [004]",
    when="missions counter_air, ground_support, naval_strike, escort",
    needs=OFFENSIVE,
)
AIR_INTERCEPTION = Accepted(
    ("Interception",), "air interception", "A-58 [004]", turn=OTHER, when="mission interception"
)
SEA_TRANSPORT = Accepted(
    ("Movement",), "a naval transport", "A-58, A-63 [004]", when="mission transport", needs=OFFENSIVE
)
SEA_SR = Accepted(("Strategic Redeployment",), "a sea SR", "A-59, H-32 [004]", when="mission sea_sr")

PHASES: CommandPhases = {
    "ResolveAirNavalCombat": (AIR_NAVAL_COMBAT,),
    "ResolveCounterAir": (COUNTER_AIR,),
    "ResolveInterception": (INTERCEPTION,),
    "ResolveAirDrop": (AIR_DROP,),
    "ResolveAmphibiousLanding": (LANDING,),
    "CheckAirMission": (AIR_MOVE, AIR_MISSION, AIR_INTERCEPTION),
    "CheckSeaMove": (SEA_TRANSPORT, SEA_SR),
}
"""Command kind -> where the book accepts it."""
