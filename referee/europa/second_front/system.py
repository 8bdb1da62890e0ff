"""What the Second Front system gives `referee.europa.game`: its commands (AA fire, fortifications
and the Westwall), handlers, appliers and charts."""

from __future__ import annotations

from typing import Any

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.europa.second_front import aa_charts, fortifications
from referee.europa.second_front.aa_handlers import AA_HANDLERS
from referee.europa.second_front.commands import AA_COMMANDS, FORTIFICATION_COMMANDS
from referee.europa.second_front.fold import FORTIFICATION_APPLIERS
from referee.europa.second_front.fortification_handlers import FORTIFICATION_HANDLERS

__all__ = ["AA_COMMANDS", "FORTIFICATION_COMMANDS"]

HANDLERS: dict[type[Any], Any] = {**AA_HANDLERS, **FORTIFICATION_HANDLERS}
APPLIERS = FORTIFICATION_APPLIERS
AA_CHART = Chart(aa_charts.KEY, aa_charts.BUNDLED, pinned_data(aa_charts.load_aa_chart), aa_charts.AAChart)
FORTIFICATION_CHART = Chart(
    fortifications.KEY,
    fortifications.BUNDLED,
    fortifications.fortification_chart_data,
    fortifications.FortificationChart,
)
