"""Europa combat: resolve an attack with the table's dice.

`ResolveCombat` is one entry holding the roll, the whole derivation, the SP paid and the loss
each side now owes (DESIGN "Data flow, one combat"). `AllocateLosses` then discharges a side's
loss (`referee.europa.combat.loss_handlers`).
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.dice import faces_or_preview
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.europa.bombardment.interface import ARTILLERY_PAID, bombardment_support
from referee.europa.combat import assess
from referee.europa.combat import battle as cm
from referee.europa.combat import commands as eu
from referee.europa.combat import events as cb
from referee.europa.combat.charts import BUNDLED, CombatCharts
from referee.europa.combat.inputs import rule_d_chance, thrown_d10, winterization_of, with_inputs
from referee.europa.combat.loss_handlers import losses_owed
from referee.europa.combat.result import resolve
from referee.europa.common import command_phases as ph
from referee.europa.common.context import (
    logistics_of,
    opt,
    opt_since,
    other_side,
    require_phase,
    require_readings_of_its_ruleset,
    zone_weather,
)
from referee.europa.common.data import FactorLimit
from referee.europa.common.state import EuropaState
from referee.europa.logistics.interface import (
    PAID_IN_COMBAT,
    attack_cost,
    charge,
    combat_cost_001,
    overrun_cost,
    paid_twice,
)


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
    return battle, with_inputs(command, state, assess.assess(battle, charts, options), options), charts


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
    roll = throw_for(
        command, ctx, purpose=f"combat{': ' + command.what if command.what else ''}", dice="2D6", faces=faces
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
        cost = overrun_cost(divisions)
        return cost, ([f"overrun by {divisions} non-c/m division(s): {cost} SP"] if divisions else [])
    artillery = any(unit.artillery for unit in command.attackers) and not artillery_paid
    if command.minor_divisions and (sp_model != "001" or command.overrun):
        raise IllegalOrderError("minor_divisions is a 001 attack rate (B-66 [001]); this combat pays the 000 rates")
    if sp_model == "001":
        if command.minor_divisions > sum(command.paying_stacks):
            raise IllegalOrderError(
                f"{command.minor_divisions} minor/security divisions among {sum(command.paying_stacks)} paying (B-66)"
            )
        charged = combat_cost_001(sum(command.paying_stacks), command.minor_divisions, artillery)
        return charged.sp, [step.text for step in charged.steps]
    cost, lines = attack_cost(list(command.paying_stacks))
    if artillery:
        cost += 1
        lines.append("artillery in the combat: 1 SP")
    return cost, lines


COMBAT_HANDLERS: dict[type[Any], Any] = {eu.ResolveCombat: resolve_combat}
