"""What the order-of-battle system gives `referee.europa.game`: its commands (reinforcements and
garrison checks), handlers, the reinforcement schedule chart and the withdrawal fact."""

from __future__ import annotations

from typing import Any

from referee.common.chart_files import pinned_data
from referee.common.facts import FactKind
from referee.common.game import Chart
from referee.europa.order_of_battle import reinforcements
from referee.europa.order_of_battle.commands import REINFORCEMENT_COMMANDS
from referee.europa.order_of_battle.garrison_handlers import GARRISON_COMMANDS, GARRISON_HANDLERS
from referee.europa.order_of_battle.handlers import REINFORCEMENT_HANDLERS

__all__ = ["GARRISON_COMMANDS", "REINFORCEMENT_COMMANDS"]

HANDLERS: dict[type[Any], Any] = {**REINFORCEMENT_HANDLERS, **GARRISON_HANDLERS}
CHART = Chart(
    reinforcements.KEY,
    reinforcements.BUNDLED,
    pinned_data(reinforcements.load_reinforcements),
    reinforcements.ReinforcementChart,
)

FACTS = (
    FactKind(
        "withdrawn",
        "unit",
        "yes_no",
        "the unit has left play on the withdrawal schedule",
        "K-11",
        read_by=("CheckGarrison", "ResolveMinimumRollAA"),
    ),
)
"""The fact the withdrawal schedule records (and the garrison check and AA fire read)."""
