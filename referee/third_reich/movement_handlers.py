"""Handlers of the Third Reich move checks (`movement_commands`): a ground unit's move (H-50, H-51,
A-60, A-61, A-66), an air unit's reach (H-25, K-46) and a transport or sea SR (H-25, H-32, J-66,
K-46), each read from the phase, the option declared on the front, the region's weather, the
pinned air and naval unit chart and the facts the referee stated. Each records a ruling with its
derivation and no event (the book records no positions, K-43)."""

from __future__ import annotations

from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.options import option
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.third_reich import air_naval_units as anu
from referee.third_reich import command_phases as ph
from referee.third_reich import movement as mv
from referee.third_reich import naval_operations as nav
from referee.third_reich.air_naval import OPTIONS as AIR_NAVAL_OPTIONS
from referee.third_reich.air_zones import air_zone, require_open
from referee.third_reich.context import account, region_weather, require_option, require_power_phase
from referee.third_reich.movement_commands import CheckAirMission, CheckLandMove, CheckSeaMove, LandMoveHex
from referee.third_reich.state import ReichState


def units_chart_of(state: ReichState) -> anu.AirNavalUnits:
    """The air and naval unit chart pinned into the campaign (K-46)."""
    return pinned_chart(state, "air_naval_units", anu.AirNavalUnits, anu.BUNDLED)


def _entered(state: ReichState, hex_: LandMoveHex, steps: list[Step]) -> mv.Entered:
    """A hex as the command gives it, its terrain and enemy ZOC as stated where left out (cited)."""
    terrain: str = hex_.terrain or "clear"
    if hex_.terrain is None:
        found = stated(state, "terrain", hex_.hex)
        if found is not None:
            steps.append(Step(text=citation(found), rule="referee-stated fact"))
            terrain = found.value
    reached = hex_.enemy_adjacent
    if reached is None:
        zoc, said = stated_yes(state, "in_enemy_zoc", hex_.hex)
        if said is not None:
            steps.append(Step(text=citation(said), rule="referee-stated fact"))
        reached = ["land"] if zoc else []
    zoc, why = mv.in_enemy_zoc(terrain, reached)
    return mv.Entered(hex_.hex, terrain, hex_.across_river, zoc, why if reached else "")


def check_land_move(command: CheckLandMove, ctx: Context[ReichState]) -> Decision:
    """H-50, H-51, A-58, A-60, A-61, A-66 [004]: the phase and option allow the move, Mud halves
    armor, and the hexes entered cost no more than the allowance (a 1-hex move always goes)."""
    state = ctx.state
    economy = account(state, command.power)
    require_power_phase(state, command.power, *ph.LAND_MOVE.args)
    weather = region_weather(state, command.region)
    phase = state.table.calendar.phase
    steps = [mv.check_phase(phase, economy.options.get(command.front), weather, command.type)]
    allowed, step = mv.allowance(command.ma, command.type, weather)
    steps.append(step)
    hexes = [_entered(state, hex_, steps) for hex_ in command.hexes]
    total, costs = mv.move_cost(command.unit, command.type, allowed, hexes, mechanized=phase == "Mechanized Movement")
    steps += costs
    summary = f"{command.unit}: {len(hexes)} hex(es) for {total} of {allowed} MP"
    return Decision(Ruling(summary=summary, steps=steps), [])


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


MOVEMENT_HANDLERS: dict[type[Any], Any] = {
    CheckLandMove: check_land_move,
    CheckAirMission: check_air_mission,
    CheckSeaMove: check_sea_move,
}
