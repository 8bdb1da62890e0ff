"""What the bombardment system gives `referee.europa.game`: its commands, handlers, appliers and
its two charts (the 000 and the 001 bombardment tables)."""

from __future__ import annotations

from referee.common.game import Chart
from referee.europa.bombardment import charts
from referee.europa.bombardment.commands import BOMBARDMENT_COMMANDS
from referee.europa.bombardment.fold import BOMBARDMENT_APPLIERS
from referee.europa.bombardment.handlers import BOMBARDMENT_HANDLERS

COMMANDS = BOMBARDMENT_COMMANDS
HANDLERS = BOMBARDMENT_HANDLERS
APPLIERS = BOMBARDMENT_APPLIERS
CHART_000 = Chart(charts.KEY, charts.BUNDLED, charts.bombardment_chart, charts.Bombardment000)
CHART_001 = Chart(charts.KEY_001, charts.BUNDLED_001, charts.bombardment_001_chart, charts.Bombardment001)
