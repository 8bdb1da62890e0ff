"""Europa bombardment handlers: one entry per bombardment or strike, with the roll, the whole
derivation, the SP paid, the loss the defender owes (as a combat loss, so `AllocateLosses`
discharges it) and the hit waiting on the hex for the attack (table markers)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.dice import faces_or_preview
from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.pinned import pinned_chart
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_for
from referee.europa.bombardment import bombardment as bd
from referee.europa.bombardment import commands as bc
from referee.europa.bombardment import events as bb
from referee.europa.bombardment.charts import pinned_bombardment
from referee.europa.bombardment.strike_handlers import STRIKE_HANDLERS, strike_limit
from referee.europa.combat.interface import BUNDLED, CombatCharts, CombatResolved
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt, opt_since, other_side, require_phase
from referee.europa.common.state import EuropaState, LossDue
from referee.europa.logistics.interface import charge

STRONG_001 = ("mountain", "major_city", "fortress")
"""D-86 [001]: forts, mountains and major cities give 1L (once)."""

ARTILLERY_PAID = "artillery_supply_paid:{side}:{hex}"
"""Step mark: the bombardment paid the 1 SP that covers the artillery of the attack on the hex too (B-37, B-38)."""


def hits_waiting(state: EuropaState, hex_name: str) -> list[str]:
    """D-84 [000], D-86 [001]: the sources (air, artillery) of unused hits on a hex that the
    phasing player's attack or overrun this player turn may use."""
    calendar = state.table.calendar
    items = bb.marks(state.table.markers.get(bb.HIT.format(hex=hex_name)))
    return [source for turn, player, source in items if (turn, player) == (calendar.turn, calendar.player)]


def bombardment_support(state: EuropaState, hex_name: str) -> tuple[int, list[Step], list[ev.DomainEvent]]:
    """D-13, D-84 [000] / D-24 [001]: for `ResolveCombat` against ``hex_name``: the hits waiting
    there (its ``bombardment_shifts``), the step saying so, and the event that uses them up (they
    serve the first attack or overrun on the hex)."""
    waiting = hits_waiting(state, hex_name)
    if not waiting:
        return 0, [], []
    step = Step(text=f"bombardment hit(s) waiting on {hex_name}: {', '.join(waiting)}", rule="D-84 [000]")
    return len(waiting), [step], [bb.BombardmentHitsUsed(hex=hex_name)]


def _check_limits(state: EuropaState, command: bc.ResolveBombardment, source: str, rules: str) -> None:
    """D-80 [000]: a hex is bombarded by artillery once per combat phase, all factors combined;
    D-86 [001]: at most twice per hex and game turn, once by air and once by artillery."""
    calendar = state.table.calendar
    fired = bb.marks(state.table.markers.get(bb.BOMBARDED.format(hex=command.hex)))
    if rules == "001" and any(turn == calendar.turn and was == source for turn, _, was in fired):
        raise IllegalOrderError(
            f"{command.hex} was already bombarded by {source} this game turn: at most one air and one artillery "
            "bombardment per hex and turn (D-86 [001])"
        )
    if rules == "000" and source == "artillery" and (calendar.turn, calendar.player, source) in fired:
        raise IllegalOrderError(
            f"{command.hex} was already bombarded by artillery this combat phase: each hex once, with all "
            "factors combined (D-80 [000])"
        )


def _terrain(state: EuropaState, command: bc.ResolveBombardment, rules: str) -> tuple[bool, bool]:
    """(defensive terrain for D-82 [000], fort / mountain / major city for D-86 [001]); D-46 [001]:
    no bombardment against a hex where the combat chart allows no bombardment support (swamp)."""
    chart = pinned_chart(state, "combat", CombatCharts, BUNDLED)
    effect = chart.terrain.get(command.terrain)
    if effect is None:
        raise IllegalOrderError(
            f"no terrain {command.terrain!r} on the combat chart; terrains: {', '.join(chart.terrain)}"
        )
    if rules == "001" and not effect.bombard_support_001:
        raise IllegalOrderError(f"no bombardment against {command.terrain.replace('_', ' ')} (D-46, D-86 [001])")
    defensive = command.fortified or effect.shift > 0 or effect.attack == "half"
    return defensive, command.fortified or command.terrain in STRONG_001


def resolve_bombardment(command: bc.ResolveBombardment, ctx: Context[EuropaState]) -> Decision:
    """D-80..D-84, D-88 [000] or D-86, D-87 [001]: factors, column, shifts, the 2D6, the result;
    1 SP for artillery (B-37, B-38); the loss owed and the hit waiting for the attack."""
    state = ctx.state
    if bool(command.artillery) == bool(command.air):
        raise IllegalOrderError(
            "a bombardment is fired either by artillery (Combat phase, A-14) or by air units (Air phase, A-12)"
        )
    source = "artillery" if command.artillery else "air"
    if source == "artillery":
        require_phase(state, command.side, *ph.ARTILLERY_BOMBARDMENT.args)
    else:
        require_phase(state, command.side, *ph.AIR_STRIKE.args)
        strike_limit(state, len(command.air))
    rules = opt_since(state, "bombardment_rules", "000")
    _check_limits(state, command, source, rules)
    defensive, strong = _terrain(state, command, rules)
    chart = pinned_bombardment(state)
    air_units = opt_since(state, "air_units", "000")
    factors, steps = bd.total_factors(command.artillery, command.air, air_units=air_units, mission="tactical")
    target = bd.Target(
        res=Fraction(str(command.target_res)),
        defensive_terrain=defensive,
        strong_terrain=strong,
        night=command.night,
        all_night_bombers=all(bomber.night_bomber for bomber in command.air),
    )
    shift, shift_steps = bd.shifts(target, rules, by_air=source == "air")
    steps += shift_steps
    named = command.what or command.hex
    faces = faces_or_preview(
        command.faces,
        dice="2D6",
        head=f"bombardment of {named}: {show(factors)} factors, shift {shift:+d}",
        steps=steps,
    )
    paid, paid_steps = _artillery_supply(state, command, named) if source == "artillery" else ([], [])
    roll = throw_for(command, ctx, purpose=f"bombardment: {named}", dice="2D6", faces=faces)
    read = bd.read_table(chart, factors, shift, roll["total"])
    steps += read.steps
    defender = other_side(state, command.side)
    effect = bd.unit_effect(read.code, rules, command.side, defender)
    steps += effect.steps
    hit = effect.hit and _hit_counts(state, command, source, rules, steps)
    events = list(paid)
    steps += paid_steps
    calendar = state.table.calendar
    events.append(
        bb.BombardmentResolved(
            hex=command.hex, source=source, code=read.code, turn=calendar.turn, player=command.side, hit=hit
        )
    )
    number = ctx.head + 1
    summary = f"bombardment #{number} {named}: {read.column or 'off the table'}, roll {roll['total']} → {read.code}"
    if effect.loss:
        what = f"bombardment {read.code} {named}"
        loss = LossDue(combat=number, side=defender, amount=effect.loss, what=what, units=list(command.defenders))
        events.append(CombatResolved(combat=number, code=read.code, losses=[loss]))
        chooser = command.side if rules == "001" else defender
        summary += f"; {defender} loses {effect.what} ({chooser} chooses)"
    return Decision(Ruling(summary=summary, steps=steps), events, [roll])


def _artillery_supply(
    state: EuropaState, command: bc.ResolveBombardment, named: str
) -> tuple[list[ev.DomainEvent], list[Step]]:
    """B-37, B-38 [000] (B-66 [001]): 1 SP for the bombardment as a whole, which also covers the
    artillery of the attack on the hex; checked before the dice are thrown."""
    rule = "B-66 [001]" if opt_since(state, "sp_model", "000") == "001" else "B-37, B-38 [000]"
    if command.sp_paid:
        return [], [Step(text="artillery SP for this combat already paid", rule=rule)]
    steps = [Step(text="artillery bombardment: 1 SP for the bombardment as a whole", rule=rule)]
    events = charge(
        state,
        side=command.side,
        cost=1,
        activity="artillery",
        detail=f"bombardment {named}",
        special_ok=True,
        steps=steps,
    )
    return [*events, ev.StepCompleted(step=ARTILLERY_PAID.format(side=command.side, hex=command.hex))], steps


def _hit_counts(state: EuropaState, command: bc.ResolveBombardment, source: str, rules: str, steps: list[Step]) -> bool:
    """D-84 [000], J-04: at most one shift from all prior bombardment (max_bombard_shift=1), or one
    from air and one from artillery (=2); D-24 [001]: a single +1; D-80: a 1R from a bombardment
    declared "bombardment only" is not used."""
    if source == "artillery" and not command.followed_by_attack:
        steps.append(Step(text="declared bombardment only: the hit is not used by any attack", rule="D-80, D-84 [000]"))
        return False
    waiting = hits_waiting(state, command.hex)
    cap = 1 if rules == "001" else int(opt(state, "max_bombard_shift"))
    if len(waiting) >= cap or source in waiting:
        text = f"a hit from {', '.join(waiting)} already waits on {command.hex}: this one is ignored"
        steps.append(Step(text=text, rule="D-24 [001]" if rules == "001" else "D-84 [000], J-04"))
        return False
    steps.append(Step(text=f"hit waits on {command.hex} for the attack", rule="D-84 [000]"))
    return True


BOMBARDMENT_HANDLERS: dict[type[Any], Any] = {
    bc.ResolveBombardment: resolve_bombardment,
    **STRIKE_HANDLERS,
}
"""The bombardment commands' handlers (`BOMBARDMENT_COMMANDS`)."""
