"""Names typed in any case: 'axis' is the Axis, 'mud' is Mud.

Referees type side, power, nation, zone and weather names as they say them; the rules compare
names exactly. Before a command is decided, each such field whose value matches exactly one
name the campaign knows, ignoring case, is written as the campaign spells it (and recorded so).
A value that matches none is left as typed, for the rule that reads it to refuse by name.
"""

from __future__ import annotations

from typing import Any

from referee.common.people import REFEREE
from referee.common.ruleset import Ruleset
from referee.common.state import BaseState

NAME_FIELDS = ("side", "power", "nation", "zone", "condition", "region", "target", "defender")
"""Command fields that name something the campaign knows (free text such as reasons is never touched)."""


def known_names(state: BaseState, ruleset: Ruleset) -> set[str]:
    """Every side, player, weather zone, weather condition and account holder of the campaign."""
    identity = state.identity
    names = {*identity.sides, *identity.players, *identity.weather_zones, *ruleset.weather.conditions}
    for attribute in state.ACCOUNTS.values():  # the holders' names only: never the accounts themselves
        names.update(getattr(state, attribute))
    return names


def spelled_as_known(command: Any, known: set[str]) -> Any:
    """``command`` with its name fields spelled as the campaign spells them."""
    folded: dict[str, list[str]] = {}
    for name in known:
        folded.setdefault(name.casefold(), []).append(name)
    update = {}
    for field in NAME_FIELDS:
        value = getattr(command, field, None)
        if isinstance(value, str) and value not in known:
            matches = folded.get(value.strip().casefold(), [])
            if len(matches) == 1:
                update[field] = matches[0]
    return command.model_copy(update=update) if update else command


def name_offers(state: BaseState, ruleset: Ruleset) -> dict[str, list[str]]:
    """The names a form can offer for each name field: sides, zones, weather, the holders of the
    game's accounts (nations, powers) and the people at the table."""
    identity = state.identity
    holders = {attribute: list(getattr(state, attribute)) for attribute in state.ACCOUNTS.values()}
    people = list(state.chain.people)
    offers = {
        "side": identity.seats,
        "defender": list(identity.sides),
        "zone": list(identity.weather_zones),
        "region": list(identity.weather_zones),
        "condition": list(ruleset.weather.conditions),
        "nation": holders.get("replacement_tracks", []),
        "power": holders.get("brp_economies", []),
        "target": holders.get("brp_economies", []),
        "rolled_by": people,
        "actor": [REFEREE, *people] if people else [],
        "on_behalf_of": [*people, *identity.sides],
    }
    return {field: names for field, names in offers.items() if names}
