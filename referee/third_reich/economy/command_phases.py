"""Where the Revised Third Reich sequence of play accepts the economy's commands
(A-53, A-58, A-59, G-44 [004]).

The handlers' phase checks read these lines and so do docs/commands.md (`Game.phases`, which
`referee.third_reich.game` gathers from every system) and tests/test_command_phases.py.
"""

from __future__ import annotations

from referee.common.phases import ANY, GAME, Accepted, CommandPhases

OPTIONS = Accepted(("Options",), "declaring options", "A-58 [004]")
BUILD = Accepted(("Build",), "building", "A-59 [004]")
BUILD_AIRBASE = Accepted(("Build",), "building airbases", "A-59 [004]")
NAVAL_REPAIR = Accepted(("Build",), "starting naval repairs", "G-44 [004]")
REDEPLOYMENT = Accepted(("Strategic Redeployment",), "strategic redeployment", "A-59 [004]")
YEAR_START = Accepted(("Year Start",), "the year start", "A-53 [004]", turn=GAME, needs="of a Spring turn")
YEAR_START_BRP = Accepted(
    ("Year Start",), "year-start BRP changes", "A-53 [004]", turn=ANY, when="with category year_start"
)
OTHER_BRP = Accepted((), "BRP changes", "G [004]", turn=ANY, when="with any other category")

PHASES: CommandPhases = {
    "DeclareOption": (OPTIONS,),
    "BuildUnits": (BUILD,),
    "BuildAirbase": (BUILD_AIRBASE,),
    "StartNavalRepair": (NAVAL_REPAIR,),
    "RecordRedeployments": (REDEPLOYMENT,),
    "PerformYearStart": (YEAR_START,),
    "GrantBrp": (YEAR_START_BRP, OTHER_BRP),
    "SpendBrp": (YEAR_START_BRP, OTHER_BRP),
    "AdjustBrpBase": (YEAR_START_BRP, OTHER_BRP),
}
"""Command kind -> where the book accepts it; a kind not listed is taken in any phase."""
