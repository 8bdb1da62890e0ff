"""Europa strategic air strikes, facility repair and an Re paid in RPs: one entry each, with the
roll, the hits read under J-11 and every point taken from a pool, stock or track."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_or_preview
from referee.europa.bombardment import bombardment as bd
from referee.europa.bombardment import commands as bc
from referee.europa.bombardment import events as bb
from referee.europa.bombardment.charts import pinned_bombardment
from referee.europa.combat.interface import LossesAllocated
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, other_side, pool_of, require_phase, track_of
from referee.europa.common.state import EuropaState
from referee.europa.logistics.interface import ReplacementsDebited, ResourcePointsDebited, SupplyDebited


def strike_limit(state: EuropaState, count: int) -> None:
    """L-10 [000]: at most 3 groups of a mission strike (air_units=000; 001 wings are not limited here)."""
    if count > 3 and opt_since(state, "air_units", "000") == "000":
        raise IllegalOrderError(f"{count} air units strike: at most 3 of a mission may (L-10 [000]); enter each apart")


RE_IN_RPS = 2
"""C-19 [000]: infantry RPs that meet a bombardment Re at once."""


def re_paid_in_rps(code: str, rules: str, only_divisions: bool) -> list[Step]:
    """C-19 [000]: with no unit smaller than a division in the hex, the defender may meet an Re
    by paying 2 infantry RPs at once (not a C, and not under 001, where the firing player chooses)."""
    if rules != "000" or not code.startswith("Re"):
        raise IllegalOrderError(f"only a 000 bombardment Re may be met with infantry RPs (C-19 [000]); this is {code}")
    if not only_divisions:
        raise IllegalOrderError(
            "an Re may be paid in RPs only when no unit smaller than a division is in the hex (C-19 [000]); "
            "otherwise lose a regiment, a cadre or 2 battalions (D-83)"
        )
    return [Step(text=f"Re met by paying {RE_IN_RPS} infantry RPs at once", rule="C-19 [000]")]


def resolve_strategic(command: bc.ResolveStrategicBombing, ctx: Context[EuropaState]) -> Decision:
    """D-85 [000] / D-86 [001] hits (J-11 reading); then C-52 / J-37 RPs for factories and supply
    cities, B-55 Resource Points, B-56 SP for marshalling yards, D-85 / L-14 for airfields."""
    state = ctx.state
    require_phase(state, command.side, *ph.STRATEGIC_STRIKE.args)
    strike_limit(state, len(command.air))
    _check_target(command, state)
    rules = opt_since(state, "bombardment_rules", "000")
    chart = pinned_bombardment(state)
    factors, steps = bd.total_factors(
        [], command.air, air_units=opt_since(state, "air_units", "000"), mission="strategic"
    )
    target = bd.Target(night=command.night, all_night_bombers=all(bomber.night_bomber for bomber in command.air))
    shift, shift_steps = bd.shifts(target, rules, by_air=True)
    roll = throw_or_preview(
        command,
        ctx,
        purpose=f"strategic bombing: {command.facility}",
        dice="2D6",
        faces=command.faces,
        head=f"strike on {command.facility}: shift {shift:+d}",
        steps=shift_steps,
    )
    read = bd.read_table(chart, factors, shift, roll["total"])
    hits, hit_step = bd.facility_hits(read.code, rules, opt_since(state, "bombing_result_codes", "contains_c"))
    steps += [*shift_steps, *read.steps, hit_step]
    effect, events = _effect(command, state, hits, steps)
    summary = f"strike on {command.facility}: roll {roll['total']} → {read.code}, {hits} hit(s)"
    return Decision(Ruling(summary=summary + (f"; {effect}" if effect else ""), steps=steps), events, [roll])


def _check_target(command: bc.ResolveStrategicBombing, state: EuropaState) -> None:
    if command.target in ("factory", "supply_city"):
        if command.nation is None:
            raise IllegalOrderError("name the nation whose replacements the factory or city bombing cuts (C-52)")
        track_of(state, command.nation)
    if command.target == "resource_points" and command.location is None:
        raise IllegalOrderError("name the location of the Resource Points bombed (B-55)")


def _effect(
    command: bc.ResolveStrategicBombing, state: EuropaState, hits: int, steps: list[Step]
) -> tuple[str, list[ev.DomainEvent]]:
    enemy = other_side(state, command.side)
    if command.target == "airfield":
        repair, remnants, lines = bd.airfield_effects(hits, command.operable, command.inoperable)
        steps += lines
        facility: list[ev.DomainEvent] = [bb.FacilityHit(facility=command.facility, hits=hits)] if hits else []
        return (f"{repair} to Repair, {remnants} to Remnants" if hits else ""), facility
    if command.target == "marshalling_yard":
        sp, lines = bd.marshalling_yard_loss(hits, command.hit_limit)
        steps += lines
        taken = min(sp, pool_of(state, enemy).stockpile)
        if taken < sp:
            steps.append(Step(text=f"{enemy} holds only {taken} SP", rule="B-56 [000]"))
        events: list[ev.DomainEvent] = [bb.FacilityHit(facility=command.facility, hits=hits)] if hits else []
        if taken:
            events.append(SupplyDebited(side=enemy, amount=taken, reason=f"bombing of {command.facility}"))
        return f"{enemy} loses {taken} SP", events
    if command.target == "resource_points" and command.location is not None:
        lost, line = bd.resource_points_lost(hits)
        steps.append(line)
        held = state.resource_points[enemy].stock.get(command.location, 0) if enemy in state.resource_points else 0
        taken = min(lost, held)
        if taken < lost:
            steps.append(Step(text=f"{enemy} holds no Resource Points in {command.location}", rule="B-55 [000]"))
        reason = f"bombing of {command.facility}"
        debit = ResourcePointsDebited(side=enemy, location=command.location, amount=taken, reason=reason)
        return f"{enemy} loses {taken} Resource Point(s)", [debit] if taken else []
    return _factory(command, state, hits, steps)


def _factory(
    command: bc.ResolveStrategicBombing, state: EuropaState, hits: int, steps: list[Step]
) -> tuple[str, list[ev.DomainEvent]]:
    """C-52, J-37: RPs cut per hit, per 2 or per 3 under factory_bombing; odd hits carried."""
    nation = command.nation or ""
    key = bb.FACTORY_HITS.format(nation=nation)
    carried = int(state.table.markers.get(key, "0"))
    lost, left, lines = bd.factory_loss(hits, carried, opt_since(state, "factory_bombing", "000"))
    steps += lines
    held = track_of(state, nation).points.get(command.rp_type, 0)
    taken = min(lost, held)
    if taken < lost:
        steps.append(Step(text=f"{nation} holds {held} {command.rp_type} RP: {taken} taken", rule="C-52"))
    events: list[ev.DomainEvent] = []
    if taken:
        reason = f"bombing of {command.facility}"
        events.append(ReplacementsDebited(nation=nation, kind=command.rp_type, amount=taken, reason=reason))
    if left != carried:
        events.append(bb.FactoryHitsCarried(nation=nation, hits=left))
    return f"{nation} loses {taken} {command.rp_type} RP", events


def repair_facility(command: bc.RepairFacility, ctx: Context[EuropaState]) -> Decision:
    """D-85 [000]: facilities repair 1 hit per game turn; L-14: an airbase only in supply."""
    markers, turn = ctx.state.table.markers, ctx.state.table.calendar.turn
    hits = int(markers.get(bb.FACILITY_HITS.format(facility=command.facility), "0"))
    if not hits:
        prefix = bb.FACILITY_HITS.format(facility="")
        hit = ", ".join(key[len(prefix) :] for key in markers if key.startswith(prefix)) or "none"
        raise IllegalOrderError(f"{command.facility} has no hits to repair; facilities with hits: {hit}")
    if markers.get(bb.FACILITY_REPAIRED.format(facility=command.facility)) == str(turn):
        raise IllegalOrderError(f"{command.facility} was already repaired this game turn: 1 hit per turn (D-85 [000])")
    if command.airfield and not command.in_supply:
        raise IllegalOrderError(f"{command.facility} is out of supply: an airbase repairs only in supply (L-14 [000])")
    steps = [Step(text=f"{command.facility}: {hits} hit(s) − 1 = {hits - 1}", rule="D-85, L-14 [000]")]
    summary = f"{command.facility} repairs 1 hit ({hits - 1} left)"
    return Decision(Ruling(summary=summary, steps=steps), [bb.FacilityRepaired(facility=command.facility, turn=turn)])


def pay_bombardment_loss(command: bc.PayBombardmentLoss, ctx: Context[EuropaState]) -> Decision:
    """C-19 [000]: an Re met at once with 2 infantry RPs when only divisions are in the hex."""
    state = ctx.state
    due = [loss for loss in state.table.losses_due if loss.combat == command.combat and loss.side == command.side]
    if not due or not due[0].what.startswith("bombardment "):
        raise IllegalOrderError(f"{command.side} owes no bombardment loss from entry #{command.combat} (C-19 [000])")
    loss = due[0]
    steps = re_paid_in_rps(loss.what.split()[1], opt_since(state, "bombardment_rules", "000"), command.only_divisions)
    if ctx.head != command.combat:
        raise IllegalOrderError(
            f"an Re is paid in RPs at once, in the entry right after the bombardment (#{command.combat}); "
            "it must now be met with units (C-19 [000])"
        )
    held = track_of(state, command.nation).points.get("infantry", 0)
    if held < RE_IN_RPS:
        raise IllegalOrderError(f"{command.nation} holds {held} infantry RP; an Re paid in RPs needs {RE_IN_RPS}")
    steps.append(Step(text=f"{command.nation} infantry RP {held} − {RE_IN_RPS} = {held - RE_IN_RPS}"))
    events: list[ev.DomainEvent] = [
        ReplacementsDebited(nation=command.nation, kind="infantry", amount=RE_IN_RPS, reason=loss.what),
        LossesAllocated(combat=command.combat, side=command.side, allocated=loss.amount),
    ]
    summary = f"{command.side} meets the Re of #{command.combat} with {RE_IN_RPS} {command.nation} infantry RPs"
    return Decision(Ruling(summary=summary, steps=steps), events)


STRIKE_HANDLERS: dict[type[Any], Any] = {
    bc.ResolveStrategicBombing: resolve_strategic,
    bc.RepairFacility: repair_facility,
    bc.PayBombardmentLoss: pay_bombardment_loss,
}
