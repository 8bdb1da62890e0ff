"""The fall of France: Vichy forms, and its colonies roll for their alignment (seed 004, RULES.md
G-35, J-60).

If Paris is held by the Axis at the end of any game turn, France makes peace and Vichy forms: the
book reads who the referee stated holds Paris (``controlled_by``, the scenario's ``vichy.capital``)
when a game turn ends, and records Occupied France as Germany's conquest (25, at the next year
start) and France's leaving play, in the entry that ends the turn. Syria and French North Africa
then roll 50-50 each for Vichy or the Free French (`RollFrenchColonies`); the UK earns the BRPs
of the colonies that go Free French (as minor allies joining it: at the next year start). The
others stay Vichy's, for an Allied power to conquer (5 each).

Campaigns created before issue 29 keep no ``vichy`` in their economy, and the conquest of
Occupied France stays the referee's RecordConquest, as it was.
"""

from __future__ import annotations

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.common.state import CalendarPosition
from referee.common.throws import throw_for
from referee.third_reich.common.context import economy_of
from referee.third_reich.common.data import Vichy
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.territory_map import cities_if_pinned, controller, side_of
from referee.third_reich.territory import events as ec
from referee.third_reich.territory.commands import RollFrenchColonies
from referee.third_reich.wars.interface import PowerLeftPlay

COLONIES_DUE = "French colonies"
"""The marker set when Vichy forms: the colonies' alignment roll is due."""
FREE_FRENCH = (4, 5, 6)
"""G-35 [004] says 50-50; the die and its faces are provisional: 1D6, 4-6 Free French."""


def _occupied_held(state: ReichState, vichy: Vichy) -> bool:
    return any(vichy.occupied in economy.conquests_held for economy in state.brp_economies.values())


def vichy_forms(
    state: ReichState, before: CalendarPosition, after: CalendarPosition
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """G-35 [004]: at the end of a game turn with Paris stated held by a power of the occupier's
    side, the occupier gains Occupied France and France leaves play; the colonies' roll is due."""
    if after.turn == before.turn:
        return [], []
    vichy = economy_of(state).vichy
    chart = cities_if_pinned(state)
    if vichy is None or chart is None or _occupied_held(state, vichy):
        return [], []
    france = economy_of(state).homelands.get(vichy.occupied)
    if france is None or france not in state.brp_economies or not state.brp_economies[france].in_play:
        return [], []
    paris = chart.find(vichy.capital)
    if paris is None:
        return [], []
    holder, statement = controller(state, paris)
    axis = side_of(state, vichy.occupier)
    if statement is None or side_of(state, holder) != axis:
        return [], []
    value = economy_of(state).territories[vichy.occupied]
    label = before.label
    events: list[ev.DomainEvent] = [
        ec.ConquestRecorded(power=vichy.occupier, territory=vichy.occupied, value=value),
        PowerLeftPlay(power=france, reason=f"{label}: {paris.name} held by {holder} at the end of the turn (Vichy)"),
        ev.MarkerSet(name=COLONIES_DUE, value=f"to roll for Vichy or the Free French ({label})"),
    ]
    steps = [
        Step(text=f"{paris.name} held by {holder} at the end of {label}: {statement.text}", rule="G-35 [004]"),
        Step(
            text=f"Vichy forms: {vichy.occupier} gains {vichy.occupied} (+{value} at the next year start); {france} "
            "leaves play; the colonies roll for their alignment (RollFrenchColonies)",
            rule="G-35 [004]",
        ),
    ]
    return events, steps


def roll_colonies(command: RollFrenchColonies, ctx: Context[ReichState]) -> Decision:
    """G-35 [004]: each group of colonies rolls 50-50 for Vichy or the Free French once Vichy has
    formed; the Free French colonies' BRPs go to the UK at the next year start."""
    state = ctx.state
    vichy = economy_of(state).vichy
    if vichy is None or COLONIES_DUE not in state.table.markers:
        raise IllegalOrderError(
            "no French colonies are waiting to roll: they roll once, when Vichy forms (Paris held by the Axis at "
            "the end of a game turn, G-35 [004])"
        )
    groups = [group.name for group in vichy.colonies]
    if command.faces != "digital" and len(command.faces) != len(groups):
        raise IllegalOrderError(f"one 1D6 per group of colonies, in this order: {', '.join(groups)}")
    rolls = [
        throw_for(
            command,
            ctx,
            purpose=f"{group}: Vichy or the Free French",
            dice="1D6",
            faces="digital" if command.faces == "digital" else [command.faces[index]],
        )
        for index, group in enumerate(groups)
    ]
    values = economy_of(state).territories
    events: list[ev.DomainEvent] = [ev.MarkerCleared(name=COLONIES_DUE)]
    steps: list[Step] = []
    for group, roll in zip(groups, rolls, strict=True):
        colonies = next(found.colonies for found in vichy.colonies if found.name == group)
        if int(roll["total"]) not in FREE_FRENCH:
            steps.append(
                Step(
                    text=f"{group}: 1D6 {roll['total']}, Vichy ({', '.join(colonies)} stay with Vichy: an Allied power "
                    "conquering one gains its value)",
                    rule="G-35 [004] (die provisional: 1-3 Vichy)",
                )
            )
            continue
        free = [colony for colony in colonies if not _held(state, colony)]
        events += [ec.ConquestRecorded(power=vichy.free_french_to, territory=c, value=values[c]) for c in free]
        total = sum(values[colony] for colony in free)
        steps.append(
            Step(
                text=f"{group}: 1D6 {roll['total']}, Free French: {vichy.free_french_to} earns "
                f"{', '.join(free) or 'none'} (+{total} at the next year start)",
                rule="G-35 [004] (die provisional: 4-6 Free French)",
            )
        )
    return Decision(Ruling(summary="the French colonies choose Vichy or the Free French", steps=steps), events, rolls)


def _held(state: ReichState, territory: str) -> bool:
    return any(territory in economy.conquests_held for economy in state.brp_economies.values())
