"""Handlers of the map commands (`referee.europa.map_facts.commands`): each records a ruling with its
derivation and no event; facts the referee stated about a named hex or unit (terrain,
interdiction_zone, rail_line, rail_cut, in_enemy_zoc) are read and cited when the command
leaves them out (K-12: the map stays on the table)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.numbers import show
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for, throw_or_preview
from referee.europa.air import interface as air
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, require_phase, zone_weather
from referee.europa.common.state import EuropaState
from referee.europa.map_facts import commands as mc
from referee.europa.map_facts import movement_costs, rail, retreat, stacking, supply_trace
from referee.europa.second_front import interface as second_front

FACT_TERRAIN = {"dot_city": "clear", "major_city": "clear"}
"""Stated city terrain counts as clear for supply length and stacking (neither is heavy, D-101)."""


def _terrain(state: EuropaState, hex_: str | None, given: str | None, steps: list[Step]) -> str:
    """The terrain as given, else as stated for the hex (cited), else clear."""
    if given is not None:
        return given
    found = stated(state, "terrain", hex_) if hex_ else None
    if found is None:
        return "clear"
    steps.append(Step(text=f"terrain: {citation(found)}", rule="K-12"))
    return FACT_TERRAIN.get(found.value, found.value)


def _flag(state: EuropaState, fact: str, subject: str | None, given: bool | None, steps: list[Step]) -> bool:
    """A yes/no as given, else as stated about the subject (cited), else no."""
    if given is not None or subject is None:
        return bool(given)
    value, found = stated_yes(state, fact, subject)
    if found is not None:
        steps.append(Step(text=citation(found), rule="K-12"))
    return value


def check_stacking(command: mc.CheckStacking, ctx: Context[EuropaState]) -> Decision:
    """D-09 [000, 001], J-43, I-26: the stack against the hex's limit; refused when over."""
    steps: list[Step] = []
    terrain = _terrain(ctx.state, command.hex, command.terrain, steps)
    reading = opt_since(ctx.state, "stacking_limits", "000")
    other = Fraction(command.other_res) + Fraction(command.half_res, 2)
    try:
        result = stacking.check_stacking(
            divisions=command.divisions, other_res=other, terrain=terrain, arctic=command.arctic, reading=reading
        )
    except IllegalOrderError as error:
        cited = f"; {steps[0].text}" if steps else ""
        raise IllegalOrderError(f"{command.hex}: {error}{cited}") from None
    steps += result.steps
    summary = f"stacking {command.hex}: {show(result.used)} of {result.limit} REs, room for {show(result.room)} more"
    return Decision(Ruling(summary=summary, steps=steps), [])


def road_supply_length(state: EuropaState, side: str) -> int | None:
    """F-26 [003] under option second_front_modifiers=playtest: the Allies' road-element supply line
    (10 hexes, trucks replaced); None: the D-100 lengths (the Axis keeps them: the text names the Allies)."""
    if opt_since(state, "second_front_modifiers", "off") != "playtest":
        return None
    return second_front.road_supply_length(allied=side != "Axis")


def trace_supply(command: mc.TraceSupply, ctx: Context[EuropaState]) -> Decision:
    """D-100..D-101 [000], D-108 [001], J-09, J-41: the trace link by link."""
    state = ctx.state
    weather = zone_weather(state, command.zone)
    steps = [Step(text=f"zone {command.zone}: {weather}", rule="D-100 [000]")]
    links = []
    for link in command.links:
        hexes = [
            supply_trace.TraceHex(
                terrain=_terrain(state, name, None, steps),
                interdicted=_flag(state, "interdiction_zone", name, None, steps),
                name=name,
            )
            for name in link.hexes
        ]
        hexes += [supply_trace.TraceHex(terrain="forest")] * link.heavy
        hexes += [supply_trace.TraceHex(interdicted=True)] * link.interdicted
        hexes += [supply_trace.TraceHex()] * link.plain
        links.append(supply_trace.Link(link.link, tuple(hexes), link.depleted_truck))
    result = supply_trace.trace_supply(
        links,
        weather,
        arctic=command.arctic,
        arctic_reading=opt_since(state, "arctic_trace", "minus_one"),
        truck_depletion=opt_since(state, "truck_depletion", "none"),
        road_length=road_supply_length(state, command.side),
    )
    status = "in defensive supply" if result.defensive else "in supply" if result.in_supply else "out of supply"
    where = f" at {command.hex}" if command.hex else ""
    return Decision(Ruling(summary=f"{command.unit}{where}: {status}", steps=steps + result.steps), [])


def resolve_interdiction(command: mc.ResolveInterdiction, ctx: Context[EuropaState]) -> Decision:
    """L-12 [000], J-19: 1D6 against the (doubled) tactical rating, automatic at 6 or more."""
    state = ctx.state
    require_phase(state, command.side, *ph.INTERDICTION.args)
    steps: list[Step] = []
    on_rail = _flag(state, "rail_line", command.hex, command.rail_line, steps)
    rating = command.tactical_rating if command.one_step else 2 * command.tactical_rating
    rolls: list[dict[str, Any]] = []
    face: int | None = None
    if rating < 6:
        head = f"{command.air_unit} over {command.hex}: rating {rating} < 6, a 1D6 decides (L-12 [000])"
        roll = throw_or_preview(
            command,
            ctx,
            purpose=f"interdiction {command.hex} by {command.air_unit}",
            dice="1D6",
            faces=command.faces,
            head=head,
            steps=steps,
        )
        rolls.append(roll)
        face = int(roll["total"])
    result = air.interdiction(
        command.tactical_rating,
        face=face,
        one_step=command.one_step,
        rail_line=on_rail,
        reading=opt_since(state, "interdiction_roll", "at_most"),
    )
    if result.automatic and command.faces is not None:
        steps.append(Step(text="the dice entered are not needed: the zone is automatic", rule="L-12 [000]"))
    placed = "interdiction zone placed" if result.placed else "no interdiction zone"
    summary = f"{command.air_unit} over {command.hex}: {placed}" + (", rail break" if result.rail_break else "")
    return Decision(Ruling(summary=summary, steps=steps + result.steps), [], rolls)


def resolve_air_surprise(command: mc.ResolveAirSurprise, ctx: Context[EuropaState]) -> Decision:
    """L-21 [000], I-22: the air surprise of the surprise turn, one 1D6 per target."""
    state = ctx.state
    if state.table.calendar.turn != 0:
        raise IllegalOrderError(
            "the air surprise is resolved once, on the surprise turn (L-21, A-30 [000]); "
            f"it is {state.table.calendar.label}"
        )
    require_phase(state, command.side, *ph.AIR_SURPRISE.args)
    rolls = []
    faces = []
    order = [(name, number) for name, total in air.ATTACKS for number in range(1, total + 1)]
    for index, (attacker, number) in enumerate(order):
        roll = throw_for(
            command,
            ctx,
            purpose=f"air surprise: {attacker} target {number}",
            dice="1D6",
            faces="digital" if command.faces == "digital" else [command.faces[index]],
        )
        rolls.append(roll)
        faces.append(int(roll["total"]))
    result = air.air_surprise(faces, command.targets)
    totals = ", ".join(f"{name} {count}" for name, count in result.totals.items())
    events, kept = air.surprise_boxes(state, result.hits, command.actor)
    return Decision(Ruling(summary=f"air surprise: {totals}", steps=[*result.steps, *kept]), events, rolls)


def rail_move(command: mc.RailMove, ctx: Context[EuropaState]) -> Decision:
    """L-08 [000]: operational or strategic rail movement; breaks as typed or counted from rail_cut."""
    state = ctx.state
    require_phase(state, command.side, *ph.RAIL_MOVE.args)
    steps: list[Step] = []
    breaks = command.breaks
    if breaks is None:
        cut = [found for found in (stated(state, "rail_cut", name) for name in command.through) if found]
        cut = [found for found in cut if found.value == "yes"]
        steps += [Step(text=f"rail break: {citation(found)}", rule="L-08 [000]") for found in cut]
        breaks = len(cut)
    if command.strategic:
        steps += rail.strategic_rail(command.rail_hexes, breaks=breaks)
        summary = f"{command.unit}: strategic rail {command.rail_hexes} hexes"
    else:
        result = rail.operational_rail(
            command.ma,
            command.multiple,
            command.rail_hexes,
            breaks=breaks,
            entrain=command.entrain,
            off_rail_mp=command.off_rail_mp,
        )
        steps += result.steps
        summary = f"{command.unit}: {result.used} of {result.allowance} rail hexes used, {result.left} left"
    return Decision(Ruling(summary=summary, steps=steps), [])


def check_exploitation(command: mc.CheckExploitation, ctx: Context[EuropaState]) -> Decision:
    """A-15, A-16, L-06 [000]: the weather at the starting hex, full supply, Soviet mobility limits."""
    state = ctx.state
    require_phase(state, command.side, *ph.EXPLOITATION.args)
    weather = zone_weather(state, command.zone)
    steps: list[Step] = []
    steps.append(
        movement_costs.exploitation_allowed(weather=weather, cm=command.cm, fully_supplied=command.fully_supplied)
    )
    cited: list[Step] = []
    in_zoc = _flag(state, "in_enemy_zoc", command.unit, command.in_enemy_zoc, cited)
    attacked = _flag(state, "attacked_this_turn", command.unit, command.attacked, cited)
    steps += cited
    try:
        steps.append(
            movement_costs.soviet_mobility(side=command.side, cm=command.cm, in_ezoc_at_start=in_zoc, attacked=attacked)
        )
    except IllegalOrderError as refusal:
        if cited:
            raise IllegalOrderError(f"{refusal}; {'; '.join(step.text for step in cited)}") from refusal
        raise
    return Decision(Ruling(summary=f"{command.unit} may activate for Exploitation", steps=steps), [])


def check_retreat(command: mc.CheckRetreat, ctx: Context[EuropaState]) -> Decision:
    """D-72 [000] (J-16), D-73 [001]: the loss for retreating through enemy ZOCs; a stated
    retreat_blocked of the hex is cited first."""
    state = ctx.state
    steps: list[Step] = []
    blocked, found = stated_yes(state, "retreat_blocked", command.hex)
    if found is not None:
        steps.append(Step(text=citation(found), rule="D-70 [000]"))
    if blocked:
        summary = f"no retreat path is open from {command.hex}"
        return Decision(Ruling(summary=summary, steps=steps), [])
    hexes = [retreat.ZocHex(zoc.hex or "", zoc.friendly, zoc.aeca) for zoc in command.zocs]
    loss = retreat.ezoc_retreat(
        hexes,
        stack=command.stack,
        divisions=command.divisions,
        non_divisional=command.non_divisional,
        reading=opt_since(state, "ezoc_retreat", "per_retreat"),
    )
    parts = [
        f"{count} {what}"
        for count, what in ((loss.res, "RE"), (loss.cadres, "to cadre"), (loss.eliminated, "eliminated"))
        if count
    ]
    summary = f"retreat from {command.hex}: " + (", ".join(parts) if parts else "no loss")
    return Decision(Ruling(summary=summary, steps=steps + loss.steps), [])


MAP_HANDLERS: dict[type[Any], Any] = {
    mc.CheckStacking: check_stacking,
    mc.TraceSupply: trace_supply,
    mc.ResolveInterdiction: resolve_interdiction,
    mc.ResolveAirSurprise: resolve_air_surprise,
    mc.RailMove: rail_move,
    mc.CheckExploitation: check_exploitation,
    mc.CheckRetreat: check_retreat,
}
