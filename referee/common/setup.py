"""What every campaign starts from (entry #1): its identity, its table and its rosters.

The game adds its own accounts (``Game.setup``); the service records the result as the
opening's `AccountOpened` events and the rules it plays under as `RulesPinned`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.common.calendar import position_at, seasonal_weather
from referee.common.errors import ScenarioError
from referee.common.options import resolve_options
from referee.common.scenario import LoadedScenario
from referee.common.state import CampaignIdentity, ForceRoster, TableState, Unit

if TYPE_CHECKING:
    from referee.common.game import Game


def pinned_charts(
    game: Game, chosen: str | None, others: Iterable[Game] = (), *, only_chosen: bool = False
) -> tuple[dict[str, Any], dict[str, str]]:
    """The game's charts (the user's file, or the bundled provisional one) by content hash:
    ``({key: chart data}, {"chart:<file name>": sha256})`` (K-01, K-03, K-40..K-42).

    A game may read several charts (a Third Reich campaign: fire tables, land CRT, attrition
    table), each in a file of its own layout: a user's file replaces the charts whose layout it
    fits and the others stay bundled (or, with ``only_chosen``, are left out: `AdoptCharts`
    changes only what the file holds). A file that fits none is refused; if it is a chart of
    one of ``others``, as that: "this is a Revised Europa combat chart", not a list of the
    fields it lacks.
    """
    tables: dict[str, Any] = {}
    pins: dict[str, str] = {}
    problems: list[str] = []
    for chart in game.charts:
        if chosen is not None:
            try:
                data, digest = chart.load(chosen)
            except ScenarioError as error:
                problems.append(str(error))
            else:
                tables[chart.key] = data
                pins[f"chart:{Path(chosen).name}"] = digest
                continue
            if only_chosen:
                continue
        data, digest = chart.load(chart.bundled)
        tables[chart.key] = data
        pins[f"chart:{chart.bundled}"] = digest
    if chosen is not None and len(problems) == len(game.charts):
        if len(problems) == 1:
            raise ScenarioError(_chart_of_another_game(chosen, game, others) or problems[0])
        raise ScenarioError(
            _chart_of_another_game(chosen, game, others)
            or f"{chosen}: fits none of the {game.title} chart layouts:\n" + "\n".join(problems)
        )
    return tables, pins


def _chart_of_another_game(path: str, game: Game, others: Iterable[Game]) -> str | None:
    for other in others:
        for chart in other.charts if other.name != game.name else ():
            try:
                chart.load(path)
            except ScenarioError:
                continue
            wanted = ", ".join(
                f"a {mine.key} chart (layout of scenarios/charts/{mine.bundled}.toml)" for mine in game.charts
            )
            return f"{path}: this is a {other.title} {chart.key} chart; a {game.title} campaign reads {wanted}"
    return None


def opening_identity(
    loaded: LoadedScenario,
    game: Game,
    *,
    campaign_id: str,
    name: str,
    options: dict[str, str],
    charts: str | None,
    other_games: Iterable[Game] = (),
) -> CampaignIdentity:
    """Who the new campaign is and every rule it is pinned to (options with their defaults)."""
    scenario, ruleset = loaded.scenario, loaded.ruleset
    chart_tables, chart_pins = pinned_charts(game, charts, other_games)
    return CampaignIdentity(
        campaign_id=campaign_id,
        name=name,
        game=game.name,
        ruleset=ruleset.id,
        ruleset_toml=loaded.ruleset_toml,
        options=resolve_options(game.options, ruleset.options, options),
        scenario=scenario.id,
        sides=list(scenario.sides),
        players=list(scenario.players or ruleset.calendar.players),
        weather_zones=list(scenario.weather_zones),
        pinned={**loaded.pinned, **chart_pins},
        tables={**game.scenario_tables(scenario), **chart_tables},
    )


def opening_table(loaded: LoadedScenario, identity: CampaignIdentity) -> dict[str, Any]:
    """The table's starting fields: calendar, weather (scenario, then season) and markers."""
    scenario, ruleset = loaded.scenario, loaded.ruleset
    weather = {zone: scenario.weather.get(zone, ruleset.weather.conditions[0]) for zone in scenario.weather_zones}
    weather.update(seasonal_weather(scenario.start_turn, ruleset))
    table = TableState(
        calendar=position_at(scenario.start_turn, 0, ruleset, identity.players),
        weather=weather,
        markers=dict(scenario.markers),
    )
    return table.model_dump()


def opening_rosters(loaded: LoadedScenario) -> dict[str, ForceRoster]:
    """A force roster for each side, holding the scenario's order of battle (if it lists one)."""
    rosters = {side: ForceRoster(side=side) for side in loaded.scenario.sides}
    for start in loaded.scenario.units:
        rosters[start.side].units[start.unit_id] = Unit(**start.model_dump(exclude={"side"}))
    return rosters
