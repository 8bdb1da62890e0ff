"""Revised Europa air combat read on the campaign's pinned air tables (K-09): air to air (L-09,
L-13), flak (L-11) and air unit repair (L-23, J-03). Everything before the dice is worked out
first, so a preview without faces shows the column and the modifiers (`DiceNeededError`)."""

from __future__ import annotations

from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.phases import Accepted
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_or_preview
from referee.europa.air import box_hooks as air_box_hooks
from referee.europa.air import commands as ac
from referee.europa.air import missions as air_rules
from referee.europa.air.charts import BUNDLED, AirTables, RollTable
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, require_phase, zone_weather
from referee.europa.common.state import EuropaState
from referee.europa.map_facts.interface import air_supply

EFT_WITHIN = 2
"""L-13 [000]: a unit shot down within 2 hexes of the nearest friendly hex goes to EFT, else EET."""


def air_tables_of(state: EuropaState) -> AirTables:
    """The air tables pinned into the campaign (K-09)."""
    return pinned_chart(state, "air", AirTables, BUNDLED)


def _require_air_phase(state: EuropaState, accepted: Accepted, side: str) -> None:
    """A-12 [000]: air combat and flak happen in an Air phase (either side's units fire in it:
    ``accepted``, of `command_phases`); A-31 [000]: there is no air opposition in the German
    surprise turn."""
    calendar = state.table.calendar
    what = accepted.what
    if not accepted.allows(state, side):
        where = " or ".join(accepted.phases)
        raise IllegalOrderError(f"{what} is fought in an {where} phase ({accepted.rule}); it is the {calendar.phase}")
    if calendar.turn == 0 and side != calendar.player:
        raise IllegalOrderError(
            f"there is no air opposition in the surprise turn (A-31 [000]): {side} fires no {what} in it"
        )


def _read(table: RollTable, column: str, modified: int, steps: list[Step]) -> str:
    row, result = table.read(column, modified)
    clamp = f" (read at {row})" if row != modified else ""
    steps.append(Step(text=f"column {column}, modified roll {modified}{clamp} → {result}", rule=table.rule))
    return result


def air_combat_drm(command: ac.ResolveAirCombat) -> tuple[int, list[Step]]:
    """L-09 [000]: full strength at a (1)-step unit −1, (1)-step at full strength +1, the better
    of two doubling up −1, German and Finnish pilots −1 (not against Soviet Guards)."""
    drm, steps = 0, []
    if command.target_one_step and not command.firer_one_step:
        drm -= 1
        steps.append(Step(text="full-strength unit firing at a (1)-step unit: −1", rule="L-09 [000]"))
    if command.firer_one_step and not command.target_one_step:
        drm += 1
        steps.append(Step(text="(1)-step unit firing at a full-strength unit: +1", rule="L-09 [000]"))
    if command.doubled_up:
        drm -= 1
        steps.append(Step(text="doubled up on one target: the better rating fires, −1", rule="L-09 [000]"))
    if command.pilot_quality and not command.target_guards:
        drm -= 1
        steps.append(Step(text="German or Finnish pilots: −1 on their own shots", rule="L-09 [000]"))
    elif command.pilot_quality:
        steps.append(Step(text="pilot quality does not count against Soviet Guards", rule="L-09 [000]"))
    return drm, steps


def resolve_air_combat(command: ac.ResolveAirCombat, ctx: Context[EuropaState]) -> Decision:
    """L-09, L-13 [000]: one shot on the air combat table; X to EFT or EET by distance."""
    state = ctx.state
    _require_air_phase(state, ph.AIR_COMBAT, command.side)
    table = air_tables_of(state).air_combat
    difference = command.firer_rating - command.target_rating
    low, high = int(table.columns[0]), int(table.columns[-1])
    column = f"{max(low, min(high, difference)):+d}".replace("+0", "0")
    steps = [
        Step(
            text=f"{command.firer} {command.firer_rating} against {command.target} {command.target_rating}: "
            f"{difference:+d} → column {column}",
            rule="L-09 [000]",
        )
    ]
    drm, drm_steps = air_combat_drm(command)
    steps += drm_steps
    head = f"{command.firer} fires at {command.target}: column {column}, DRM {drm:+d}"
    roll = throw_or_preview(
        command,
        ctx,
        faces=command.faces,
        dice="2D6",
        purpose=f"air combat: {command.firer} at {command.target}",
        head=head,
        steps=steps,
    )
    result = _read(table, column, int(roll["total"]) + drm, steps)
    outcome = {"-": "no effect", "R": "returns operable", "A": "returns inoperable", "X": "shot down"}[result]
    if result == "X" and command.hexes_to_friendly is not None:
        box = "EFT" if command.hexes_to_friendly <= EFT_WITHIN else "EET"
        outcome += f", to the {box} box"
        steps.append(
            Step(text=f"{command.hexes_to_friendly} hex(es) from the nearest friendly hex → {box}", rule="L-13 [000]")
        )
    return Decision(
        Ruling(summary=f"{head}, roll {roll['total']} → {result}: {command.target} {outcome}", steps=steps), [], [roll]
    )


def resolve_flak(command: ac.ResolveFlak, ctx: Context[EuropaState]) -> Decision:
    """L-11 [000]: one flak shot per strike, on the largest column not above the AA factors; not in a
    campaign that fires Optional Rule 37L's table instead (option aa_fire=minimum_roll, F-01 [003])."""
    state = ctx.state
    if opt_since(state, "aa_fire", "standard") == "minimum_roll":
        raise IllegalOrderError(
            "this campaign fires the minimum-dice-roll AA table wherever the standard AA table would be used "
            "(option aa_fire=minimum_roll, F-01 [003]): record ResolveMinimumRollAA"
        )
    _require_air_phase(state, ph.FLAK, command.side)
    table = air_tables_of(state).flak
    fitting = [column for column in table.columns if int(column) <= command.aa_factors]
    if not fitting:
        raise IllegalOrderError(
            f"{command.aa_factors} AA factors are below the flak table's first column {table.columns[0]} (L-11 [000])"
        )
    column = fitting[-1]
    groups = len(command.strike_groups)
    steps = [
        Step(
            text=f"{air_rules.FLAK_SOURCES[command.target]} fires: {command.aa_factors} factors → column {column}",
            rule="L-11 [000]",
        )
    ]
    drm, drm_steps = air_rules.flak_drm(groups, night=command.night, bombers=command.bombers)
    steps += drm_steps
    head = f"flak over {command.hex}: column {column}, DRM {drm:+d}"
    before_steps = list(steps)
    purpose = f"flak over {command.hex}"
    roll = throw_or_preview(
        command,
        ctx,
        faces=command.faces,
        dice="2D6",
        purpose=purpose,
        head=head,
        steps=before_steps,
    )
    rolls = [roll]
    result = _read(table, column, int(roll["total"]) + drm, steps)
    hit = command.strike_groups[0]
    if result != "-" and groups > 1:
        group_roll = throw_or_preview(
            command,
            ctx,
            faces=command.group_die,
            dice="1D6",
            purpose=f"{purpose}: the group hit",
            head=head,
            steps=before_steps,
        )
        rolls.append(group_roll)
        hit = command.strike_groups[air_rules.flak_group_hit(int(group_roll["total"]), groups) - 1]
        steps.append(Step(text=f"1D6 {group_roll['total']} → {hit} is hit (escorts never are)", rule="L-11 [000]"))
    summary = f"{head}, roll {roll['total']} → {result}" + (f": {hit}" if result != "-" else ": no effect")
    return Decision(Ruling(summary=summary, steps=steps), [], rolls)


def repair_air_unit(command: ac.RepairAirUnit, ctx: Context[EuropaState]) -> Decision:
    """L-23 [000], J-03: one repair roll (1D6) in the phase the option names."""
    state = ctx.state
    calendar = state.table.calendar
    if calendar.player != command.side:
        raise IllegalOrderError(f"air units are repaired by the phasing player ({calendar.player}), not {command.side}")
    steps = [air_rules.repair_phase(calendar.phase, reading=opt_since(state, "air_repair_timing", "initial"))]
    steps += air_box_hooks.repair_steps(state, command.unit)
    listed, listed_step = air_rules.soviet_repair_drm(command.side, calendar.turn)
    steps.append(listed_step)
    drm = listed + command.drm
    if command.drm:
        steps.append(Step(text=f"your table's other modifiers: {command.drm:+d}", rule="K-09"))
    table = air_tables_of(state).repair
    head = f"{command.unit} repair: DRM {drm:+d}"
    roll = throw_or_preview(
        command,
        ctx,
        faces=command.faces,
        dice="1D6",
        purpose=f"air repair: {command.unit}",
        head=head,
        steps=list(steps),
    )
    result = _read(table, table.columns[0], int(roll["total"]) + drm, steps)
    outcome = "ready (operable)" if result == "ready" else "stays inoperable"
    events = air_box_hooks.repaired(state, command.unit, result == "ready", command.actor)
    summary = f"{head}, roll {roll['total']} → {command.unit} {outcome}"
    return Decision(Ruling(summary=summary, steps=steps), events, [roll])


def send_air_missions(command: ac.SendAirMissions, ctx: Context[EuropaState]) -> Decision:
    """A-12 [000]: sweeps, then intercepts, then the rest in the phasing player's order."""
    state = ctx.state
    if command.side != state.table.calendar.player:
        raise IllegalOrderError(f"the phasing side ({state.table.calendar.player}) sends the Air phase's missions")
    _require_air_phase(state, ph.AIR_MISSIONS, command.side)
    ordered, steps = air_rules.resolution_order(
        [air_rules.Mission(name=mission.name, kind=mission.mission) for mission in command.missions]
    )
    summary = f"{command.side} sends {len(ordered)} mission(s); first resolved: {ordered[0].name}"
    return Decision(Ruling(summary=summary, steps=steps), [])


def air_supply_mission(command: ac.AirSupplyMission, ctx: Context[EuropaState]) -> Decision:
    """A-11 step 5, D-102 [000], J-10: Transport missions supply REs from the destination airbase."""
    state = ctx.state
    require_phase(state, command.side, *ph.AIR_TRANSPORT.args)
    result = air_supply(
        list(command.groups),
        zone_weather(state, command.zone),
        command.res_needed,
        reading=opt_since(state, "air_transport_capacity", "per_mission"),
    )
    verdict = "supplied" if result.supplied else "not all supplied"
    summary = f"air supply to {command.airbase}: {command.res_needed} REs needed, {result.capacity} flown, {verdict}"
    return Decision(Ruling(summary=summary, steps=list(result.steps)), [])


AIR_COMBAT_HANDLERS: dict[type[Any], Any] = {
    ac.SendAirMissions: send_air_missions,
    ac.AirSupplyMission: air_supply_mission,
    ac.ResolveAirCombat: resolve_air_combat,
    ac.ResolveFlak: resolve_flak,
    ac.RepairAirUnit: repair_air_unit,
}
