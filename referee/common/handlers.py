"""The handlers every game shares: one pure function per command, state + command → ruling, events, rolls.

Handlers read the state and the ruleset, never the clock or a random source; every refusal is a
`RulesError` in table language, raised before anything is written. Where the game's rules take
part (what happens when the calendar moves, what must be settled first), they ask the game
(`Context.game`).
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from typing import Any

from referee.common import commands as c
from referee.common import events as ev
from referee.common.calendar import advance, seasonal_weather
from referee.common.decision import Context, Decision
from referee.common.dice import throw
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.people import REFEREE
from referee.common.ruling import Ruling, Step
from referee.common.sealing_handlers import SEALING_HANDLERS
from referee.common.state import BaseState, Unit


def _advance(mode: str) -> Callable[[Any, Context[BaseState]], Decision]:
    def handle(command: Any, ctx: Context[BaseState]) -> Decision:
        current = ctx.state.table.calendar
        ctx.game.before_leaving(ctx.state)
        position, lines = advance(
            current, mode, ctx.ruleset, ctx.state.identity.players, ctx.game.movement_order(ctx.state)
        )
        events: list[ev.DomainEvent] = [ev.CalendarAdvanced(position=position)]
        steps = [Step(text=line, rule=ctx.ruleset.calendar.rule) for line in lines]
        rule_events, rule_steps = ctx.game.advance_effects(ctx.state, current, position)
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


def _set_weather(command: c.SetWeather, ctx: Context[BaseState]) -> Decision:
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
            f"weather in {ctx.ruleset.title} is set by region and season, not by the referee "
            f"({ctx.ruleset.weather.rule})"
        )
    calendar = ctx.state.table.calendar
    if ctx.ruleset.weather.once_per_turn and ctx.state.table.weather_turns.get(command.zone) == calendar.turn:
        raise IllegalOrderError(
            f"the weather in zone {command.zone} is already set for {calendar.label} "
            f"({ctx.state.table.weather.get(command.zone)}): one weather per zone and game turn "
            f"({ctx.ruleset.weather.rule}); to correct it, roll back to the entry before it"
        )
    before = ctx.state.table.weather.get(command.zone, "unset")
    return Decision(
        Ruling(
            summary=f"weather in zone {command.zone}: {command.condition}",
            steps=[Step(text=f"zone {command.zone}: {before} → {command.condition}", rule=ctx.ruleset.weather.rule)],
        ),
        [ev.WeatherSet(zone=command.zone, condition=command.condition)],
    )


def _set_marker(command: c.SetMarker, ctx: Context[BaseState]) -> Decision:
    return Decision(
        Ruling(summary=f"marker {command.name} = {command.value}"),
        [ev.MarkerSet(name=command.name, value=command.value)],
    )


def _clear_marker(command: c.ClearMarker, ctx: Context[BaseState]) -> Decision:
    if command.name not in ctx.state.table.markers:
        raise IllegalOrderError(f"there is no marker {command.name!r} to clear")
    return Decision(Ruling(summary=f"marker {command.name} removed"), [ev.MarkerCleared(name=command.name)])


def _record_roll(command: c.RecordRoll, ctx: Context[BaseState]) -> Decision:
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


def _annotate(command: c.Annotate, ctx: Context[BaseState]) -> Decision:
    if command.entry > ctx.head:
        raise IllegalOrderError(f"there is no entry #{command.entry}; the record runs #1 to #{ctx.head}")
    if command.raised_by is not None:
        _check_raised_by(command, ctx.state.chain.people)
    flag = " (disputed)" if command.disputed else ""
    if command.raised_by is not None:  # only then: a dispute of an earlier release re-decides to its own summary
        flag = f" (disputed, raised by {command.raised_by})"
    return Decision(
        Ruling(summary=f"note on #{command.entry}{flag}: {command.text}"),
        [ev.EntryAnnotated(target=command.entry, text=command.text, disputed=command.disputed)],
    )


def _check_raised_by(command: c.Annotate, people: dict[str, str]) -> None:
    """A dispute is raised by a player at the table: once players are seated, a seated one (or the
    referee), spelled as seated; a plain note is raised by nobody."""
    name = str(command.raised_by)
    if not command.disputed:
        raise IllegalOrderError("raised_by names who raised a dispute: flag the note disputed, or leave raised_by out")
    if not people or name in people or name == REFEREE:
        return
    known = [REFEREE, *people]
    same = [seated for seated in known if seated.casefold() == " ".join(name.split()).casefold()]
    close = same or get_close_matches(name, known, n=1, cutoff=0.6)
    seats = ", ".join(f"{seated} ({side})" for seated, side in people.items())
    raise IllegalOrderError(
        f"raised_by: {name!r} is not seated at this table"
        + (f" (did you mean {close[0]}?)" if close else "")
        + f"; seated: {seats}, and the referee; seat a new player with SeatPlayer"
    )


def _settle_dispute(command: c.SettleDispute, ctx: Context[BaseState]) -> Decision:
    """A ruling names the dispute it settles (the entry disputed and the note that raised it).

    The state holds the open disputes only (a ruling removes its own), so a second ruling on the
    same dispute is refused like a dispute never raised; the entry's notes show the first ruling.
    """
    open_disputes = ctx.state.chain.disputes
    if [command.dispute, command.entry] not in open_disputes:
        open_on_entry = [raised for raised, target in open_disputes if target == command.entry]
        where = (
            f"its open disputes were raised in {', '.join(f'#{raised}' for raised in open_on_entry)}"
            if open_on_entry
            else "it has no open dispute (a settled dispute shows its ruling among the entry's notes)"
        )
        refused = f"entry #{command.dispute} raised no open dispute about entry #{command.entry}"
        raise IllegalOrderError(f"{refused}; {where}")
    return Decision(
        Ruling(
            summary=f"ruling on #{command.entry} (dispute raised in #{command.dispute}): {command.ruling}",
            steps=[Step(text="the dispute is closed; the disputed entry and the dispute stay in the record")],
        ),
        [ev.DisputeSettled(target=command.entry, dispute=command.dispute, ruling=command.ruling)],
    )


def _seat_player(command: c.SeatPlayer, ctx: Context[BaseState]) -> Decision:
    """A person and the side they play (record keeping; see `referee.common.people`)."""
    people, sides = ctx.state.chain.people, ctx.state.identity.seats
    if command.side not in sides:
        raise IllegalOrderError(f"there is no side {command.side!r} in this campaign; sides: {', '.join(sides)}")
    name = " ".join(command.name.split())
    if name.casefold() == REFEREE.casefold():
        raise IllegalOrderError("the referee is always at the table; seat the players")
    same = [seated for seated in people if seated.casefold() == name.casefold()]
    if same and same[0] != name:
        raise IllegalOrderError(f"{same[0]} is seated already ({people[same[0]]}); names are one person in any case")
    if people.get(name) == command.side:
        raise IllegalOrderError(f"{name} is seated for {command.side} already")
    before = f" (was {people[name]})" if name in people else ""
    return Decision(
        Ruling(summary=f"{name} plays {command.side}{before}"),
        [ev.PlayerSeated(name=name, side=command.side)],
    )


def _register_unit(command: c.RegisterUnit, ctx: Context[BaseState]) -> Decision:
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


def _set_unit_status(command: c.SetUnitStatus, ctx: Context[BaseState]) -> Decision:
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


def _state_fact(command: c.StateFact, ctx: Context[BaseState]) -> Decision:
    kind = ctx.game.fact(command.fact)
    if kind is None:
        known = ", ".join(f.name for f in ctx.game.facts) or "none"
        raise IllegalOrderError(f"{ctx.game.title} reads no fact {command.fact!r} off the map; its facts: {known}")
    value = kind.check(command.value)
    before = stated(ctx.state, kind.name, command.subject)
    steps = [Step(text=f"{kind.description}; read by {kind.rules}")]
    if before is not None:
        steps.append(Step(text=f"replaces: {citation(before)}"))
    return Decision(
        Ruling(summary=f"stated: {kind.name} of {command.subject} = {value}", steps=steps),
        [ev.FactStated(fact=kind.name, subject=command.subject, value=value, stated_by=command.actor)],
    )


NEUTRAL_HANDLERS: dict[type[Any], Callable[[Any, Context[BaseState]], Decision]] = {
    c.AdvancePhase: _advance("phase"),
    c.AdvancePlayerTurn: _advance("player"),
    c.AdvanceGameTurn: _advance("turn"),
    c.SetWeather: _set_weather,
    c.SetMarker: _set_marker,
    c.ClearMarker: _clear_marker,
    c.RecordRoll: _record_roll,
    c.Annotate: _annotate,
    c.SettleDispute: _settle_dispute,
    c.SeatPlayer: _seat_player,
    c.RegisterUnit: _register_unit,
    c.SetUnitStatus: _set_unit_status,
    c.StateFact: _state_fact,
    **SEALING_HANDLERS,
}
"""The commands every game handles alike (the game's own handlers may override one)."""
