"""Building a campaign's starting state from a scenario (entry #1)."""

from __future__ import annotations

from ledger.state import (
    BrpEconomy,
    CampaignIdentity,
    ForceRoster,
    GameState,
    ReplacementTrack,
    SupplyPool,
    TableState,
)
from referee.calendar import position_at, seasonal_weather
from referee.scenario import LoadedScenario


def initial_state(loaded: LoadedScenario, *, campaign_id: str, name: str) -> GameState:
    """The state a new campaign starts from: the scenario's values, nothing computed later."""
    scenario, ruleset = loaded.scenario, loaded.ruleset
    players = list(scenario.players or ruleset.calendar.players)
    weather = {zone: scenario.weather.get(zone, ruleset.weather.conditions[0]) for zone in scenario.weather_zones}
    weather.update(seasonal_weather(scenario.start_turn, ruleset))
    return GameState(
        identity=CampaignIdentity(
            campaign_id=campaign_id,
            name=name,
            game=ruleset.game,
            ruleset=ruleset.id,
            options=dict(ruleset.options),
            scenario=scenario.id,
            sides=list(scenario.sides),
            players=players,
            weather_zones=list(scenario.weather_zones),
            pinned=dict(loaded.pinned),
        ),
        table=TableState(
            calendar=position_at(scenario.start_turn, 0, ruleset, players),
            weather=weather,
        ),
        supply_pools={
            side: SupplyPool(side=side, stockpile=pool.stockpile, income=pool.income, cap=pool.cap)
            for side, pool in scenario.supply_pools.items()
        },
        replacement_tracks={
            nation.name: ReplacementTrack(
                nation=nation.name,
                side=nation.side,
                points={kind: nation.replacements.get(kind, 0) for kind in nation.replacement_types},
            )
            for nation in scenario.nations
        },
        brp_economies={
            power.name: BrpEconomy(
                power=power.name,
                side=power.side,
                active=power.active,
                base=power.base,
                # G-03 [004] (derived): BRPs on hand at the start equal the base.
                total=power.total if power.total is not None else (power.base if power.active else 0),
            )
            for power in scenario.powers
        },
        rosters={side: ForceRoster(side=side) for side in scenario.sides},
    )
