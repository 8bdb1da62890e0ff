"""Strategic warfare as referee commands: hits typed in (`sw_hits`), a round fought (checks, the
fight, then the hits recorded) and the factors a power holds stated (`warfare_forces`).

A round's hits go through the same path as `RecordStrategicWarfareHits` (`sw_hits`), so the year's
accumulation, the 1945 immediate deduction (G-66) and the air-fleet conversions (G-65) are
one piece of code whichever way the hits come in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.third_reich.common.context import account, economy_of, fire_tables_of, year_of
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy.interface import bomber_conversions
from referee.third_reich.murmansk.interface import strategic_warfare_round
from referee.third_reich.strategic_warfare import command_phases as ph
from referee.third_reich.strategic_warfare import events as ec
from referee.third_reich.strategic_warfare import sw_forces as swf
from referee.third_reich.strategic_warfare import warfare as sw
from referee.third_reich.strategic_warfare import warfare_forces as wf
from referee.third_reich.strategic_warfare.commands import (
    RecordStrategicWarfareHits,
    ResolveStrategicWarfare,
    StateStrategicForces,
)
from referee.third_reich.strategic_warfare.warfare import FIRST_TURN, TARGETS
from referee.third_reich.wars.interface import require_war

ATTACKING_POWER = {"submarines": "Germany", "bombers": "UK"}


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
    box_steps, box_events = strategic_warfare_round(
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
        record = throw_for(command, ctx, purpose=f"strategic warfare: {purpose}", dice="1D10", faces=next(faces))
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
        computed = RecordStrategicWarfareHits.model_construct(
            power=command.target, attacker=command.attacker, hits=outcome.economy_hits, actor=command.actor
        )
        recorded = sw_hits(computed, ctx)
        events += recorded.events
        steps += recorded.ruling.steps
    return Decision(Ruling(summary=summary, steps=steps), events, rolls)


def sw_hits(command: RecordStrategicWarfareHits, ctx: Context[ReichState]) -> Decision:
    """G-61, G-65, G-66 [004]: hits accumulate for next spring (at once in 1945); bomber hits on Germany
    convert air fleets. None before strategic warfare begins (option sw_start, J-61), and each
    weapon hits only the economies it attacks (U-boats the UK or USA, bombers Germany)."""
    economy = account(ctx.state, command.power)
    calendar = ctx.state.table.calendar
    if not ph.SW_HITS.allows(ctx.state):
        raise IllegalOrderError(
            "strategic-warfare hits are recorded in a Strategic Warfare phase; it is now "
            f"{ctx.state.table.calendar.phase}"
        )
    reading = option(ctx.state.identity.options, "sw_start")
    if calendar.turn < sw.FIRST_TURN[reading]:
        raise IllegalOrderError(
            f"strategic warfare begins in Spring 1940 (G-61 [004], option sw_start={reading}); it is "
            f"{calendar.label}: there are no hits to record"
        )
    if command.power not in sw.TARGETS[command.attacker]:
        raise IllegalOrderError(
            f"{sw.WEAPONS[command.attacker]['name']} hit the economy of {' or '.join(sw.TARGETS[command.attacker])}, "
            f"not {command.power} (G-61 [004])"
        )
    year = year_of(ctx.state)
    data = economy_of(ctx.state)
    immediate = min(command.hits, economy.total) if year == 1945 else 0
    steps = [
        Step(
            text=f"{command.hits} {command.attacker} hits on {command.power} in {year}"
            + (
                f": taken from the total at once ({immediate})" if year == 1945 else ": deducted at the next year start"
            ),
            rule="G-66 [004]" if year == 1945 else "G-61 [004]",
        )
    ]
    events: list[ev.DomainEvent] = [
        ec.SwHitsRecorded(power=command.power, kind=command.attacker, hits=command.hits, year=year, immediate=immediate)
    ]
    if command.power == "Germany" and command.attacker == "bombers":
        before = economy.bomber_hits_total
        conversions = bomber_conversions(before, before + command.hits)
        for _ in range(conversions):
            events.append(
                ec.ForcePoolConverted(
                    power="Germany",
                    removed="5-4 air fleet",
                    added="5 interceptor factors",
                    reason=f"bomber hits reached a multiple of {data.bomber_conversion_step}",
                    limit_kind="interceptors",
                    limit_brp=15,
                )
            )
            steps.append(
                Step(
                    text=(
                        f"cumulative bomber hits {before} → {before + command.hits}: a 5-4 air fleet becomes 5 "
                        "interceptors now"
                    ),
                    rule="G-65 [004]",
                )
            )
        events += swf.changed(economy, "interceptors", swf.CONVERTED["interceptors"] * conversions, "G-65 conversion")
    return Decision(
        Ruling(summary=f"{command.power} takes {command.hits} {command.attacker} hits", steps=steps), events
    )


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


HANDLERS: dict[type[Any], Any] = {
    RecordStrategicWarfareHits: sw_hits,
    ResolveStrategicWarfare: resolve_strategic_warfare,
    StateStrategicForces: wf.state_forces,
}
