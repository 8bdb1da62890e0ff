"""What the Third Reich economy does when the calendar moves (added to the advance entry).

- Every new player turn: per-player-turn counters restart; a new game turn also notes the
  total that the half-spend limit is measured against (G-42, J-65).
- Leaving Winter: BRPs unspent are recorded as saved, for growth at the year start (G-20).
- Lend lease in transit arrives as option murmansk_timing says (G-56, G-59, J-58).
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.calendar import third_reich_season
from referee.common.options import option
from referee.common.ruling import Step
from referee.common.state import CalendarPosition
from referee.third_reich import economy_events as ec
from referee.third_reich.state import ReichState


def _arrivals(
    state: ReichState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    season = third_reich_season(before.turn)[0]
    timing = option(state.identity.options, "murmansk_timing")
    for economy in state.brp_economies.values():
        if not economy.lend_lease_in_transit:
            continue
        arrives = False
        if economy.lend_lease_arrival == "murmansk" and timing == "summer_i":
            arrives = (
                season == "Summer I"
                and before.player == "Western Allies"
                and before.phase == "Combat"
                and after.phase != "Combat"
            )
        elif economy.lend_lease_arrival in ("murmansk", "summer_i"):
            arrives = (
                third_reich_season(after.turn)[0] == "Summer I"
                and after.player == economy.side
                and after.phase_index != before.phase_index
                and before.player != economy.side
            )
        if arrives:
            events.append(ec.LendLeaseArrived(receiver=economy.power, amount=economy.lend_lease_in_transit))
            steps.append(
                Step(
                    text=f"{economy.lend_lease_in_transit} BRPs of lend lease reach {economy.power}",
                    rule="G-56, G-59 [004], J-58",
                )
            )
    return events, steps


def advance_effects(
    state: ReichState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """Events and derivation lines the economy rules attach to moving from ``before`` to ``after``."""
    if "economy" not in state.identity.tables:
        return [], []
    events, steps = _arrivals(state, before, after)
    new_turn = after.turn != before.turn
    if new_turn and third_reich_season(before.turn)[0] == "Winter":
        for economy in state.brp_economies.values():
            if economy.active:
                events.append(ec.BrpSavedAtYearEnd(power=economy.power, saved=economy.total))
                steps.append(
                    Step(
                        text=f"{economy.power} saves {economy.total} unspent BRPs at the end of Winter",
                        rule="G-20 [004]",
                    )
                )
    if new_turn or after.player_index != before.player_index:
        for economy in state.brp_economies.values():
            if economy.active:
                events.append(ec.BrpTurnStarted(power=economy.power, new_game_turn=new_turn, total=economy.total))
    return events, steps
