"""Minor allies fighting with their patron (seed 004, RULES.md A-64).

A minor country that joined a great power as its ally (RecordConquest, G-33) has no BRPs and
declares no option: its units activate with the controlling power, do whatever that power's
option on the front allows, and pay nothing for it; under the attrition option they roll with
the friendly forces of their front, in its one attrition step. A land combat or an attrition
step names the minor allies whose units take part, and this module checks each is the
acting power's ally and says so in the derivation.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.third_reich.common.context import economy_of
from referee.third_reich.common.state import ReichState
from referee.third_reich.wars import interface as wars


def _patron(state: ReichState, country: str) -> tuple[str, int] | None:
    """The power holding ``country`` (joined as its ally, or conquered) and the entry since, if any."""
    for power, economy in state.brp_economies.items():
        if country in economy.conquests_held:
            return power, economy.conquests_held[country]
    return None


def minor_allies(state: ReichState, power: str, front: str, named: Sequence[str], what: str) -> list[Step]:
    """A-64 [004]: each minor ally named acts under ``power``'s option on ``front`` for ``what``,
    with no BRPs of its own; it must be a minor country joined to ``power`` itself (a minor
    activates with its controlling nation, not with that nation's partners).

    Raises:
        IllegalOrderError: an unknown country, one held by no power, one conquered rather than
            joined (its holder went to war with it), or one whose patron is another power.
    """
    if not named:
        return []
    declared = state.brp_economies[power].options.get(front, "no")
    steps: list[Step] = []
    for typed in named:
        countries = wars.country_names(economy_of(state), typed)
        if countries is None or len(countries) != 1 or countries[0] in state.brp_economies:
            raise IllegalOrderError(f"{typed!r} is not a minor country of this campaign's territory table (A-64, G-36)")
        country = countries[0]
        patron = _patron(state, country)
        if patron is None:
            raise IllegalOrderError(
                f"{country} is no power's minor ally: it joins one with RecordConquest (G-33 [004]) before its "
                "units fight with it (A-64 [004])"
            )
        if wars.at_war(state, patron[0], country) is not None:
            raise IllegalOrderError(
                f"{country} was conquered by {patron[0]} (#{patron[1]}), not joined as its ally: a conquered "
                "country's units do not fight (A-64, G-33 [004])"
            )
        if patron[0] != power:
            raise IllegalOrderError(
                f"{country} is {patron[0]}'s minor ally (since #{patron[1]}): its units act with {patron[0]}'s "
                f"option, not {power}'s (A-64 [004])"
            )
        steps.append(
            Step(
                text=f"{country}, {power}'s minor ally since #{patron[1]}, takes part in {what} under {power}'s "
                f"{declared} option on the {front} front, paying no BRPs of its own",
                rule="A-64 [004]",
            )
        )
    return steps
