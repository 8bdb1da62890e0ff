"""One pure function per command: current state + command → ruling, events, rolls.

Handlers read the state and the ruleset, never the clock or a random source; every refusal
is a `RulesError` in table language, raised before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.common import events as ev
from referee.common.state import GameState, ReplacementTrack, Unit
from referee import commands as c
from referee.common.calendar import advance, seasonal_weather
from referee.common.decision import Context, Decision
from referee.common.dice import throw
from referee.common.errors import IllegalOrderError
from referee.europa import turns as europa_turns
from referee.europa.combat_handlers import COMBAT_HANDLERS
from referee.europa.context import pool_of, track_of
from referee.europa.replacement_handlers import REPLACEMENT_HANDLERS
from referee.europa.resource_handlers import RESOURCE_HANDLERS
from referee.europa.supply_handlers import SUPPLY_HANDLERS
from referee.isolation_handlers import ISOLATION_HANDLERS
from referee.common.ruling import Ruling, Step
from referee.third_reich import turns as reich_turns
from referee.third_reich.context import account, powers_in_movement_order
from referee.third_reich.handlers import ECONOMY_HANDLERS
from referee.third_reich.warfare_handlers import WARFARE_HANDLERS
from referee.third_reich.year_start import perform as perform_year_start


def _track(state: GameState, nation: str, kind: str) -> ReplacementTrack:
    track = track_of(state, nation)
    if kind not in track.points:
        raise IllegalOrderError(f"{nation} has no {kind!r} replacement points; its types are {', '.join(track.points)}")
    return track


def _refuse_with_losses_owed(state: GameState) -> None:
    """D-56 [000]: a combat's losses are taken before play moves on to the next phase."""
    if state.table.losses_due:
        owed = "; ".join(
            f"#{loss.combat} {loss.what}: {loss.side} still owes a loss of {loss.amount}"
            for loss in state.table.losses_due
        )
        raise IllegalOrderError(f"{owed} — record AllocateLosses before moving on")


def _advance(mode: str) -> Callable[[Any, Context], Decision]:
    def handle(command: Any, ctx: Context) -> Decision:
        current = ctx.state.table.calendar
        _refuse_with_losses_owed(ctx.state)
        position, lines = advance(
            current, mode, ctx.ruleset, ctx.state.identity.players, powers_in_movement_order(ctx.state)
        )
        events: list[ev.DomainEvent] = [ev.CalendarAdvanced(position=position)]
        steps = [Step(text=line, rule=ctx.ruleset.calendar.rule) for line in lines]
        for effects in (europa_turns.advance_effects, reich_turns.advance_effects):
            rule_events, rule_steps = effects(ctx.state, current, position)
            events = rule_events + events
            steps += rule_steps
        if position.turn != current.turn:
            for region, condition in seasonal_weather(position.turn, ctx.ruleset).items():
                if ctx.state.table.weather.get(region) != condition:
                    events.append(ev.WeatherSet(zone=region, condition=condition))
                    steps.append(
                        Step(text=f"weather in {region}: {condition} ({position.label})", rule=ctx.ruleset.weather.rule)
                    )
        return Decision(
            Ruling(
                summary=f"now {position.label}, {(position.player + ' ') if position.player else ''}{position.phase}",
                steps=steps,
            ),
            events,
        )

    return handle


def _set_weather(command: c.SetWeather, ctx: Context) -> Decision:
    zones = ctx.state.identity.weather_zones
    if command.zone not in zones:
        raise IllegalOrderError(f"there is no weather zone {command.zone!r}; zones: {', '.join(zones)}")
    if command.condition not in ctx.ruleset.weather.conditions:
        raise IllegalOrderError(
            f"{command.condition!r} is not a weather condition of {ctx.ruleset.title}; "
            f"use {', '.join(ctx.ruleset.weather.conditions)}"
        )
    if ctx.ruleset.weather.by_season:
        raise IllegalOrderError(
            f"weather in {ctx.ruleset.title} is set by region and season, not by the referee ({ctx.ruleset.weather.rule})"
        )
    before = ctx.state.table.weather.get(command.zone, "unset")
    return Decision(
        Ruling(
            summary=f"weather in zone {command.zone}: {command.condition}",
            steps=[Step(text=f"zone {command.zone}: {before} → {command.condition}", rule=ctx.ruleset.weather.rule)],
        ),
        [ev.WeatherSet(zone=command.zone, condition=command.condition)],
    )


def _set_marker(command: c.SetMarker, ctx: Context) -> Decision:
    return Decision(
        Ruling(summary=f"marker {command.name} = {command.value}"),
        [ev.MarkerSet(name=command.name, value=command.value)],
    )


def _clear_marker(command: c.ClearMarker, ctx: Context) -> Decision:
    if command.name not in ctx.state.table.markers:
        raise IllegalOrderError(f"there is no marker {command.name!r} to clear")
    return Decision(Ruling(summary=f"marker {command.name} removed"), [ev.MarkerCleared(name=command.name)])


def _credit_supply(command: c.CreditSupplyPoints, ctx: Context) -> Decision:
    pool = pool_of(ctx.state, command.side)
    after = pool.stockpile + command.amount
    return Decision(
        Ruling(
            summary=f"{command.side} SP pool {pool.stockpile} → {after}",
            steps=[Step(text=f"{pool.stockpile} + {command.amount} ({command.reason}) = {after}", rule="B-01 [000]")],
        ),
        [ev.SupplyCredited(side=command.side, amount=command.amount, reason=command.reason)],
    )


def _debit_supply(command: c.DebitSupplyPoints, ctx: Context) -> Decision:
    pool = pool_of(ctx.state, command.side)
    if command.amount > pool.stockpile:
        raise IllegalOrderError(
            f"{command.side} SP pool holds {pool.stockpile}; {command.reason} costs {command.amount}"
        )
    after = pool.stockpile - command.amount
    return Decision(
        Ruling(
            summary=f"{command.side} SP pool {pool.stockpile} → {after}",
            steps=[Step(text=f"{pool.stockpile} − {command.amount} ({command.reason}) = {after}", rule="B-01 [000]")],
        ),
        [ev.SupplyDebited(side=command.side, amount=command.amount, reason=command.reason)],
    )


def _credit_rp(command: c.CreditReplacementPoints, ctx: Context) -> Decision:
    track = _track(ctx.state, command.nation, command.type)
    held = track.points[command.type]
    return Decision(
        Ruling(
            summary=f"{command.nation} {command.type} RP {held} → {held + command.amount}",
            steps=[
                Step(text=f"{held} + {command.amount} ({command.reason}) = {held + command.amount}", rule="C-01 [000]")
            ],
        ),
        [
            ev.ReplacementsCredited(
                nation=command.nation, kind=command.type, amount=command.amount, reason=command.reason
            )
        ],
    )


def _debit_rp(command: c.DebitReplacementPoints, ctx: Context) -> Decision:
    track = _track(ctx.state, command.nation, command.type)
    held = track.points[command.type]
    if command.amount > held:
        raise IllegalOrderError(
            f"{command.nation} holds {held} {command.type} RP; {command.reason} needs {command.amount}"
        )
    return Decision(
        Ruling(
            summary=f"{command.nation} {command.type} RP {held} → {held - command.amount}",
            steps=[
                Step(text=f"{held} − {command.amount} ({command.reason}) = {held - command.amount}", rule="C-01 [000]")
            ],
        ),
        [
            ev.ReplacementsDebited(
                nation=command.nation, kind=command.type, amount=command.amount, reason=command.reason
            )
        ],
    )


def _year_start_step(power: str, category: str, ctx: Context) -> list[ev.DomainEvent]:
    """BRP changes in the year-start category happen only in the Year Start phase (A-53 [004])."""
    if category != "year_start":
        return []
    phase = ctx.state.table.calendar.phase
    if phase != "Year Start":
        raise IllegalOrderError(
            f"year-start BRP changes belong to the Year Start phase (A-53 [004]); it is now {phase}"
        )
    return [ev.StepCompleted(step=f"year_start:{power}")]


def _brp_decision(command: Any, ctx: Context, event: ev.DomainEvent, figure: str, before: int, change: int) -> Decision:
    """Ruling for a BRP change: one derivation line, plus the year-start step when it is one."""
    after = before + change
    sign = "+" if change >= 0 else "−"
    return Decision(
        Ruling(
            summary=f"{command.power} BRP {figure} {before} → {after}",
            steps=[
                Step(
                    text=f"{before} {sign} {abs(change)} ({command.category}: {command.reason}) = {after}",
                    rule="G [004]",
                )
            ],
        ),
        [event, *_year_start_step(command.power, command.category, ctx)],
    )


def _grant_brp(command: c.GrantBrp, ctx: Context) -> Decision:
    economy = account(ctx.state, command.power)
    event = ev.BrpGranted(power=command.power, amount=command.amount, category=command.category, reason=command.reason)
    return _brp_decision(command, ctx, event, "total", economy.total, command.amount)


def _spend_brp(command: c.SpendBrp, ctx: Context) -> Decision:
    economy = account(ctx.state, command.power)
    if command.amount > economy.total:
        raise IllegalOrderError(f"{command.power} has {economy.total} BRPs; {command.reason} costs {command.amount}")
    event = ev.BrpSpent(power=command.power, amount=command.amount, category=command.category, reason=command.reason)
    return _brp_decision(command, ctx, event, "total", economy.total, -command.amount)


def _adjust_base(command: c.AdjustBrpBase, ctx: Context) -> Decision:
    economy = account(ctx.state, command.power)
    if economy.base + command.change < 0:
        raise IllegalOrderError(
            f"{command.power} BRP base is {economy.base}; a change of {command.change} would make it negative"
        )
    event = ev.BrpBaseAdjusted(
        power=command.power, change=command.change, category=command.category, reason=command.reason
    )
    return _brp_decision(command, ctx, event, "base", economy.base, command.change)


def _record_roll(command: c.RecordRoll, ctx: Context) -> Decision:
    if command.dice not in ctx.ruleset.dice:
        raise IllegalOrderError(f"{ctx.ruleset.title} rolls {', '.join(ctx.ruleset.dice)}; not {command.dice}")
    roll = throw(
        ctx.roller,
        purpose=command.purpose,
        dice=command.dice,
        faces=command.faces,
        rolled_by=command.rolled_by,
        witnesses=list(command.witnesses),
    )
    faces = " + ".join(str(face) for face in roll["faces"])
    how = (
        f"rolled digitally (period {roll['period']}, roll {roll['n']})"
        if roll["method"] == "digital"
        else f"thrown at the table by {command.rolled_by}"
    )
    return Decision(
        Ruling(
            summary=f"{command.dice} for {command.purpose}: {roll['total']}",
            steps=[Step(text=f"{how}: {faces} = {roll['total']}")],
        ),
        [],
        [roll],
    )


def _annotate(command: c.Annotate, ctx: Context) -> Decision:
    if command.entry > ctx.head:
        raise IllegalOrderError(f"there is no entry #{command.entry}; the record runs #1 to #{ctx.head}")
    flag = " (disputed)" if command.disputed else ""
    return Decision(
        Ruling(summary=f"note on #{command.entry}{flag}: {command.text}"),
        [ev.EntryAnnotated(target=command.entry, text=command.text, disputed=command.disputed)],
    )


def _register_unit(command: c.RegisterUnit, ctx: Context) -> Decision:
    if command.side not in ctx.state.rosters:
        raise IllegalOrderError(f"there is no side {command.side!r}; sides: {', '.join(ctx.state.rosters)}")
    for roster in ctx.state.rosters.values():
        if command.unit_id in roster.units:
            raise IllegalOrderError(f"unit id {command.unit_id!r} is already registered ({roster.side})")
    unit = Unit(**command.model_dump(exclude={"kind", "actor", "on_behalf_of", "side"}))
    return Decision(
        Ruling(summary=f"{command.side} registers {command.name} ({command.unit_id})"),
        [ev.UnitRegistered(side=command.side, unit=unit)],
    )


def _set_unit_status(command: c.SetUnitStatus, ctx: Context) -> Decision:
    roster = ctx.state.rosters.get(command.side)
    if roster is None or command.unit_id not in roster.units:
        raise IllegalOrderError(f"{command.side} has no unit {command.unit_id!r}")
    unit = roster.units[command.unit_id]
    location = unit.location if command.location is None else command.location
    return Decision(
        Ruling(
            summary=f"{unit.name}: {unit.status} → {command.status}",
            steps=[Step(text=f"location {unit.location or '—'} → {location or '—'}")],
        ),
        [ev.UnitStatusChanged(side=command.side, unit_id=command.unit_id, status=command.status, location=location)],
    )


HANDLERS: dict[type[Any], Callable[[Any, Context], Decision]] = {
    **SUPPLY_HANDLERS,
    **RESOURCE_HANDLERS,
    **REPLACEMENT_HANDLERS,
    **ECONOMY_HANDLERS,
    **COMBAT_HANDLERS,
    **ISOLATION_HANDLERS,
    **WARFARE_HANDLERS,
    c.AdvancePhase: _advance("phase"),
    c.AdvancePlayerTurn: _advance("player"),
    c.AdvanceGameTurn: _advance("turn"),
    c.SetWeather: _set_weather,
    c.SetMarker: _set_marker,
    c.ClearMarker: _clear_marker,
    c.CreditSupplyPoints: _credit_supply,
    c.DebitSupplyPoints: _debit_supply,
    c.CreditReplacementPoints: _credit_rp,
    c.DebitReplacementPoints: _debit_rp,
    c.GrantBrp: _grant_brp,
    c.SpendBrp: _spend_brp,
    c.AdjustBrpBase: _adjust_base,
    c.RecordRoll: _record_roll,
    c.Annotate: _annotate,
    c.RegisterUnit: _register_unit,
    c.SetUnitStatus: _set_unit_status,
    c.tr.PerformYearStart: perform_year_start,
}
