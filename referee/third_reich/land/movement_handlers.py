"""The check of a ground unit's move (`CheckLandMove`: H-50, H-51, A-60, A-61, A-66 [004]), read
from the phase, the option declared on the front, the region's weather and the facts the referee
stated. It records a ruling with its derivation and no event (the book records no positions, K-43)."""

from __future__ import annotations

from referee.common.decision import Context, Decision
from referee.common.facts import citation, stated, stated_yes
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, region_weather, require_power_phase
from referee.third_reich.common.state import ReichState
from referee.third_reich.land import command_phases as ph
from referee.third_reich.land import movement as mv
from referee.third_reich.land.commands import CheckLandMove, LandMoveHex


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
