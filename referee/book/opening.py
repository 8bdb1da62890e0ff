"""A new campaign: the scenario's starting state under the chosen rules, and entry #1's events.

`RefereeService.create` records them as the first entry; what entry #1 says (who the campaign
is, its starting accounts, the rules it plays under) is all a replay needs to start from.
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.accounts import list_accounts
from referee.common.scenario import load_scenario
from referee.common.setup import opening_identity
from referee.common.state import BaseState
from referee.games import GAMES, game_named


def starting_state(
    scenario: str,
    *,
    campaign_id: str,
    name: str,
    ruleset: str | None = None,
    options: dict[str, str] | None = None,
    charts: str | None = None,
) -> tuple[Any, Any]:
    """The scenario's starting state for a new campaign, with the scenario as loaded."""
    loaded = load_scenario(scenario, ruleset_id=ruleset)
    game = game_named(loaded.ruleset.game)
    identity = opening_identity(
        loaded,
        game,
        campaign_id=campaign_id,
        name=name,
        options=dict(options or {}),
        charts=charts,
        other_games=GAMES.values(),
    )
    return game.setup(loaded, identity), loaded


def opening_events(state: BaseState) -> list[ev.DomainEvent]:
    """Entry #1's events: who the campaign is, its starting accounts, the rules it plays under."""
    identity = state.identity
    return [
        ev.CampaignOpened(
            campaign_id=identity.campaign_id,
            name=identity.name,
            game=identity.game,
            ruleset=identity.ruleset,
            scenario=identity.scenario,
            options=dict(identity.options),
            sides=list(identity.sides),
            players=list(identity.players),
            weather_zones=list(identity.weather_zones),
        ),
        *(ev.AccountOpened(account=name, state=data) for name, data in list_accounts(state).items()),
        ev.RulesPinned(
            ruleset=identity.ruleset,
            ruleset_toml=identity.ruleset_toml,
            options=dict(identity.options),
            pinned=dict(identity.pinned),
            tables=dict(identity.tables),
        ),
    ]
