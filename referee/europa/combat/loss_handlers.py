"""Losses owed and their allocation (D-56, D-57 [000]; C-10..C-18, C-40): what each side owes after a
combat, bombardment or isolation attrition, and `AllocateLosses`, which names the units that meet
a loss, discharges it, credits any excess-loss RPs in the same entry and reduces or eliminates the
registered units in the force roster. A phase cannot be left while a loss is still owed
(`refuse_with_losses_owed`, read by `referee.europa.game.before_leaving`)."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.ruling import Ruling, Step
from referee.europa.combat import commands as eu
from referee.europa.combat import events as cb
from referee.europa.common.context import (
    opt,
    opt_since,
    track_of,
)
from referee.europa.common.state import EuropaState, LossDue
from referee.europa.logistics.interface import (
    LossesRecorded,
    Output,
    excess_loss_001,
    excess_loss_rps,
    losses_for_special,
    pending_credits,
)


def losses_owed(combat: int, what: str, *owing: tuple[str, int, bool, list[str]]) -> list[LossDue]:
    """D-51, D-56 [000], E-15 [002]: the loss each side of a combat owes (side, amount, whether an
    armor unit must be among the units given up, the units that were in it); none for 0."""
    return [
        LossDue(combat=combat, side=side, amount=amount, armor_unit=armor, what=what, units=units)
        for side, amount, armor, units in owing
        if amount > 0
    ]


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
        events += [LossesRecorded(nation=command.nation, kind=kind, amount=amount) for kind, amount in lost.items()]
    elif opt_since(ctx.state, "special_losses", "recorded") == "allocated":
        steps.append(
            Step(text="no nation named: these losses are not counted for special replacements", rule="C-40 [000]")
        )
    return Decision(Ruling(summary=summary, steps=steps), events)


def _excess(command: eu.AllocateLosses, loss: LossDue, counted: int, state: EuropaState) -> Output:
    """C-10..C-13 [000], or under excess_recovery=001 C-15..C-18 [001] (factors, or REs with
    rp_counting=res): the RPs the over-fulfilment earns back."""
    if opt_since(state, "excess_recovery", "000") == "001":
        found = [stated(state, "out_of_supply", _plain_label(unit.label)) for unit in command.units]
        marked = [fact for fact in found if fact is not None and fact.value == "yes"]
        return excess_loss_001(
            required=loss.amount,
            removed=counted,
            armor_removed=sum(unit.counted for unit in command.units if unit.armor),
            out_of_supply=command.isolated or loss.isolated or bool(marked),
            counting=opt_since(state, "rp_counting", "factors"),
            why="; ".join(citation(fact) for fact in marked),
        )
    change = sum(unit.counted if unit.change is None else unit.change for unit in command.units)
    return excess_loss_rps(
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
    return losses_for_special(units, types)


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


def refuse_with_losses_owed(state: EuropaState) -> None:
    """D-56 [000]: a combat's losses are taken before play moves on to the next phase."""
    if state.table.losses_due:
        owed = "; ".join(
            f"#{loss.combat} {loss.what}: {loss.side} still owes a loss of {loss.amount}"
            for loss in state.table.losses_due
        )
        raise IllegalOrderError(f"{owed} — record AllocateLosses before moving on")


LOSS_HANDLERS: dict[type[Any], Any] = {eu.AllocateLosses: allocate_losses}
