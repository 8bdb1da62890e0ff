"""Boot Camp rulings read off the map (seed 002): where a retreat goes and what it costs, and
whether a unit traces supply. Each records a ruling with its derivation and no event; facts
the referee stated about a named hex (retreat_blocked, in_enemy_zoc, terrain) are read and
cited when the command leaves them out (K-12)."""

from __future__ import annotations

from referee.common.decision import Context, Decision
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.ruling import Ruling, Step
from referee.europa.boot_camp import commands as cmd
from referee.europa.boot_camp import map_rules as bm
from referee.europa.boot_camp import supply as boot_camp_supply
from referee.europa.boot_camp.charts import pinned_boot_camp
from referee.europa.common import command_phases as ph
from referee.europa.common.context import opt_since, zone_weather
from referee.europa.common.state import EuropaState


def require_boot_camp(state: EuropaState, what: str) -> None:
    """J-46: the Boot Camp commands belong to campaigns that play Boot Camp."""
    reading = opt_since(state, "combat_system", "revised")
    if reading != "boot_camp":
        raise IllegalOrderError(
            f"{what} is a Boot Camp rule (option combat_system=boot_camp, J-46); this campaign plays "
            f"combat_system={reading}"
        )


def _zoc(state: EuropaState, hex_: str, given: bool | None, steps: list[Step]) -> bool:
    """A yes/no as given, else the stated in_enemy_zoc of the hex (cited), else no."""
    if given is not None:
        return given
    value, found = stated_yes(state, "in_enemy_zoc", hex_)
    if found is not None:
        steps.append(Step(text=citation(found), rule="K-12"))
    return value


def check_retreat(command: cmd.CheckBootCampRetreat, ctx: Context[EuropaState]) -> Decision:
    """E-20, E-21, D-74 [002]: each unit's retreat hex by priority and what becomes of it."""
    state = ctx.state
    require_boot_camp(state, "a Boot Camp retreat")
    steps: list[Step] = []
    blocked, found = stated_yes(state, "retreat_blocked", command.hex)
    if found is not None:
        steps.append(Step(text=citation(found), rule="E-21 [002]"))
    hexes = [
        bm.RetreatHex(o.hex, _zoc(state, o.hex, o.in_enemy_zoc, steps), o.overstacked, o.friendly_occupied)
        for o in command.hexes
    ]
    units = [bm.Retreater(u.label, u.has_cadre, u.is_cadre, u.german_cm) for u in command.units]
    fates, more = bm.retreat(units, hexes, blocked=blocked)
    told = "; ".join(f"{f.label} {f.fate}{' to ' + f.hex if f.hex else ''}" for f in fates)
    return Decision(Ruling(summary=f"retreat from {command.hex}: {told}", steps=steps + more), [])


def trace_supply(command: cmd.TraceBootCampSupply, ctx: Context[EuropaState]) -> Decision:
    """E-25..E-27, A-21, A-22 [002]: the overland line, checked in the Initial phase."""
    state = ctx.state
    require_boot_camp(state, "a Boot Camp supply trace")
    if not ph.BOOT_CAMP_SUPPLY.allows(state):
        raise IllegalOrderError(
            f"supply is determined in the Initial phase and holds for the player turn (A-21, A-22 [002]); it is "
            f"now the {state.table.calendar.phase} phase"
        )
    chart = pinned_boot_camp(state)
    steps: list[Step] = [Step(text=f"the line ends at a {command.reaches}", rule="E-25 [002]")]
    hexes = []
    for h in command.hexes:
        terrain = stated(state, "terrain", h.hex)
        prohibited = terrain is not None and terrain.value in chart.terrain and chart.terrain[terrain.value].mp is None
        if prohibited and terrain is not None:
            steps.append(Step(text=citation(terrain), rule="K-12"))
        hexes.append(
            bm.SupplyHex(
                h.hex, h.enemy_occupied, _zoc(state, h.hex, h.in_enemy_zoc, steps), h.friendly_occupied, prohibited
            )
        )
    hexes += [bm.SupplyHex()] * command.plain
    result = bm.trace_supply(hexes, zone_weather(state, command.zone))
    status = "in supply" if result.in_supply else "out of supply"
    steps.append(Step(text=f"{command.unit} is {status} for the whole player turn", rule="A-22 [002]"))
    events = [boot_camp_supply.marker(state, command.unit, result.in_supply)]
    return Decision(Ruling(summary=f"{command.unit}: {status}", steps=steps + result.steps), events)
