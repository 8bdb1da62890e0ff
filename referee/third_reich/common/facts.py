"""What the Revised Third Reich rules read off the map, stated by the referee with `StateFact`.

The one list of them: `StateFact` refuses any other name, every read is checked against it
(`referee.common.facts.stated`), and `turnledger facts` and docs/commands.md print it. ``read_by``
names the commands whose handlers read each fact (tests/test_fact_reads.py derives them from the
handlers and compares).
"""

from __future__ import annotations

from referee.common.facts import FactKind
from referee.third_reich.common.territory_map import OWN_COUNTRY, POWERS

FACTS = (
    FactKind(
        "fortified",
        "hex",
        "yes_no",
        "the defender's hex is a fortress or fortification line",
        "H-05 [004]",
        read_by=("ResolveLandCombat", "ClaimAttritionHexes"),
    ),
    FactKind(
        "retreat_possible",
        "hex",
        "yes_no",
        "the defenders have a hex to retreat into",
        "H-03 [004]",
        read_by=("ResolveLandCombat",),
    ),
    FactKind(
        "bridgehead",
        "hex",
        "yes_no",
        "the hex holds a beachhead or bridgehead (4 units stack)",
        "H-02 [004]",
        read_by=("ResolveLandCombat", "ClaimAttritionHexes"),
    ),
    FactKind(
        "capital",
        "hex",
        "yes_no",
        "the hex is a national capital (never won by attrition)",
        "H-12 [004]",
        read_by=("ClaimAttritionHexes",),
    ),
    FactKind(
        "terrain",
        "hex",
        "choice",
        "the hex's terrain for movement and ZOCs: clear, swamp, mountain or fortress",
        "H-50, H-51 [004]",
        choices=("clear", "swamp", "mountain", "fortress"),
        read_by=("CheckLandMove",),
    ),
    FactKind(
        "in_enemy_zoc",
        "hex",
        "yes_no",
        "an enemy unit is next to the hex across a land or river hexside (its ZOC may reach it)",
        "H-50 [004]",
        read_by=("CheckLandMove",),
    ),
    FactKind(
        "controlled_by",
        "city",
        "choice",
        "the power whose ground forces control the city (its_country: its own country's again), a city of the "
        "cities chart",
        "G-31, G-35, G-45, G-83 [004], K-43",
        choices=(*POWERS, OWN_COUNTRY),
        read_by=(
            "RecordConquest",
            "BuildUnits",
            "CheckSupplySource",
            "AdvancePhase",
            "AdvancePlayerTurn",
            "AdvanceGameTurn",
        ),
    ),
    FactKind(
        "capital_held_by",
        "country",
        "choice",
        "the power whose units have held the minor country's capital through the end of the enemy's next player turn",
        "G-31 [004]",
        choices=(*POWERS, OWN_COUNTRY),
        read_by=("RecordConquest",),
    ),
    FactKind(
        "uncontested_air_zone_of",
        "hex",
        "choice",
        "the side whose air zone reaches the hex uncontested (none: no side's, or contested)",
        "G-45 [004]",
        choices=("Axis", "USSR", "Western Allies", "none"),
        read_by=("BuildUnits",),
    ),
    FactKind(
        "out_of_supply",
        "hex",
        "yes_no",
        "the hex is out of supply for the units of the power building there",
        "G-45 [004]",
        read_by=("BuildAirbase",),
    ),
    FactKind(
        "ground_unit_of",
        "hex",
        "choice",
        "the power whose ground unit is in the hex (none: no ground unit)",
        "G-45 [004]",
        choices=(*POWERS, "none"),
        read_by=("BuildAirbase",),
    ),
    FactKind(
        "hexes_won",
        "attack",
        "number",
        "hexes the attacker took in an attrition combat",
        "H-12 [004]",
    ),
)
"""What the Third Reich rules read off the map; ``hexes_won`` is kept so that campaigns which
stated it still decide again the same (no command reads it)."""
