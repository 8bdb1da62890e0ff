"""What the map-facts system gives `referee.europa.game`: its commands (the map rulings, the move
checks and the table checks), handlers, phases and the set-up facts it declares."""

from __future__ import annotations

from typing import Any

from referee.common.facts import FactKind
from referee.europa.map_facts.commands import MAP_COMMANDS, MOVEMENT_COMMANDS, TABLE_CHECK_COMMANDS
from referee.europa.map_facts.handlers import MAP_HANDLERS
from referee.europa.map_facts.movement_handlers import MOVEMENT_HANDLERS
from referee.europa.map_facts.table_check_handlers import TABLE_CHECK_HANDLERS, TABLE_CHECK_PHASES

__all__ = ["MAP_COMMANDS", "MOVEMENT_COMMANDS", "TABLE_CHECK_COMMANDS"]

HANDLERS: dict[type[Any], Any] = {**MAP_HANDLERS, **MOVEMENT_HANDLERS, **TABLE_CHECK_HANDLERS}
PHASES = TABLE_CHECK_PHASES

FACTS = (
    FactKind(
        "hexes_from_border",
        "hex",
        "number",
        "how many hexes the hex lies from the Soviet border (0: a border hex)",
        "A-36 [000]",
        read_by=("CheckSovietSetUp",),
    ),
    FactKind(
        "border_hexes_outside_zoc",
        "map ('border')",
        "number",
        "the border hexes in no Soviet zone of control at set-up",
        "A-36 [000]",
        read_by=("CheckSovietSetUp",),
    ),
)
"""The facts the Soviet set-up check reads (the facts read by several systems are
`referee.europa.common.facts`)."""
