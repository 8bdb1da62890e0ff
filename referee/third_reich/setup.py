"""A Third Reich campaign's starting accounts, from its scenario (entry #1)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from referee.common.errors import ScenarioError
from referee.common.ruleset import validation_message
from referee.common.scenario import LoadedScenario, PowerStart, Scenario
from referee.common.setup import opening_rosters, opening_table
from referee.common.state import CampaignIdentity
from referee.third_reich.common.data import Economy
from referee.third_reich.common.state import BrpEconomy, ReichState, ReichTable
from referee.third_reich.strategic_warfare.sw_forces import starting_forces


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


def _wars_at_start(scenario: Scenario) -> dict[str, dict[str, int]]:
    """G-34 [004]: who is at war when the scenario opens (from entry #1), both ways between
    powers; a name that is neither a power nor a country of the territory table is refused."""
    economy = economy_of_scenario(scenario)
    if economy is None:
        return {}
    powers = [power.name for power in scenario.powers]
    wars: dict[str, dict[str, int]] = {}
    for power, enemies in economy.wars_at_start.items():
        for enemy in enemies:
            for name in (power, enemy):
                if name not in powers and (name == power or name not in economy.territories):
                    raise ScenarioError(
                        f"scenario {scenario.id}, section economy, field wars_at_start.{power}: {name!r} is not "
                        f"a power{'' if name == power else ' or a country of the territory table'}"
                    )
            wars.setdefault(power, {})[enemy] = 1
            if enemy in powers:
                wars.setdefault(enemy, {})[power] = 1
    return wars


def starting_state(loaded: LoadedScenario, identity: CampaignIdentity) -> ReichState:
    """The state a new Third Reich campaign starts from: the scenario's values."""
    wars = _wars_at_start(loaded.scenario)
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
                at_war=wars.get(power.name, {}),
                sw_forces=starting_forces(power.name),
            )
            for power in loaded.scenario.powers
        },
        rosters=opening_rosters(loaded),
    )
