"""Where the Revised Third Reich sequence of play (A-56..A-59 [004]) accepts each command.

The handlers' phase checks read these lines and so does docs/commands.md (`Game.phases`), so the
page says what the book enforces (tests/test_command_phases.py). A command not listed is taken in
any phase: the losses and hexes an attrition step or a combat leaves owed (which must be settled
before the phase ends, H-01, H-11, H-12), conquests, surrenders, corrections.
"""

from __future__ import annotations

from referee.common.phases import ANY, GAME, OTHER, Accepted, CommandPhases
from referee.third_reich.economy_bombing import BOMBING
from referee.third_reich.lend_lease_placement import PLACEMENT
from referee.third_reich.murmansk import WESTERN_ALLIES
from referee.third_reich.murmansk_timing import TIMINGS

OPTIONS = Accepted(("Options",), "declaring options", "A-58 [004]")
DECLARE_WAR = Accepted(("Options",), "declaring war", "G-34 [004]")
BUILD = Accepted(("Build",), "building", "A-59 [004]")
BUILD_AIRBASE = Accepted(("Build",), "building airbases", "A-59 [004]")
NAVAL_REPAIR = Accepted(("Build",), "starting naval repairs", "G-44 [004]")
REDEPLOYMENT = Accepted(("Strategic Redeployment",), "strategic redeployment", "A-59 [004]")
SW_HITS = Accepted(("Strategic Warfare",), "strategic-warfare hits", "G-61 [004]", turn=ANY)
STRATEGIC_WARFARE = Accepted(
    ("Strategic Warfare",), "a strategic-warfare attack", "G-61 [004]", needs="by the attacking weapon's side"
)
YEAR_START = Accepted(("Year Start",), "the year start", "A-53 [004]", turn=GAME, needs="of a Spring turn")
YEAR_START_BRP = Accepted(
    ("Year Start",), "year-start BRP changes", "A-53 [004]", turn=ANY, when="with category year_start"
)
OTHER_BRP = Accepted((), "BRP changes", "G [004]", turn=ANY, when="with any other category")
ISOLATION = Accepted(("Supply and Isolation",), "isolation attrition", "H-40 [004]")
LAND_COMBAT = Accepted(
    ("Combat", "Mechanized Combat"),
    "land combat",
    "A-58, A-63 [004]",
    needs="under the power's offensive option on the front",
)
ATTRITION = Accepted(
    ("Combat",),
    "an attrition step",
    "A-60, A-63 [004]",
    needs="under the power's attrition option on the front, once a player turn per front",
)
AIR_NAVAL_COMBAT = Accepted(
    ("Combat", "Mechanized Combat"),
    "air and naval combat",
    "A-58, A-63 [004]",
    needs="under the power's offensive option on the front",
)
COUNTER_AIR = Accepted(
    ("Air Missions",), "counter-air", "A-63, H-24 [004]", needs="under the power's offensive option on the front"
)
INTERCEPTION = Accepted(("Interception",), "naval interception", "A-58, H-31 [004]", turn=OTHER)
AIR_DROP = Accepted(
    ("Movement",), "an airborne drop", "A-63, H-34 [004]", needs="under the power's offensive option on the front"
)
LANDING = Accepted(
    ("Movement",), "an amphibious landing", "A-63, H-33 [004]", needs="under the power's offensive option on the front"
)
LAND_MOVE = Accepted(
    ("Movement", "Mechanized Movement"),
    "a move",
    "A-58 [004]",
    needs="under the option declared on the front; the mechanized phase under an offensive, in Clear, armor only "
    "(A-60, A-61, A-66)",
)
AIR_MOVE = Accepted(("Movement",), "an air unit's move", "H-25 [004]", when="mission rebase")
AIR_MISSION = Accepted(
    ("Air Missions", "Combat", "Mechanized Combat"),
    "an air mission",
    "A-58, A-63 [004]",
    when="missions counter_air, ground_support, naval_strike, escort",
    needs="under the power's offensive option on the front",
)
AIR_INTERCEPTION = Accepted(
    ("Interception",), "air interception", "A-58 [004]", turn=OTHER, when="mission interception"
)
SEA_TRANSPORT = Accepted(
    ("Movement",),
    "a naval transport",
    "A-58, A-63 [004]",
    when="mission transport",
    needs="under the power's offensive option on the front",
)
SEA_SR = Accepted(("Strategic Redeployment",), "a sea SR", "A-59, H-32 [004]", when="mission sea_sr")
MURMANSK = tuple(
    Accepted(
        timing.fight_phases,
        "the Murmansk fight",
        timing.rule,
        turn=WESTERN_ALLIES,
        when=f"under murmansk_timing={reading}",
        needs=f"of {timing.fight_season}",
    )
    for reading, timing in TIMINGS.items()
)
"""The fight's moment under each reading of J-58 (`murmansk_timing.TIMINGS`, which
`require_fight_time` checks)."""

OWED = "before play moves on to the next phase (the advance is refused until then)"
LAND_LOSSES = Accepted((), "removing land combat losses", "H-01 [004]", turn=ANY, needs=OWED)
ATTRITION_LOSSES = Accepted((), "removing attrition losses", "H-11, H-13 [004]", turn=ANY, needs=OWED)
ATTRITION_HEXES = Accepted((), "naming the hexes won", "H-12 [004]", turn=ANY, needs=OWED)

PHASES: CommandPhases = {
    "RemoveLandLosses": (LAND_LOSSES,),
    "RemoveAttritionLosses": (ATTRITION_LOSSES,),
    "ClaimAttritionHexes": (ATTRITION_HEXES,),
    "DeclareOption": (OPTIONS,),
    "DeclareWar": (DECLARE_WAR,),
    "BuildUnits": (BUILD,),
    "BuildAirbase": (BUILD_AIRBASE,),
    "StartNavalRepair": (NAVAL_REPAIR,),
    "RecordRedeployments": (REDEPLOYMENT,),
    "RecordStrategicWarfareHits": (SW_HITS,),
    "ResolveStrategicWarfare": (STRATEGIC_WARFARE,),
    "PerformYearStart": (YEAR_START,),
    "GrantBrp": (YEAR_START_BRP, OTHER_BRP),
    "SpendBrp": (YEAR_START_BRP, OTHER_BRP),
    "AdjustBrpBase": (YEAR_START_BRP, OTHER_BRP),
    "ResolveIsolationAttrition": (ISOLATION,),
    "ResolveLandCombat": (LAND_COMBAT,),
    "ResolveAttrition": (ATTRITION,),
    "ResolveAirNavalCombat": (AIR_NAVAL_COMBAT,),
    "ResolveCounterAir": (COUNTER_AIR,),
    "ResolveInterception": (INTERCEPTION,),
    "ResolveAirDrop": (AIR_DROP,),
    "ResolveAmphibiousLanding": (LANDING,),
    "ResolveMurmanskFight": MURMANSK,
    "CheckLandMove": (LAND_MOVE,),
    "CheckAirMission": (AIR_MOVE, AIR_MISSION, AIR_INTERCEPTION),
    "CheckSeaMove": (SEA_TRANSPORT, SEA_SR),
    "PlaceLendLease": (PLACEMENT,),
    "ResolveCityBombing": (BOMBING,),
}
"""Command kind -> where the Third Reich book accepts it (`Game.phases`)."""
