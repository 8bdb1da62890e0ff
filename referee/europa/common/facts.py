"""What the Revised Europa rules read off the map, stated by the referee with `StateFact`.

These, followed by the few each system declares in its ``system.py`` (the set-up facts, the air
boxes, the factories, withdrawals), make the game's one list (`Game.facts`, joined in
`referee.europa.game`): `StateFact` refuses any other name, every read is checked against it
(`referee.common.facts.stated`), and `turnledger facts` and docs/commands.md print it. ``read_by``
names the commands whose handlers read each fact (tests/test_fact_reads.py derives them from the
handlers and compares).
"""

from __future__ import annotations

from referee.common.facts import FactKind

FACTS = (
    FactKind(
        "out_of_supply_since",
        "hex",
        "number",
        "the game turn (as numbered by the calendar) since which the units in the hex are out of supply",
        "D-104 [000] (isolation attrition from the second consecutive unsupplied turn)",
        read_by=("ResolveIsolationAttrition",),
    ),
    FactKind(
        "terrain",
        "hex",
        "choice",
        "the hex's terrain as the combat terrain chart names it",
        "D-10, D-24 [000]",
        choices=(
            "clear",
            "rough",
            "woods",
            "forest",
            "swamp",
            "mountain",
            "dot_city",
            "major_city",
            "wooded_rough",
            "sand",
            "wooded_swamp",
        ),
        read_by=(
            "CheckStacking",
            "CheckMove",
            "TraceSupply",
            "CheckSecondFrontStack",
            "ResolveBootCampCombat",
            "TraceBootCampSupply",
        ),
    ),
    FactKind(
        "retreat_blocked",
        "hex",
        "yes_no",
        "no retreat path is open from the hex",
        "D-70, D-71, D-72 [000]",
        read_by=("CheckRetreat", "CheckBootCampRetreat"),
    ),
    FactKind(
        "in_enemy_zoc",
        "unit or hex",
        "yes_no",
        "the unit (or the hex) stands in an enemy zone of control",
        "A-15, A-16 [000], E-20, E-26 [002]",
        read_by=("CheckMove", "CheckExploitation", "CheckBootCampRetreat", "TraceBootCampSupply"),
    ),
    FactKind(
        "interdiction_zone",
        "hex",
        "yes_no",
        "the hex is in an air interdiction zone this turn",
        "D-101, L-03, L-12 [000]",
        read_by=("CheckMove", "TraceSupply"),
    ),
    FactKind(
        "rail_line",
        "hex",
        "yes_no",
        "a rail line runs through the hex",
        "L-08, L-12 [000]",
        read_by=("ResolveInterdiction",),
    ),
    FactKind(
        "allied_near_westwall",
        "map",
        "yes_no",
        "an Allied ground unit is in a Wehrkreis, the Benelux or a French Military Region next to Greater Germany",
        "F-25 [003]",
        read_by=("DeclareWestwallRestoration",),
    ),
    FactKind(
        "rail_cut",
        "hex",
        "yes_no",
        "a rail break (an interdiction centre or partisans) is in the hex",
        "L-08 [000]",
        read_by=("RailMove",),
    ),
    FactKind(
        "attacked_this_turn",
        "unit",
        "yes_no",
        "the unit attacked in this player turn's combat phase",
        "A-16 [000], C-64 [001]",
        read_by=("CheckExploitation", "RebuildUnit"),
    ),
    FactKind(
        "moved_in_exploitation",
        "unit",
        "yes_no",
        "the unit moved in this player turn's exploitation",
        "C-64 [001]",
        read_by=("RebuildUnit",),
    ),
    FactKind(
        "out_of_supply",
        "unit",
        "yes_no",
        "the unit (or the units of a combat, by its label) is marked out of supply",
        "C-18, C-64 [001], C-63 [000]",
        read_by=("AllocateLosses", "RebuildUnit", "ResolveSupplyPhase"),
    ),
    FactKind(
        "defensive_supply",
        "hex",
        "yes_no",
        "the units in the hex trace supply only through a depleted truck",
        "D-108 [001]",
        read_by=("ResolveIsolationAttrition",),
    ),
)
"""What the Europa rules read off the map (stated with `StateFact`)."""
