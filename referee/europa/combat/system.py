"""What the combat system gives `referee.europa.game`: its commands, handlers, appliers and charts,
and the check that no phase is left with a loss still owed (D-56)."""

from __future__ import annotations

from typing import Any

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.europa.combat import charts, rule_d, unit_chart
from referee.europa.combat import winterization as wz
from referee.europa.combat.commands import COMMANDS
from referee.europa.combat.fold import COMBAT_APPLIERS
from referee.europa.combat.handlers import COMBAT_HANDLERS
from referee.europa.combat.isolation_handlers import ISOLATION_HANDLERS
from referee.europa.combat.loss_handlers import LOSS_HANDLERS, refuse_with_losses_owed

__all__ = ["COMMANDS", "refuse_with_losses_owed"]

HANDLERS: dict[type[Any], Any] = {**COMBAT_HANDLERS, **LOSS_HANDLERS, **ISOLATION_HANDLERS}
APPLIERS = COMBAT_APPLIERS


COMBAT_CHART = Chart("combat", charts.BUNDLED, pinned_data(charts.load_charts), charts.CombatCharts)
"""The CRT and combat terrain chart as pinned data, with its digest (K-01, K-03)."""
UNIT_CHART = Chart("units", unit_chart.BUNDLED, unit_chart.unit_chart_data, unit_chart.UnitChart)
RULE_D_CHART = Chart(rule_d.KEY, rule_d.BUNDLED, pinned_data(rule_d.load_rule_d), rule_d.RuleDChart)
WINTERIZATION_CHART = Chart(wz.KEY, wz.BUNDLED, pinned_data(wz.load_winterization), wz.WinterizationChart)
