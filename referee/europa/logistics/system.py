"""What the logistics system gives `referee.europa.game`: its commands, handlers, appliers, chart,
facts and phases, the calendar's effects on its accounts, and the figures the read model tracks."""

from __future__ import annotations

from typing import Any

from referee.common.chart_files import pinned_data
from referee.common.facts import FactKind
from referee.common.game import Chart
from referee.europa.common.state import EuropaState
from referee.europa.logistics import factories
from referee.europa.logistics.account_handlers import ACCOUNT_HANDLERS
from referee.europa.logistics.commands import COMMANDS
from referee.europa.logistics.factory_handlers import FACTORY_COMMANDS, FACTORY_HANDLERS, FACTORY_PHASES
from referee.europa.logistics.fold import LOGISTICS_APPLIERS
from referee.europa.logistics.replacement_handlers import REPLACEMENT_HANDLERS
from referee.europa.logistics.resource_handlers import RESOURCE_HANDLERS
from referee.europa.logistics.supply_handlers import SUPPLY_HANDLERS
from referee.europa.logistics.turns import advance_effects

__all__ = ["COMMANDS", "FACTORY_COMMANDS", "advance_effects"]

HANDLERS: dict[type[Any], Any] = {
    **ACCOUNT_HANDLERS,
    **SUPPLY_HANDLERS,
    **RESOURCE_HANDLERS,
    **REPLACEMENT_HANDLERS,
    **FACTORY_HANDLERS,
}
APPLIERS = LOGISTICS_APPLIERS
PHASES = FACTORY_PHASES
FACTORY_CHART = Chart(factories.KEY, factories.BUNDLED, pinned_data(factories.load_factories), factories.FactoryChart)

FACTS = (
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
)
"""The facts the factory commands read (stated by the referee, or recorded by the commands)."""


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
