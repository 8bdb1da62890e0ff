"""The Revised Third Reich game: what the referee service asks of this package (one `Game` object).

Revised Third Reich (seed 004): the BRP economy, year starts, strategic warfare and isolation
attrition.
"""

from __future__ import annotations

from typing import Any

from ledger.folding import register
from referee.common.fold import GameFold
from referee.common.game import Chart, Game
from referee.common.handlers import NEUTRAL_HANDLERS
from referee.third_reich import (
    air_naval_units,
    attrition,
    fire,
    force_pools,
    land_charts,
    setup,
    territory_map,
    turns,
    views,
)
from referee.third_reich import commands as tr
from referee.third_reich.air_naval_commands import (
    ResolveAirDrop,
    ResolveAirNavalCombat,
    ResolveAmphibiousLanding,
    ResolveCounterAir,
    ResolveInterception,
)
from referee.third_reich.air_naval_handlers import AIR_NAVAL_HANDLERS
from referee.third_reich.attrition_commands import ClaimAttritionHexes, RemoveAttritionLosses, ResolveAttrition
from referee.third_reich.attrition_handlers import ATTRITION_HANDLERS
from referee.third_reich.brp_handlers import BRP_HANDLERS
from referee.third_reich.combat_commands import RemoveLandLosses, ResolveLandCombat
from referee.third_reich.combat_handlers import COMBAT_HANDLERS, refuse_with_units_owed
from referee.third_reich.command_phases import PHASES
from referee.third_reich.commands import COMMANDS
from referee.third_reich.context import powers_in_movement_order
from referee.third_reich.economy_commands import ECONOMY_COMMANDS
from referee.third_reich.events import CATALOG
from referee.third_reich.facts import FACTS
from referee.third_reich.fold import ECONOMY_APPLIERS
from referee.third_reich.fold_combat import COMBAT_APPLIERS
from referee.third_reich.force_pool_builds import force_pool_data
from referee.third_reich.forms import FORMS
from referee.third_reich.handlers import ECONOMY_HANDLERS
from referee.third_reich.isolation_handlers import ISOLATION_HANDLERS
from referee.third_reich.movement_commands import CheckAirMission, CheckLandMove, CheckSeaMove
from referee.third_reich.movement_handlers import MOVEMENT_HANDLERS
from referee.third_reich.murmansk_commands import ResolveMurmanskFight
from referee.third_reich.murmansk_events import MURMANSK_APPLIERS
from referee.third_reich.murmansk_handlers import MURMANSK_HANDLERS
from referee.third_reich.murmansk_sealed import SEALED_ORDERS
from referee.third_reich.options import OPTIONS, SOURCES
from referee.third_reich.rule_changes import RULE_CHANGES
from referee.third_reich.state import ReichState
from referee.third_reich.territory_handlers import TERRITORY_HANDLERS
from referee.third_reich.warfare_commands import StateStrategicForces
from referee.third_reich.warfare_handlers import WARFARE_HANDLERS
from referee.third_reich.year_start import perform as perform_year_start

FOLD = GameFold(
    "third_reich",
    ReichState,
    CATALOG,
    {**ECONOMY_APPLIERS, **COMBAT_APPLIERS, **MURMANSK_APPLIERS},
    state_version=9,
)
register(FOLD)
"""State version 2: the state of release 0.2 (0.1.0's cached states are rebuilt); 8: the strategic-warfare
holdings and the Murmansk sit-outs of sealed orders; 9: each power's strategic-warfare forces and whether
its first year start since entering play is due."""


def _fire_tables(name: str) -> tuple[dict[str, Any], str]:
    tables, digest = fire.load_fire_tables(name)
    return tables.model_dump(mode="json"), digest


def _attrition_table(name: str) -> tuple[dict[str, Any], str]:
    table, digest = attrition.load_attrition_table(name)
    return table.model_dump(mode="json"), digest


def figures(state: ReichState) -> dict[tuple[str, str], int]:
    """The figures tracked entry by entry in the read model and checked by the audit: each
    power's BRP base, total, spending this turn, savings for growth, lend lease in transit,
    strategic-warfare hits and the strategic-warfare factors the book keeps."""
    found: dict[tuple[str, str], int] = {}
    for power, economy in state.brp_economies.items():
        account = f"brp:{power}"
        found[(account, "base")] = economy.base
        found[(account, "total")] = economy.total
        found[(account, "total at turn start")] = economy.total_at_turn_start
        found[(account, "spent this turn")] = economy.spent_this_turn
        found[(account, "saved")] = economy.saved
        found[(account, "lend lease in transit")] = economy.lend_lease_in_transit
        found[(account, "bomber hits")] = economy.bomber_hits_total
        for year, hits in economy.sw_hits.items():
            found[(account, f"sw hits {year}")] = sum(hits.values())
        for kind, factors in economy.sw_forces.items():  # the counts the book keeps (issue 29)
            found[(account, f"sw {kind}")] = factors
    return found


def trends(state: ReichState) -> dict[str, int]:
    """The figures worth a trend line on the dashboard: each active power's BRP total."""
    return {f"{power} BRP": economy.total for power, economy in state.brp_economies.items() if economy.active}


GAME = Game(
    name="third_reich",
    title="Revised Third Reich",
    fold=FOLD,
    commands=(
        *COMMANDS,
        StateStrategicForces,
        ResolveLandCombat,
        RemoveLandLosses,
        ResolveAttrition,
        RemoveAttritionLosses,
        ClaimAttritionHexes,
        ResolveMurmanskFight,
        ResolveAirNavalCombat,
        ResolveCounterAir,
        ResolveInterception,
        ResolveAirDrop,
        ResolveAmphibiousLanding,
        CheckLandMove,
        CheckAirMission,
        CheckSeaMove,
        *ECONOMY_COMMANDS,
    ),
    handlers={
        **NEUTRAL_HANDLERS,
        **BRP_HANDLERS,
        **ECONOMY_HANDLERS,
        **WARFARE_HANDLERS,
        **ISOLATION_HANDLERS,
        **COMBAT_HANDLERS,
        **ATTRITION_HANDLERS,
        **MURMANSK_HANDLERS,
        **AIR_NAVAL_HANDLERS,
        **MOVEMENT_HANDLERS,
        **TERRITORY_HANDLERS,
        tr.PerformYearStart: perform_year_start,
    },
    setup=setup.starting_state,
    options=OPTIONS,
    option_sources=SOURCES,
    charts=(
        Chart("fire", fire.BUNDLED, _fire_tables, fire.FireTables),
        Chart("land_combat", land_charts.BUNDLED, land_charts.land_chart_data, land_charts.LandCombatChart),
        Chart("attrition", attrition.BUNDLED, _attrition_table, attrition.AttritionChart),
        Chart("force_pools", force_pools.BUNDLED, force_pool_data, force_pools.ForcePoolChart),
        Chart(
            "air_naval_units", air_naval_units.BUNDLED, air_naval_units.units_chart_data, air_naval_units.AirNavalUnits
        ),
        Chart(territory_map.KEY, territory_map.BUNDLED, territory_map.cities_chart_data, territory_map.CitiesChart),
    ),
    facts=FACTS,
    phases=PHASES,
    advance_effects=turns.advance_effects,
    before_leaving=refuse_with_units_owed,
    movement_order=powers_in_movement_order,
    figures=figures,
    trends=trends,
    scenario_tables=setup.scenario_tables,
    views=views.views,
    forms=FORMS,
    sealed_orders=SEALED_ORDERS,
    rule_changes=RULE_CHANGES,
)
