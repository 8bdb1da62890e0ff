"""Europa replacement commands: regular and special replacements, recovery, disbanding, rebuilding (C)."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.ruling import Ruling, Step
from referee.common.state import Unit
from referee.europa.common import command_phases as ph
from referee.europa.common.context import logistics_of, opt, opt_since, require_phase, track_of
from referee.europa.common.state import EuropaState, ReplacementTrack
from referee.europa.logistics import commands as eu
from referee.europa.logistics import events as lg
from referee.europa.logistics import replacements as rp


def _in_phase(ctx: Context[EuropaState], side: str, what: str, rule: str) -> bool:
    """C-63 [000]: replacements in the Initial phase; under replacement_timing=001 only in the
    Replacement phase at the end of the player turn (C-64 [001]). True under 001."""
    late = opt_since(ctx.state, "replacement_timing", "000") == "001"
    accepted = ph.REPLACEMENTS_001 if late else ph.REPLACEMENTS
    require_phase(ctx.state, side, accepted.phases, what, accepted.rule if late else rule)
    return late


def _track(ctx: Context[EuropaState], nation: str) -> ReplacementTrack:
    return track_of(ctx.state, nation)


def _credits(nation: str, points: dict[str, int], reason: str) -> list[ev.DomainEvent]:
    return [
        lg.ReplacementsCredited(nation=nation, kind=kind, amount=amount, reason=reason)
        for kind, amount in points.items()
        if amount > 0
    ]


def pending_credits(
    ctx: Context[EuropaState], nation: str, points: dict[str, int], reason: str
) -> list[ev.DomainEvent]:
    """C-21 [000]: RPs from breakout, disbanding and excess losses are usable the following game turn."""
    turn = ctx.state.table.calendar.turn + 1
    return [
        lg.ReplacementsPending(nation=nation, kind=kind, amount=amount, available_turn=turn, reason=reason)
        for kind, amount in points.items()
        if amount > 0
    ]


def _not_before(ctx: Context[EuropaState], turn: int, what: str, rule: str) -> None:
    calendar = ctx.state.table.calendar
    if calendar.turn < turn:
        from referee.common.calendar import europa_label

        raise IllegalOrderError(
            f"{what} start in {europa_label(turn, ctx.ruleset)} ({rule}); it is now {calendar.label}"
        )


def receive(command: eu.ReceiveReplacements, ctx: Context[EuropaState]) -> Decision:
    """C-30..C-36, C-50 [000]: Soviet city RPs from Aug I 1941 and factory output, once a game turn."""
    logistics = logistics_of(ctx.state)
    track = _track(ctx, command.nation)
    _in_phase(ctx, track.side, "taking replacements", "C-63 [000]")
    if command.nation != "USSR":
        raise IllegalOrderError(
            f"regular replacement rates of {command.nation} come with the order of battle (K-11); "
            "credit them with CreditReplacementPoints"
        )
    _not_before(
        ctx,
        min(logistics.regular_replacements_from_turn, logistics.factory_from_turn),
        "regular Soviet replacements",
        "C-30",
    )
    turn = ctx.state.table.calendar.turn
    if track.received_turn == turn:
        raise IllegalOrderError(f"{command.nation} already took its replacements in {ctx.state.table.calendar.label}")
    version = opt(ctx.state, "soviet_rp_rates")
    lost = {city for city, status in ctx.state.table.cities.items() if status == "axis"}
    city = rp.regular_soviet_rps(
        logistics.cities,
        lost=lost,
        version=version,
        northern_front=opt(ctx.state, "finland_front") == "full",
        eastern_mds=logistics.eastern_mds_rp_000 if version == "000" else logistics.eastern_mds_rp_001,
        bonus_all_sources=opt(ctx.state, "soviet_rp_bonus") == "all_sources",
    )
    factory = rp.factory_output(
        opt(ctx.state, "factory_profile"),
        turn=turn,
        operating=track.factories,
        upgraded=track.factories_upgraded,
        armor_share=command.factory_armor,
    )
    points = {
        kind: city.points.get(kind, 0) + factory.points.get(kind, 0) for kind in ("infantry", "armor", "artillery")
    }
    summary = ", ".join(f"{amount} {kind}" for kind, amount in points.items() if amount) or "nothing"
    return Decision(
        Ruling(summary=f"{command.nation} replacements: {summary}", steps=[*city.steps, *factory.steps]),
        [
            *_credits(command.nation, points, f"regular replacements {ctx.state.table.calendar.label}"),
            lg.RegularReplacementsReceived(nation=command.nation, turn=turn),
        ],
    )


def record_losses(command: eu.RecordLosses, ctx: Context[EuropaState]) -> Decision:
    """C-40 [000]: losses accumulate for special replacements."""
    track = _track(ctx, command.nation)
    if command.type not in track.points:
        raise IllegalOrderError(
            f"{command.nation} has no {command.type!r} replacements; types: {', '.join(track.points)}"
        )
    held = track.losses.get(command.type, 0)
    return Decision(
        Ruling(summary=f"{command.nation} {command.type} losses {held} → {held + command.amount}"),
        [lg.LossesRecorded(nation=command.nation, kind=command.type, amount=command.amount)],
    )


def special(command: eu.ReceiveSpecialReplacements, ctx: Context[EuropaState]) -> Decision:
    """C-40 [000]: 1/4 of accumulated losses for all forces, from Jul I 1941."""
    logistics = logistics_of(ctx.state)
    track = _track(ctx, command.nation)
    _in_phase(ctx, track.side, "taking special replacements", "C-40 [000]")
    _not_before(ctx, logistics.special_replacements_from_turn, "special replacements", "C-40 [000]")
    granted, consumed, steps = rp.special_replacements(track.losses, logistics.special_replacement_ratio)
    if not granted:
        raise IllegalOrderError(
            f"{command.nation} has too few losses recorded for a special replacement "
            f"({dict(track.losses) or 'none'}; 1/4 rounded down)"
        )
    events = _credits(command.nation, granted, "special replacements")
    events += [lg.LossesRecorded(nation=command.nation, kind=kind, amount=-amount) for kind, amount in consumed.items()]
    return Decision(
        Ruling(
            summary=f"{command.nation} special replacements: " + ", ".join(f"{v} {k}" for k, v in granted.items()),
            steps=steps,
        ),
        events,
    )


def set_factories(command: eu.SetFactories, ctx: Context[EuropaState]) -> Decision:
    """K-07: the referee records the operating (and upgraded) factories; relocation is off for 3 months (C-51)."""
    _track(ctx, command.nation)
    if command.upgraded > command.operating:
        raise IllegalOrderError(
            f"{command.upgraded} upgraded factories cannot exceed the {command.operating} operating"
        )
    return Decision(
        Ruling(summary=f"{command.nation}: {command.operating} factories operating, {command.upgraded} upgraded"),
        [lg.FactoriesSet(nation=command.nation, operating=command.operating, upgraded=command.upgraded)],
    )


def _unit(ctx: Context[EuropaState], side: str, unit_id: str) -> Unit:
    roster = ctx.state.rosters.get(side)
    if roster is None or unit_id not in roster.units:
        raise IllegalOrderError(f"{side} has no unit {unit_id!r}")
    return roster.units[unit_id]


def disband(command: eu.DisbandPrewarArmor, ctx: Context[EuropaState]) -> Decision:
    """C-60 [000]: in Apr II 1942 pre-war Soviet tank and mech divisions go, for armor RPs = attack."""
    logistics = logistics_of(ctx.state)
    calendar = ctx.state.table.calendar
    if calendar.turn != logistics.disband_turn:
        raise IllegalOrderError(
            f"pre-war Soviet armor is disbanded in Apr II 1942 (C-60 [000]); it is now {calendar.label}"
        )
    events: list[ev.DomainEvent] = []
    steps, total = [], 0
    for unit_id in command.unit_ids:
        unit = _unit(ctx, command.side, unit_id)
        if unit.nation != "USSR" or unit.type != "armor" or unit.status == "eliminated":
            raise IllegalOrderError(f"{unit.name} is not a Soviet armor division still in play")
        total += unit.attack or 0
        steps.append(Step(text=f"{unit.name}: attack {unit.attack or 0}", rule="C-60 [000]"))
        events.append(
            ev.UnitStatusChanged(side=command.side, unit_id=unit_id, status="eliminated", location="disbanded")
        )
    events += pending_credits(ctx, "USSR", {"armor": total}, "pre-war armor disbanded")
    steps.append(Step(text=f"{total} armor RPs, usable next game turn", rule="C-21 [000]"))
    return Decision(
        Ruling(summary=f"{len(command.unit_ids)} division(s) disbanded for {total} armor RPs", steps=steps), events
    )


def excess(command: eu.CreditExcessLossReplacements, ctx: Context[EuropaState]) -> Decision:
    """C-10..C-13 [000]: RPs from over-fulfilled losses, usable next game turn."""
    _track(ctx, command.nation)
    if command.removed < command.required:
        raise IllegalOrderError(
            f"{command.removed} factors removed do not fulfil a loss requirement of {command.required}"
        )
    if opt_since(ctx.state, "excess_recovery", "000") == "001":
        output = rp.excess_loss_001(
            required=command.required,
            removed=command.removed,
            armor_removed=command.armor_cost,
            out_of_supply=command.isolated,
            counting=opt_since(ctx.state, "rp_counting", "factors"),
        )
        output.steps.append(
            Step(text="under 001, armor_cost is read as the strength removed from armor types", rule="C-16 [001]")
        )
    else:
        output = rp.excess_loss_rps(
            required=command.required,
            removed=command.removed,
            change=command.change,
            armor_loss_required=command.armor_loss_required,
            armor_cost=command.armor_cost,
            isolated=command.isolated,
            remainder=opt(ctx.state, "armor_rp_remainder"),
        )
    summary = ", ".join(f"{v} {k}" for k, v in output.points.items()) or "no RPs"
    return Decision(
        Ruling(summary=f"{command.nation} excess-loss recovery: {summary} (next game turn)", steps=output.steps),
        pending_credits(ctx, command.nation, output.points, "excess loss recovery"),
    )


def breakout(command: eu.CreditBreakoutReplacements, ctx: Context[EuropaState]) -> Decision:
    """C-20 [000]: infantry RPs from a breakout, usable next game turn; C-22 [001] in RE games."""
    _track(ctx, command.nation)
    res = opt_since(ctx.state, "rp_counting", "factors") == "res"
    roll, steps = command.modified_roll, []
    if opt_since(ctx.state, "breakout_attrition", "rolls") == "no_roll":
        roll = max(roll, 7)
        steps.append(
            Step(
                text="the hex that breaks out takes no attrition roll: no loss comes off (option breakout_attrition)",
                rule="J-20",
            )
        )
    output = (rp.breakout_res if res else rp.breakout_rps)(command.total_strength, roll)
    summary = ", ".join(f"{v} {k}" for k, v in output.points.items()) or "no RPs"
    return Decision(
        Ruling(summary=f"{command.nation} breakout: {summary} (next game turn)", steps=steps + output.steps),
        pending_credits(ctx, command.nation, output.points, "breakout"),
    )


def _pay_rps(ctx: Context[EuropaState], nation: str, cost: dict[str, int], why: str) -> list[ev.DomainEvent]:
    track = _track(ctx, nation)
    for kind, amount in cost.items():
        held = track.points.get(kind, 0)
        if amount > held:
            raise IllegalOrderError(f"{nation} holds {held} {kind} RP; {why} needs {amount}")
    return [
        lg.ReplacementsDebited(nation=nation, kind=kind, amount=amount, reason=why)
        for kind, amount in cost.items()
        if amount > 0
    ]


def _soviet_armor_rule(ctx: Context[EuropaState], unit: Unit, cost: dict[str, int]) -> None:
    """C-61 [000]: after the Apr II 1942 disbanding, Soviet armor RPs only for brigades and corps."""
    logistics = logistics_of(ctx.state)
    after_disbanding = ctx.state.table.calendar.turn >= logistics.disband_turn
    if unit.nation == "USSR" and cost.get("armor") and after_disbanding and unit.size not in ("brigade", "corps"):
        raise IllegalOrderError(
            "from Apr II 1942 Soviet armor RPs may only be used on armor brigades, tank and mech corps (C-61 "
            f"[000]); {unit.name} is a {unit.size}"
        )


def rebuild(command: eu.RebuildUnit, ctx: Context[EuropaState]) -> Decision:
    """C-02, C-62, C-63 [000]: a cadre back to full, in supply, not a fragile division."""
    unit = _unit(ctx, command.side, command.unit_id)
    late = _in_phase(ctx, command.side, "rebuilding units", "C-63 [000]")
    steps = _may_take_replacements(ctx, unit, late)
    if late and f"{RETURNED}:{unit.unit_id}" in ctx.state.table.calendar.steps_done:
        raise IllegalOrderError(
            f"{unit.name}'s cadre came back this turn: it cannot also be rebuilt to full in the same turn (C-64 [001])"
        )
    if unit.status != "cadre":
        raise IllegalOrderError(f"{unit.name} is {unit.status}; only a cadre in supply can be rebuilt (C-63 [000])")
    if unit.ratings.get("fragile") == "yes":
        raise IllegalOrderError(
            f"{unit.name} is a fragile division: it cannot be rebuilt from an on-map cadre (C-62 [000])"
        )
    if command.cost is not None:
        cost, source = dict(command.cost), "the referee's chart"
    elif late and opt_since(ctx.state, "rp_counting", "factors") == "res":
        cost, source = rp.cost_in_res_001(unit.type, rebuild=True), "C-64 [001]: 2 REs of its type"
    elif unit.attack is None or unit.cadre_attack is None:
        raise IllegalOrderError(
            f"{unit.name} has no full and cadre attack strengths registered; give the cost from your chart"
        )
    else:
        cost = rp.rebuild_cost(unit_type=unit.type, full_attack=unit.attack, cadre_attack=unit.cadre_attack)
        source = "provisional chart (K-05): strength difference, armor types half armor"
    _soviet_armor_rule(ctx, unit, cost)
    events = _pay_rps(ctx, unit.nation, cost, f"rebuilding {unit.name}")
    events.append(ev.UnitStatusChanged(side=command.side, unit_id=unit.unit_id, status="full", location=unit.location))
    text = ", ".join(f"{v} {k}" for k, v in cost.items() if v)
    return Decision(
        Ruling(
            summary=f"{unit.name} rebuilt to full for {text}",
            steps=[*steps, Step(text=f"cost from {source}: {text}", rule="C-02 [000], K-05")],
        ),
        events,
    )


def return_cadre(command: eu.ReturnCadre, ctx: Context[EuropaState]) -> Decision:
    """C-63 [000]: a dead cadre comes back for its combat strength in RPs of its type."""
    unit = _unit(ctx, command.side, command.unit_id)
    late = _in_phase(ctx, command.side, "returning cadres", "C-63 [000]")
    if unit.status != "eliminated":
        raise IllegalOrderError(f"{unit.name} is {unit.status}; only an eliminated unit's cadre can be returned")
    res = late and opt_since(ctx.state, "rp_counting", "factors") == "res"
    if unit.cadre_attack is None and not res:
        raise IllegalOrderError(f"{unit.name} has no cadre strength registered")
    cost = (
        rp.cost_in_res_001(unit.type, rebuild=False)
        if res
        else rp.cadre_return_cost(unit_type=unit.type, cadre_attack=unit.cadre_attack or 0)
    )
    _soviet_armor_rule(ctx, unit, cost)
    events = _pay_rps(ctx, unit.nation, cost, f"returning the cadre of {unit.name}")
    events.append(
        ev.UnitStatusChanged(
            side=command.side, unit_id=unit.unit_id, status="cadre", location=command.location or unit.location
        )
    )
    if late:
        events.append(ev.StepCompleted(step=f"{RETURNED}:{unit.unit_id}"))
    text = ", ".join(f"{v} {k}" for k, v in cost.items())
    why = Step(text=f"1 RE of its type: {text}", rule="C-64 [001]") if res else None
    return Decision(
        Ruling(
            summary=f"{unit.name} cadre returned for {text}",
            steps=[why or Step(text=f"cadre strength {unit.cadre_attack} as {text}", rule="C-63 [000]")],
        ),
        events,
    )


RETURNED = "cadre_returned"
"""Step marker: the unit's dead cadre came back in this (001 Replacement) phase (C-64 [001])."""


def _may_take_replacements(ctx: Context[EuropaState], unit: Unit, late: bool) -> list[Step]:
    """C-63 [000], C-64 [001]: the unit must be in supply; under 001 it must also have stayed
    inactive since movement: not in an attack this combat phase, not moved in exploitation.
    Read from the referee's statements about the unit (by id or name); each is cited."""
    supply_rule = "C-64 [001]" if late else "C-63 [000]"
    checks = [("out_of_supply", "is out of supply: it must be in supply to take replacements", supply_rule)]
    if late:
        checks += [
            ("attacked_this_turn", "took part in an attack this player turn", "C-64 [001]"),
            ("moved_in_exploitation", "moved in the exploitation phase", "C-64 [001]"),
        ]
    steps = []
    for fact, refusal, rule in checks:
        found = stated(ctx.state, fact, unit.unit_id) or stated(ctx.state, fact, unit.name)
        if found is not None and found.value == "yes":
            raise IllegalOrderError(f"{unit.name} {refusal} ({rule}; {citation(found)})")
        if found is not None:
            steps.append(Step(text=citation(found), rule=rule))
    return steps


REPLACEMENT_HANDLERS: dict[type[Any], Any] = {
    eu.ReceiveReplacements: receive,
    eu.RecordLosses: record_losses,
    eu.ReceiveSpecialReplacements: special,
    eu.SetFactories: set_factories,
    eu.DisbandPrewarArmor: disband,
    eu.CreditExcessLossReplacements: excess,
    eu.CreditBreakoutReplacements: breakout,
    eu.RebuildUnit: rebuild,
    eu.ReturnCadre: return_cadre,
}
