"""The Revised Europa game: what the referee service asks of this package (one `Game` object).

Revised Europa (seed 000, the default ruleset europa-000) with the earlier revision (seed 001,
europa-001) as a ruleset of the same game: logistics (SP, Resource Points, replacements),
ground combat and isolation attrition.
"""

from __future__ import annotations

from typing import Any

from ledger.folding import register
from referee.common.fold import GameFold
from referee.common.game import Chart, Game, RuleChange
from referee.common.handlers import NEUTRAL_HANDLERS
from referee.europa import (
    aa_charts,
    air_groups,
    air_tables,
    charts,
    factories,
    reinforcements,
    rule_d,
    setup,
    turns,
    unit_chart,
    views,
)
from referee.europa import bombardment_charts as bch
from referee.europa import boot_camp_charts as bcc
from referee.europa import fortifications as fts
from referee.europa import table_and_air as ta
from referee.europa import table_charts as tch
from referee.europa import winterization as wz
from referee.europa.aa_commands import AA_COMMANDS
from referee.europa.aa_handlers import AA_HANDLERS
from referee.europa.account_handlers import ACCOUNT_HANDLERS, refuse_with_losses_owed
from referee.europa.air_combat_commands import AIR_COMBAT_COMMANDS
from referee.europa.air_combat_handlers import AIR_COMBAT_HANDLERS
from referee.europa.bombardment_commands import BOMBARDMENT_COMMANDS
from referee.europa.bombardment_handlers import BOMBARDMENT_HANDLERS
from referee.europa.boot_camp_commands import BOOT_CAMP_COMMANDS
from referee.europa.boot_camp_handlers import BOOT_CAMP_HANDLERS, refuse_overstacked_at_phase_end
from referee.europa.combat_handlers import COMBAT_HANDLERS
from referee.europa.command_phases import PHASES
from referee.europa.commands import COMMANDS
from referee.europa.events import CATALOG
from referee.europa.facts import FACTS
from referee.europa.fold import LOGISTICS_APPLIERS
from referee.europa.fold_bombardment import BOMBARDMENT_APPLIERS
from referee.europa.fold_boot_camp import BOOT_CAMP_APPLIERS
from referee.europa.fold_combat import COMBAT_APPLIERS
from referee.europa.fold_fortifications import FORTIFICATION_APPLIERS
from referee.europa.forms import FORMS
from referee.europa.fortification_commands import FORTIFICATION_COMMANDS
from referee.europa.fortification_handlers import FORTIFICATION_HANDLERS
from referee.europa.isolation_handlers import ISOLATION_HANDLERS
from referee.europa.map_commands import MAP_COMMANDS
from referee.europa.map_handlers import MAP_HANDLERS
from referee.europa.movement_commands import MOVEMENT_COMMANDS
from referee.europa.movement_handlers import MOVEMENT_HANDLERS
from referee.europa.options import OPTIONS, SOURCES
from referee.europa.reinforcement_commands import REINFORCEMENT_COMMANDS
from referee.europa.reinforcement_handlers import REINFORCEMENT_HANDLERS
from referee.europa.replacement_handlers import REPLACEMENT_HANDLERS
from referee.europa.resource_handlers import RESOURCE_HANDLERS
from referee.europa.state import EuropaState
from referee.europa.supply_handlers import SUPPLY_HANDLERS

FOLD = GameFold(
    "europa",
    EuropaState,
    CATALOG,
    {
        **LOGISTICS_APPLIERS,
        **COMBAT_APPLIERS,
        **BOMBARDMENT_APPLIERS,
        **BOOT_CAMP_APPLIERS,
        **FORTIFICATION_APPLIERS,
    },
    state_version=7,
)
register(FOLD)
"""State version 6: release 0.5 (the table's weather_turns; older cached states are rebuilt)."""


def _combat_chart(name: str) -> tuple[dict[str, Any], str]:
    chart, digest = charts.load_charts(name)
    return chart.model_dump(mode="json"), digest


def figures(state: EuropaState) -> dict[tuple[str, str], int]:
    """The figures tracked entry by entry in the read model and checked by the audit: SP pools
    (stockpile, special SP, income, cap), Resource Points by location, RP tracks and the losses
    special replacements draw on."""
    found: dict[tuple[str, str], int] = {}
    for side, pool in state.supply_pools.items():
        found[(f"supply:{side}", "stockpile")] = pool.stockpile
        found[(f"supply:{side}", "special")] = pool.special
        found[(f"supply:{side}", "income")] = pool.income
        if pool.cap is not None:
            found[(f"supply:{side}", "cap")] = pool.cap
    for side, stock in state.resource_points.items():
        for location, points in stock.stock.items():
            found[(f"resources:{side}", location)] = points
    for nation, track in state.replacement_tracks.items():
        for kind, points in track.points.items():
            found[(f"replacements:{nation}", kind)] = points
        for kind, lost in track.losses.items():
            found[(f"replacements:{nation}", f"losses {kind}")] = lost
    return found


def trends(state: EuropaState) -> dict[str, int]:
    """The figures worth a trend line on the dashboard: each side's SP stockpile."""
    return {f"{side} SP": pool.stockpile for side, pool in state.supply_pools.items()}


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
    refuse_with_losses_owed(state)
    refuse_overstacked_at_phase_end(state)


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
        *COMMANDS,
        *BOMBARDMENT_COMMANDS,
        *MAP_COMMANDS,
        *AIR_COMBAT_COMMANDS,
        *AA_COMMANDS,
        *BOOT_CAMP_COMMANDS,
        *FORTIFICATION_COMMANDS,
        *REINFORCEMENT_COMMANDS,
        *MOVEMENT_COMMANDS,
        *ta.COMMANDS,
    ),
    handlers={
        **NEUTRAL_HANDLERS,
        **ACCOUNT_HANDLERS,
        **SUPPLY_HANDLERS,
        **RESOURCE_HANDLERS,
        **REPLACEMENT_HANDLERS,
        **COMBAT_HANDLERS,
        **ISOLATION_HANDLERS,
        **BOMBARDMENT_HANDLERS,
        **MAP_HANDLERS,
        **AIR_COMBAT_HANDLERS,
        **AA_HANDLERS,
        **BOOT_CAMP_HANDLERS,
        **FORTIFICATION_HANDLERS,
        **REINFORCEMENT_HANDLERS,
        **MOVEMENT_HANDLERS,
        **ta.HANDLERS,
    },
    setup=setup.starting_state,
    options=OPTIONS,
    option_sources=SOURCES,
    charts=(
        Chart("combat", charts.BUNDLED, _combat_chart, charts.CombatCharts),
        Chart("units", unit_chart.BUNDLED, unit_chart.unit_chart_data, unit_chart.UnitChart),
        Chart("air", air_tables.BUNDLED, air_tables.air_tables_data, air_tables.AirTables),
        Chart(bch.KEY, bch.BUNDLED, bch.bombardment_chart, bch.Bombardment000),
        Chart(bch.KEY_001, bch.BUNDLED_001, bch.bombardment_001_chart, bch.Bombardment001),
        Chart(aa_charts.KEY, aa_charts.BUNDLED, aa_charts.aa_chart_data, aa_charts.AAChart),
        Chart(bcc.KEY, bcc.BUNDLED, bcc.boot_camp_chart_data, bcc.BootCampChart),
        Chart(fts.KEY, fts.BUNDLED, fts.fortification_chart_data, fts.FortificationChart),
        Chart(rule_d.KEY, rule_d.BUNDLED, rule_d.rule_d_chart_data, rule_d.RuleDChart),
        Chart(wz.KEY, wz.BUNDLED, wz.winterization_chart_data, wz.WinterizationChart),
        Chart(
            reinforcements.KEY,
            reinforcements.BUNDLED,
            reinforcements.reinforcement_chart_data,
            reinforcements.ReinforcementChart,
        ),
        Chart(air_groups.KEY, air_groups.BUNDLED, air_groups.air_groups_chart_data, air_groups.AirGroupsChart),
        Chart(tch.SUCCESS_KEY, tch.SUCCESS, tch.success_data, tch.SuccessTable),
        Chart(tch.AIRBASE_KEY, tch.AIRBASE, tch.airbase_data, tch.AirbaseTable),
        Chart(tch.WEATHER_KEY, tch.WEATHER, tch.weather_data, tch.WeatherTable),
        Chart(factories.KEY, factories.BUNDLED, factories.factory_chart_data, factories.FactoryChart),
    ),
    facts=(*FACTS, *ta.FACTS),
    phases={**PHASES, **ta.PHASES},
    advance_effects=turns.advance_effects,
    losses_on_advance=("SupplyCapApplied", "SpecialSupplyExpired"),
    rule_changes=RULE_CHANGES,
    before_leaving=before_leaving,
    figures=figures,
    trends=trends,
    scenario_tables=setup.scenario_tables,
    views=views.views,
    forms=FORMS,
)
