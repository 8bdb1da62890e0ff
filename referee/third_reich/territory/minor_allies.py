"""The Axis minors join Germany by Summer I 1941 at the latest (seed 004, RULES.md A-67, G-33).

Hungary, Romania, Bulgaria and Finland, if no one has activated them before, join Germany when the
Summer I 1941 turn begins: each is recorded as held by Germany, as a minor ally joining its patron
is (`ConquestRecorded`), so that its BRPs join Germany's base at the Spring 1942 year start (G-33),
unless the USSR or another power conquers it first (a second conquest, G-32). One already held by
anyone, or at war with Germany's side, does not join. The countries, the patron and the turn are
the scenario's (``economy.axis_minors``); a campaign created before them has none, and plays on as
it did.
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.calendar import third_reich_season
from referee.common.ruling import Step
from referee.common.state import CalendarPosition
from referee.third_reich.common.context import economy_of
from referee.third_reich.common.state import ReichState
from referee.third_reich.territory import events as ec
from referee.third_reich.wars.interface import at_war


def _kept_out(state: ReichState, patron: str, country: str) -> str | None:
    """Why ``country`` does not join ``patron``: held by a power, or at war with the patron's side."""
    for power, economy in state.brp_economies.items():
        if country in economy.conquests_held:
            return f"already held by {power} (entry #{economy.conquests_held[country]})"
    side = state.brp_economies[patron].side
    for power, economy in state.brp_economies.items():
        if economy.side == side and at_war(state, power, country) is not None:
            return f"at war with {power}"
    return None


def join_by_the_latest(
    state: ReichState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """A-67 [004]: when the turn the scenario names begins, the minors not yet activated join the
    patron; their BRPs come at the next Spring year start (G-33)."""
    if after.turn == before.turn:
        return [], []
    minors = economy_of(state).axis_minors
    if minors is None or third_reich_season(after.turn) != (minors.season, minors.year):
        return [], []
    patron = state.brp_economies.get(minors.patron)
    if patron is None or not patron.in_play:
        return [], []
    values = economy_of(state).territories
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    for country in minors.countries:
        reason = _kept_out(state, minors.patron, country)
        if reason is not None:
            steps.append(Step(text=f"{country} does not join {minors.patron}: {reason}", rule="A-67 [004]"))
            continue
        value = values[country]
        events.append(ec.ConquestRecorded(power=minors.patron, territory=country, value=value))
        steps.append(
            Step(
                text=f"{country} joins {minors.patron} ({minors.season} {minors.year} at the latest): +{value} to its "
                "base at the next Spring year start",
                rule="A-67, G-33 [004]",
            )
        )
    return events, steps
