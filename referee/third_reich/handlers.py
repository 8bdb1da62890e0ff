"""Revised Third Reich economy commands during the year (seed 004, RULES.md A-63, G-30..G-94)."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.options import option
from referee.common.ruling import Ruling, Step
from referee.third_reich import command_phases as ph
from referee.third_reich import commands as tr
from referee.third_reich import economy as eco
from referee.third_reich import economy_builds, lend_lease, wars
from referee.third_reich import economy_events as ec
from referee.third_reich import force_pool_builds as pool
from referee.third_reich import sw_forces as swf
from referee.third_reich import warfare as sw
from referee.third_reich.conquest import conquest as record_conquest
from referee.third_reich.context import account, economy_of, require_power_phase, year_of
from referee.third_reich.roster_returns import back_in_roster
from referee.third_reich.spending import within_half as _within_half
from referee.third_reich.state import BrpEconomy, ReichState
from referee.third_reich.territory_map import city_icons


def _charge(ctx: Context[ReichState], economy: BrpEconomy, cost: int, why: str) -> None:
    if cost > economy.total:
        raise IllegalOrderError(f"{economy.power} has {economy.total} BRPs; {why} costs {cost}")


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
    _charge(ctx, economy, cost, f"an {command.option} option")
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


def declare_war(command: tr.DeclareWar, ctx: Context[ReichState]) -> Decision:
    """G-34 [004]: major 15; minors 5 a season for any number (an alias naming several, 'Low
    Countries', is one declaration); the war it creates is recorded from this entry (on the
    target, and for a major on the allies it brings in); `wars.declaration` refuses a declaration
    with nothing to declare war on; A-68: a war between Germany and the USSR marks the Russian
    winter's turn."""
    economy = account(ctx.state, command.power)
    require_power_phase(ctx.state, command.power, *ph.DECLARE_WAR.args)
    data = economy_of(ctx.state)
    declared, war_steps = wars.declaration(command, ctx.state, data)
    target = " and ".join(name for name, _ in declared)
    costs = data.dow_costs
    if command.target_kind == "minor" and economy.turn_counters.get("minor_dow", 0):
        cost, text = 0, "minors already paid for this season: no further cost"
    else:
        cost = costs[command.target_kind]
        text = f"declaration of war on a {command.target_kind} power: {cost}"
    _charge(ctx, economy, cost, f"war on {target}")
    steps = [Step(text=text, rule="G-34 [004]"), _within_half(ctx, economy, cost, is_build=False), *war_steps]
    counters = {"turn.minor_dow": 1} if command.target_kind == "minor" else {}
    events: list[ev.DomainEvent] = [
        ec.BrpCharged(
            power=command.power,
            amount=cost,
            category="declaration",
            detail=f"war on {target}",
            counters=counters,
        )
    ]
    for name, enemies in declared:
        events.append(ec.WarDeclared(power=command.power, target=name, enemies=enemies, entry=ctx.head + 1))
    enemies = [enemy for _, made in declared for enemy in made]
    winter, winter_steps = wars.russian_winter_set(ctx.state, data, command.power, enemies)
    return Decision(
        Ruling(summary=f"{command.power} declares war on {target} ({cost} BRPs)", steps=[*steps, *winter_steps]),
        [*events, *winter],
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
    steps += economy_builds.build_site(ctx.state, command.power, command.category, command.site)  # G-45
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
    _charge(ctx, economy, cost, f"{command.factors} {command.category} factors")
    steps.append(_within_half(ctx, economy, cost, is_build=True))
    counters["turn.build_brp"] = cost
    units = f" ({', '.join(command.units)})" if command.units else ""
    kind = swf.KINDS.get(command.category)
    added = [] if kind is None else swf.changed(economy, kind, command.factors, "built")
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
    sited = economy_builds.airbase_site(ctx.state, command.power, command.site)  # G-45
    cost = data.airbase_cost
    _charge(ctx, economy, cost, "an airbase")
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
    _charge(ctx, economy, cost, f"recovering {command.unit}")
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
    _charge(ctx, economy, cost, f"repairing {command.fleet}")
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


def sw_hits(command: tr.RecordStrategicWarfareHits, ctx: Context[ReichState]) -> Decision:
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
        conversions = eco.bomber_conversions(before, before + command.hits)
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


def city_loss(command: tr.RecordCityLoss, ctx: Context[ReichState]) -> Decision:
    """G-90..G-92 [004]: a city taken costs its value once; air hits up to the value once a year."""
    economy = account(ctx.state, command.power)
    if command.power == "USSR":
        raise IllegalOrderError("USSR cities are counted against its base at the year start (G-80 [004]), not here")
    names = (command.power, command.city)
    icons, charted = (list(command.city_types), []) if command.city_types else city_icons(ctx.state, *names)
    value = eco.city_value(icons)
    if command.cause == "captured":
        if command.city in economy.cities_lost:
            raise IllegalOrderError(f"{command.city} was already lost once; the loss is never repeated (G-90 [004])")
        amount, text = value, f"{command.city} taken: value {value}"
    else:
        already = economy.city_air_hits.get(command.city, 0)
        amount = max(0, min(command.hits, value - already))
        text = f"{command.city} bombed: {command.hits} hits, value {value}, {already} already this year → {amount}"
    amount = min(amount, economy.total)
    return Decision(
        Ruling(
            summary=f"{command.power} loses {amount} BRPs ({command.city})",
            steps=[*charted, Step(text=text, rule="G-90..G-92 [004]")],
        ),
        [ec.CityLossRecorded(power=command.power, city=command.city, amount=amount, cause=command.cause)],
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


ECONOMY_HANDLERS: dict[type[Any], Any] = {
    tr.DeclareOption: declare_option,
    tr.DeclareWar: declare_war,
    tr.BuildUnits: build_units,
    tr.BuildAirbase: build_airbase,
    tr.RecoverUnit: recover,
    tr.StartNavalRepair: repair,
    tr.RecordRedeployments: redeploy,
    tr.RecordStrategicWarfareHits: sw_hits,
    tr.RecordConquest: record_conquest,
    tr.RecordCityLoss: city_loss,
    tr.RecordMurmanskHits: lend_lease.intercept,
    tr.RecordSurrender: wars.record_surrender,
    tr.ActivatePower: activate,
}
