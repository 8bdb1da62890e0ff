"""The Third Reich attrition option as referee commands: the roll, the units removed or saved,
the hexes won (H-10..H-13 [004], A-60).

`ResolveAttrition` is one entry holding the roll, the column and the units each side owes and
the hexes won; `RemoveAttritionLosses` names each side's units (1-3 infantry count half), some
perhaps saved by replacement swaps that are paid in the same entry; `ClaimAttritionHexes`
names the hexes. No phase is left while units or hexes are owed. Isolation attrition (H-40, H-41)
is `isolation_handlers`.
"""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import stated_yes
from referee.common.options import option
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.third_reich.attrition import attrition as at
from referee.third_reich.attrition import attrition_losses as al
from referee.third_reich.attrition import command_phases as ph
from referee.third_reich.attrition import events as cb
from referee.third_reich.attrition.commands import ClaimAttritionHexes, RemoveAttritionLosses, ResolveAttrition
from referee.third_reich.attrition.isolation_handlers import ISOLATION_HANDLERS
from referee.third_reich.common.context import account, economy_of, require_option, require_other_side
from referee.third_reich.common.roster import eliminated_in_roster
from referee.third_reich.common.state import ReichState, UnitLossDue
from referee.third_reich.economy.interface import BrpCharged
from referee.third_reich.land.interface import LandLossesRemoved, minor_allies
from referee.third_reich.wars import interface as wars

CAUSE = "enemy_attrition"
"""G-50 [004]: units removed by attrition, either side's, may be recovered by replacements."""


def attrition_chart_of(state: ReichState) -> at.AttritionChart:
    """The attrition table pinned into the campaign (K-41)."""
    return pinned_chart(state, "attrition", at.AttritionChart, at.BUNDLED)


def resolve_attrition(command: ResolveAttrition, ctx: Context[ReichState]) -> Decision:
    """H-10, H-11 [004], A-60: once a player turn per front under the attrition option, in the
    Combat phase (the attrition phase's place in this sequence), 2D6 on the column of the
    ground combat factors in contact; fewer than 5 factors: no attrition step."""
    state = ctx.state
    economy = require_option(state, command.power, command.front, "attrition", *ph.ATTRITION.args)
    step = f"attrition:{command.power}:{command.front}"
    if step in state.table.calendar.steps_done:
        raise IllegalOrderError(
            f"{command.power} rolled the {command.front} front's attrition this player turn already (A-60 [004])"
        )
    require_other_side(state, economy.side, command.defender)
    wars.require_fight(state, command.power, command.defender, "an attrition step")
    chart = attrition_chart_of(state)
    column = at.column_for(chart, command.factors_in_contact)
    reading = option(state.identity.options, "attrition_column_4", before=at.DEFAULT_READING)
    if command.faces is None:
        raise IllegalOrderError('throw 2D6 at the table and enter the faces (or "digital" for the digital dice)')
    roll = throw_for(
        command, ctx, purpose=f"attrition{': ' + command.what if command.what else ''}", dice="2D6", faces=command.faces
    )
    result = at.attrition_result(chart, column, int(roll["total"]), reading)
    steps = minor_allies(state, command.power, command.front, command.minor_allies, "the attrition step")
    steps += [
        Step(
            text=f"{command.factors_in_contact} ground combat factors in contact: column {column} "
            f"({chart.columns[column - 1]})",
            rule="H-10, K-41 [004]",
        ),
        Step(text=f"2D6 {roll['total']}: {result.code}", rule=f"H-11 [004] (attrition_column_4={reading})"),
        Step(
            text=f"{economy.side} removes {result.attacker_units}, the {command.defender} {result.defender_units}; "
            f"{result.hexes} hex(es) won",
            rule="H-11, H-12 [004]",
        ),
    ]
    combat = ctx.head + 1
    what = f"attrition {command.what or command.front + ' front'}"
    losses = [
        UnitLossDue(combat=combat, side=side, power=power, units=units, cause=CAUSE, what=what, step="attrition")
        for side, power, units in (
            (economy.side, command.power, result.attacker_units),
            (command.defender, command.defender, result.defender_units),
        )
        if units > 0
    ]
    owed = "; ".join(f"{loss.side} removes {loss.units}" for loss in losses) or "no units lost"
    won = f"; {result.hexes} hex(es) won" if result.hexes else ""
    summary = f"{what} #{combat}: column {column}, roll {roll['total']} → {result.code}; {owed}{won}"
    events = [
        cb.AttritionResolved(combat=combat, code=result.code, losses=losses, hexes=result.hexes),
        ev.StepCompleted(step=step),
    ]
    return Decision(Ruling(summary=summary, steps=steps), list(events), [roll])


def remove_attrition_losses(command: RemoveAttritionLosses, ctx: Context[ReichState]) -> Decision:
    """H-11 [004]: the side removes units adjacent to the enemy to the number asked (1-3 infantry
    count half); H-13 [004]: it may save some by swapping in replacements, up to its power's limit
    a player turn, paying the unit's cost above 4 BRPs; G-40 [004]: that cost comes from the
    unit's type and factors, so a swap is priced whether or not a cost is stated (G-50: never an
    airborne unit).

    The command names one power of the side, in play (``power``): every unit removed is recorded
    as that power's loss (``lost_units``, G-50), and the swaps, if any, count against its limit
    and are paid from its BRPs. A side that saves nothing names it all the same (the console
    offers the attacking power, or the defending side's first power in play) and pays nothing;
    the loss owed (``losses_due``) names only the side for a defender, so it cannot supply it."""
    state = ctx.state
    due = next(
        (
            loss
            for loss in state.table.losses_due
            if loss.combat == command.combat and loss.side == command.side and loss.step == "attrition"
        ),
        None,
    )
    if due is None:
        owed = ", ".join(f"#{loss.combat} {loss.side} {loss.units}" for loss in state.table.losses_due)
        raise IllegalOrderError(
            f"{command.side} owes no units from attrition #{command.combat}; owed: {owed or 'none'}"
        )
    economy = account(state, command.power)
    if economy.side != command.side:
        raise IllegalOrderError(f"{command.power} plays for the {economy.side}, not the {command.side}")
    removals = [al.Removal(unit.unit, unit.type, unit.strength) for unit in command.units]
    half_units = option(state.identity.options, "half_unit_infantry", before=al.HALF_UNITS[0])
    counted = al.check_removals(
        removals, due.units, everything_in_contact=command.all_in_contact, half_units=half_units
    )
    saved = [unit for unit in command.units if unit.swapped]
    used = economy.player_turn_counters.get("recoveries", 0)
    limit = economy_of(state).powers[command.power].recovery_limit
    prices = [al.swap_price(unit.unit, unit.type, unit.strength, unit.cost) for unit in saved]
    al.check_swaps(command.power, used, len(saved), limit)
    cost = sum(price.paid for price in prices)
    lost = [unit.unit for unit in command.units if not unit.swapped]
    steps = [
        Step(text=f"{', '.join(unit.unit for unit in command.units)} count {counted} of {due.units}", rule="H-11 [004]")
    ]
    steps += [Step(text=price.derivation, rule="G-40, H-13 [004]") for price in prices]
    events: list[ev.DomainEvent] = [
        LandLossesRemoved(combat=due.combat, side=due.side, power=command.power, units=lost, cause=CAUSE)
    ]
    if saved:
        steps.append(
            Step(
                text=f"saved by replacements: {', '.join(unit.unit for unit in saved)} "
                f"({used + len(saved)} of {limit} this player turn), {cost} BRPs",
                rule="H-13 [004]",
            )
        )
        if cost > economy.total:
            raise IllegalOrderError(f"{command.power} has {economy.total} BRPs; the swaps cost {cost} (H-13 [004])")
        events.append(
            BrpCharged(
                power=command.power,
                amount=cost,
                category="replacement",
                detail=f"attrition swaps for {', '.join(unit.unit for unit in saved)}",
                counters={"player.recoveries": len(saved)},
            )
        )
    if lost:
        steps.append(Step(text=f"{', '.join(lost)} to the force pool", rule="H-11, G-50 [004]"))
    events += eliminated_in_roster(state, command.side, lost)
    summary = f"{command.side} removes {', '.join(lost) or 'nothing'} ({due.what}, #{due.combat})" + (
        f"; saves {', '.join(unit.unit for unit in saved)}" if saved else ""
    )
    return Decision(Ruling(summary=summary, steps=steps), events)


def claim_attrition_hexes(command: ClaimAttritionHexes, ctx: Context[ReichState]) -> Decision:
    """H-12 [004]: the attacker names every hex at once, each next to its ground units; fortified
    hexes, national capitals and amphibious bridgeheads (as the referee stated them) are refused."""
    state = ctx.state
    awarded = state.table.attrition_hexes.get(str(command.combat))
    if awarded is None:
        open_awards = ", ".join(f"#{entry} {hexes}" for entry, hexes in state.table.attrition_hexes.items())
        raise IllegalOrderError(f"attrition #{command.combat} won no hexes to name; open: {open_awards or 'none'}")

    def said(fact: str, hex_name: str) -> bool:
        return stated_yes(state, fact, hex_name)[0]

    named = [
        al.HexWon(
            hex=name,
            adjacent_to_attacker=True,
            fortified=said("fortified", name),
            national_capital=said("capital", name),
            amphibious_bridgehead=said("bridgehead", name),
        )
        for name in command.hexes
    ]
    al.check_hexes_won(named, awarded)
    text = ", ".join(command.hexes) or "none (waived)"
    steps = [Step(text=f"{len(command.hexes)} of {awarded} hex(es) named: {text}", rule="H-12 [004]")]
    return Decision(
        Ruling(summary=f"hexes won by attrition #{command.combat}: {text}", steps=steps),
        [cb.AttritionHexesClaimed(combat=command.combat, hexes=list(command.hexes))],
    )


HANDLERS: dict[type[Any], Any] = {
    ResolveAttrition: resolve_attrition,
    RemoveAttritionLosses: remove_attrition_losses,
    ClaimAttritionHexes: claim_attrition_hexes,
    **ISOLATION_HANDLERS,
}
"""The attrition option's handlers, and isolation attrition's (`isolation_handlers`)."""
