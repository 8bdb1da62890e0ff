"""The checks of an air unit's reach (`CheckAirMission`: H-25, K-46 [004]) and of a transport or
sea SR (`CheckSeaMove`: H-25, H-32, J-66, K-46), each read from the phase, the option declared on
the front, the pinned air and naval unit chart and what the referee states is in range. Each
records a ruling with its derivation and no event (the book records no positions, K-43)."""

from __future__ import annotations

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling
from referee.third_reich.air_naval import air_naval_units as anu
from referee.third_reich.air_naval import command_phases as ph
from referee.third_reich.air_naval import naval_operations as nav
from referee.third_reich.air_naval.air_naval import OPTIONS as AIR_NAVAL_OPTIONS
from referee.third_reich.air_naval.air_zones import air_zone, require_open
from referee.third_reich.air_naval.commands import CheckAirMission, CheckSeaMove
from referee.third_reich.common.context import account, require_option, require_power_phase
from referee.third_reich.common.state import ReichState


def units_chart_of(state: ReichState) -> anu.AirNavalUnits:
    """The air and naval unit chart pinned into the campaign (K-46)."""
    return pinned_chart(state, "air_naval_units", anu.AirNavalUnits, anu.BUNDLED)


def check_air_mission(command: CheckAirMission, ctx: Context[ReichState]) -> Decision:
    """H-25, K-46 [004] with A-58, A-63: an air unit moves in its power's Movement phase up to
    twice its range; it flies a mission within its range, under an offensive on the front in the
    air missions or combat phases, or intercepts in another side's Interception phase."""
    state = ctx.state
    economy = account(state, command.power)
    if command.mission == "rebase":
        require_power_phase(state, command.power, *ph.AIR_MOVE.args)
    elif command.mission == "interception":
        ph.AIR_INTERCEPTION.require(state, economy.side)
    else:
        require_option(state, command.power, command.front, "offensive", *ph.AIR_MISSION.args)
    steps = anu.check_air_reach(
        units_chart_of(state), command.air_type, command.factors, command.mission, command.distance
    )
    summary = f"{command.unit}: {command.mission.replace('_', ' ')} at {command.distance} hexes, in reach"
    return Decision(Ruling(summary=summary, steps=steps), [])


def check_sea_move(command: CheckSeaMove, ctx: Context[ReichState]) -> Decision:
    """H-25, H-32, J-66, K-46 [004] with A-58: a transport is an offensive's naval mission in the
    Movement phase, within 1/2 of each fleet rounded down; a sea SR goes in the SR phase, not
    through an uncontested enemy air zone, and on only while 9 naval factors stay on escort after
    an interception (option escort_rule)."""
    state = ctx.state
    chart = units_chart_of(state)
    mission = "transport" if command.mission == "transport" else "escort"
    if command.mission == "transport":
        if command.front is None:
            raise IllegalOrderError("a naval transport is a naval mission of an offensive: name its front (A-58 [004])")
        require_option(state, command.power, command.front, "offensive", *ph.SEA_TRANSPORT.args)
    else:
        account(state, command.power)
        require_power_phase(state, command.power, *ph.SEA_SR.args)
    steps = [anu.check_naval_mission(chart, fleet.type, fleet.factors, mission) for fleet in command.fleets]
    factors = [fleet.factors for fleet in command.fleets]
    if command.mission == "transport":
        steps += nav.check_transport(factors, command.ground_factors)
        summary = f"{command.power} transports {command.ground_factors} ground factors by sea"
        return Decision(Ruling(summary=summary, steps=steps), [])
    zone = air_zone(
        "the sea route",
        {"friendly air": command.friendly_air_in_range},
        {"enemy air": command.enemy_air_in_range},
    )
    steps += [*zone.steps, require_open(zone, "sea SR")]
    summary = f"{command.power}'s sea SR goes ahead"
    if command.escort_left is not None:
        rule = option(state.identity.options, "escort_rule", before=AIR_NAVAL_OPTIONS["escort_rule"][0])
        held, step = nav.escort_holds(command.escort_left, escort_rule=rule)
        steps.append(step)
        if not held:
            summary = f"{command.power}'s sea SR is blocked and returns"
    return Decision(Ruling(summary=summary, steps=steps), [])
