"""Building a campaign's starting state from a scenario (entry #1)."""

from __future__ import annotations

from pathlib import Path

from referee.common.state import (
    BrpEconomy,
    CampaignIdentity,
    ForceRoster,
    GameState,
    ReplacementTrack,
    ResourceStock,
    SupplyPool,
    TableState,
)
from referee.common.calendar import position_at, seasonal_weather
from referee.europa.charts import BUNDLED, load_charts
from referee.common.options import option, resolve_options
from referee.scenario import LoadedScenario, PowerStart, Scenario
from referee.third_reich.fire import BUNDLED as FIRE_BUNDLED
from referee.third_reich.fire import load_fire_tables


def _starting_total(power: PowerStart) -> int:
    """G-03 [004] (derived): BRPs on hand at the start equal the base."""
    if power.total is not None:
        return power.total
    return power.base if power.active else 0


def _tables(scenario: Scenario) -> dict[str, object]:
    """Scenario data pinned into the campaign so that later commands never re-read files."""
    tables: dict[str, object] = {}
    if scenario.logistics:
        tables["logistics"] = scenario.logistics.model_dump(mode="json")
    if scenario.economy:
        tables["economy"] = scenario.economy.model_dump(mode="json")
    return tables


def _resource_points(scenario: Scenario, options: dict[str, str]) -> dict[str, ResourceStock]:
    """Starting Resource Points by side and location (B-52 [000], option finland_front)."""
    if scenario.logistics is None:
        return {}
    variant = scenario.logistics.resource_variants[option(options, "finland_front")]
    return {side: ResourceStock(side=side, stock=dict(stock)) for side, stock in variant.stock.items()}


def _combat_charts(game: str, chosen: str | None) -> tuple[dict[str, object], dict[str, str]]:
    """The game's chart (the user's, or the bundled provisional one) pinned by content hash:
    Europa's CRT and combat terrain, Third Reich's fire tables (K-01, K-03, K-42)."""
    if game == "europa":
        charts, digest = load_charts(chosen or BUNDLED)
        key, data, bundled = "combat", charts.model_dump(mode="json"), BUNDLED
    else:
        tables, digest = load_fire_tables(chosen or FIRE_BUNDLED)
        key, data, bundled = "fire", tables.model_dump(mode="json"), FIRE_BUNDLED
    name = Path(chosen).name if chosen else bundled
    return {key: data}, {f"chart:{name}": digest}


def initial_state(
    loaded: LoadedScenario,
    *,
    campaign_id: str,
    name: str,
    options: dict[str, str] | None = None,
    charts: str | None = None,
) -> GameState:
    """The state a new campaign starts from: the scenario's values, nothing computed later."""
    scenario, ruleset = loaded.scenario, loaded.ruleset
    chart_tables, chart_pins = _combat_charts(ruleset.game, charts)
    chosen = resolve_options(ruleset.options, options or {})
    logistics = scenario.logistics
    players = list(scenario.players or ruleset.calendar.players)
    weather = {zone: scenario.weather.get(zone, ruleset.weather.conditions[0]) for zone in scenario.weather_zones}
    weather.update(seasonal_weather(scenario.start_turn, ruleset))
    return GameState(
        identity=CampaignIdentity(
            campaign_id=campaign_id,
            name=name,
            game=ruleset.game,
            ruleset=ruleset.id,
            options=chosen,
            scenario=scenario.id,
            sides=list(scenario.sides),
            players=players,
            weather_zones=list(scenario.weather_zones),
            pinned={**loaded.pinned, **chart_pins},
            tables={**_tables(scenario), **chart_tables},
        ),
        table=TableState(
            calendar=position_at(scenario.start_turn, 0, ruleset, players),
            weather=weather,
            markers=dict(scenario.markers),
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
        resource_points=_resource_points(scenario, chosen),
        replacement_tracks={
            nation.name: ReplacementTrack(
                nation=nation.name,
                side=nation.side,
                points={kind: nation.replacements.get(kind, 0) for kind in nation.replacement_types},
                factories=logistics.factories if logistics and nation.name == "USSR" else 0,
            )
            for nation in scenario.nations
        },
        brp_economies={
            power.name: BrpEconomy(
                power=power.name,
                side=power.side,
                active=power.active,
                base=power.base,
                total=_starting_total(power),
                total_at_turn_start=_starting_total(power),
            )
            for power in scenario.powers
        },
        rosters={side: ForceRoster(side=side) for side in scenario.sides},
    )
