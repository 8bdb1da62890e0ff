"""The Revised Third Reich game: what the referee service asks of this package (one `Game` object).

Revised Third Reich (seed 004), assembled from its systems (`referee.third_reich.systems`: the
economy, war and lend lease, territory, land combat, attrition, air and naval operations, the
Murmansk box and strategic warfare), each a sub-package with the same inside (commands, events,
rules as pure functions, handlers, charts and a fold where it has them), and the game-wide parts
here: setup, the calendar's effects, options, facts and rule changes.
"""

from __future__ import annotations

from ledger.folding import register
from referee.common.command_base import Command
from referee.common.fold import GameFold
from referee.common.game import Game
from referee.common.handlers import NEUTRAL_HANDLERS
from referee.common.views import View
from referee.third_reich import setup, turns
from referee.third_reich.air_naval import charts as air_naval_charts
from referee.third_reich.air_naval import commands as air_naval_commands
from referee.third_reich.air_naval import forms as air_naval_forms
from referee.third_reich.attrition import charts as attrition_charts
from referee.third_reich.attrition import commands as attrition_commands
from referee.third_reich.attrition import forms as attrition_forms
from referee.third_reich.common import charts
from referee.third_reich.common.context import powers_in_movement_order
from referee.third_reich.common.facts import FACTS
from referee.third_reich.common.fold import ROLLBACK_APPLIERS
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.system import union
from referee.third_reich.economy import charts as economy_charts
from referee.third_reich.economy import commands as economy_commands
from referee.third_reich.economy import forms as economy_forms
from referee.third_reich.economy import views as economy_views
from referee.third_reich.events import CATALOG
from referee.third_reich.land import charts as land_charts
from referee.third_reich.land import commands as land_commands
from referee.third_reich.land import forms as land_forms
from referee.third_reich.land import views as land_views
from referee.third_reich.land.handlers import refuse_with_units_owed
from referee.third_reich.murmansk import commands as murmansk_commands
from referee.third_reich.murmansk import forms as murmansk_forms
from referee.third_reich.murmansk.sealed import SEALED_ORDERS
from referee.third_reich.options import OPTIONS, SOURCES
from referee.third_reich.rule_changes import RULE_CHANGES
from referee.third_reich.strategic_warfare import commands as strategic_warfare_commands
from referee.third_reich.strategic_warfare import forms as strategic_warfare_forms
from referee.third_reich.strategic_warfare import views as strategic_warfare_views
from referee.third_reich.systems import SYSTEMS
from referee.third_reich.territory import commands as territory_commands
from referee.third_reich.wars import commands as wars_commands

FOLD = GameFold(
    "third_reich",
    ReichState,
    CATALOG,
    {**ROLLBACK_APPLIERS, **union((system.appliers for system in SYSTEMS), "event")},
    state_version=9,
)
register(FOLD)
"""State version 2: the state of release 0.2 (0.1.0's cached states are rebuilt); 8: the strategic-warfare
holdings and the Murmansk sit-outs of sealed orders; 9: each power's strategic-warfare forces and whether
its first year start since entering play is due."""

COMMANDS: tuple[type[Command], ...] = (
    economy_commands.GrantBrp,
    economy_commands.SpendBrp,
    economy_commands.AdjustBrpBase,
    economy_commands.DeclareOption,
    wars_commands.DeclareWar,
    economy_commands.BuildUnits,
    economy_commands.BuildAirbase,
    economy_commands.RecoverUnit,
    economy_commands.StartNavalRepair,
    economy_commands.RecordRedeployments,
    strategic_warfare_commands.RecordStrategicWarfareHits,
    territory_commands.RecordConquest,
    territory_commands.RecordCityLoss,
    murmansk_commands.RecordMurmanskHits,
    economy_commands.PerformYearStart,
    economy_commands.ActivatePower,
    wars_commands.RecordSurrender,
    strategic_warfare_commands.ResolveStrategicWarfare,
    strategic_warfare_commands.StateStrategicForces,
    land_commands.ResolveLandCombat,
    land_commands.RemoveLandLosses,
    attrition_commands.ResolveAttrition,
    attrition_commands.RemoveAttritionLosses,
    attrition_commands.ClaimAttritionHexes,
    murmansk_commands.ResolveMurmanskFight,
    air_naval_commands.ResolveAirNavalCombat,
    air_naval_commands.ResolveCounterAir,
    air_naval_commands.ResolveInterception,
    air_naval_commands.ResolveAirDrop,
    air_naval_commands.ResolveAmphibiousLanding,
    land_commands.CheckLandMove,
    air_naval_commands.CheckAirMission,
    air_naval_commands.CheckSeaMove,
    wars_commands.PlaceLendLease,
    territory_commands.ResolveCityBombing,
    territory_commands.RollFrenchColonies,
    territory_commands.CheckSupplySource,
)
"""Every Third Reich command, in documentation order (docs/commands.md): each system's ``COMMANDS``."""


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


def views(state: ReichState) -> list[View]:
    """What the console shows: what is still owed (land combat and attrition), then each power's
    BRP economy, then the strategic-warfare boxes."""
    return [*land_views.owed(state), *economy_views.views(state), *strategic_warfare_views.views(state)]


GAME = Game(
    name="third_reich",
    title="Revised Third Reich",
    fold=FOLD,
    commands=COMMANDS,
    handlers={**NEUTRAL_HANDLERS, **union((system.handlers for system in SYSTEMS), "command")},
    setup=setup.starting_state,
    options=OPTIONS,
    option_sources=SOURCES,
    charts=(
        charts.FIRE,
        land_charts.CHART,
        attrition_charts.CHART,
        economy_charts.CHART,
        air_naval_charts.CHART,
        charts.CITIES,
    ),
    facts=FACTS,
    phases=union((system.phases for system in SYSTEMS), "command's phases"),
    advance_effects=turns.advance_effects,
    before_leaving=refuse_with_units_owed,
    movement_order=powers_in_movement_order,
    figures=figures,
    trends=trends,
    scenario_tables=setup.scenario_tables,
    views=views,
    forms={
        form.key: form
        for form in (
            land_forms.COMBAT,
            attrition_forms.ATTRITION,
            murmansk_forms.FORM,
            air_naval_forms.FORM,
            land_forms.LOSSES,
            strategic_warfare_forms.FORM,
            economy_forms.FORM,
            attrition_forms.ISOLATION,
        )
    },
    sealed_orders=SEALED_ORDERS,
    rule_changes=RULE_CHANGES,
)
