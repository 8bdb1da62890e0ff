"""Europa SP commands: income, spending on activities, and unpaid activities (seed 000, B); under
option sp_model 001 the 001 model instead (B-60..B-68 [001], `referee.europa.supply_001`)."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.plausible import beyond_the_rules
from referee.common.ruling import Ruling, Step
from referee.europa import commands as eu
from referee.europa import logistics_events as lg
from referee.europa import supply, supply_001
from referee.europa.context import logistics_of, opt, opt_since, pool_of, require_phase
from referee.europa.data import Sp001
from referee.europa.state import EuropaState


def sp_001(state: EuropaState) -> Sp001 | None:
    """The 001 SP model when the campaign plays it (option sp_model, J-23..J-25), else None.
    A campaign pinned before the option existed plays 000."""
    if opt_since(state, "sp_model", "000") != "001":
        return None
    model = logistics_of(state).sp_001
    if model is None:
        raise IllegalOrderError(
            "this campaign plays sp_model 001 but its scenario gives no 001 stocks and rates (B-68 [001])"
        )
    return model


def receive_income(command: eu.ReceiveSupplyIncome, ctx: Context[EuropaState]) -> Decision:
    """B-02..B-27 [000]: income in the side's Initial phase, once per game turn; under 001 the zone
    rate, lend lease and weather of B-61, B-63, B-65 [001] (A-18), with no cap (B-68)."""
    state = ctx.state
    logistics = logistics_of(state)
    require_phase(state, command.side, ("Initial",), "SP income", "B-02 [000]")
    pool = pool_of(state, command.side)
    turn = state.table.calendar.turn
    if pool.last_income.get("turn") == turn:
        raise IllegalOrderError(f"{command.side} already received its SP income in {state.table.calendar.label}")
    model = sp_001(state)
    if model is not None:
        if command.side not in model.rates:
            raise IllegalOrderError(f"the scenario gives no 001 supply rates for {command.side} (B-68 [001])")
        got = supply_001.sp_income(
            command.side,
            model,
            zone=pool.zone,
            turn=turn,
            weather=state.table.weather,
            zones=logistics.supply_weather_zones,
            rounding=opt(state, "weather_rounding"),
        )
        after = pool.stockpile + got.received
        return Decision(
            Ruling(
                summary=f"{command.side} receives {got.received} SP (stockpile {after}, no cap)",
                steps=[
                    *got.steps,
                    Step(text=f"stockpile {pool.stockpile} + {got.received} = {after}", rule="B-61 [001]"),
                ],
            ),
            [
                lg.SupplyIncomeReceived(
                    side=command.side,
                    amount=got.received,
                    income=got.received,
                    cap=None,
                    breakdown={**got.breakdown, "turn": turn},
                ),
                ev.StepCompleted(step=f"sp_income:{command.side}"),
            ],
        )
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


def enter_zone(command: eu.EnterSupplyZone, ctx: Context[EuropaState]) -> Decision:
    """B-60, B-62 [001]: the side's units reached a further supply zone (a map fact the referee
    records); zones only go up (the furthest extension counts). The German stockpile is cut
    (`supply_001.zone_cut`); the new zone's rate applies from the next income (B-61, B-63)."""
    state, side = ctx.state, command.side
    model = sp_001(state)
    if model is None:
        raise IllegalOrderError("supply zones are a 001 rule (B-60 [001]); this campaign plays sp_model 000")
    pool = pool_of(state, side)
    if command.zone <= pool.zone:
        raise IllegalOrderError(
            f"{side} is already in supply zone {pool.zone}; zones only go up: the furthest extension counts "
            "(B-60 [001])"
        )
    result = supply_001.zone_cut(model, side, pool.stockpile, pool.zone, command.zone)
    rate = supply_001.zone_rate(model, side, command.zone) if side in model.rates else 0
    steps = [
        Step(text=f"{side} reaches supply zone {command.zone}: {command.reason}", rule="B-60 [001]"),
        *result.steps,
        Step(text=f"rate from the next income: {rate} SP a turn", rule="B-61, B-63 [001]"),
    ]
    cut = f"; stockpile {pool.stockpile} − {result.cut} = {pool.stockpile - result.cut}" if result.cut else ""
    return Decision(
        Ruling(summary=f"{side} enters supply zone {command.zone}{cut}", steps=steps),
        [lg.SupplyZoneEntered(side=side, zone=command.zone, cut=result.cut, reason=command.reason)],
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


def _pay(
    ctx: Context[EuropaState],
    *,
    side: str,
    activity: str,
    cost: int,
    detail: str,
    unpaid: bool,
    effect: str,
    phases: tuple[str, ...],
    rule: str,
    special_ok: bool,
    steps: list[Step],
    unpaid_001: bool = False,
) -> Decision:
    """Charge ``cost`` SP (special SP first where allowed) or record the activity as unsupplied."""
    state: EuropaState = ctx.state
    pool_of(state, side)
    require_phase(state, side, phases, activity, rule)
    model_001 = opt_since(state, "sp_model", "000") == "001"
    if unpaid and model_001 and not unpaid_001:
        raise IllegalOrderError(
            f"under the 001 SP model what is not paid may not be made: this {activity} is unpaid (B-67 [001]); "
            f"pay {cost} SP or call it off"
        )
    if unpaid:
        return Decision(
            Ruling(
                summary=f"{side} {activity} unsupplied: {effect}",
                steps=[*steps, Step(text=f"not paid: {effect}", rule="B-67 [001]" if model_001 else "B-47 [000]")],
            ),
            [lg.UnsuppliedActivityRecorded(side=side, activity=activity, detail=detail, effect=effect)],
        )
    events = charge(
        state,
        side=side,
        cost=cost,
        activity=activity,
        detail=detail,
        special_ok=special_ok,
        steps=steps,
    )
    return Decision(Ruling(summary=f"{side} pays {cost} SP for {activity}", steps=steps), events)


def charge(
    state: EuropaState,
    *,
    side: str,
    cost: int,
    activity: str,
    detail: str,
    special_ok: bool,
    steps: list[Step],
) -> list[ev.DomainEvent]:
    """Take ``cost`` SP from ``side``'s pool (special SP first where allowed), or refuse in table
    language; under 001 the refusal cites B-67 (what cannot be paid may not be made)."""
    pool = pool_of(state, side)
    model_001 = opt_since(state, "sp_model", "000") == "001"
    from_special = min(pool.special, cost) if special_ok else 0
    from_stockpile = cost - from_special
    if from_stockpile > pool.stockpile:
        held = f"{pool.stockpile}" + (f" (+{pool.special} special SP)" if from_special else "")
        cited = " (B-67 [001]: it may not be made)" if model_001 else ""
        raise IllegalOrderError(f"{side} SP pool holds {held}; this {activity} costs {cost}{cited}")
    if from_special:
        special_rule = "A-33, B-64 [001]" if model_001 else "A-32, B-28 [000]"
        steps.append(Step(text=f"{from_special} from the surprise turn's special SP first", rule=special_rule))
    left = pool.stockpile - from_stockpile
    steps.append(Step(text=f"stockpile {pool.stockpile} − {from_stockpile} = {left}", rule="B-01 [000]"))
    return [
        lg.SupplySpent(
            side=side, from_special=from_special, from_stockpile=from_stockpile, activity=activity, detail=detail
        )
    ]


def _units(units: list[str]) -> str:
    return f" ({', '.join(units)})" if units else ""


def activate(command: eu.ActivateMechanized, ctx: Context[EuropaState]) -> Decision:
    """B-31..B-35 [000]: c/m activation for Movement, and again for Exploitation; under 001, B-66."""
    if sp_001(ctx.state) is not None:
        return _activate_001(command, ctx)
    cost, exact = supply.activation_cost(command.cm_divisions, command.motorized, command.exploiting_cavalry)
    phase = ctx.state.table.calendar.phase
    detail = (
        f"{command.cm_divisions} c/m, {command.motorized} motorized, "
        f"{command.exploiting_cavalry} cavalry{_units(command.units)}"
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
    return _pay(
        ctx,
        side=command.side,
        activity=f"c/m activation ({phase})",
        cost=cost,
        detail=detail,
        unpaid=command.unpaid,
        effect="treated as 1st-turn Unsupplied: 1/2 MA, 1/2 AF, no exploitation",
        phases=("Movement", "Exploitation"),
        rule="A-13, B-31 [000]",
        special_ok=False,
        steps=steps,
    )


def _activate_001(command: eu.ActivateMechanized, ctx: Context[EuropaState]) -> Decision:
    """B-66, B-67 [001]: 1 SP per mechanized division (motorized 1/2) for the whole game turn's
    movement, Exploitation included, so a division that paid this turn is refused a second charge.
    The units must be named, one per division, so that the referee knows who has paid. Not paying:
    the division moves 1/2 MA in the Movement phase and may not attack (B-67); recorded, no SP."""
    state, side = ctx.state, command.side
    if command.exploiting_cavalry:
        raise IllegalOrderError(
            "001 charges mechanized (1 SP) and motorized (1/2) divisions only (B-66 [001]); exploiting_cavalry "
            "is a 000 rate (B-33 [000])"
        )
    count = command.cm_divisions + command.motorized
    if len(command.units) != count:
        raise IllegalOrderError(
            f"name the {count} division(s) paying for this turn's movement in units (named {len(command.units)}): "
            "under 001 each pays once a game turn (B-66 [001])"
        )
    turn, phase = state.table.calendar.turn, state.table.calendar.phase
    paid = [unit for unit in command.units if pool_of(state, side).mechanized_paid.get(unit.casefold()) == turn]
    if paid:
        raise IllegalOrderError(
            f"{', '.join(paid)} already paid for this game turn's movement: under 001 that 1 SP covers the "
            "Movement and Exploitation phases (B-66 [001]); leave them out"
        )
    if command.unpaid and phase != "Movement":
        raise IllegalOrderError(
            f"an unpaid mechanized division moves only in the Movement phase, at 1/2 MA (B-67 [001]); in {phase} "
            "it must pay or stay"
        )
    cost = supply_001.activation_cost(command.cm_divisions, command.motorized)
    decision = _pay(
        ctx,
        side=side,
        activity=f"mechanized movement ({phase})",
        cost=cost.sp,
        detail=f"{command.cm_divisions} mechanized, {command.motorized} motorized{_units(command.units)}",
        unpaid=command.unpaid,
        effect="moves 1/2 MA in the Movement phase and may not attack",
        phases=("Movement", "Exploitation"),
        rule="B-66 [001]",
        special_ok=False,
        steps=list(cost.steps),
        unpaid_001=True,
    )
    if command.unpaid or not command.units:
        return decision
    return decision.extended(events=[lg.MechanizedMovementPaid(side=side, units=list(command.units), turn=turn)])


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
    cost, steps = _division_cost(ctx.state, divisions, command.minor_divisions, "B-36 [000]")
    if not steps:
        cost, lines = supply.attack_cost(command.stacks)
        steps = [Step(text=line, rule="B-36, B-45 [000]") for line in lines]
    steps += paid_twice(ctx.state, command.side, by_hand=True, override=command.override)
    if command.unpaid and opt(ctx.state, "unpaid_attack") == "forbidden":
        raise IllegalOrderError(
            "in-supply divisions may not attack unpaid (option unpaid_attack=forbidden, J-07); pay the SP or call "
            "the attack off"
        )
    decision = _pay(
        ctx,
        side=command.side,
        activity="attack",
        cost=cost,
        detail=f"stacks {command.stacks}{_units(command.units)}",
        unpaid=command.unpaid,
        effect="the unpaid divisions attack at half strength",
        phases=("Combat",),
        rule="B-66 [001]" if sp_001(ctx.state) else "B-36 [000]",
        special_ok=True,
        steps=steps,
    )
    if command.unpaid:
        return decision
    return decision.extended(events=[ev.StepCompleted(step=PAID_BY_HAND.format(side=command.side))])


def _division_cost(state: EuropaState, divisions: int, minor: int, rule_000: str) -> tuple[int, list[Step]]:
    """Under 001 (B-66): (SP, steps) for ``divisions`` attacking, ``minor`` of them at 1/2; under
    000, (0, []) for the 000 rate, and ``minor`` must be 0 (it is a 001 rate)."""
    if sp_001(state) is None:
        if minor:
            raise IllegalOrderError(f"minor_divisions is a 001 rate (B-66 [001]); this campaign plays 000 ({rule_000})")
        return 0, []
    if minor > divisions:
        raise IllegalOrderError(f"{minor} minor/security divisions among {divisions} attacking (B-66 [001])")
    cost = supply_001.attack_cost(divisions, minor)
    return cost.sp, list(cost.steps)


def artillery(command: eu.PayArtillerySupply, ctx: Context[EuropaState]) -> Decision:
    """B-37, B-38 [000]: 1 SP per combat covers all artillery support and the bombardment (001: B-66)."""
    model = sp_001(ctx.state)
    steps = [Step(text=f"{command.combats} combat(s) × 1", rule="B-66 [001]" if model else "B-37 [000]")]
    return _pay(
        ctx,
        side=command.side,
        activity="artillery",
        cost=command.combats,
        detail=f"{command.combats} combat(s){_units(command.units)}",
        unpaid=command.unpaid,
        effect="unsupplied artillery cannot bombard",
        phases=("Combat",),
        rule="B-66 [001]" if model else "B-37 [000]",
        special_ok=True,
        steps=steps,
    )


def overrun(command: eu.PayOverrunSupply, ctx: Context[EuropaState]) -> Decision:
    """B-39 [000]: non-c/m divisions overrunning pay 1/2 each, rounded up. Under 001 (B-66): every
    division overrunning 1 SP, minor and security divisions 1/2."""
    cost, steps = _division_cost(ctx.state, command.divisions, command.minor_divisions, "B-39 [000]")
    if not steps:
        cost = supply.overrun_cost(command.divisions)
        steps = [Step(text=f"{command.divisions} × 1/2 → {cost} (rounded up)", rule="B-39 [000]")]
    return _pay(
        ctx,
        side=command.side,
        activity="overrun",
        cost=cost,
        detail=f"{command.divisions} division(s){_units(command.units)}",
        unpaid=command.unpaid,
        effect="the unpaid divisions are halved (B-47)",
        phases=("Movement", "Exploitation"),
        rule="B-39 [000]",
        special_ok=False,
        steps=steps,
    )


def air(command: eu.PayAirSupply, ctx: Context[EuropaState]) -> Decision:
    """B-30 [000]: 1 SP per 3 fighters or 2 other combat groups; transports free (J-08 rounding).
    Under 001 (B-66): 1 SP per 3 air units of any kind, rounded to the nearest."""
    if sp_001(ctx.state) is not None:
        units = command.fighters + command.others + command.transports
        cost_001 = supply_001.air_cost(units)
        return _pay(
            ctx,
            side=command.side,
            activity="air operations",
            cost=cost_001.sp,
            detail=f"{command.fighters} fighters, {command.others} others, {command.transports} transports",
            unpaid=command.unpaid,
            effect="",
            phases=("Air",),
            rule="B-66 [001]",
            special_ok=True,
            steps=list(cost_001.steps),
        )
    rounding = opt(ctx.state, "air_sp_rounding")
    cost, _exact = supply.air_cost(command.fighters, command.others, rounding)
    steps = [
        Step(
            text=f"{supply.air_cost_text(command.fighters, command.others, rounding)}, option "
            f"air_sp_rounding={rounding}; {command.transports} transports free",
            rule="B-30 [000], J-08",
        )
    ]
    return _pay(
        ctx,
        side=command.side,
        activity="air operations",
        cost=cost,
        detail=f"{command.fighters} fighters, {command.others} others, {command.transports} transports",
        unpaid=command.unpaid,
        effect="unsupplied air units may only Repair and Transfer",
        phases=("Air",),
        rule="B-30 [000]",
        special_ok=True,
        steps=steps,
    )


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
