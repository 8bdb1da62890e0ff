"""Where the Revised Europa sequence of play (A-10 [000], A-17 [001], A-21 [002]) accepts each command.

The handlers' phase checks read these lines and so does docs/commands.md (`Game.phases`), so the
page says what the book enforces (tests/test_command_phases.py). A command not listed is taken in
any phase: the losses a combat leaves owed (`AllocateLosses`, which must be met before the phase
ends, D-56), the checks of the map (stacking, retreat), corrections by hand, statements of fact.
"""

from __future__ import annotations

from referee.common.phases import ANY, OTHER, Accepted, CommandPhases

AXIS = "Axis"
NO_AIR_OPPOSITION = "no air opposition in the surprise turn (A-31)"
"""A-31 [000]: in the surprise turn no air combat, flak or air mission opposes the attacker's air."""

SP_INCOME = Accepted(("Initial",), "SP income", "B-02 [000]")
ACTIVATION = Accepted(("Movement", "Exploitation"), "c/m activation", "A-13, B-31 [000]; B-66 [001]")
ATTACK_SUPPLY = Accepted(("Combat",), "attack supply", "B-36 [000]; B-66 [001]")
ARTILLERY_SUPPLY = Accepted(("Combat",), "artillery supply", "B-37 [000]; B-66 [001]")
OVERRUN_SUPPLY = Accepted(("Movement", "Exploitation"), "overrun supply", "B-39 [000]")
AIR_SUPPLY = Accepted(("Air",), "air operations supply", "B-30 [000]; B-66 [001]")
BUY_RESOURCES = Accepted(("Initial",), "buying Resource Points", "B-50 [000]")
SELL_RESOURCES = Accepted(("Initial",), "exchanging Resource Points for SP", "B-51 [000]")
CONSTRUCTION = Accepted(("Initial",), "construction with Resource Points", "A-11 [000]")
RAIL_CAPACITY = Accepted(("Initial", "Movement"), "adding rail capacity", "B-54 [000]")
RESOURCE_INCOME = Accepted(("Initial",), "Resource Point income", "B-53 [000]")
REPLACEMENTS = Accepted(
    ("Initial", "Replacement"), "taking replacements", "C-63 [000]", when="under replacement_timing=000"
)
REPLACEMENTS_001 = Accepted(("Replacement",), "taking replacements", "C-64 [001]", when="under replacement_timing=001")
"""C-63 [000]: replacements in the Initial phase (the Replacement phase of a 001 calendar too);
C-64 [001]: under replacement_timing=001 only in the Replacement phase that ends the player turn.
The handlers name their own activity (special replacements, rebuilding, returning cadres) and
cite C-40 or C-63 with these phases."""
COMBAT = Accepted(("Combat",), "combat", "A-14 [000]", when="for an attack")
OVERRUN = Accepted(("Movement", "Exploitation"), "an overrun", "D-90 [000]", when="for an overrun (`overrun`)")
ARTILLERY_BOMBARDMENT = Accepted(
    ("Combat",), "artillery bombardment", "A-14, D-80 [000]", when="fired by artillery (`artillery`)"
)
AIR_STRIKE = Accepted(("Air",), "an air strike", "A-12 [000]", when="flown by air units (`air`)")
STRATEGIC_STRIKE = Accepted(("Air",), "a strategic air strike", "A-12 [000]")
INTERDICTION = Accepted(("Air",), "an interdiction mission", "A-12 [000]")
AIR_SURPRISE = Accepted(("Air",), "the air surprise", "L-21 [000]")
RAIL_MOVE = Accepted(("Movement",), "rail movement", "L-08 [000]")
EXPLOITATION = Accepted(("Exploitation",), "exploitation", "A-15 [000]")
MOVE = Accepted(("Movement", "Exploitation"), "a move", "L-01 [000]")
REGAUGE = Accepted(("Movement",), "rail gauge conversion", "L-07 [000]")
REINFORCEMENTS = Accepted(("Initial",), "receiving reinforcements", "K-11, A-11 [000]")
ISOLATION = Accepted(
    ("Initial",),
    "isolation attrition",
    "D-104 [000]",
    when="in a calendar without a Supply phase (europa-000, 002, 003)",
)
ISOLATION_001 = Accepted(
    ("Supply",), "isolation attrition", "A-19 [001]", when="in a calendar with a Supply phase (europa-001)"
)
AIR_COMBAT = Accepted(("Air",), "air combat", "A-12 [000]", turn=ANY, needs=NO_AIR_OPPOSITION)
FLAK = Accepted(("Air",), "flak", "A-12 [000]", turn=ANY, needs=NO_AIR_OPPOSITION)
AIR_MISSIONS = Accepted(("Air",), "an air mission", "A-12 [000]", turn=ANY, needs=NO_AIR_OPPOSITION)
AIR_TRANSPORT = Accepted(("Initial",), "air transport of supply", "A-11 [000]")
REPAIR = {
    "initial": Accepted(("Initial",), "air unit repair", "J-03", when="under air_repair_timing=initial"),
    "air_phase": Accepted(("Air",), "air unit repair", "J-03", when="under air_repair_timing=air_phase"),
}
"""J-03: air units are repaired by the phasing player in the Initial phase or at the start of the
Air phase (option air_repair_timing), read by `referee.europa.air.missions.repair_phase`."""
BOOT_CAMP_COMBAT = Accepted(("Combat",), "combat", "A-21 [002]")
BOOT_CAMP_REPLACEMENTS = Accepted(("Initial",), "receiving replacements", "C-65, A-21 [002]")
BOOT_CAMP_SUPPLY = Accepted(("Initial",), "a Boot Camp supply trace", "A-21, A-22 [002]", turn=ANY)
WESTWALL_REVIEW = Accepted(("Initial",), "the Allied Westwall review", "F-25 [003]", turn=OTHER)
"""F-25 [003]: in an Allied (not the Axis) player turn's Initial phase; `require` with the Axis."""
WESTWALL_DECLARATION = Accepted(
    ("Initial",), "declaring the Westwall emergency restoration", "F-25 [003]", turn=AXIS, needs="once per game"
)
WESTWALL_RESTORATION = Accepted(
    ("Initial",),
    "the Westwall restoration",
    "F-25 [003]",
    turn=AXIS,
    needs="the second Axis Initial phase after the declaration",
)

LOSSES = Accepted(
    (),
    "meeting a loss",
    "D-56 [000]",
    turn=ANY,
    needs="before the phase that owes it ends (the advance is refused until then)",
)

PHASES: CommandPhases = {
    "AllocateLosses": (LOSSES,),
    "ReceiveSupplyIncome": (SP_INCOME,),
    "ActivateMechanized": (ACTIVATION,),
    "PayAttackSupply": (ATTACK_SUPPLY,),
    "PayArtillerySupply": (ARTILLERY_SUPPLY,),
    "PayOverrunSupply": (OVERRUN_SUPPLY,),
    "PayAirSupply": (AIR_SUPPLY,),
    "BuyResourcePoints": (BUY_RESOURCES,),
    "SellResourcePoints": (SELL_RESOURCES,),
    "SpendResourcePoints": (CONSTRUCTION,),
    "BuyRailCapacity": (RAIL_CAPACITY,),
    "ReceiveResourceIncome": (RESOURCE_INCOME,),
    "ReceiveReplacements": (REPLACEMENTS, REPLACEMENTS_001),
    "ReceiveSpecialReplacements": (REPLACEMENTS, REPLACEMENTS_001),
    "RebuildUnit": (REPLACEMENTS, REPLACEMENTS_001),
    "ReturnCadre": (REPLACEMENTS, REPLACEMENTS_001),
    "ResolveCombat": (COMBAT, OVERRUN),
    "ResolveBombardment": (ARTILLERY_BOMBARDMENT, AIR_STRIKE),
    "ResolveStrategicBombing": (STRATEGIC_STRIKE,),
    "ResolveInterdiction": (INTERDICTION,),
    "ResolveAirSurprise": (AIR_SURPRISE,),
    "RailMove": (RAIL_MOVE,),
    "CheckExploitation": (EXPLOITATION,),
    "CheckMove": (MOVE,),
    "CheckRegauge": (REGAUGE,),
    "ReceiveReinforcements": (REINFORCEMENTS,),
    "ResolveIsolationAttrition": (ISOLATION, ISOLATION_001),
    "ResolveAirCombat": (AIR_COMBAT,),
    "ResolveFlak": (FLAK,),
    "SendAirMissions": (AIR_MISSIONS,),
    "AirSupplyMission": (AIR_TRANSPORT,),
    "RepairAirUnit": tuple(REPAIR.values()),
    "ResolveBootCampCombat": (BOOT_CAMP_COMBAT,),
    "ReceiveBootCampReplacements": (BOOT_CAMP_REPLACEMENTS,),
    "TraceBootCampSupply": (BOOT_CAMP_SUPPLY,),
    "ReviewAlliedWestwall": (WESTWALL_REVIEW,),
    "DeclareWestwallRestoration": (WESTWALL_DECLARATION,),
    "CompleteWestwallRestoration": (WESTWALL_RESTORATION,),
}
"""Command kind -> where the Europa book accepts it (`Game.phases`)."""
