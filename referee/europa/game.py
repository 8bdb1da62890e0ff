"""The Revised Europa game: what the referee service asks of this package (one `Game` object).

Revised Europa (seed 000, the default ruleset europa-000) with the earlier revision (seed 001,
europa-001), Boot Camp (002) and Second Front (003) as rulesets of the same game. Each system is
a sub-package (logistics, combat, bombardment, air, boot_camp, second_front, map_facts,
order_of_battle, tables) that offers its parts in its ``system.py``; `referee.europa.common` holds
what they share (state, options, context, phases, facts, set-up, views). This module assembles
them; commands and charts are listed in the order docs/commands.md and the pinned charts have
always had (a campaign pins its charts in this order).
"""

from __future__ import annotations

from typing import Any

from ledger.folding import register
from referee.common.fold import GameFold
from referee.common.game import Game, RuleChange
from referee.common.handlers import NEUTRAL_HANDLERS
from referee.europa.air import system as air
from referee.europa.bombardment import system as bombardment
from referee.europa.boot_camp import system as boot_camp
from referee.europa.combat import system as combat
from referee.europa.common import setup, views
from referee.europa.common.command_phases import PHASES
from referee.europa.common.facts import FACTS
from referee.europa.common.options import OPTIONS, SOURCES
from referee.europa.common.state import EuropaState
from referee.europa.events import CATALOG
from referee.europa.forms import FORMS
from referee.europa.logistics import system as logistics
from referee.europa.map_facts import system as map_facts
from referee.europa.order_of_battle import system as order_of_battle
from referee.europa.second_front import system as second_front
from referee.europa.tables import system as tables

FOLD = GameFold(
    "europa",
    EuropaState,
    CATALOG,
    {**logistics.APPLIERS, **combat.APPLIERS, **bombardment.APPLIERS, **boot_camp.APPLIERS, **second_front.APPLIERS},
    state_version=7,
)
register(FOLD)
"""State version 6: release 0.5 (the table's weather_turns; older cached states are rebuilt)."""


def _without_paid_mark(event: dict[str, Any]) -> dict[str, Any] | None:
    paid = event.get("type") == "StepCompleted" and str(event.get("step", "")).startswith("attack_supply_paid")
    return None if paid else event


def _losses_without_units(event: dict[str, Any]) -> dict[str, Any] | None:
    if event.get("type") == "StepCompleted" and str(event.get("step", "")).startswith("attack_supply_in_combat"):
        return None
    if event.get("type") != "CombatResolved":
        return event
    return {**event, "losses": [{k: v for k, v in loss.items() if k != "units"} for loss in event.get("losses", [])]}


def _without_roster_changes(event: dict[str, Any]) -> dict[str, Any] | None:
    return None if event.get("type") == "UnitStatusChanged" else event


def _without_traced_status(event: dict[str, Any]) -> dict[str, Any] | None:
    traced = event.get("type") == "MarkerSet" and str(event.get("name", "")).startswith("boot_camp_supply:")
    return None if traced else event


ARRIVAL_FACTS = frozenset({"withdrawn", "air_box", "group_allowance", "group_allowance_half", "single_groups"})


def _arrivals_as_before(event: dict[str, Any]) -> dict[str, Any] | None:
    kept = event.get("type") == "FactStated" and event.get("fact") in ARRIVAL_FACTS
    return None if kept else event


def before_leaving(state: EuropaState) -> None:
    """What must be settled before a phase ends: losses owed (D-56), and in Boot Camp no stated
    stack over the limit outside the Initial phase (E-28, E-29 [002])."""
    combat.refuse_with_losses_owed(state)
    boot_camp.refuse_overstacked_at_phase_end(state)


RULE_CHANGES = (
    RuleChange(
        "PayAttackSupply",
        _without_paid_mark,
        "attack supply paid by hand is now marked for the phase, so that the combat form does not charge it "
        "again (issue 12); entries recorded before the mark existed do not carry it",
    ),
    RuleChange(
        "ResolveCombat",
        _losses_without_units,
        "a loss owed now names the units that were in the combat, so that only they can meet it (D-56), and "
        "attack supply paid in the combat is marked for the phase (issue 12); entries recorded before carry neither",
    ),
    RuleChange(
        "AllocateLosses",
        _without_roster_changes,
        "the registered units that meet a loss are now reduced or eliminated in the force roster (issue 28); "
        "entries recorded before left the roster as it was",
    ),
    RuleChange(
        "TraceBootCampSupply",
        _without_traced_status,
        "a Boot Camp trace now records the status it finds for the player turn, which the combat and the "
        "exploitation read (A-22 [002], issue 29); traces recorded before did not",
    ),
    RuleChange(
        "ReceiveReinforcements",
        _arrivals_as_before,
        "reinforcements now mark withdrawn units, and in a campaign keeping air boxes put arriving groups in the "
        "Ready box and add their GA (K-11, L-22, issue 29); entries recorded before did neither",
    ),
)
"""What releases after 0.1.0 changed in what Europa commands record (`referee.audit`)."""


GAME = Game(
    name="europa",
    title="Revised Europa",
    fold=FOLD,
    commands=(
        *logistics.COMMANDS,
        *combat.COMMANDS,
        *bombardment.COMMANDS,
        *map_facts.MAP_COMMANDS,
        *air.AIR_COMBAT_COMMANDS,
        *second_front.AA_COMMANDS,
        *boot_camp.COMMANDS,
        *second_front.FORTIFICATION_COMMANDS,
        *order_of_battle.REINFORCEMENT_COMMANDS,
        *map_facts.MOVEMENT_COMMANDS,
        *map_facts.TABLE_CHECK_COMMANDS,
        *air.AIR_BOX_COMMANDS,
        *boot_camp.SUPPLY_COMMANDS,
        *tables.COMMANDS,
        *logistics.FACTORY_COMMANDS,
        *order_of_battle.GARRISON_COMMANDS,
    ),
    handlers={
        **NEUTRAL_HANDLERS,
        **logistics.HANDLERS,
        **combat.HANDLERS,
        **bombardment.HANDLERS,
        **air.HANDLERS,
        **second_front.HANDLERS,
        **boot_camp.HANDLERS,
        **map_facts.HANDLERS,
        **order_of_battle.HANDLERS,
        **tables.HANDLERS,
    },
    setup=setup.starting_state,
    options=OPTIONS,
    option_sources=SOURCES,
    charts=(
        combat.COMBAT_CHART,
        combat.UNIT_CHART,
        air.AIR_CHART,
        bombardment.CHART_000,
        bombardment.CHART_001,
        second_front.AA_CHART,
        boot_camp.CHART,
        second_front.FORTIFICATION_CHART,
        combat.RULE_D_CHART,
        combat.WINTERIZATION_CHART,
        order_of_battle.CHART,
        air.GROUPS_CHART,
        tables.SUCCESS_CHART,
        tables.AIRBASE_CHART,
        tables.WEATHER_CHART,
        logistics.FACTORY_CHART,
    ),
    facts=(*FACTS, *map_facts.FACTS, *air.FACTS, *logistics.FACTS, *order_of_battle.FACTS),
    phases={**PHASES, **air.PHASES, **map_facts.PHASES, **boot_camp.PHASES, **logistics.PHASES},
    advance_effects=logistics.advance_effects,
    losses_on_advance=("SupplyCapApplied", "SpecialSupplyExpired"),
    rule_changes=RULE_CHANGES,
    before_leaving=before_leaving,
    figures=logistics.figures,
    trends=logistics.trends,
    scenario_tables=setup.scenario_tables,
    views=views.views,
    forms=FORMS,
)
