"""The strategic-warfare round as a referee command: checks, the fight, then the hits recorded.

The hits go through the same path as `RecordStrategicWarfareHits` (`sw_hits`), so the year's
accumulation, the 1945 immediate deduction (G-66) and the air-fleet conversions (G-65) are
one piece of code whichever way the hits come in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.common.decision import Context, Decision
from referee.common.dice import throw
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.third_reich import command_phases as ph
from referee.third_reich import commands as tr
from referee.third_reich import murmansk_sealed as ms
from referee.third_reich import warfare as sw
from referee.third_reich import warfare_forces as wf
from referee.third_reich.context import account, economy_of
from referee.third_reich.fire import BUNDLED, FireTables
from referee.third_reich.handlers import sw_hits
from referee.third_reich.state import ReichState
from referee.third_reich.warfare import FIRST_TURN, TARGETS
from referee.third_reich.warfare_commands import ResolveStrategicWarfare, StateStrategicForces
from referee.third_reich.wars import require_war

ATTACKING_POWER = {"submarines": "Germany", "bombers": "UK"}


def fire_tables_of(state: ReichState) -> FireTables:
    """The fire tables pinned at creation (K-42)."""
    return pinned_chart(state, "fire", FireTables, BUNDLED)


def weapon_of(state: ReichState, side: str | None) -> str | None:
    """G-61 [004]: U-boats are Germany's side's weapon, bombers the UK's; None for any other side."""
    for attacker, power in ATTACKING_POWER.items():
        economy = state.brp_economies.get(power)
        if economy is not None and economy.side == side:
            return attacker
    return None


def _check(command: ResolveStrategicWarfare, state: ReichState) -> bool:
    """Phase, turn, target; returns whether this is the second happy time (G-68)."""
    calendar = state.table.calendar
    side = account(state, ATTACKING_POWER[command.attacker]).side
    weapon = sw.WEAPONS[command.attacker]["name"]
    if not ph.STRATEGIC_WARFARE.allows(state, side):
        raise IllegalOrderError(
            f"{weapon} attack in the {side} Strategic Warfare phase (G-61 [004]); "
            f"it is now the {calendar.player or ''} {calendar.phase} phase of {calendar.label}".replace("  ", " ")
        )
    reading = option(state.identity.options, "sw_start")
    if calendar.turn < FIRST_TURN[reading]:
        raise IllegalOrderError(
            f"strategic warfare begins in Spring 1940 (G-61 [004], option sw_start={reading}); it is {calendar.label}"
        )
    if command.target not in TARGETS[command.attacker]:
        raise IllegalOrderError(
            f"{weapon} attack the economy of {' or '.join(TARGETS[command.attacker])} (G-61 [004]), not "
            f"{command.target}"
        )
    account(state, command.target)
    if command.attacker != "submarines" and (command.uboats_held is not None or command.asw_held is not None):
        raise IllegalOrderError("uboats_held and asw_held are stated in a U-boat round, not in bombing (G-72 [004])")
    attacking = ATTACKING_POWER[command.attacker]
    if economy_of(state).strategic_warfare_needs_war:
        what = f"{weapon} attack only the economy of a power at war with {attacking}"
        require_war(state, attacking, command.target, what, "G-61 [004]")
    happy = command.attacker == "submarines" and command.target == "USA" and calendar.label == "Spring 1942"
    if happy and command.defensive_factors:
        raise IllegalOrderError(
            "in Spring 1942 no ASW opposes U-boats attacking the US economy: UK ASW may not, "
            "US ASW does not exist yet (G-68 [004]); enter 0 defending factors"
        )
    return happy


def resolve_strategic_warfare(command: ResolveStrategicWarfare, ctx: Context[ReichState]) -> Decision:
    """G-61..G-68 [004]: one round from the factors the book counts (`warfare_forces`), then the
    losses off those counts and the BRP hits on the target's economy; U-boats and ASW in the
    Murmansk box sit out (G-72: `murmansk_sealed.strategic_warfare_round`)."""
    happy = _check(command, ctx.state)
    forces = wf.before_round(command, ctx.state)
    box_steps, box_events = ms.strategic_warfare_round(
        command, ctx.state, ctx.head + 1, uboats_held=forces.uboats_held, asw_held=forces.asw_held
    )
    tables = fire_tables_of(ctx.state)
    fight = sw.Fight(
        attacker=command.attacker,
        offensive=command.offensive_factors,
        defensive=command.defensive_factors,
        offence_drm=command.offence_drm + (1 if happy else 0),
        defence_drm=command.defence_drm,
    )
    weapon = sw.WEAPONS[command.attacker]
    rolls: list[dict[str, Any]] = []
    faces = _faces(command)

    def roll(purpose: str) -> int:
        record = throw(
            ctx.roller,
            purpose=f"strategic warfare: {purpose}",
            dice="1D10",
            faces=next(faces),
            rolled_by=command.rolled_by,
            witnesses=list(command.witnesses),
        )
        rolls.append(record)
        return int(record["total"])

    steps: list[Step] = []
    if happy:
        steps.append(Step(text="second happy time: +1 to the U-boats' rolls against the US economy", rule="G-68 [004]"))
    purposes = sw.rolls_for_exchange(fight)
    outcome = sw.exchange(fight, tables, roll(purposes[0]), roll(purposes[1])) if purposes else sw.unopposed(fight)
    if outcome.survivors:
        outcome = sw.economy(fight, outcome, tables, roll(f"{weapon['name']} at the {command.target} economy"))
    _no_more(faces, len(rolls))
    steps += forces.steps + box_steps + outcome.steps
    events: list[Any] = [*forces.events, *box_events, *wf.after_round(command, forces, outcome)]
    summary = (
        f"{weapon['name']} lose {outcome.offensive_lost}, {weapon['defence']} lose {outcome.defensive_lost}; "
        f"{command.target} takes {outcome.economy_hits} BRP hits"
    )
    if outcome.economy_hits:
        # built without validation: the bound on hits a referee types does not limit hits the
        # round computes from the factors (500 factors at double can make 600)
        computed = tr.RecordStrategicWarfareHits.model_construct(
            power=command.target, attacker=command.attacker, hits=outcome.economy_hits, actor=command.actor
        )
        recorded = sw_hits(computed, ctx)
        events += recorded.events
        steps += recorded.ruling.steps
    return Decision(Ruling(summary=summary, steps=steps), events, rolls)


def _faces(command: ResolveStrategicWarfare) -> Iterator[Any]:
    """Each roll's faces in turn: typed ones one by one, or 'digital' for every roll."""
    if command.rolls == "digital":
        while True:
            yield "digital"
    for face in command.rolls:
        yield [face]
    raise IllegalOrderError(
        f"this fight needs more 1D10 rolls than the {len(command.rolls)} given: "
        "defence fire, offence fire, then the survivors at the economy"
    )


def _no_more(faces: Iterator[Any], used: int) -> None:
    """Refuse rolls typed in that the fight did not need."""
    try:
        extra = next(faces)
    except IllegalOrderError:
        return
    if extra != "digital":
        raise IllegalOrderError(f"this fight needed {used} roll(s) of 1D10; more were given")


WARFARE_HANDLERS: dict[type[Any], Any] = {
    ResolveStrategicWarfare: resolve_strategic_warfare,
    StateStrategicForces: wf.state_forces,
}
