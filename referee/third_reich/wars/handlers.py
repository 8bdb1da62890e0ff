"""The commands of war as referee commands (seed 004, RULES.md G-34, G-35, J-67): a declaration of
war and what it costs, a power's surrender, and northern lend lease placed in the movement phase."""

from __future__ import annotations

from typing import Any

from referee.common import events as ev
from referee.common.decision import Context, Decision
from referee.common.ruling import Ruling, Step
from referee.third_reich.common.context import account, economy_of, require_power_phase
from referee.third_reich.common.state import ReichState
from referee.third_reich.economy.interface import BrpCharged, afford, within_half
from referee.third_reich.wars import command_phases as ph
from referee.third_reich.wars import commands as tr
from referee.third_reich.wars import events as ec
from referee.third_reich.wars import lend_lease_placement, wars


def declare_war(command: tr.DeclareWar, ctx: Context[ReichState]) -> Decision:
    """G-34 [004]: major 15; minors 5 a season for any number (an alias naming several, 'Low
    Countries', is one declaration); the war it creates is recorded from this entry (on the
    target, and for a major on the allies it brings in); `wars.declaration` refuses a declaration
    with nothing to declare war on; A-68: a war between Germany and the USSR marks the Russian
    winter's turn."""
    economy = account(ctx.state, command.power)
    require_power_phase(ctx.state, command.power, *ph.DECLARE_WAR.args)
    data = economy_of(ctx.state)
    declared, war_steps = wars.declaration(command, ctx.state, data)
    target = " and ".join(name for name, _ in declared)
    costs = data.dow_costs
    if command.target_kind == "minor" and economy.turn_counters.get("minor_dow", 0):
        cost, text = 0, "minors already paid for this season: no further cost"
    else:
        cost = costs[command.target_kind]
        text = f"declaration of war on a {command.target_kind} power: {cost}"
    afford(ctx, economy, cost, f"war on {target}")
    steps = [Step(text=text, rule="G-34 [004]"), within_half(ctx, economy, cost, is_build=False), *war_steps]
    counters = {"turn.minor_dow": 1} if command.target_kind == "minor" else {}
    events: list[ev.DomainEvent] = [
        BrpCharged(
            power=command.power,
            amount=cost,
            category="declaration",
            detail=f"war on {target}",
            counters=counters,
        )
    ]
    for name, enemies in declared:
        events.append(ec.WarDeclared(power=command.power, target=name, enemies=enemies, entry=ctx.head + 1))
    enemies = [enemy for _, made in declared for enemy in made]
    winter, winter_steps = wars.russian_winter_set(ctx.state, data, command.power, enemies)
    return Decision(
        Ruling(summary=f"{command.power} declares war on {target} ({cost} BRPs)", steps=[*steps, *winter_steps]),
        [*events, *winter],
    )


HANDLERS: dict[type[Any], Any] = {
    tr.DeclareWar: declare_war,
    tr.RecordSurrender: wars.record_surrender,
    tr.PlaceLendLease: lend_lease_placement.place,
}
