"""Handlers of the move checks (`referee.europa.map_facts.commands`): the rule functions of
movement_costs.py, rail.py's regauge and Second Front's road, naval and stacking numbers
(`referee.europa.second_front.playtest`) applied to a move the referee states. Each records a ruling with its derivation
and no event (the book records no positions, K-12); a named hex's stated facts are read and cited
when the command leaves them out."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.numbers import show
from referee.common.phases import require_phase
from referee.common.ruling import Ruling, Step
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, other_side, zone_weather
from referee.europa.common.state import EuropaState
from referee.europa.map_facts import commands as mv
from referee.europa.map_facts import movement_costs as mc
from referee.europa.map_facts import rail
from referee.europa.second_front.interface import check_stack, naval_movement_points, road_cost

PLAYTEST = "second_front_modifiers"
"""F-26 [003]: Second Front's playtest numbers are read under this option's ``playtest`` reading."""


def _playtest(state: EuropaState) -> bool:
    return opt_since(state, PLAYTEST, "off") == "playtest"


def _zoc(state: EuropaState, name: str | None, given: str | None, steps: list[Step]) -> str:
    """The enemy ZOC a hex is in: as given, else a normal one where in_enemy_zoc is stated yes (cited)."""
    if given is not None or name is None:
        return given or "none"
    value, found = stated_yes(state, "in_enemy_zoc", name)
    if found is not None:
        steps.append(Step(text=citation(found), rule="K-12"))
    return "normal" if value else "none"


def _zone(state: EuropaState, name: str | None, given: bool | None, steps: list[Step]) -> bool:
    """Whether a hex is in an air interdiction zone: as given, else as stated (cited)."""
    if given is not None or name is None:
        return bool(given)
    value, found = stated_yes(state, "interdiction_zone", name)
    if found is not None:
        steps.append(Step(text=citation(found), rule="K-12"))
    return value


def _allowance(command: mv.CheckMove, state: EuropaState, steps: list[Step]) -> int:
    """The MP the move may spend: the unit's MA, or a naval unit's 150 (F-26 [003], playtest only)."""
    phase = state.table.calendar.phase
    if command.naval:
        if not _playtest(state):
            raise IllegalOrderError(
                "naval movement points are Second Front's playtest numbers (F-26 [003], option "
                f"{PLAYTEST}=playtest); the revised rules' naval movement is not in the text"
            )
        allowance = naval_movement_points(phase)
        steps.append(Step(text=f"a naval unit in the {phase} phase: {allowance} MP", rule="F-26 [003]"))
        return allowance
    if command.ma is None:
        raise IllegalOrderError(f"give {command.unit}'s movement allowance (ma)")
    if phase == "Exploitation" and not command.cm:
        raise IllegalOrderError(f"only c/m units move in the Exploitation phase (L-06 [000]); {command.unit} is not")
    return command.ma


def _entering(hex_: mv.MoveHex, playtest: bool, weather: str) -> tuple[int, str, str]:
    """MP to enter a hex, how, and the rule: a Second Front road costs 1 whatever the weather."""
    if hex_.road and playtest:
        cost, step = road_cost(weather)
        return cost, step.text, step.rule
    return hex_.cost, f"{hex_.cost} MP to enter" + (" (the TEC's road rate)" if hex_.road else ""), "K-03"


def check_move(command: mv.CheckMove, ctx: Context[EuropaState]) -> Decision:
    """L-01, L-03, L-04, A-31, A-34 [000], J-39, J-42 (001), F-26 [003]: the move's MP, hex by hex."""
    state = ctx.state
    require_phase(state, command.side, *ph.MOVE.args)
    steps: list[Step] = []
    allowance = _allowance(command, state, steps)
    playtest = _playtest(state)
    weather = zone_weather(state, command.zone) if command.zone else "any weather"
    turn = state.table.calendar.turn
    names = [command.start_hex] + [hex_.hex for hex_ in command.hexes]
    zocs = [_zoc(state, command.start_hex, command.start_zoc, steps)]
    zocs += [_zoc(state, hex_.hex, hex_.zoc, steps) for hex_ in command.hexes]
    zones = [_zone(state, command.start_hex, command.start_zone, steps)]
    zones += [_zone(state, hex_.hex, hex_.zone, steps) for hex_ in command.hexes]
    if turn == 1 and other_side(state, command.side) == "Soviet" and "normal" in zocs:
        limited, step = mc.russian_zoc(turn)
        zocs = [limited if zoc == "normal" else zoc for zoc in zocs]
        steps.append(step)
    if turn == 0:
        steps.append(mc.surprise_move(hexes=len(command.hexes), zoc_to_zoc=zocs[0] != "none" and zocs[1] != "none"))
    entering = [_entering(hex_, playtest, weather) for hex_ in command.hexes]
    if command.overrun and (command.administrative or command.naval):
        raise IllegalOrderError("an overrun is made during normal movement by a land stack (D-90, D-91 [000])")
    if command.administrative:
        cost = mc.administrative(
            [mc.AdminHex(enter, zone) for (enter, _, _), zone in zip(entering, zones[1:], strict=True)],
            cm=command.cm,
            phase=state.table.calendar.phase,
            ezoc=any(zoc != "none" for zoc in zocs),
            start_in_zone=zones[0],
        )
        total, steps = cost.mp, steps + cost.steps
    else:
        last = entering.pop() if command.overrun else None
        total = _hex_by_hex(command, names, zocs, zones, entering, opt_since(state, "movement_rules", "000"), steps)
        if last is not None:
            if zones[-2]:
                extra = mc.leave_cost(cm=command.cm, interdiction=True, rules=opt_since(state, "movement_rules", "000"))
                total += extra.mp
                steps += extra.steps
            total += _overrun(command, state, last[0], allowance - total, steps)
    return Decision(Ruling(summary=_fits(command, total, allowance, steps), steps=steps), [])


def _overrun(command: mv.CheckMove, state: EuropaState, cost: int, left: Fraction, steps: list[Step]) -> Fraction:
    """D-91..D-93 [000], D-96 [001]: the overrun of the last hex, +3 MP plus its cost, paid in full,
    in its zone's weather and on its stated terrain (clear when none is stated). The +3 covers
    leaving enemy ZOCs; leaving an interdiction zone hex on the way in is paid as usual (L-03)."""
    if command.zone is None:
        raise IllegalOrderError("name the zone of the overrun hex: no overruns in Mud (D-93 [000])")
    target = command.hexes[-1].hex
    found = stated(state, "terrain", target) if target else None
    if found is not None:
        steps.append(Step(text=f"terrain: {citation(found)}", rule="K-12"))
    overrun = mc.overrun(
        target_cost=cost,
        mp_left=left,
        weather=zone_weather(state, command.zone),
        terrain=found.value if found is not None else "clear",
        overrun_rules=opt_since(state, "overrun_rules", "000"),
        surprise_turn=state.table.calendar.turn == 0,
    )
    steps += overrun.steps
    return overrun.mp


def _hex_by_hex(
    command: mv.CheckMove,
    names: list[str | None],
    zocs: list[str],
    zones: list[bool],
    entering: list[tuple[int, str, str]],
    rules: str,
    steps: list[Step],
) -> Fraction:
    """Each hex's cost to enter plus the extra to leave the hex before it (L-01, L-03 [000])."""
    total = Fraction(0)
    for number, (enter, how, rule) in enumerate(entering, start=1):
        label = names[number] or f"hex {number}"
        extra = mc.leave_cost(
            cm=command.cm,
            zoc=zocs[number - 1],
            interdiction=zones[number - 1],
            into_ezoc=zocs[number] != "none",
            into_interdiction=zones[number],
            rules=rules,
        )
        total += enter + extra.mp
        steps.append(Step(text=f"{label}: {how}", rule=rule))
        if extra.mp or extra.halt or zocs[number - 1] != "none" or zones[number - 1]:
            steps += extra.steps
        if extra.halt and number < len(entering):
            raise IllegalOrderError(
                f"{command.unit} is not c/m: it halts in the first enemy ZOC it enters ({label}) and cannot go on "
                f"to {names[number + 1] or f'hex {number + 1}'} (L-01 [000])"
            )
    return total


def _fits(command: mv.CheckMove, total: Fraction, allowance: int, steps: list[Step]) -> str:
    """The move against the allowance; a single hex may always be entered (the 1-hex minimum move D-91 names)."""
    if total <= allowance:
        steps.append(Step(text=f"{show(total)} of {allowance} MP: {show(allowance - total)} left", rule="L-01 [000]"))
        return f"{command.unit}: {len(command.hexes)} hex(es) for {show(total)} of {allowance} MP"
    if len(command.hexes) == 1 and not command.naval and not command.administrative:
        steps.append(
            Step(text=f"{show(total)} MP is more than {allowance}: a 1-hex move is always allowed", rule="D-91 [000]")
        )
        return f"{command.unit}: a 1-hex move ({show(total)} MP, more than its {allowance})"
    raise IllegalOrderError(
        f"{command.unit}'s move costs {show(total)} MP and it has {allowance} (L-01, L-03 [000]); "
        f"{len(command.hexes)} hexes: " + ", ".join(step.text for step in steps if step.rule in ("K-03", "F-26 [003]"))
    )


def check_regauge(command: mv.CheckRegauge, ctx: Context[EuropaState]) -> Decision:
    """L-07 [000], J-41: the rail hexes an engineer converts this turn, at most its MA's worth."""
    state = ctx.state
    require_phase(state, command.side, *ph.REGAUGE.args)
    found = rail.regauge(
        command.ma,
        hex_cost=command.hex_cost,
        movement=command.movement,
        rules=opt_since(state, "movement_rules", "000"),
    )
    if len(command.hexes) > found.hexes:
        raise IllegalOrderError(
            f"{command.unit} converts at most {found.hexes} rail hex(es) this turn; {len(command.hexes)} named: "
            + "; ".join(step.text for step in found.steps[:1])
        )
    summary = f"{command.unit} re-gauges {len(command.hexes)} rail hex(es): {', '.join(command.hexes)}"
    return Decision(Ruling(summary=summary, steps=found.steps), [])


def check_second_front_stack(command: mv.CheckSecondFrontStack, ctx: Context[EuropaState]) -> Decision:
    """F-26 [003]: the playtest stacking limit; an overstacked hex's units may only trace supply and
    move (the playtest's advanced overstacking rule)."""
    state = ctx.state
    if not _playtest(state):
        raise IllegalOrderError(
            f"Second Front's playtest stacking is read under option {PLAYTEST}=playtest (F-26 [003]); this "
            f"campaign plays {opt_since(state, PLAYTEST, 'off')}: record CheckStacking"
        )
    steps: list[Step] = []
    mountain = command.mountain
    if mountain is None:
        found = stated(state, "terrain", command.hex)
        if found is not None:
            steps.append(Step(text=f"terrain: {citation(found)}", rule="K-12"))
        mountain = found is not None and found.value == "mountain"
    fits, step = check_stack(
        command.units,
        command.non_divisional_res,
        command.artillery_res,
        command.artillery_divisions,
        mountain=mountain,
    )
    steps.append(step)
    if not fits:
        steps.append(
            Step(
                text="overstacked: its units may only trace supply and move (advanced overstacking)", rule="F-26 [003]"
            )
        )
    summary = f"stacking {command.hex}: {'within the limit' if fits else 'overstacked'}"
    return Decision(Ruling(summary=summary, steps=steps), [])


MOVEMENT_HANDLERS: dict[type[Any], Any] = {
    mv.CheckMove: check_move,
    mv.CheckRegauge: check_regauge,
    mv.CheckSecondFrontStack: check_second_front_stack,
}
