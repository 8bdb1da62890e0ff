"""Europa SP commands: income, spending on activities, and unpaid activities (seed 000, B); under
option sp_model 001 the 001 model instead (B-60..B-68 [001]: `referee.europa.logistics.supply_001_handlers`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.plausible import beyond_the_rules
from referee.common.ruling import Ruling, Step
from referee.europa.common import command_phases as ph
from referee.europa.common.context import logistics_of, opt, pinned_000_sp_note, pool_of, require_phase
from referee.europa.common.state import EuropaState
from referee.europa.logistics import commands as eu
from referee.europa.logistics import events as lg
from referee.europa.logistics import supply, supply_001
from referee.europa.logistics.charges import Activity, pay, sp_001, units_text
from referee.europa.logistics.supply_001_handlers import activate_001, division_cost, enter_zone, income_001

CM_ACTIVATION = Activity(
    "c/m activation",
    "treated as 1st-turn Unsupplied: 1/2 MA, 1/2 AF, no exploitation",
    ph.ACTIVATION.phases,
    "A-13, B-31 [000]",
    special_ok=False,
)
"""B-31..B-35 [000]; named for its phase when paid (`activate`)."""
ATTACK = Activity(
    "attack",
    "the unpaid divisions attack at half strength",
    ph.ATTACK_SUPPLY.phases,
    "B-36 [000]",
    special_ok=True,
    rule_001="B-66 [001]",
)
ARTILLERY = Activity(
    "artillery",
    "unsupplied artillery cannot bombard",
    ph.ARTILLERY_SUPPLY.phases,
    "B-37 [000]",
    special_ok=True,
    rule_001="B-66 [001]",
)
OVERRUN = Activity(
    "overrun", "the unpaid divisions are halved (B-47)", ph.OVERRUN_SUPPLY.phases, "B-39 [000]", special_ok=False
)
AIR = Activity(
    "air operations",
    "unsupplied air units may only Repair and Transfer",
    ph.AIR_SUPPLY.phases,
    "B-30 [000]",
    special_ok=True,
    rule_001="B-66 [001]",
)
"""B-30 [000]; under 001 (B-66) air operations may not go unpaid (B-67), so no effect is shown."""


def receive_income(command: eu.ReceiveSupplyIncome, ctx: Context[EuropaState]) -> Decision:
    """B-02..B-27 [000]: income in the side's Initial phase, once per game turn; under 001 the zone
    rate, lend lease and weather of B-61, B-63, B-65 [001] (A-18), with no cap (B-68)."""
    state = ctx.state
    logistics = logistics_of(state)
    require_phase(state, command.side, *ph.SP_INCOME.args)
    pool = pool_of(state, command.side)
    turn = state.table.calendar.turn
    if pool.last_income.get("turn") == turn:
        raise IllegalOrderError(f"{command.side} already received its SP income in {state.table.calendar.label}")
    model = sp_001(state)
    if model is not None:
        return income_001(command, ctx, model)
    if opt(state, "siege_persistence") == "one_way":
        reached = set(state.table.cities_reached)
    else:
        reached = {city for city, status in state.table.cities.items() if status != "soviet"}
    income = supply.sp_income(
        command.side,
        logistics,
        turn=turn,
        reached=reached,
        weather=state.table.weather,
        markers=state.table.markers,
        rounding=opt(state, "weather_rounding"),
        cap_basis=opt(state, "cap_basis"),
    )
    after = pool.stockpile + income.received
    steps = [
        *pinned_000_sp_note(state),
        *income.steps,
        Step(
            text=(
                f"stockpile {pool.stockpile} + {income.received} = {after} (cap applied at the end of the Initial "
                "phase)"
            ),
            rule="B-05 [000], J-02",
        ),
    ]
    return Decision(
        Ruling(
            summary=f"{command.side} receives {income.received} SP (stockpile {after}, cap {income.cap})", steps=steps
        ),
        [
            lg.SupplyIncomeReceived(
                side=command.side,
                amount=income.received,
                income=income.received,
                cap=income.cap,
                breakdown={**income.breakdown, "turn": turn},
            ),
            ev.StepCompleted(step=f"sp_income:{command.side}"),
        ],
    )


def set_city(command: eu.SetCityStatus, ctx: Context[EuropaState]) -> Decision:
    """B-10 [000]: a city counts once German-controlled or besieged."""
    if command.city not in ctx.state.table.cities:
        raise IllegalOrderError(
            f"{command.city!r} is not a city of this scenario; cities: {', '.join(ctx.state.table.cities)}"
        )
    before = ctx.state.table.cities[command.city]
    return Decision(
        Ruling(
            summary=f"{command.city}: {before} → {command.status}",
            steps=[Step(text="recorded as a referee fact", rule="B-10 [000]")],
        ),
        [lg.CityStatusSet(city=command.city, status=command.status)],
    )


def activate(command: eu.ActivateMechanized, ctx: Context[EuropaState]) -> Decision:
    """B-31..B-35 [000]: c/m activation for Movement, and again for Exploitation; under 001, B-66."""
    if sp_001(ctx.state) is not None:
        return activate_001(command, ctx)
    cost, exact = supply.activation_cost(command.cm_divisions, command.motorized, command.exploiting_cavalry)
    phase = ctx.state.table.calendar.phase
    detail = (
        f"{command.cm_divisions} c/m, {command.motorized} motorized, "
        f"{command.exploiting_cavalry} cavalry{units_text(command.units)}"
    )
    steps = [
        Step(
            text=(
                f"{command.cm_divisions} × 1 + {command.motorized + command.exploiting_cavalry} × 1/2 = {exact} → "
                f"{cost} (rounded up)"
            ),
            rule="B-31..B-34 [000]",
        )
    ]
    if phase == "Exploitation":
        steps.append(Step(text="exploitation costs the same again", rule="B-35 [000]"))
    activity = replace(CM_ACTIVATION, name=f"c/m activation ({phase})")
    return pay(ctx, command, activity, cost=cost, detail=detail, steps=steps)


PAID_BY_HAND = "attack_supply_paid:{side}"
"""Step marker: this phase's attack supply was paid with PayAttackSupply."""
PAID_IN_COMBAT = "attack_supply_in_combat:{side}"
"""Step marker: a combat of this phase charged its attack supply (paying stacks)."""


def paid_twice(state: EuropaState, side: str, *, by_hand: bool, override: str | None) -> list[Step]:
    """B-36 [000] charges a stack's attack supply once. Paying it both with PayAttackSupply and with
    a combat's paying stacks in one Combat phase would charge it twice: refused, unless the
    referee records why the two payments are for different stacks (`beyond_the_rules`)."""
    done = state.table.calendar.steps_done
    other = (PAID_IN_COMBAT if by_hand else PAID_BY_HAND).format(side=side)
    if other not in done:
        return []
    problem = (
        f"{side} combats of this phase already charged their attack supply (paying stacks); PayAttackSupply "
        "would charge it again"
        if by_hand
        else f"{side} paid attack supply with PayAttackSupply in this phase; this combat's paying stacks would "
        "charge it again (leave them empty)"
    )
    return beyond_the_rules(problem, override, "B-36 [000]")


def attack(command: eu.PayAttackSupply, ctx: Context[EuropaState]) -> Decision:
    """B-36, B-45 [000]: non-c/m attackers, 1/2 each rounded up per stack; all or none in a stack.
    Under 001 (B-66): every attacking division 1 SP, minor and security divisions 1/2."""
    divisions = sum(command.stacks)
    cost, steps = division_cost(ctx.state, divisions, command.minor_divisions, "B-36 [000]")
    if not steps:
        cost, lines = supply.attack_cost(command.stacks)
        steps = [Step(text=line, rule="B-36, B-45 [000]") for line in lines]
    steps += paid_twice(ctx.state, command.side, by_hand=True, override=command.override)
    if command.unpaid and opt(ctx.state, "unpaid_attack") == "forbidden":
        raise IllegalOrderError(
            "in-supply divisions may not attack unpaid (option unpaid_attack=forbidden, J-07); pay the SP or call "
            "the attack off"
        )
    detail = f"stacks {command.stacks}{units_text(command.units)}"
    decision = pay(ctx, command, ATTACK, cost=cost, detail=detail, steps=steps)
    if command.unpaid:
        return decision
    return decision.extended(events=[ev.StepCompleted(step=PAID_BY_HAND.format(side=command.side))])


def artillery(command: eu.PayArtillerySupply, ctx: Context[EuropaState]) -> Decision:
    """B-37, B-38 [000]: 1 SP per combat covers all artillery support and the bombardment (001: B-66)."""
    if sp_001(ctx.state):
        steps = list(supply_001.artillery_cost(command.combats).steps)
    else:
        steps = [Step(text=f"{command.combats} combat(s) × 1", rule="B-37 [000]")]
    detail = f"{command.combats} combat(s){units_text(command.units)}"
    return pay(ctx, command, ARTILLERY, cost=command.combats, detail=detail, steps=steps)


def overrun(command: eu.PayOverrunSupply, ctx: Context[EuropaState]) -> Decision:
    """B-39 [000]: non-c/m divisions overrunning pay 1/2 each, rounded up. Under 001 (B-66): every
    division overrunning 1 SP, minor and security divisions 1/2."""
    cost, steps = division_cost(ctx.state, command.divisions, command.minor_divisions, "B-39 [000]")
    if not steps:
        cost = supply.overrun_cost(command.divisions)
        steps = [Step(text=f"{command.divisions} × 1/2 → {cost} (rounded up)", rule="B-39 [000]")]
    detail = f"{command.divisions} division(s){units_text(command.units)}"
    return pay(ctx, command, OVERRUN, cost=cost, detail=detail, steps=steps)


def air(command: eu.PayAirSupply, ctx: Context[EuropaState]) -> Decision:
    """B-30 [000]: 1 SP per 3 fighters or 2 other combat groups; transports free (J-08 rounding).
    Under 001 (B-66): 1 SP per 3 air units of any kind, rounded to the nearest."""
    if sp_001(ctx.state) is not None:
        cost_001 = supply_001.air_cost(command.fighters + command.others + command.transports)
        cost, steps = cost_001.sp, list(cost_001.steps)
    else:
        rounding = opt(ctx.state, "air_sp_rounding")
        cost, _exact = supply.air_cost(command.fighters, command.others, rounding)
        steps = [
            Step(
                text=f"{supply.air_cost_text(command.fighters, command.others, rounding)}, option "
                f"air_sp_rounding={rounding}; {command.transports} transports free",
                rule="B-30 [000], J-08",
            )
        ]
    detail = f"{command.fighters} fighters, {command.others} others, {command.transports} transports"
    return pay(ctx, command, AIR, cost=cost, detail=detail, steps=steps)


SUPPLY_HANDLERS: dict[type[Any], Any] = {
    eu.ReceiveSupplyIncome: receive_income,
    eu.SetCityStatus: set_city,
    eu.ActivateMechanized: activate,
    eu.PayAttackSupply: attack,
    eu.PayArtillerySupply: artillery,
    eu.PayOverrunSupply: overrun,
    eu.PayAirSupply: air,
    eu.EnterSupplyZone: enter_zone,
}
