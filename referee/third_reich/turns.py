"""What the Third Reich rules record when the calendar moves (added to the advance entry): the
game's hook, gathering what each system does then.

- Every new player turn: per-player-turn counters restart; a new game turn also notes the
  total that the half-spend limit is measured against (G-42, J-65).
- Leaving Winter: BRPs unspent are recorded as saved, for growth at the year start (G-20).
- Lend lease in transit arrives route by route, as option murmansk_timing says (G-56, G-59, J-58;
  referee.third_reich.wars.lend_lease).
- A power that left play (G-35) saves nothing and starts no turn.
- Paris held by the Axis at the end of a game turn forms Vichy (G-35,
  referee.third_reich.territory.conquest_vichy); the Axis minors not activated join Germany when
  Summer I 1941 begins (A-67, referee.third_reich.territory.minor_allies).
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.calendar import third_reich_season
from referee.common.ruling import Step
from referee.common.state import CalendarPosition
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy import events as ec
from referee.third_reich.territory.conquest_vichy import vichy_forms
from referee.third_reich.territory.minor_allies import join_by_the_latest
from referee.third_reich.wars.events import PowerLeftPlay
from referee.third_reich.wars.lend_lease import arrivals


def advance_effects(
    state: ReichState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """Events and derivation lines the economy rules attach to moving from ``before`` to ``after``."""
    if "economy" not in state.identity.tables:
        return [], []
    events, steps = arrivals(state, before, after)
    for effect in (vichy_forms, join_by_the_latest):  # G-35 at the turn's end, then A-67 as the next begins
        more, said = effect(state, before, after)
        events += more
        steps += said
    leaving = {event.power for event in events if isinstance(event, PowerLeftPlay)}
    new_turn = after.turn != before.turn
    if new_turn and third_reich_season(before.turn)[0] == "Winter":
        for economy in state.brp_economies.values():
            if economy.in_play and economy.power not in leaving:
                events.append(ec.BrpSavedAtYearEnd(power=economy.power, saved=economy.total))
                steps.append(
                    Step(
                        text=f"{economy.power} saves {economy.total} unspent BRPs at the end of Winter",
                        rule="G-20 [004]",
                    )
                )
    if new_turn or after.player_index != before.player_index:
        for economy in state.brp_economies.values():
            if economy.in_play and economy.power not in leaving:
                events.append(ec.BrpTurnStarted(power=economy.power, new_game_turn=new_turn, total=economy.total))
    return events, steps
