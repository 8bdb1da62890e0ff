"""What the Europa logistics rules do when the calendar moves (added to the advance entry).

- End of a side's Initial phase: stockpile above the cap is lost (B-05 [000], J-02 default);
  under option sp_model 001 there is no cap (B-68 [001]).
- End of the surprise turn: unspent special SP are dropped (A-32, B-28 [000]; under 001 the
  special allocation is for the surprise turn, A-33, B-64, read the same way).
- A new game turn: rail purchases reset (B-54); pending RPs due this turn join the tracks (C-21).
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.ruling import Step
from referee.common.state import CalendarPosition
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState
from referee.europa.logistics import events as lg


def advance_effects(
    state: EuropaState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """Events and derivation lines the rules attach to moving from ``before`` to ``after``."""
    if "logistics" not in state.identity.tables:
        return [], []
    events: list[ev.DomainEvent] = []
    steps: list[Step] = []
    model_001 = opt_since(state, "sp_model", "000") == "001"
    leaving_initial = before.phase == "Initial" and (after.turn, after.phase_index) != (before.turn, before.phase_index)
    if leaving_initial and before.player in state.supply_pools and not model_001:
        pool = state.supply_pools[before.player]
        if pool.cap is not None and pool.stockpile > pool.cap:
            lost = pool.stockpile - pool.cap
            events.append(lg.SupplyCapApplied(side=pool.side, lost=lost, cap=pool.cap))
            steps.append(
                Step(
                    text=f"{pool.side} stockpile {pool.stockpile} over the cap {pool.cap}: {lost} SP lost",
                    rule="B-05 [000], J-02",
                )
            )
    if after.turn != before.turn:
        for pool in state.supply_pools.values():
            if pool.special:
                events.append(lg.SpecialSupplyExpired(side=pool.side, amount=pool.special))
                steps.append(
                    Step(
                        text=f"{pool.side}: {pool.special} unspent special SP dropped",
                        rule="A-33, B-64 [001]" if model_001 else "A-32, B-28 [000]",
                    )
                )
        for stock in state.resource_points.values():
            if stock.rail_bought:
                events.append(lg.ResourceTurnReset(side=stock.side))
        for track in state.replacement_tracks.values():
            due = [item for item in track.pending if item.available_turn <= after.turn]
            if due:
                events.append(lg.PendingReplacementsReleased(nation=track.nation, turn=after.turn))
                text = ", ".join(f"{item.amount} {item.kind} ({item.reason})" for item in due)
                steps.append(Step(text=f"{track.nation}: {text} now usable", rule="C-21 [000]"))
    return events, steps
