"""The Europa systems issue 29 adds, assembled for `referee.europa.game`: the table checks (A-11,
A-19, A-36), the air boxes and Group Allowances (A-35, L-20, L-22, J-38), the Boot Camp supply
status kept for the player turn (A-22), the Success, Airbase and weather roll charts (K-09, K-10,
D-22), the Soviet factories' upgrades and relocation (K-07, C-51), garrisons and withdrawals (K-11),
with the facts they read and the phases they are accepted in."""

from __future__ import annotations

from typing import Any

from referee.common.command_base import Command
from referee.common.facts import FactKind
from referee.common.phases import CommandPhases
from referee.europa.air_box_commands import AIR_BOX_COMMANDS
from referee.europa.air_box_handlers import AIR_BOX_HANDLERS, AIR_BOX_PHASES
from referee.europa.air_groups import BOXES
from referee.europa.boot_camp_supply import (
    BOOT_CAMP_SUPPLY_COMMANDS,
    BOOT_CAMP_SUPPLY_HANDLERS,
    BOOT_CAMP_SUPPLY_PHASES,
)
from referee.europa.factory_handlers import FACTORY_COMMANDS, FACTORY_HANDLERS, FACTORY_PHASES
from referee.europa.garrison_handlers import GARRISON_COMMANDS, GARRISON_HANDLERS
from referee.europa.table_chart_commands import TABLE_CHART_COMMANDS
from referee.europa.table_chart_handlers import TABLE_CHART_HANDLERS
from referee.europa.table_check_commands import TABLE_CHECK_COMMANDS
from referee.europa.table_check_handlers import TABLE_CHECK_HANDLERS, TABLE_CHECK_PHASES

COMMANDS: tuple[type[Command], ...] = (
    *TABLE_CHECK_COMMANDS,
    *AIR_BOX_COMMANDS,
    *BOOT_CAMP_SUPPLY_COMMANDS,
    *TABLE_CHART_COMMANDS,
    *FACTORY_COMMANDS,
    *GARRISON_COMMANDS,
)
HANDLERS: dict[type[Any], Any] = {
    **TABLE_CHECK_HANDLERS,
    **AIR_BOX_HANDLERS,
    **BOOT_CAMP_SUPPLY_HANDLERS,
    **TABLE_CHART_HANDLERS,
    **FACTORY_HANDLERS,
    **GARRISON_HANDLERS,
}

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
    FactKind(
        "air_box",
        "air group (unit id)",
        "choice",
        "where the air group is: on the map operable or inoperable, in the off-map Ready box, in EFT, EET or "
        "Remnants, or out of play",
        "A-35, L-13, L-14, L-21, L-22, L-23 [000]",
        choices=BOXES,
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
    FactKind(
        "factory_status",
        "factory (as the factory chart names it)",
        "choice",
        "whether the factory is operating or relocating to the Urals",
        "C-51 [000], K-07",
        choices=("operating", "relocating"),
        read_by=("RelocateFactory", "RestoreFactory", "UpgradeFactories"),
    ),
    FactKind(
        "factory_relocated_in",
        "factory",
        "number",
        "the game turn the factory left for the Urals",
        "C-51 [000]",
        read_by=("RestoreFactory",),
    ),
    FactKind(
        "withdrawn",
        "unit",
        "yes_no",
        "the unit has left play on the withdrawal schedule",
        "K-11",
        read_by=("CheckGarrison", "ResolveMinimumRollAA"),
    ),
)
"""The facts these systems read (stated by the referee, or recorded by the commands)."""

PHASES: CommandPhases = {**AIR_BOX_PHASES, **TABLE_CHECK_PHASES, **BOOT_CAMP_SUPPLY_PHASES, **FACTORY_PHASES}
