"""Handlers of the Success, Airbase and weather roll commands (`referee.europa.tables.commands`),
each read on the campaign's pinned chart (`referee.europa.tables.charts`)."""

from __future__ import annotations

import math
from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Ruling, Step
from referee.common.throws import throw_or_preview
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState
from referee.europa.tables import commands as tc
from referee.europa.tables.charts import MONTHS, pinned_airbase, pinned_success, pinned_weather

COMMANDO_TURNS = (0, 1)
"""D-22 [000]: Jun II 1941: the surprise turn (played in June's second half, A-30) and the Jun II turn."""
SURPRISE_ENTRY = 2
"""D-23-like reading of D-22 [000]: the original's +2 becomes +1."""


def _provisional(provisional: bool) -> str:
    return " (provisional chart)" if provisional else ""


def commando_drm(side: str, turn: int, listed: int, rules: str) -> tuple[int, Step]:
    """D-22 [000]: German commandos of Jun II 1941 get +1 on the Success table, not the original +2
    (001 keeps the original's)."""
    if side != "Axis" or turn not in COMMANDO_TURNS or listed == 0:
        return 0, Step(text="no Jun II 1941 commando modifier", rule="D-22 [000]")
    if rules == "000" and listed == SURPRISE_ENTRY:
        return 1, Step(text=f"German commandos in Jun II 1941: the original +{listed} read as +1", rule="D-22 [000]")
    return listed, Step(text=f"German commandos in Jun II 1941: +{listed} (combat_rules={rules})", rule="D-22 [000]")


def resolve_success(command: tc.ResolveSuccess, ctx: Context[EuropaState]) -> Decision:
    """K-09 Success table: D-22 [000] commandos (+1 in Jun II 1941), L-08 [000] partisans (5-6,
    unmodified; a success is a rail break stated at the hex, removed like any in the placer's next
    Initial phase)."""
    state = ctx.state
    chart = pinned_success(state)
    calendar = state.table.calendar
    if command.operation == "partisan":
        if command.drm:
            raise IllegalOrderError("partisans roll on the Success table without modifiers (L-08 [000])")
        drm, steps = 0, [Step(text="partisans: no modifiers", rule="L-08 [000]")]
    else:
        drm, step = commando_drm(
            command.side, calendar.turn, chart.commando_surprise_drm, opt_since(state, "combat_rules", "000")
        )
        steps = [step]
        if command.drm:
            drm += command.drm
            steps.append(Step(text=f"your table's other modifiers: {command.drm:+d}", rule="K-09"))
    head = f"{command.operation} at {command.hex}: Success table, DRM {drm:+d}"
    roll = throw_or_preview(
        command,
        ctx,
        purpose=f"{command.operation} at {command.hex}",
        dice="1D6",
        faces=command.faces,
        head=head,
        steps=list(steps),
    )
    row, result = chart.read(int(roll["total"]) + drm)
    steps.append(
        Step(text=f"roll {roll['total']} {drm:+d} → {row}: {result}", rule=chart.rule + _provisional(chart.provisional))
    )
    events: list[ev.DomainEvent] = []
    if result == "success" and command.operation == "partisan":
        events.append(ev.FactStated(fact="rail_cut", subject=command.hex, value="yes", stated_by=command.actor))
        steps.append(Step(text=f"a rail break at {command.hex} (rail_cut)", rule="L-08 [000]"))
    elif result == "success":
        steps.append(Step(text="the commando succeeds: +1 to its attack (ResolveCombat's commando)", rule="D-20 [000]"))
    return Decision(Ruling(summary=f"{head}, roll {roll['total']} → {result}", steps=steps), events, [roll])


def check_air_capacity(command: tc.CheckAirCapacity, ctx: Context[EuropaState]) -> Decision:
    """L-14 [000], K-09: the hex's items added, halved and rounded up, less airbase hits."""
    chart = pinned_airbase(ctx.state)
    unknown = [item for item in command.items if item not in chart.items]
    if unknown:
        raise IllegalOrderError(
            f"the Airbase table has no {', '.join(unknown)}; its entry items: {', '.join(chart.items)} (K-09)"
        )
    if command.items.count("airbase") > 1:
        raise IllegalOrderError("at most one airbase is built in a hex (L-14 [000])")
    total = sum(chart.items[item] for item in command.items)
    shown = " + ".join(f"{item} {chart.items[item]}" for item in command.items)
    capacity = math.ceil(total / 2)
    rule = chart.rule + _provisional(chart.provisional)
    steps = [Step(text=f"{shown} = {total}, halved and rounded up: {capacity}", rule=rule)]
    if command.hits:
        capacity = max(0, capacity - command.hits)
        steps.append(
            Step(text=f"{command.hits} airbase hit(s) not repaired: capacity {capacity}", rule="L-14, D-85 [000]")
        )
    if command.groups > capacity:
        raise IllegalOrderError(
            f"{command.hex} holds {capacity} air group(s); {command.groups} are based there (L-14 [000])"
        )
    summary = f"air capacity of {command.hex}: {capacity} group(s), {command.groups} based there"
    return Decision(Ruling(summary=summary, steps=steps), [])


def month_of(label: str) -> str:
    """The month of a turn label ('Jun II 1941' → 'Jun'); the surprise turn is June's (A-30 [000])."""
    first = label.split(" ")[0]
    return first if first in MONTHS else "Jun"


def roll_weather(command: tc.RollWeather, ctx: Context[EuropaState]) -> Decision:
    """K-10, A-06 [000]: 1D6 on the zone's row for the month; the zone's weather is set (once a turn)."""
    state = ctx.state
    zones = state.identity.weather_zones
    if command.zone not in zones:
        raise IllegalOrderError(f"there is no weather zone {command.zone!r}; zones: {', '.join(zones)}")
    chart = pinned_weather(state)
    if command.zone not in chart.zones:
        raise IllegalOrderError(f"the weather roll tables have no zone {command.zone}; zones: {', '.join(chart.zones)}")
    calendar = state.table.calendar
    if ctx.ruleset.weather.once_per_turn and state.table.weather_turns.get(command.zone) == calendar.turn:
        raise IllegalOrderError(
            f"the weather in zone {command.zone} is already set for {calendar.label}: one weather per zone and game "
            f"turn ({ctx.ruleset.weather.rule})"
        )
    month = month_of(calendar.label)
    row = chart.zones[command.zone][month]
    head = f"weather in zone {command.zone}, {month}: 1D6 on {', '.join(row)}"
    roll = throw_or_preview(
        command, ctx, purpose=f"weather in zone {command.zone}", dice="1D6", faces=command.faces, head=head, steps=[]
    )
    condition = row[int(roll["total"]) - 1]
    if condition not in ctx.ruleset.weather.conditions:
        raise IllegalOrderError(
            f"the weather roll tables give {condition}, not a weather of {ctx.ruleset.title} "
            f"({', '.join(ctx.ruleset.weather.conditions)}): adopt tables in its conditions"
        )
    before = state.table.weather.get(command.zone, "unset")
    steps = [
        Step(text=f"zone {command.zone}, {month}, 1D6 {roll['total']} → {condition}", rule=chart.rule),
        Step(text=f"zone {command.zone}: {before} → {condition}", rule=ctx.ruleset.weather.rule),
    ]
    summary = f"weather in zone {command.zone}: {condition} (1D6 {roll['total']})"
    return Decision(
        Ruling(summary=summary, steps=steps), [ev.WeatherSet(zone=command.zone, condition=condition)], [roll]
    )


TABLE_CHART_HANDLERS: dict[type[Any], Any] = {
    tc.ResolveSuccess: resolve_success,
    tc.CheckAirCapacity: check_air_capacity,
    tc.RollWeather: roll_weather,
}
