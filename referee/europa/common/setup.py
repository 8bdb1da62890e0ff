"""A Europa campaign's starting accounts, from its scenario (entry #1)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from referee.common.errors import ScenarioError
from referee.common.options import option
from referee.common.ruleset import validation_message
from referee.common.scenario import LoadedScenario, PoolStart, Scenario
from referee.common.setup import opening_rosters, opening_table
from referee.common.state import CampaignIdentity
from referee.europa.common.data import Logistics, Sp001
from referee.europa.common.state import EuropaState, EuropaTable, ReplacementTrack, ResourceStock, SupplyPool


def logistics_of_scenario(scenario: Scenario) -> Logistics | None:
    """The scenario's logistics section, checked (errors name the field and value)."""
    if scenario.logistics is None:
        return None
    try:
        return Logistics.model_validate(scenario.logistics)
    except ValidationError as error:
        raise ScenarioError(validation_message(f"scenario {scenario.id}, section logistics", error)) from None


class BootCampData(BaseModel):
    """What a Boot Camp scenario gives the rules (C-65 [002]; the replacement rules are not in the
    text, K-20: provisional, each nation's RPs per turn as the scenario lists them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    replacements_per_turn: dict[str, dict[str, int]] = Field(default_factory=dict)
    source: str = ""


def boot_camp_of_scenario(scenario: Scenario) -> BootCampData:
    """The scenario's boot_camp section, checked (errors name the field and value)."""
    try:
        return BootCampData.model_validate(scenario.boot_camp or {})
    except ValidationError as error:
        raise ScenarioError(validation_message(f"scenario {scenario.id}, section boot_camp", error)) from None


def scenario_tables(scenario: Scenario) -> dict[str, Any]:
    """Scenario data pinned into the campaign so that later commands never re-read files."""
    logistics = logistics_of_scenario(scenario)
    tables: dict[str, Any] = {"logistics": logistics.model_dump(mode="json")} if logistics else {}
    if scenario.boot_camp is not None:
        tables["boot_camp"] = boot_camp_of_scenario(scenario).model_dump(mode="json")
    return tables


def sp_model_001(scenario: Scenario, logistics: Logistics | None, options: dict[str, str]) -> Sp001 | None:
    """The scenario's 001 SP figures when the campaign plays option sp_model 001, else None; a
    scenario without them cannot open a 001 campaign (B-68 [001]: scenarios give stocks and rates)."""
    if logistics is None or option(options, "sp_model", before="000") != "001":
        return None
    model = logistics.sp_001
    missing = [side for side in scenario.supply_pools if model is None or side not in model.stockpile]
    if model is None or missing:
        raise ScenarioError(
            f"scenario {scenario.id} gives no 001 SP stockpile and rates (logistics.sp_001) for "
            f"{', '.join(missing) or 'any side'}, which option sp_model 001 needs (B-68 [001])"
        )
    return model


def _pool(side: str, pool: PoolStart, logistics: Logistics | None, model: Sp001 | None, surprise: bool) -> SupplyPool:
    """A side's opening SP pool: the scenario's 000 figures, or under 001 the stockpile and zone-1
    rate of B-61, B-63 with no cap (B-68) and the 160 special SP of A-33, B-64."""
    special_side = surprise and logistics is not None and side == logistics.special_sp_side
    if model is not None:
        return SupplyPool(
            side=side,
            stockpile=model.stockpile[side],
            income=model.rates[side][0] if side in model.rates else 0,
            cap=None,
            special=model.special_surprise_sp if special_side else 0,
        )
    return SupplyPool(
        side=side,
        stockpile=pool.stockpile,
        income=pool.income,
        cap=pool.cap,
        # A-32, B-28 [000]: the surprise turn's special SP, spent first, never saved.
        special=logistics.special_surprise_sp if logistics and special_side else 0,
    )


def starting_state(loaded: LoadedScenario, identity: CampaignIdentity) -> EuropaState:
    """The state a new Europa campaign starts from: the scenario's values, nothing computed later."""
    scenario = loaded.scenario
    logistics = logistics_of_scenario(scenario)
    variant = logistics.resource_variants[option(identity.options, "finland_front")] if logistics else None
    model = sp_model_001(scenario, logistics, identity.options)
    return EuropaState(
        identity=identity,
        table=EuropaTable(
            **opening_table(loaded, identity),
            cities={city.name: "soviet" for city in logistics.cities} if logistics else {},
        ),
        supply_pools={
            side: _pool(side, pool, logistics, model, scenario.start_turn == 0)
            for side, pool in scenario.supply_pools.items()
        },
        # B-52 [000], option finland_front: starting Resource Points by side and location.
        resource_points={
            side: ResourceStock(side=side, stock=dict(stock))
            for side, stock in (variant.stock if variant else scenario.resource_points).items()
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
