"""What the Boot Camp system gives `referee.europa.game`: its commands (combat and rulings, and the
exploitation check of the supply status held for the player turn), handlers, phases, appliers and
chart, and the stacking check made before a phase ends (E-28, E-29)."""

from __future__ import annotations

from typing import Any

from referee.common.chart_files import pinned_data
from referee.common.game import Chart
from referee.europa.boot_camp import charts
from referee.europa.boot_camp.commands import BOOT_CAMP_COMMANDS
from referee.europa.boot_camp.fold import BOOT_CAMP_APPLIERS
from referee.europa.boot_camp.handlers import BOOT_CAMP_HANDLERS, refuse_overstacked_at_phase_end
from referee.europa.boot_camp.supply import (
    BOOT_CAMP_SUPPLY_COMMANDS,
    BOOT_CAMP_SUPPLY_HANDLERS,
    BOOT_CAMP_SUPPLY_PHASES,
)

__all__ = ["refuse_overstacked_at_phase_end"]

COMMANDS = BOOT_CAMP_COMMANDS
SUPPLY_COMMANDS = BOOT_CAMP_SUPPLY_COMMANDS
HANDLERS: dict[type[Any], Any] = {**BOOT_CAMP_HANDLERS, **BOOT_CAMP_SUPPLY_HANDLERS}
PHASES = BOOT_CAMP_SUPPLY_PHASES
APPLIERS = BOOT_CAMP_APPLIERS
CHART = Chart(charts.KEY, charts.BUNDLED, pinned_data(charts.load_boot_camp_chart), charts.BootCampChart)
