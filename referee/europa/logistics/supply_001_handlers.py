"""Europa SP commands under option sp_model 001 (B-60..B-68 [001]): income by supply zone, the
zones reached, mechanized movement paid once a game turn, and the 001 rates for attacking
divisions. `referee.europa.logistics.supply_handlers` hands over to these when the campaign plays 001."""

from __future__ import annotations

from dataclasses import replace

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.europa.common import command_phases as ph
from referee.europa.common.context import logistics_of, opt, pool_of
from referee.europa.common.data import Sp001
from referee.europa.common.state import EuropaState
from referee.europa.logistics import commands as eu
from referee.europa.logistics import events as lg
from referee.europa.logistics import supply_001
from referee.europa.logistics.charges import Activity, pay, sp_001, units_text

MECHANIZED_MOVEMENT = Activity(
    "mechanized movement",
    "moves 1/2 MA in the Movement phase and may not attack",
    ph.ACTIVATION.phases,
    "B-66 [001]",
    special_ok=False,
    unpaid_001=True,
)
"""B-66, B-67 [001]: paid once a game turn; unpaid, it is recorded (the one 001 activity that may be)."""


def income_001(command: eu.ReceiveSupplyIncome, ctx: Context[EuropaState], model: Sp001) -> Decision:
    """B-61, B-63, B-65 [001] (A-18): the zone rate, lend lease and weather, with no cap (B-68)."""
    state = ctx.state
    logistics = logistics_of(state)
    pool = pool_of(state, command.side)
    turn = state.table.calendar.turn
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


def activate_001(command: eu.ActivateMechanized, ctx: Context[EuropaState]) -> Decision:
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
    activity = replace(MECHANIZED_MOVEMENT, name=f"mechanized movement ({phase})")
    detail = f"{command.cm_divisions} mechanized, {command.motorized} motorized{units_text(command.units)}"
    decision = pay(ctx, command, activity, cost=cost.sp, detail=detail, steps=list(cost.steps))
    if command.unpaid or not command.units:
        return decision
    return decision.extended(events=[lg.MechanizedMovementPaid(side=side, units=list(command.units), turn=turn)])


def division_cost(state: EuropaState, divisions: int, minor: int, rule_000: str) -> tuple[int, list[Step]]:
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
