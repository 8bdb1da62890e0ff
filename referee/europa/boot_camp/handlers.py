"""Handlers of the Europa Boot Camp commands (seed 002): combat on the 1D6 CRT with its losses
owed (discharged by `AllocateLosses`), stacks stated for E-28 / E-29, the provisional
replacements (C-65, K-20), and rulings on retreat and supply read from stated facts (K-12)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.numbers import show
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_or_preview
from referee.europa.boot_camp import combat as bc
from referee.europa.boot_camp import commands as cmd
from referee.europa.boot_camp import events as bce
from referee.europa.boot_camp import map_rules as bm
from referee.europa.boot_camp import supply as boot_camp_supply
from referee.europa.boot_camp.charts import BootCampChart, pinned_boot_camp
from referee.europa.boot_camp.result import resolve
from referee.europa.boot_camp.rulings import check_retreat, require_boot_camp, trace_supply
from referee.europa.combat.interface import CombatResolved, losses_owed
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, other_side, require_phase, track_of, zone_weather
from referee.europa.common.state import EuropaState
from referee.europa.logistics.interface import RegularReplacementsReceived, ReplacementsCredited
from referee.europa.second_front.interface import (
    attack_halved_out_of_supply,
    coalition_drm,
    fortification_effects,
    pinned_fortifications,
    placed_rows,
    weather_attack_drm,
    winter_aeca,
)


def _terrain(state: EuropaState, command: cmd.ResolveBootCampCombat, steps: list[Step]) -> str:
    """The terrain as given, else as stated for the hex (cited), else clear."""
    if command.terrain is not None:
        return command.terrain
    found = stated(state, "terrain", command.hex) if command.hex else None
    if found is None:
        return "clear"
    steps.append(Step(text=f"terrain: {citation(found)}", rule="K-12"))
    return found.value


def _first_turn(unit: cmd.BootCampUnit, state: EuropaState, attacker: bool, steps: list[Step]) -> str:
    """F-26 [003] under option second_front_modifiers=playtest: an attacker in its first turn out of
    supply and not isolated attacks unhalved; anywhere else the unit is simply unsupplied."""
    if unit.supply != "unsupplied_first_turn":
        return unit.supply
    if attacker and opt_since(state, "second_front_modifiers", "off") == "playtest":
        halved, step = attack_halved_out_of_supply(1, isolated=False)
        steps.append(Step(text=f"{unit.label}: {step.text}", rule=step.rule))
        return "unsupplied" if halved else "supplied"
    why = "a defender" if not attacker else "outside Second Front's playtest rules"
    steps.append(Step(text=f"{unit.label}: first turn out of supply, {why}: unsupplied", rule="E-27 [002], F-26 [003]"))
    return "unsupplied"


def _fighter(unit: cmd.BootCampUnit, state: EuropaState, steps: list[Step], *, attacker: bool) -> bc.Fighter:
    """A unit as the combat reads it; its supply as traced in the Initial phase (A-22 [002])."""
    supply = boot_camp_supply.supply_of(state, unit.label, _first_turn(unit, state, attacker, steps), steps)
    return bc.Fighter(
        label=unit.label,
        strength=unit.strength,
        divisional=unit.divisional,
        cm=unit.cm,
        supported=unit.supported,
        supply=supply,
        type=unit.type,
        hexside=unit.hexside,
        hex=unit.hex or "",
        retreated_here=unit.retreated_here,
    )


def _charted_fortifications(
    state: EuropaState, command: cmd.ResolveBootCampCombat, steps: list[Step]
) -> tuple[bc.Fortification, ...]:
    """F-20, D-47 [003]: the fortifications named, and the one placed in the defender's hex
    (`PlaceFortification`), read on the campaign's pinned fortification chart."""
    names = list(command.fortifications)
    for placed in placed_rows(state, command.hex) if command.hex else []:
        if placed not in names:
            names.append(placed)
            steps.append(Step(text=f"{command.hex} holds: {placed.replace('_', ' ')} (placed)", rule="F-20 [003]"))
    if not names:
        return ()
    effect = fortification_effects(names, pinned_fortifications(state))
    steps.extend(effect.steps)
    return (
        bc.Fortification(
            effect.drm, effect.no_aec, effect.attacker_halved, effect.halved_exempt, " + ".join(effect.rows)
        ),
    )


def _playtest_modifiers(
    state: EuropaState, command: cmd.ResolveBootCampCombat, steps: list[Step]
) -> tuple[bc.Fortification, ...]:
    """F-26 [003] under option second_front_modifiers=playtest: −2 in Mud, −1 in Winter or Snow,
    −1 when American and British units attack together (DRMs of the attack, like a fort's)."""
    if opt_since(state, "second_front_modifiers", "off") != "playtest":
        return ()
    weather = zone_weather(state, command.zone)
    found: list[bc.Fortification] = []
    drm, step = weather_attack_drm(weather)
    steps.append(step)
    _, reduced = winter_aeca("full", weather)
    if reduced is not None:
        text = f"armor effects reduced a step in {weather}; the one-die combat counts no AEC outside Clear and Frost"
        steps.append(Step(text=text, rule="F-26 [003], E-12 [002]"))
    if drm:
        found.append(bc.Fortification(drm, False, False, (), f"{weather} weather (F-26)"))
    coalition, coalition_step = coalition_drm({unit.nation for unit in command.attackers if unit.nation})
    if coalition_step is not None:
        steps.append(coalition_step)
        found.append(bc.Fortification(coalition, False, False, (), "US and UK together (F-26)"))
    return tuple(found)


def battle_of(command: cmd.ResolveBootCampCombat, state: EuropaState, steps: list[Step]) -> bc.Battle:
    """The command as the pure Boot Camp combat reads it, with the weather of the defender's zone."""
    forts = (
        (
            (bc.Fortification(command.fort_drm, command.fort_no_aec, command.fort_attacker_halved),)
            if command.fort_drm or command.fort_no_aec or command.fort_attacker_halved
            else ()
        )
        + _charted_fortifications(state, command, steps)
        + _playtest_modifiers(state, command, steps)
    )
    return bc.Battle(
        attackers=tuple(_fighter(unit, state, steps, attacker=True) for unit in command.attackers),
        defenders=tuple(_fighter(unit, state, steps, attacker=False) for unit in command.defenders),
        terrain=_terrain(state, command, steps),
        weather=zone_weather(state, command.zone),
        offensive_bombers=command.offensive_bombers,
        defensive_bombers=command.defensive_bombers,
        fortifications=forts,
    )


def _once_per_phase(state: EuropaState, command: cmd.ResolveBootCampCombat) -> None:
    """E-06 [002]: no unit attacks or is attacked more than once in a combat phase."""
    calendar = state.table.calendar
    attacked_with, attacked = bce.engaged(state.table.markers.get(bce.ENGAGED), calendar.turn, calendar.player or "")
    again = [unit.label for unit in command.attackers if unit.label.casefold() in attacked_with]
    again += [unit.label for unit in command.defenders if unit.label.casefold() in attacked]
    if again:
        raise IllegalOrderError(
            f"{', '.join(again)} already in a combat this phase: no unit attacks or is attacked more than once "
            "per combat phase (E-06 [002])"
        )


def assess_command(
    command: cmd.ResolveBootCampCombat, state: EuropaState
) -> tuple[bc.Battle, bc.Assessment, BootCampChart]:
    """Everything before the die: used by the handler and by a console form."""
    require_boot_camp(state, "a Boot Camp combat")
    require_phase(state, command.side, *ph.BOOT_CAMP_COMBAT.args)
    _once_per_phase(state, command)
    chart = pinned_boot_camp(state)
    steps: list[Step] = []
    battle = battle_of(command, state, steps)
    assessment = bc.assess(battle, chart)
    return battle, replace(assessment, steps=steps + assessment.steps), chart


def resolve_boot_camp_combat(command: cmd.ResolveBootCampCombat, ctx: Context[EuropaState]) -> Decision:
    """E-01..E-17 [002]: totals, odds, AEC and DRM, the 1D6 and the losses owed on printed strengths."""
    state = ctx.state
    battle, assessment, chart = assess_command(command, state)
    rolls: list[dict[str, Any]] = []
    die: int | None = None
    if assessment.automatic is None:
        odds = f"odds {show(assessment.attack)}:{show(assessment.defence)}"
        head = f"{assessment.column}: {odds}, DRM {assessment.drm:+d}"
        roll = throw_or_preview(
            command,
            ctx,
            purpose=f"Boot Camp combat{': ' + command.what if command.what else ''}",
            dice="1D6",
            faces=command.faces,
            head=head,
            steps=assessment.steps,
        )
        rolls.append(roll)
        die = int(roll["total"])
    outcome = resolve(battle, assessment, chart, die)
    steps = list(outcome.steps)
    if assessment.automatic is not None and command.faces is not None:
        steps.append(Step(text="no die is needed: the result is automatic", rule="E-05, E-17 [002]"))
    combat = ctx.head + 1
    defender = other_side(state, command.side)
    what = f"combat {command.what}".strip()
    losses = losses_owed(
        combat,
        what,
        (command.side, outcome.attacker_loss, False, [unit.label for unit in command.attackers]),
        (defender, outcome.defender_loss, False, [unit.label for unit in command.defenders]),
    )
    calendar = state.table.calendar
    events: list[ev.DomainEvent] = [
        CombatResolved(combat=combat, code=outcome.code, losses=losses),
        bce.UnitsEngaged(
            turn=calendar.turn,
            player=calendar.player or "",
            attackers=[unit.label for unit in command.attackers],
            defenders=[unit.label for unit in command.defenders],
        ),
    ]
    owed = "; ".join(f"{loss.side} loses {loss.amount}" for loss in losses)
    named = f" {command.what}" if command.what else ""
    read = f"{assessment.column}, die {die} → " if die is not None else ""
    summary = f"combat #{combat}{named}: {read}{outcome.code}" + (f"; {owed}" if owed else "")
    return Decision(Ruling(summary=summary, steps=steps), events, rolls)


def _stack_units(units: list[bce.StackEntry]) -> list[bm.Stacked]:
    return [bm.Stacked(u.label, u.divisional, u.artillery, u.artillery_division) for u in units]


def record_stack(command: cmd.RecordStack, ctx: Context[EuropaState]) -> Decision:
    """E-28 [002]: a stack stated for the record and checked against the limit (an overstack is
    recorded; leaving the phase with it is refused, E-29)."""
    require_boot_camp(ctx.state, "stating a stack")
    if command.side not in ctx.state.identity.sides:
        raise IllegalOrderError(f"there is no side {command.side!r}; sides: {', '.join(ctx.state.identity.sides)}")
    entries = [bce.StackEntry(**unit.model_dump()) for unit in command.units]
    if not entries:
        summary, steps = f"{command.side} {command.hex}: no units", []
    else:
        check = bm.stacking(_stack_units(entries))
        steps = check.steps
        state = "over the stacking limit" if check.over else "within the stacking limit"
        summary = f"{command.side} {command.hex}: {len(entries)} units, {state}"
        if check.over:
            steps.append(Step(text="only the Initial phase may end overstacked", rule="E-29 [002]"))
    event = bce.StackRecorded(side=command.side, hex=command.hex, units=entries)
    return Decision(Ruling(summary=summary, steps=steps), [event])


def overstacked(state: EuropaState) -> list[str]:
    """The hexes whose stated stack is over the E-28 limit, as ``<hex> (<side>)``."""
    found = []
    for key, value in state.table.markers.items():
        if key.startswith("stack:"):
            _, side, hex_ = key.split(":", 2)
            if bm.stacking(_stack_units(bce.stack_entries(value))).over:
                found.append(f"{hex_} ({side})")
    return sorted(found)


def refuse_overstacked_at_phase_end(state: EuropaState) -> None:
    """E-28, E-29 [002]: no phase but the Initial phase ends with a stated stack over the limit."""
    if opt_since(state, "combat_system", "revised") != "boot_camp":
        return
    if not bm.limit_at_phase_end(state.table.calendar.phase):
        return
    over = overstacked(state)
    if over:
        raise IllegalOrderError(
            f"{', '.join(over)}: over the stacking limit of 6 units (3 divisional) plus 2 artillery, 8 at most "
            "(E-28 [002]); only the Initial phase may end overstacked (E-29): record the stack again with "
            "RecordStack once units have left"
        )


def receive_replacements(command: cmd.ReceiveBootCampReplacements, ctx: Context[EuropaState]) -> Decision:
    """C-65, A-21 [002]: the phasing nation's replacements in the Initial phase, once a turn; the
    amounts are the scenario's (the text gives none, K-20: provisional)."""
    state = ctx.state
    require_boot_camp(state, "Boot Camp replacements")
    track = track_of(state, command.nation)
    require_phase(state, track.side, *ph.BOOT_CAMP_REPLACEMENTS.args)
    calendar = state.table.calendar
    if track.received_turn == calendar.turn:
        raise IllegalOrderError(f"{command.nation} already received its replacements in {calendar.label} (C-65)")
    table = state.identity.tables.get("boot_camp") or {}
    amounts: dict[str, int] = (table.get("replacements_per_turn") or {}).get(command.nation, {})
    source = table.get("source") or "the scenario"
    steps = [Step(text=f"replacements per turn from {source} (the text gives none)", rule="C-65 [002], K-20")]
    steps += [Step(text=f"{command.nation}: +{n} {kind} RP", rule="C-65 [002]") for kind, n in amounts.items() if n]
    events: list[ev.DomainEvent] = [
        ReplacementsCredited(nation=command.nation, kind=kind, amount=n, reason=f"replacements {calendar.label}")
        for kind, n in amounts.items()
        if n > 0
    ]
    events.append(RegularReplacementsReceived(nation=command.nation, turn=calendar.turn))
    got = ", ".join(f"{n} {kind}" for kind, n in amounts.items() if n) or "nothing"
    return Decision(Ruling(summary=f"{command.nation} replacements: {got}", steps=steps), events)


BOOT_CAMP_HANDLERS: dict[type[Any], Any] = {
    cmd.ResolveBootCampCombat: resolve_boot_camp_combat,
    cmd.RecordStack: record_stack,
    cmd.ReceiveBootCampReplacements: receive_replacements,
    cmd.CheckBootCampRetreat: check_retreat,
    cmd.TraceBootCampSupply: trace_supply,
}
