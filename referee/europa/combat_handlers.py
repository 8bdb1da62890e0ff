"""Europa combat commands: resolve an attack with the table's dice, then allocate its losses.

`ResolveCombat` is one entry holding the roll, the whole derivation, the SP paid and the loss
each side now owes (DESIGN "Data flow, one combat"). `AllocateLosses` discharges a side's
loss and credits any excess-loss RPs in the same entry. A phase cannot be left while a loss
is still owed (see `referee.handlers`).
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.dice import faces_or_preview, throw
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.europa import combat as cm
from referee.europa import combat_events as cb
from referee.europa import command_phases as ph
from referee.europa import commands as eu
from referee.europa import logistics_events as lg
from referee.europa import replacements as rp
from referee.europa import supply, supply_001
from referee.europa.bombardment_handlers import ARTILLERY_PAID, bombardment_support
from referee.europa.charts import BUNDLED, CombatCharts
from referee.europa.combat_inputs import rule_d_chance, thrown_d10, winterization_of, with_inputs
from referee.europa.combat_result import resolve
from referee.europa.context import (
    logistics_of,
    opt,
    opt_since,
    other_side,
    require_phase,
    require_readings_of_its_ruleset,
    track_of,
    zone_weather,
)
from referee.europa.data import FactorLimit
from referee.europa.replacement_handlers import pending_credits
from referee.europa.state import EuropaState, LossDue
from referee.europa.supply_charges import charge
from referee.europa.supply_handlers import PAID_IN_COMBAT, paid_twice


def charts_of(state: EuropaState) -> CombatCharts:
    """The combat chart pinned at creation (K-01, K-03)."""
    return pinned_chart(state, "combat", CombatCharts, BUNDLED)


def combat_options(state: EuropaState) -> cm.CombatOptions:
    """The campaign's readings of J-04, J-05, J-06, J-07 and J-18, and of the 000 / 001 differences
    (J-16, J-26, J-29..J-31, J-33, J-40, J-41): campaigns started before those options existed
    play the 000 readings."""
    return cm.CombatOptions(
        odds_rounding=opt(state, "odds_rounding"),
        max_bombard_shift=int(opt(state, "max_bombard_shift")),
        armor_drm_threshold=opt(state, "armor_drm_threshold"),
        unpaid_attack=opt(state, "unpaid_attack"),
        dr_heavy_terrain=opt(state, "dr_heavy_terrain"),
        combat_rules=opt_since(state, "combat_rules", "000"),
        overrun_rules=opt_since(state, "overrun_rules", "000"),
        ezoc_retreat=opt_since(state, "ezoc_retreat", "per_retreat"),
        defensive_supply=opt_since(state, "truck_depletion", "none") == "defensive_supply",
        rule_d=opt_since(state, "fractional_odds", "off") == "d10",
    )


def factor_limit(state: EuropaState) -> FactorLimit | None:
    """D-04 [000] limits in force this turn; J-17 decides whether the surprise turn has them."""
    turn = state.table.calendar.turn
    if turn == 0 and opt(state, "factor_limit_start") == "jun_ii_1941":
        return None
    return logistics_of(state).factor_limit(turn)


def battle_of(command: eu.ResolveCombat, state: EuropaState) -> cm.Battle:
    """The command as the pure combat functions read it, with the weather of the defender's zone."""
    return cm.Battle(
        attackers=tuple(command.attackers),
        defenders=tuple(command.defenders),
        terrain=command.terrain,
        fortified=command.fortified,
        weather=zone_weather(state, command.zone),
        turn=state.table.calendar.turn,
        limit=factor_limit(state),
        bombardment_shifts=command.bombardment_shifts
        + (bombardment_support(state, command.hex)[0] if command.hex else 0),
        winterization=winterization_of(command, state)[0],
        commando=command.commando,
        axis_first_winter=command.axis_first_winter,
        overrun=command.overrun,
    )


def assess_command(command: eu.ResolveCombat, state: EuropaState) -> tuple[cm.Battle, cm.Assessment, CombatCharts]:
    """Everything before the dice: used by the handler and by the console's combat form."""
    if command.axis_first_winter and command.side != "Axis":
        raise IllegalOrderError(
            f"the first-winter -1 is for non-winterized Axis attackers (D-20 [000]); {command.side} is attacking"
        )
    _not_boot_camp(state)
    require_readings_of_its_ruleset(state, "combat_rules", "combat")
    charts = charts_of(state)
    battle = battle_of(command, state)
    options = combat_options(state)
    return battle, with_inputs(command, state, cm.assess(battle, charts, options), options), charts


def losses_owed(combat: int, what: str, *owing: tuple[str, int, bool, list[str]]) -> list[LossDue]:
    """D-51, D-56 [000], E-15 [002]: the loss each side of a combat owes (side, amount, whether an
    armor unit must be among the units given up, the units that were in it); none for 0."""
    return [
        LossDue(combat=combat, side=side, amount=amount, armor_unit=armor, what=what, units=units)
        for side, amount, armor, units in owing
        if amount > 0
    ]


def _not_boot_camp(state: EuropaState) -> None:
    """J-46: a Boot Camp campaign fights on its own 1D6 CRT."""
    if opt_since(state, "combat_system", "revised") == "boot_camp":
        raise IllegalOrderError(
            "this campaign fights Boot Camp combat (1D6 CRT, AEC counts; option combat_system, J-46): record "
            "ResolveBootCampCombat"
        )


def resolve_combat(command: eu.ResolveCombat, ctx: Context[EuropaState]) -> Decision:
    """D-01..D-71 [000]: odds, shifts, DRMs, the CRT and the losses owed; SP paid in the same entry."""
    state = ctx.state
    _not_boot_camp(state)
    require_phase(state, command.side, *(ph.OVERRUN if command.overrun else ph.COMBAT).args)
    battle, assessment, charts = assess_command(command, state)
    paid = (
        bool(command.hex)
        and ARTILLERY_PAID.format(side=command.side, hex=command.hex) in state.table.calendar.steps_done
    )
    cost, lines = _supply_cost(
        command, opt_since(state, "overrun_rules", "000"), opt_since(state, "sp_model", "000"), artillery_paid=paid
    )
    odds = f"odds {assessment.attack}:{assessment.defence}"
    head = f"{assessment.column or 'below 1-4'}: {odds}, DRM {assessment.drm:+d}"
    options = combat_options(state)
    chance = rule_d_chance(state, assessment, options)
    faces = faces_or_preview(command.faces, dice="2D6", head=head, steps=assessment.steps)
    needed = chance is not None and chance.face > 0
    d10 = faces_or_preview(command.d10, dice="D10", head=head, steps=assessment.steps) if needed else None
    roll = throw(
        ctx.roller,
        purpose=f"combat{': ' + command.what if command.what else ''}",
        dice="2D6",
        faces=faces,
        rolled_by=command.rolled_by,
        witnesses=list(command.witnesses),
    )
    rolls = [roll]
    assessment = thrown_d10(ctx, command, assessment, chance, d10, rolls)
    result = resolve(battle, assessment, charts, roll["total"], options)
    steps = list(result.steps)
    events: list[ev.DomainEvent] = []
    if command.hex:
        _waiting, used_steps, used = bombardment_support(state, command.hex)
        steps = used_steps + steps
        events += used
    if paid:
        steps.append(Step(text=f"the bombardment of {command.hex} paid the artillery's SP", rule="B-37, B-38 [000]"))
    if cost and not command.overrun:
        steps += paid_twice(state, command.side, by_hand=False, override=command.override)
    if command.overrun and opt_since(state, "overrun_rules", "000") == "001":
        steps.append(
            Step(
                text="the overrun also paid the ZOC costs of enemy units other than the target hex's", rule="D-96 [001]"
            )
        )
    if cost:
        rule = "B-66 [001]" if opt_since(state, "sp_model", "000") == "001" and not command.overrun else None
        steps += [
            Step(text=line, rule="D-96 [001], J-40" if "D-96" in line else rule or "B-36..B-39 [000]") for line in lines
        ]
        events += charge(
            state,
            side=command.side,
            cost=cost,
            activity="overrun" if command.overrun else "attack",
            detail=command.what or "combat",
            special_ok=not command.overrun,
            steps=steps,
        )
    combat = ctx.head + 1
    defender = other_side(state, command.side)
    what = f"combat {command.what}".strip()
    losses = losses_owed(
        combat,
        what,
        (command.side, result.attacker_loss, result.attacker_armor_loss, [u.label for u in command.attackers]),
        (defender, result.defender_loss, result.defender_armor_loss, [u.label for u in command.defenders]),
    )
    events.append(cb.CombatResolved(combat=combat, code=result.code, losses=losses))
    if cost and not command.overrun:
        events.append(ev.StepCompleted(step=PAID_IN_COMBAT.format(side=command.side)))
    owed = "; ".join(
        f"{loss.side} loses {loss.amount}{' (an armor unit among them)' if loss.armor_unit else ''}" for loss in losses
    )
    named = f" {command.what}" if command.what else ""
    summary = f"combat #{combat}{named}: {result.column or 'below 1-4'}, roll {result.adjusted} → {result.code}"
    return Decision(Ruling(summary=summary + (f"; {owed}" if owed else ""), steps=steps), events, rolls)


def _supply_cost(
    command: eu.ResolveCombat, overrun_rules: str = "000", sp_model: str = "000", *, artillery_paid: bool = False
) -> tuple[int, list[str]]:
    """B-36, B-37, B-39 [000]: 1/2 SP per paying non-c/m division (per stack), 1 SP if artillery attacks;
    D-96 [001] (overrun_rules=001): an overrun costs 1 SP per attacking division; B-66 [001]
    (sp_model=001): 1 SP per attacking division (``paying_stacks`` counts every division) and 1
    for artillery."""
    if command.overrun and overrun_rules == "001":
        divisions = sum(command.paying_stacks)
        return divisions, ([f"overrun by {divisions} division(s): 1 SP each (D-96 [001])"] if divisions else [])
    if command.overrun:
        divisions = sum(command.paying_stacks)
        cost = supply.overrun_cost(divisions)
        return cost, ([f"overrun by {divisions} non-c/m division(s): {cost} SP"] if divisions else [])
    artillery = any(unit.artillery for unit in command.attackers) and not artillery_paid
    if command.minor_divisions and (sp_model != "001" or command.overrun):
        raise IllegalOrderError("minor_divisions is a 001 attack rate (B-66 [001]); this combat pays the 000 rates")
    if sp_model == "001":
        if command.minor_divisions > sum(command.paying_stacks):
            raise IllegalOrderError(
                f"{command.minor_divisions} minor/security divisions among {sum(command.paying_stacks)} paying (B-66)"
            )
        charged = supply_001.combat_cost(sum(command.paying_stacks), command.minor_divisions, artillery)
        return charged.sp, [step.text for step in charged.steps]
    cost, lines = supply.attack_cost(list(command.paying_stacks))
    if artillery:
        cost += 1
        lines.append("artillery in the combat: 1 SP")
    return cost, lines


def allocate_losses(command: eu.AllocateLosses, ctx: Context[EuropaState]) -> Decision:
    """D-56, D-57 [000]: meet or exceed the loss, with an armor unit where required; C-10: excess RPs."""
    due = [loss for loss in ctx.state.table.losses_due if loss.combat == command.combat and loss.side == command.side]
    if not due:
        open_losses = (
            ", ".join(f"#{loss.combat} {loss.side} {loss.amount}" for loss in ctx.state.table.losses_due) or "none"
        )
        raise IllegalOrderError(f"{command.side} owes no loss from entry #{command.combat}; losses owed: {open_losses}")
    loss = due[0]
    _check_units_in_combat(command, loss)
    counted = sum(unit.counted for unit in command.units)
    if counted < loss.amount:
        raise IllegalOrderError(
            f"{command.side} must lose {loss.amount} from #{command.combat} {loss.what}; "
            f"the units named count {counted} (D-56 [000])"
        )
    first = opt_since(ctx.state, "combat_rules", "000") == "001"
    if loss.armor_unit and first and not command.units[0].armor:
        raise IllegalOrderError(
            f"the first {command.side} unit reduced in combat #{command.combat} must be an armor (AECA) unit, "
            f"not {command.units[0].label}: name it first (D-58 [001])"
        )
    if loss.armor_unit and not any(unit.armor for unit in command.units):
        raise IllegalOrderError(
            f"at least one {command.side} unit reduced in combat #{command.combat} must be an armor (AECA) unit "
            "(D-57 [000])"
        )
    names = ", ".join(f"{unit.label} ({unit.counted})" for unit in command.units)
    steps = [Step(text=f"{names}: {counted} counted against {loss.amount} owed", rule="D-56 [000]")]
    events: list[ev.DomainEvent] = [cb.LossesAllocated(combat=command.combat, side=command.side, allocated=counted)]
    changes = roster_losses(command, ctx.state)
    if changes:
        shown = ", ".join(
            f"{change.unit_id} {'to cadre' if change.status == 'cadre' else 'eliminated'}" for change in changes
        )
        steps.append(Step(text=f"force roster: {shown}", rule="D-56 [000]"))
        events += changes
    summary = f"{command.side} meets its loss of {loss.amount} from combat #{command.combat} with {counted}"
    if command.nation is not None:
        track_of(ctx.state, command.nation)
        output = _excess(command, loss, counted, ctx.state)
        steps += output.steps
        events += pending_credits(ctx, command.nation, output.points, f"excess loss, combat #{command.combat}")
        if output.points:
            summary += "; " + ", ".join(f"{v} {k} RP" for k, v in output.points.items()) + " next game turn"
        lost, lost_steps = _lost_forces(command, ctx)
        steps += lost_steps
        events += [lg.LossesRecorded(nation=command.nation, kind=kind, amount=amount) for kind, amount in lost.items()]
    elif opt_since(ctx.state, "special_losses", "recorded") == "allocated":
        steps.append(
            Step(text="no nation named: these losses are not counted for special replacements", rule="C-40 [000]")
        )
    return Decision(Ruling(summary=summary, steps=steps), events)


def _excess(command: eu.AllocateLosses, loss: LossDue, counted: int, state: EuropaState) -> rp.Output:
    """C-10..C-13 [000], or under excess_recovery=001 C-15..C-18 [001] (factors, or REs with
    rp_counting=res): the RPs the over-fulfilment earns back."""
    if opt_since(state, "excess_recovery", "000") == "001":
        found = [stated(state, "out_of_supply", _plain_label(unit.label)) for unit in command.units]
        marked = [fact for fact in found if fact is not None and fact.value == "yes"]
        return rp.excess_loss_001(
            required=loss.amount,
            removed=counted,
            armor_removed=sum(unit.counted for unit in command.units if unit.armor),
            out_of_supply=command.isolated or loss.isolated or bool(marked),
            counting=opt_since(state, "rp_counting", "factors"),
            why="; ".join(citation(fact) for fact in marked),
        )
    change = sum(unit.counted if unit.change is None else unit.change for unit in command.units)
    return rp.excess_loss_rps(
        required=loss.amount,
        removed=counted,
        change=change,
        armor_loss_required=loss.armor_unit,
        armor_cost=sum(unit.armor_cost for unit in command.units),
        isolated=command.isolated or loss.isolated,
        remainder=opt(state, "armor_rp_remainder"),
    )


def _plain_label(label: str) -> str:
    """The unit as labelled in the combat, without what became of it ('7-6 inf to cadre' → '7-6 inf')."""
    words = label.split()
    cut = words.index("to", 1) if "to" in words[1:] else len(words)
    return " ".join(words[:cut])


def _lost_forces(command: eu.AllocateLosses, ctx: Context[EuropaState]) -> tuple[dict[str, int], list[Step]]:
    """Under the ``special_losses`` option's ``allocated`` reading (campaigns started before it:
    ``recorded``), what the allocation adds to the nation's special-replacement account."""
    if command.nation is None or opt_since(ctx.state, "special_losses", "recorded") != "allocated":
        return {}, []
    types = tuple(track_of(ctx.state, command.nation).points)
    units = [(unit.label, unit.counted if unit.change is None else unit.change, unit.armor) for unit in command.units]
    return rp.losses_for_special(units, types)


def _check_units_in_combat(command: eu.AllocateLosses, loss: LossDue) -> None:
    """D-51, D-56 [000]: a loss is taken from the units that were in the combat: each label names
    one of them, in any case, and may go on to say what became of it ('7-6 inf to cadre'). A
    combat recorded before its units were kept (``units`` empty) cannot be checked."""
    if not loss.units:
        return
    present = [_plain(label) for label in loss.units]
    strangers = [
        unit.label
        for unit in command.units
        if not any(_plain(unit.label) == label or _plain(unit.label).startswith(label + " ") for label in present)
    ]
    if strangers:
        raise IllegalOrderError(
            f"{', '.join(strangers)} {'was' if len(strangers) == 1 else 'were'} not in combat #{loss.combat}"
            f"{' (' + loss.what + ')' if loss.what else ''}; {loss.side} units there: {', '.join(loss.units)} "
            "(D-56 [000])"
        )


def roster_losses(command: eu.AllocateLosses, state: EuropaState) -> list[ev.UnitStatusChanged]:
    """The registered units a loss names, reduced or eliminated in the force roster (issue 28: the
    roster and its counts went on showing them full).

    D-56 [000]: a unit meeting a loss is eliminated, or reduced to its cadre (C-11: ``change``, the
    strength really lost, is then less than what it counts; or its label says so, '10rif to
    cadre'); a cadre that meets a loss again is eliminated. A label names a registered unit of the
    side by its id (its first word) or its name, in any case; labels naming no registered unit
    change nothing (the roster is optional)."""
    roster = next((kept for kept in state.rosters.values() if _plain(kept.side) == _plain(command.side)), None)
    if roster is None:
        return []
    changes: list[ev.UnitStatusChanged] = []
    for lost in command.units:
        words = _plain(lost.label).split()
        unit = next(
            (
                unit
                for unit in roster.units.values()
                if _plain(unit.unit_id) == words[0] or _plain(lost.label).startswith(_plain(unit.name))
            ),
            None,
        )
        if unit is None or unit.status == "eliminated":
            continue
        reduced = (lost.change is not None and lost.change < lost.counted) or "cadre" in words[1:]
        status = "cadre" if reduced and unit.status != "cadre" else "eliminated"
        changes.append(
            ev.UnitStatusChanged(side=roster.side, unit_id=unit.unit_id, status=status, location=unit.location)
        )
    return changes


def _plain(label: str) -> str:
    return " ".join(label.split()).casefold()


COMBAT_HANDLERS: dict[type[Any], Any] = {
    eu.ResolveCombat: resolve_combat,
    eu.AllocateLosses: allocate_losses,
}
