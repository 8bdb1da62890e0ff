"""What the air system gives `referee.europa.game`: its commands (air combat, and the air boxes),
handlers, phases, charts and facts."""

from __future__ import annotations

from typing import Any

from referee.common.chart_files import pinned_data
from referee.common.facts import FactKind
from referee.common.game import Chart
from referee.europa.air import charts, groups
from referee.europa.air.box_handlers import AIR_BOX_HANDLERS, AIR_BOX_PHASES
from referee.europa.air.commands import AIR_BOX_COMMANDS, AIR_COMBAT_COMMANDS
from referee.europa.air.handlers import AIR_COMBAT_HANDLERS

__all__ = ["AIR_BOX_COMMANDS", "AIR_COMBAT_COMMANDS"]

HANDLERS: dict[type[Any], Any] = {**AIR_COMBAT_HANDLERS, **AIR_BOX_HANDLERS}
PHASES = AIR_BOX_PHASES
AIR_CHART = Chart("air", charts.BUNDLED, pinned_data(charts.load_air_tables), charts.AirTables)
GROUPS_CHART = Chart(groups.KEY, groups.BUNDLED, pinned_data(groups.load_air_groups), groups.AirGroupsChart)

FACTS = (
    FactKind(
        "air_box",
        "air group (unit id)",
        "choice",
        "where the air group is: on the map operable or inoperable, in the off-map Ready box, in EFT, EET or "
        "Remnants, or out of play",
        "A-35, L-13, L-14, L-21, L-22, L-23 [000]",
        choices=groups.BOXES,
        read_by=(
            "RepairAirUnit",
            "ResolveAirSurprise",
            "ResolveAirSurprise001",
            "PlaceAirGroups",
            "TriageAirGroup",
            "SpendSingleAirGroup",
            "CheckInterception",
        ),
    ),
    FactKind(
        "group_allowance",
        "nation",
        "number",
        "the nation's Group Allowance: how many of its air groups may be on the map",
        "L-20, L-22, A-11 [000]",
        read_by=("PlaceAirGroups", "ReceiveReinforcements"),
    ),
    FactKind(
        "group_allowance_half",
        "nation",
        "yes_no",
        "half a GA point of the original schedule is carried to the next new GA (provisional)",
        "L-22 [000]",
        read_by=("ReceiveReinforcements",),
    ),
    FactKind(
        "single_groups",
        "side:group type ('Soviet:MiG3')",
        "number",
        "single (original-size) air groups of the schedule waiting to be spent",
        "L-22 [000]",
        read_by=("SpendSingleAirGroup", "ReceiveReinforcements"),
    ),
)
"""The facts the air boxes and Group Allowances read (stated by the referee, or recorded by the commands)."""
