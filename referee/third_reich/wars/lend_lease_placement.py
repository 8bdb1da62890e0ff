"""When northern lend lease is committed: at the Spring year start, or placed in the Murmansk box
in the giver's Spring movement phase (seed 004, RULES.md J-67, G-56, G-58, G-60).

The lend lease section has the UK (and the USA by its northern route, "in the same manner") give
"after the Spring Year Start Sequence"; the Murmansk section has the counters "placed face down in
the Murmansk convoy box during the western Allies movement phase". Option ``lend_lease_placement``
reads one or the other: under ``year_start`` (the default, the lend lease section that G-56 states,
and the reading of every campaign before the option) `PerformYearStart` sends it; under
``movement_phase`` `PlaceLendLease` does, in the giver's Spring Movement phase, and the year start
refuses it. Either way it is 20 or nothing, once a year a route, and counts as 1 SR of the Spring
turn. Placed in the movement phase, it leaves the giver's half-spend limit as it was at the start
of the turn (the limit is measured then, J-65).
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, economy_of, season_of
from referee.third_reich.common.data import LendLeaseRoute
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy.interface import BrpCharged
from referee.third_reich.wars import events as ec
from referee.third_reich.wars.command_phases import PLACEMENT
from referee.third_reich.wars.commands import PlaceLendLease
from referee.third_reich.wars.wars import war_conditions

LEND_LEASE_PLACEMENT = ("year_start", "movement_phase")
"""J-67: northern lend lease given at the Spring year start, or placed in the Spring movement phase."""


def placement(state: ReichState) -> str:
    """The campaign's reading of J-67 (a campaign created before the option gives at the year start)."""
    return option(state.identity.options, "lend_lease_placement", before=LEND_LEASE_PLACEMENT[0])


def refuse_at_year_start(state: ReichState, name: str, route: LendLeaseRoute) -> None:
    """J-67: under ``movement_phase`` a northern route is not given at the year start.

    Raises:
        IllegalOrderError: naming the command and phase that give it.
    """
    if route.arrival == "murmansk" and placement(state) == "movement_phase":
        raise IllegalOrderError(
            f"under option lend_lease_placement=movement_phase {route.giver} places {name} lend lease in the "
            f"Murmansk box in its Spring Movement phase (PlaceLendLease), not at the year start (J-67)"
        )


def _counter(route: str) -> str:
    return f"lend lease {route}"


def place(command: PlaceLendLease, ctx: Context[ReichState]) -> Decision:
    """J-67, G-56, G-58, G-60 [004]: under ``movement_phase``, the giver places a northern route's
    counter in its Spring Movement phase: 20 or nothing, once a year, once the route's war has
    begun, counting as 1 SR."""
    state = ctx.state
    data = economy_of(state)
    route = data.lend_lease.get(command.route)
    northern = [name for name, found in data.lend_lease.items() if found.arrival == "murmansk"]
    if route is None or route.arrival != "murmansk":
        raise IllegalOrderError(
            f"{command.route!r} is not a northern lend lease route; only these cross the Murmansk box: "
            f"{', '.join(northern) or 'none'} (G-56, G-58 [004])"
        )
    reading = placement(state)
    if reading != "movement_phase":
        raise IllegalOrderError(
            f"under option lend_lease_placement={reading} northern lend lease is given at the Spring year start "
            "(PerformYearStart), not placed in the movement phase (J-67)"
        )
    giver = account(state, route.giver)
    PLACEMENT.require(state, giver.side)
    if season_of(state) != "Spring":
        raise IllegalOrderError(
            f"northern lend lease is placed in the Spring turn only (G-56, J-67); it is now "
            f"{state.table.calendar.label}"
        )
    if giver.turn_counters.get(_counter(command.route)):
        raise IllegalOrderError(f"{command.route} lend lease was placed already this Spring: one grant a year (G-60)")
    if command.amount == 0:
        return Decision(
            Ruling(summary=f"{command.route}: nothing sent", steps=[Step(text="nothing sent", rule=route.rule)]), []
        )
    if command.amount not in route.amounts:
        amounts = " or ".join(map(str, route.amounts))
        raise IllegalOrderError(f"{command.route} lend lease is exactly {amounts} BRPs or nothing ({route.rule})")
    missing = war_conditions(state, list(route.needs_war), list(route.needs_belligerent))
    if missing:
        raise IllegalOrderError(f"no lend lease {command.route} yet: {'; '.join(missing)} ({route.rule})")
    account(state, route.receiver)
    if command.amount > giver.total:
        raise IllegalOrderError(
            f"{route.giver} has {giver.total} BRPs; {command.route} lend lease costs {command.amount}"
        )
    events: list[ev.DomainEvent] = [
        ec.LendLeaseSent(
            giver=route.giver,
            receiver=route.receiver,
            amount=command.amount,
            route=command.route,
            arrival=route.arrival,
            spending_base=False,
        ),
        BrpCharged(
            power=route.giver,
            amount=0,
            category="sr",
            detail=f"{command.route} lend lease counts as 1 SR",
            counters={"turn.sr": 1 if route.counts_as_sr else 0, f"turn.{_counter(command.route)}": 1},
        ),
    ]
    steps = [
        Step(
            text=f"{command.route}: −{command.amount}, placed in the Murmansk box in the {giver.side} Spring "
            "movement phase (lend_lease_placement=movement_phase)",
            rule=f"J-67, {route.rule}",
        ),
        Step(
            text="counts as 1 SR of the Spring turn; the half-spend limit of the turn is unchanged", rule="G-53, J-65"
        ),
    ]
    return Decision(Ruling(summary=f"{route.giver} places {command.amount} BRPs of lend lease", steps=steps), events)
