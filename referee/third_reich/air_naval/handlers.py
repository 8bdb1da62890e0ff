"""Third Reich air and naval combat as referee commands (H-20..H-34 [004]): the checks of phase,
option and side, the 1D10 rolls in the order each fight names them, the ruling from the pure
rules (`air_battles`, `air_zones`, `naval_operations`, `airborne`).

Air and naval factors are not an account of the book (the force pools are the players'), so
these entries record the fight, its dice and its derivation; an airborne unit the referee
registered and the fight destroyed is marked eliminated. The checks of an air unit's reach and a
fleet's move are `movement_handlers`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.third_reich.air_naval import air_battles as ab
from referee.third_reich.air_naval import air_naval as an
from referee.third_reich.air_naval import air_zones as az
from referee.third_reich.air_naval import airborne as ad
from referee.third_reich.air_naval import command_phases as ph
from referee.third_reich.air_naval import naval_operations as nav
from referee.third_reich.air_naval.commands import (
    CheckAirMission,
    CheckSeaMove,
    ResolveAirDrop,
    ResolveAirNavalCombat,
    ResolveAmphibiousLanding,
    ResolveCounterAir,
    ResolveInterception,
    RollsBy,
)
from referee.third_reich.air_naval.movement_handlers import check_air_mission, check_sea_move
from referee.third_reich.common.context import account, fire_tables_of, region_weather, require_option
from referee.third_reich.common.roster import eliminated_in_roster
from referee.third_reich.common.state import ReichState
from referee.third_reich.wars import interface as wars


def reading(state: ReichState, name: str) -> str:
    """The campaign's reading of an air/naval option (its default for campaigns pinned before it)."""
    return option(state.identity.options, name, before=an.OPTIONS[name][0])


def _offensive(state: ReichState, power: str, front: str, phases: tuple[str, ...], what: str, rule: str) -> str:
    """Refuse unless ``power`` declared an offensive on ``front``, it is one of ``phases`` (A-58,
    A-63 [004]) and ``power`` is at war with another side (G-34: these commands name no opponent)."""
    declared = require_option(state, power, front, "offensive", phases, what, rule).options[front]
    wars.require_fight(state, power, None, what)
    return declared


def throw_each(
    ctx: Context[ReichState], command: RollsBy, purposes: list[str], what: str, dice: str = "1D10"
) -> list[dict[str, Any]]:
    """One roll per purpose, in order: the faces typed (exactly as many as the fight needs) or digital."""
    if command.rolls != "digital" and len(command.rolls) != len(purposes):
        wanted = "; ".join(purposes) or "none"
        raise IllegalOrderError(
            f"{what} needs {len(purposes)} roll(s) of {dice}, in order: {wanted}; {len(command.rolls)} given"
        )
    return [
        throw_for(
            command,
            ctx,
            purpose=f"{what}: {purpose}",
            dice=dice,
            faces="digital" if command.rolls == "digital" else [command.rolls[index]],
        )
        for index, purpose in enumerate(purposes)
    ]


def _totals(records: list[dict[str, Any]]) -> list[int]:
    return [int(record["total"]) for record in records]


def resolve_air_naval_combat(command: ResolveAirNavalCombat, ctx: Context[ReichState]) -> Decision:
    """H-23 [004] with J-59 and option air_naval_fire: the contested hex's air and naval combat."""
    state = ctx.state
    _offensive(state, command.power, command.front, *ph.AIR_NAVAL_COMBAT.args)
    battle = ab.HexBattle(
        phasing=ab.Committed(command.phasing_air, command.phasing_naval, command.phasing_drm),
        non_phasing=ab.Committed(command.non_phasing_air, command.non_phasing_naval, command.non_phasing_drm),
    )
    purposes = ab.rolls_for_hex(battle)
    if not purposes:
        raise IllegalOrderError(
            f"no air or naval combat in {command.hex}: it needs air or fleets of both sides facing each other "
            "(H-23 [004])"
        )
    records = throw_each(ctx, command, purposes, f"air and naval combat in {command.hex}")
    outcome = ab.resolve_hex(
        battle,
        fire_tables_of(state),
        _totals(records),
        six_up_privilege=reading(state, "six_up_privilege"),
        air_naval_fire=reading(state, "air_naval_fire"),
    )
    p, n = outcome.phasing, outcome.non_phasing
    summary = (
        f"air and naval combat in {command.hex}: phasing loses {p.air_lost} air, {p.naval_lost} naval; "
        f"non-phasing {n.air_lost} air, {n.naval_lost} naval; {outcome.support_air} air and "
        f"{outcome.support_naval} naval left to support"
    )
    return Decision(Ruling(summary=summary, steps=list(outcome.steps)), [], records)


def resolve_counter_air(command: ResolveCounterAir, ctx: Context[ReichState]) -> Decision:
    """H-24 [004]: offensive option, the Air Missions phase; one round, then enemy air tied up."""
    state = ctx.state
    declared = _offensive(state, command.power, command.front, *ph.COUNTER_AIR.args)
    records = throw_each(ctx, command, ab.rolls_for_counter_air(), f"counter-air on {command.base}")
    outcome = ab.counter_air(
        fire_tables_of(state),
        command.sent,
        command.targeted,
        _totals(records),
        option=declared,
        phasing_drm=command.phasing_drm,
        non_phasing_drm=command.non_phasing_drm,
        six_up_privilege=reading(state, "six_up_privilege"),
    )
    summary = (
        f"counter-air on {command.base}: {outcome.phasing_lost} attacking and {outcome.non_phasing_lost} defending "
        f"air factors lost; {outcome.neutralized} neutralized for the player turn"
    )
    return Decision(Ruling(summary=summary, steps=list(outcome.steps)), [], records)


def resolve_interception(command: ResolveInterception, ctx: Context[ReichState]) -> Decision:
    """H-30, H-31 [004] with J-64: one roll per port as a body (Murmansk automatic), in the
    Interception phase, by a power of a side other than the phasing one."""
    state = ctx.state
    economy = account(state, command.power)
    calendar = state.table.calendar
    ph.INTERCEPTION.require(state, economy.side)
    wars.require_fight(state, command.power, calendar.player, "naval interception")
    attempts = [
        nav.InterceptionAttempt(port.port, tuple(port.fleets), port.distance, port.same_zone, port.murmansk)
        for port in command.ports
    ]
    die = reading(state, "interception_die")
    zone = az.air_zone(
        command.target,
        {"phasing air": command.phasing_air_in_range},
        {"non-phasing air": command.non_phasing_air_in_range},
    )
    records = throw_each(
        ctx, command, nav.rolls_for_interceptions(attempts, interception_die=die), "naval interception", die
    )
    outcome = nav.intercept(
        attempts,
        _totals(records),
        target=command.target,
        target_zone=zone,
        interception_die=die,
        interception_bands=reading(state, "interception_bands"),
    )
    summary = f"interception at {command.target}: " + (
        f"{', '.join(outcome.succeeded)} intercept ({sum(outcome.fleets)} factors)" if outcome.succeeded else "none"
    )
    return Decision(Ruling(summary=summary, steps=[*zone.steps, *outcome.steps]), [], records)


def resolve_air_drop(command: ResolveAirDrop, ctx: Context[ReichState]) -> Decision:
    """H-34 [004]: the drop's conditions, then the interception of the air landing."""
    state = ctx.state
    declared = _offensive(state, command.power, command.front, *ph.AIR_DROP.args)
    weather = region_weather(state, command.region)
    zone = az.air_zone(
        command.hex, {"friendly air": command.friendly_air_in_range}, {"enemy air": command.enemy_air_in_range}
    )
    steps: list[Step] = list(zone.steps)
    steps += ad.check_air_drop(weather=weather, option=declared, distance=command.distance, zone=zone)
    records = throw_each(
        ctx, command, ad.rolls_for_air_drop(command.escort, command.interceptors), f"air drop on {command.hex}"
    )
    outcome = ad.air_drop(
        fire_tables_of(state),
        command.strength,
        command.escort,
        command.interceptors,
        _totals(records),
        escort_drm=command.escort_drm,
        interceptor_drm=command.interceptor_drm,
        six_up_privilege=reading(state, "six_up_privilege"),
    )
    steps += outcome.steps
    events: list[ev.DomainEvent] = []
    if outcome.destroyed:
        events += eliminated_in_roster(state, account(state, command.power).side, [command.unit])
    summary = f"{command.unit} drops on {command.hex}: " + (
        "destroyed by the interceptors (back to the force pool; never recovered, G-50)"
        if outcome.destroyed
        else "lands"
    )
    return Decision(Ruling(summary=summary, steps=steps), events, records)


def resolve_amphibious_landing(command: ResolveAmphibiousLanding, ctx: Context[ReichState]) -> Decision:
    """H-32, H-33, H-25 [004]: the landing's conditions and load; an empty beach falls and its
    beachhead marker is recorded as the stated fact ``bridgehead`` (so the land combat there reads
    its stacking of 4); a defended beach is left to ResolveLandCombat."""
    state = ctx.state
    declared = _offensive(state, command.power, command.front, *ph.LANDING.args)
    offshore = az.air_zone(
        f"the sea off {command.beach}",
        {"friendly air": command.friendly_air_offshore},
        {"enemy air": command.enemy_air_offshore},
    )
    beach = az.air_zone(
        command.beach, {"friendly air": command.friendly_air_at_beach}, {"enemy air": command.enemy_air_at_beach}
    )
    steps: list[Step] = [*offshore.steps, *beach.steps]
    steps += nav.check_landing(option=declared, same_zone=command.same_zone, offshore=offshore, beach=beach)
    steps += nav.check_amphibious(command.fleets, command.units)
    landing = nav.land(command.beach, command.defenders, command.units)
    steps += landing.steps
    events: list[ev.DomainEvent] = []
    if landing.automatic:
        steps += nav.place_beachhead(command.beach, command.bridgeheads_in_play, removing=command.removing)
        if command.removing is not None and command.bridgeheads_in_play >= 3:
            events.append(
                ev.FactStated(fact="bridgehead", subject=command.removing, value="no", stated_by=command.actor)
            )
        events.append(ev.FactStated(fact="bridgehead", subject=command.beach, value="yes", stated_by=command.actor))
    summary = f"landing at {command.beach}: " + (
        "the beach is empty and falls; beachhead marker placed"
        if landing.automatic
        else "defended: fight it with ResolveLandCombat (the landing units amphibious)"
    )
    return Decision(Ruling(summary=summary, steps=steps), events)


HANDLERS: dict[type[Any], Callable[[Any, Context[ReichState]], Decision]] = {
    ResolveAirNavalCombat: resolve_air_naval_combat,
    ResolveCounterAir: resolve_counter_air,
    ResolveInterception: resolve_interception,
    ResolveAirDrop: resolve_air_drop,
    ResolveAmphibiousLanding: resolve_amphibious_landing,
    CheckAirMission: check_air_mission,
    CheckSeaMove: check_sea_move,
}
