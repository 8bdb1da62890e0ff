"""The BRP economy's commands during the year (seed 004, RULES.md A-63, G-01, G-40..G-53): options,
builds, airbases, recovery, naval repair, SRs and a power entering play; with the hand entries
(`brp_handlers`) and the year start (`year_start`) they make the economy's `HANDLERS`."""

from __future__ import annotations

from typing import Any

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, economy_of, require_power_phase, year_of
from referee.third_reich.common.roster import back_in_roster
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy import build_sites
from referee.third_reich.economy import command_phases as ph
from referee.third_reich.economy import commands as tr
from referee.third_reich.economy import economy as eco
from referee.third_reich.economy import events as ec
from referee.third_reich.economy import force_pool_builds as pool
from referee.third_reich.economy.brp_handlers import BRP_HANDLERS
from referee.third_reich.economy.spending import afford
from referee.third_reich.economy.spending import within_half as _within_half
from referee.third_reich.economy.year_start import perform as perform_year_start
from referee.third_reich.strategic_warfare import interface as strategic_warfare


def declare_option(command: tr.DeclareOption, ctx: Context[ReichState]) -> Decision:
    """A-62, A-63 [004]: an option per front the power is engaged on."""
    economy = account(ctx.state, command.power)
    data = economy_of(ctx.state).powers[command.power]
    require_power_phase(ctx.state, command.power, *ph.OPTIONS.args)
    if command.front not in data.fronts:
        raise IllegalOrderError(
            f"{command.power} is not on the {command.front} front; its fronts: {', '.join(data.fronts)} (A-62 [004])"
        )
    if command.front in economy.options:
        raise IllegalOrderError(
            f"{command.power} already declared {economy.options[command.front]} on the {command.front} front this turn"
        )
    cost, step = eco.option_cost(command.option, command.front, year_of(ctx.state))
    afford(ctx, economy, cost, f"an {command.option} option")
    steps = [step, _within_half(ctx, economy, cost, is_build=False)]
    return Decision(
        Ruling(summary=f"{command.power}: {command.option} on the {command.front} front ({cost} BRPs)", steps=steps),
        [
            ec.BrpCharged(
                power=command.power,
                amount=cost,
                category="option",
                detail=f"{command.option} option, {command.front} front",
                front=command.front,
                option=command.option,
            )
        ],
    )


def build_units(command: tr.BuildUnits, ctx: Context[ReichState]) -> Decision:
    """G-40..G-43 [004]: costs per factor, half-total limit, one fleet and limited air per turn."""
    economy = account(ctx.state, command.power)
    data = economy_of(ctx.state).powers[command.power]
    require_power_phase(ctx.state, command.power, *ph.BUILD.args)
    year = year_of(ctx.state)
    counters: dict[str, int] = {"turn.build_brp": 0}
    steps: list[Step] = pool.check_counters(  # G-02, J-70, K-44: the counters named fit the pool
        ctx.state,
        power=command.power,
        category=command.category,
        factors=command.factors,
        year=year,
        counters=command.counters,
    )
    steps += build_sites.build_site(ctx.state, command.power, command.category, command.site)  # G-45
    if command.fleets:
        if command.category != "naval" or command.factors < 9 * command.fleets:
            raise IllegalOrderError("9-factor fleets are naval builds of 9 factors each")
        built = economy.turn_counters.get("fleets", 0)
        if built + command.fleets > data.fleets_per_turn:
            raise IllegalOrderError(
                f"{command.power} may buy only {data.fleets_per_turn} 9-factor fleet per game turn "
                f"({built} bought already) (G-43 [004])"
            )
        counters["turn.fleets"] = command.fleets
    if command.category == "air":
        allowed = next(
            (limit.air_factors for limit in data.air_limits if limit.from_year <= year <= limit.until_year), 0
        )
        built = economy.turn_counters.get("air_factors", 0)
        if built + command.factors > allowed:
            raise IllegalOrderError(
                f"{command.power} may buy at most {allowed} air factors per game turn in {year} "
                f"({built} bought already) (G-43 [004])"
            )
        counters["turn.air_factors"] = command.factors
    if command.category in eco.SW_KINDS and ctx.state.table.calendar.turn < 3:
        raise IllegalOrderError(
            "no submarine, ASW, bomber or interceptor factors may be added before Spring 1940 "
            "(the first happy time, G-67 [004])"
        )
    cost, step = eco.build_cost(command.category, command.factors)
    steps.append(step)
    if command.category in eco.SW_KINDS and economy.sw_limits.get(command.category) is not None:
        spent = economy.counts.get(f"sw_{command.category}", 0)
        limit = economy.sw_limits[command.category]
        if spent + cost > limit:
            raise IllegalOrderError(
                f"{command.power} may spend {limit} BRPs on {command.category} this year; {spent} spent, this costs "
                f"{cost} (G-63 [004])"
            )
        counters[f"total.sw_{command.category}"] = cost
        steps.append(Step(text=f"{command.category} this year {spent} + {cost} ≤ {limit}", rule="G-63 [004]"))
    afford(ctx, economy, cost, f"{command.factors} {command.category} factors")
    steps.append(_within_half(ctx, economy, cost, is_build=True))
    counters["turn.build_brp"] = cost
    units = f" ({', '.join(command.units)})" if command.units else ""
    kind = strategic_warfare.KINDS.get(command.category)
    added = [] if kind is None else strategic_warfare.changed(economy, kind, command.factors, "built")
    returned = back_in_roster(ctx.state, economy.side, command.units)
    steps += [Step(text=f"force roster: {unit.unit_id} full again", rule="G-40 [004]") for unit in returned]
    return Decision(
        Ruling(
            summary=f"{command.power} builds {command.factors} {command.category} factors{units} for {cost} BRPs",
            steps=steps,
        ),
        [
            ec.BrpCharged(
                power=command.power,
                amount=cost,
                category="build",
                detail=f"{command.factors} {command.category}{units}",
                counters=counters,
            ),
            *added,
            *returned,
        ],
    )


def build_airbase(command: tr.BuildAirbase, ctx: Context[ReichState]) -> Decision:
    """G-40, G-45 [004]: 2 BRPs, at most 3 per power."""
    economy = account(ctx.state, command.power)
    data = economy_of(ctx.state)
    require_power_phase(ctx.state, command.power, *ph.BUILD_AIRBASE.args)
    if economy.counts.get("airbases", 0) >= data.max_airbases:
        raise IllegalOrderError(
            f"{command.power} already has {data.max_airbases} airbases, the most allowed (G-45 [004])"
        )
    sited = build_sites.airbase_site(ctx.state, command.power, command.site)  # G-45
    cost = data.airbase_cost
    afford(ctx, economy, cost, "an airbase")
    steps = [
        *sited,
        Step(text=f"airbase at {command.site}: {cost}", rule="G-40 [004]"),
        _within_half(ctx, economy, cost, is_build=True),
    ]
    return Decision(
        Ruling(summary=f"{command.power} builds an airbase at {command.site}", steps=steps),
        [
            ec.BrpCharged(
                power=command.power,
                amount=cost,
                category="build",
                detail=f"airbase at {command.site}",
                counters={"total.airbases": 1, "turn.build_brp": cost},
            )
        ],
    )


def recover(command: tr.RecoverUnit, ctx: Context[ReichState]) -> Decision:
    """G-50..G-52 [004]: replacements recover units lost to enemy attrition or attacker CRT losses."""
    economy = account(ctx.state, command.power)
    limit = economy_of(ctx.state).powers[command.power].recovery_limit
    if limit == 0:
        raise IllegalOrderError(f"{command.power} has no replacements (G-50 [004])")
    lost = ctx.state.table.lost_units.get(command.unit)
    if lost is not None and lost.cause != command.cause:
        raise IllegalOrderError(
            f"{command.unit} was lost in the combat of #{lost.entry} as {lost.cause.replace('_', ' ')}, "
            f"not {command.cause.replace('_', ' ')} (G-50 [004])"
        )
    if command.cause not in ("enemy_attrition", "attacker_crt_loss"):
        raise IllegalOrderError(
            f"units lost as {command.cause.replace('_', ' ')} are never recovered by replacements (G-50 [004])"
        )
    used = economy.player_turn_counters.get("recoveries", 0)
    if used >= limit:
        raise IllegalOrderError(
            f"{command.power} may recover {limit} units per player turn; {used} recovered already (G-52 [004])"
        )
    cost = eco.recovery_cost(command.unit_type, command.strength)
    afford(ctx, economy, cost, f"recovering {command.unit}")
    returned = back_in_roster(ctx.state, economy.side, [command.unit])
    steps = [Step(text=f"{command.unit_type} strength {command.strength}: {cost}", rule="G-51 [004]")]
    steps += [Step(text=f"force roster: {unit.unit_id} full again", rule="G-50 [004]") for unit in returned]
    return Decision(
        Ruling(summary=f"{command.power} recovers {command.unit} for {cost} BRPs", steps=steps),
        [
            ec.BrpCharged(
                power=command.power,
                amount=cost,
                category="replacement",
                detail=f"recovery of {command.unit}",
                counters={"player.recoveries": 1},
            ),
            *returned,
        ],
    )


def repair(command: tr.StartNavalRepair, ctx: Context[ReichState]) -> Decision:
    """G-44 [004]: 3 BRPs per factor; one repair a turn and not in a turn a fleet is bought."""
    economy = account(ctx.state, command.power)
    require_power_phase(ctx.state, command.power, *ph.NAVAL_REPAIR.args)
    if economy.turn_counters.get("repairs", 0):
        raise IllegalOrderError(f"{command.power} has already started a repair this turn (G-44 [004])")
    if economy.turn_counters.get("fleets", 0):
        raise IllegalOrderError(f"{command.power} bought a fleet this turn: no repair may start (G-44 [004])")
    cost = economy_of(ctx.state).repair_cost_per_factor * command.factors
    afford(ctx, economy, cost, f"repairing {command.fleet}")
    turns = eco.repair_turns(command.factors)
    ready = ctx.state.table.calendar.turn + turns
    steps = [
        Step(text=f"{command.factors} factors × 3 = {cost}; {turns} game turns", rule="G-44 [004]"),
        _within_half(ctx, economy, cost, is_build=True),
    ]
    return Decision(
        Ruling(summary=f"{command.fleet} in repair, ready in {turns} turns", steps=steps),
        [
            ec.BrpCharged(
                power=command.power,
                amount=cost,
                category="repair",
                detail=f"repair of {command.fleet}",
                counters={"turn.repairs": 1, "turn.build_brp": cost},
            ),
            ec.NavalRepairStarted(power=command.power, fleet=command.fleet, factors=command.factors, ready_turn=ready),
        ],
    )


def redeploy(command: tr.RecordRedeployments, ctx: Context[ReichState]) -> Decision:
    """G-53 [004]: SRs per power per turn; lend lease grants count as SRs too."""
    economy = account(ctx.state, command.power)
    require_power_phase(ctx.state, command.power, *ph.REDEPLOYMENT.args)
    limit = economy_of(ctx.state).powers[command.power].sr_limit
    used = economy.turn_counters.get("sr", 0)
    if used + command.count > limit:
        raise IllegalOrderError(
            f"{command.power} may make {limit} SRs a turn; {used} made (lend lease included), {command.count} more "
            "asked (G-53 [004])"
        )
    return Decision(
        Ruling(summary=f"{command.power} SRs this turn: {used + command.count} of {limit}"),
        [
            ec.BrpCharged(
                power=command.power,
                amount=0,
                category="sr",
                detail=f"{command.count} SR",
                counters={"turn.sr": command.count},
            )
        ],
    )


def activate(command: tr.ActivatePower, ctx: Context[ReichState]) -> Decision:
    """G-01 [004]: the USA enters in 1942 with 250 BRPs."""
    if command.power not in ctx.state.brp_economies:
        raise IllegalOrderError(f"there is no power {command.power!r}")
    economy = ctx.state.brp_economies[command.power]
    if economy.left_play is not None:
        raise IllegalOrderError(f"{command.power} left play ({economy.left_play}); it does not come back (G-35 [004])")
    if economy.active:
        raise IllegalOrderError(f"{command.power} is already in play")
    return Decision(
        Ruling(summary=f"{command.power} enters play with base {economy.base}", steps=[Step(text="G-01 [004]")]),
        [ec.PowerActivated(power=command.power)],
    )


HANDLERS: dict[type[Any], Any] = {
    tr.DeclareOption: declare_option,
    tr.BuildUnits: build_units,
    tr.BuildAirbase: build_airbase,
    tr.RecoverUnit: recover,
    tr.StartNavalRepair: repair,
    tr.RecordRedeployments: redeploy,
    tr.ActivatePower: activate,
    **BRP_HANDLERS,
    tr.PerformYearStart: perform_year_start,
}
"""The economy's handlers: those here, the BRP hand entries (`brp_handlers`) and the year start."""
