"""A Third Reich campaign's starting accounts, from its scenario (entry #1)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from referee.common.errors import ScenarioError
from referee.common.ruleset import validation_message
from referee.common.scenario import LoadedScenario, PowerStart, Scenario
from referee.common.setup import opening_rosters, opening_table
from referee.common.state import CampaignIdentity
from referee.third_reich.data import Economy
from referee.third_reich.state import BrpEconomy, ReichState, ReichTable


def economy_of_scenario(scenario: Scenario) -> Economy | None:
    """The scenario's economy section, checked (errors name the field and value)."""
    if scenario.economy is None:
        return None
    try:
        return Economy.model_validate(scenario.economy)
    except ValidationError as error:
        raise ScenarioError(validation_message(f"scenario {scenario.id}, section economy", error)) from None


def scenario_tables(scenario: Scenario) -> dict[str, Any]:
    """Scenario data pinned into the campaign so that later commands never re-read files."""
    economy = economy_of_scenario(scenario)
    return {"economy": economy.model_dump(mode="json")} if economy else {}


def _starting_total(power: PowerStart) -> int:
    """G-03 [004] (derived): BRPs on hand at the start equal the base."""
    if power.total is not None:
        return power.total
    return power.base if power.active else 0


def starting_state(loaded: LoadedScenario, identity: CampaignIdentity) -> ReichState:
    """The state a new Third Reich campaign starts from: the scenario's values."""
    return ReichState(
        identity=identity,
        table=ReichTable(**opening_table(loaded, identity)),
        brp_economies={
            power.name: BrpEconomy(
                power=power.name,
                side=power.side,
                active=power.active,
                base=power.base,
                total=_starting_total(power),
                total_at_turn_start=_starting_total(power),
            )
            for power in loaded.scenario.powers
        },
        rosters=opening_rosters(loaded),
    )
