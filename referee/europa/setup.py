"""A Europa campaign's starting accounts, from its scenario (entry #1)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from referee.common.errors import ScenarioError
from referee.common.options import option
from referee.common.ruleset import validation_message
from referee.common.scenario import LoadedScenario, Scenario
from referee.common.setup import opening_rosters, opening_table
from referee.common.state import CampaignIdentity
from referee.europa.data import Logistics
from referee.europa.state import EuropaState, EuropaTable, ReplacementTrack, ResourceStock, SupplyPool


def logistics_of_scenario(scenario: Scenario) -> Logistics | None:
    """The scenario's logistics section, checked (errors name the field and value)."""
    if scenario.logistics is None:
        return None
    try:
        return Logistics.model_validate(scenario.logistics)
    except ValidationError as error:
        raise ScenarioError(validation_message(f"scenario {scenario.id}, section logistics", error)) from None


def scenario_tables(scenario: Scenario) -> dict[str, Any]:
    """Scenario data pinned into the campaign so that later commands never re-read files."""
    logistics = logistics_of_scenario(scenario)
    return {"logistics": logistics.model_dump(mode="json")} if logistics else {}


def starting_state(loaded: LoadedScenario, identity: CampaignIdentity) -> EuropaState:
    """The state a new Europa campaign starts from: the scenario's values, nothing computed later."""
    scenario = loaded.scenario
    logistics = logistics_of_scenario(scenario)
    variant = logistics.resource_variants[option(identity.options, "finland_front")] if logistics else None
    return EuropaState(
        identity=identity,
        table=EuropaTable(
            **opening_table(loaded, identity),
            cities={city.name: "soviet" for city in logistics.cities} if logistics else {},
        ),
        supply_pools={
            side: SupplyPool(
                side=side,
                stockpile=pool.stockpile,
                income=pool.income,
                cap=pool.cap,
                # A-32, B-28 [000]: the surprise turn's special SP, spent first, never saved.
                special=logistics.special_surprise_sp
                if logistics and side == logistics.special_sp_side and scenario.start_turn == 0
                else 0,
            )
            for side, pool in scenario.supply_pools.items()
        },
        # B-52 [000], option finland_front: starting Resource Points by side and location.
        resource_points={
            side: ResourceStock(side=side, stock=dict(stock))
            for side, stock in (variant.stock if variant else {}).items()
        },
        replacement_tracks={
            nation.name: ReplacementTrack(
                nation=nation.name,
                side=nation.side,
                points={kind: nation.replacements.get(kind, 0) for kind in nation.replacement_types},
                factories=logistics.factories if logistics and nation.name == "USSR" else 0,
            )
            for nation in scenario.nations
        },
        rosters=opening_rosters(loaded),
    )
