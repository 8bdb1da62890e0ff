"""The Third Reich table forms as the console asks for them: land combat (odds before the dice),
removing the units a combat cost, strategic warfare (the rolls needed before the dice), the
year start, isolation attrition."""

from __future__ import annotations

from typing import Any

from referee.common.command_set import CommandSet
from referee.common.errors import IllegalOrderError
from referee.common.form_setups import isolation_setup, phasing_side
from referee.common.forms import FormSpec
from referee.common.options import option
from referee.common.sealing_handlers import seals_of
from referee.third_reich import air_battles as ab
from referee.third_reich import attrition as at
from referee.third_reich import command_phases as ph
from referee.third_reich import murmansk as mm
from referee.third_reich import murmansk_timing as mt
from referee.third_reich import warfare as sw
from referee.third_reich.attrition_handlers import attrition_chart_of
from referee.third_reich.combat_commands import ResolveLandCombat
from referee.third_reich.combat_handlers import assess_command
from referee.third_reich.context import powers_in_movement_order
from referee.third_reich.murmansk_commands import ResolveMurmanskFight
from referee.third_reich.murmansk_handlers import commitments
from referee.third_reich.murmansk_sealed import SEAL_FIELDS, SLOT
from referee.third_reich.state import ReichState
from referee.third_reich.warfare_handlers import weapon_of

LAND_COMBAT = CommandSet((ResolveLandCombat,), title="the land combat form")


def _phasing_in(state: ReichState, what: str, phases: tuple[str, ...], rule: str) -> str:
    """The phasing side, or a refusal saying in which phase ``what`` belongs."""
    side = phasing_side(state, what)
    calendar = state.table.calendar
    if calendar.phase not in phases:
        raise IllegalOrderError(
            f"{what} happens in the {side} {' or '.join(phases)} phase ({rule}); "
            f"it is now {calendar.label}, {calendar.phase}"
        )
    return side


def _fronts_under(state: ReichState, side: str, chosen: str, done: str = "") -> dict[str, list[str]]:
    """Power -> the fronts where it declared ``chosen`` this turn (leaving out those whose step
    ``done:power:front`` is recorded), for the phasing side's powers that have any."""
    steps = state.table.calendar.steps_done
    found = {
        economy.power: [
            front
            for front, option_ in economy.options.items()
            if option_ == chosen and f"{done}:{economy.power}:{front}" not in steps
        ]
        for economy in state.brp_economies.values()
        if economy.side == side and economy.active
    }
    return {power: fronts for power, fronts in found.items() if fronts}


def _land_combat(state: ReichState) -> dict[str, Any]:
    """The phasing side's powers with the fronts they declared an offensive on, the other
    sides, the regions with their weather."""
    side = _phasing_in(state, "land combat", ph.LAND_COMBAT.phases, "A-58 [004]")
    return {
        "form": "land_combat",
        "side": side,
        "offensives": _fronts_under(state, side, "offensive"),
        "defenders": [other for other in state.identity.sides if other != side],
        "regions": dict(state.table.weather),
        "mechanized": state.table.calendar.phase == "Mechanized Combat",
    }


def _land_odds(state: ReichState, data: dict[str, Any]) -> str:
    """Defence, support, odds, column, shifts and DRM of a land combat before the dice."""
    command = LAND_COMBAT.parse({key: value for key, value in data.items() if key != "faces"})
    _, assessment, facts = assess_command(command, state)
    head = (
        f"[b]{assessment.column_name}[/b] — attack {assessment.ground_attack} + support "
        f"{assessment.support_counted} against {assessment.final_defence}, DRM {assessment.drm:+d}; "
        "type the 2D6 faces to see the result"
    )
    return "\n".join([head] + [f"  · {step.text}  [dim]{step.rule}[/dim]" for step in [*facts, *assessment.steps]])


def _attrition(state: ReichState) -> dict[str, Any]:
    """The phasing side's powers with the fronts they declared the attrition option on, the other sides."""
    side = _phasing_in(state, "the attrition step", ph.ATTRITION.phases, "A-60 [004]")
    fronts = _fronts_under(state, side, "attrition", done="attrition")
    if not fronts:
        raise IllegalOrderError(f"no {side} front under the attrition option is left to roll this player turn")
    return {"side": side, "fronts": fronts, "defenders": [other for other in state.identity.sides if other != side]}


def _attrition_column(state: ReichState, data: dict[str, Any]) -> str:
    """Before the dice: the column the factors in contact fall in (H-10), or why there is no roll."""
    chart = attrition_chart_of(state)
    column = at.column_for(chart, int(data.get("factors_in_contact", -1)))
    return (
        f"[b]column {column}[/b] ({chart.columns[column - 1]} factors in contact) — type the 2D6 faces to see the "
        "result  [dim]H-10 [004], provisional table K-41[/dim]"
    )


MURMANSK = CommandSet((ResolveMurmanskFight,), title="the Murmansk form")


def _murmansk(state: ReichState) -> dict[str, Any]:
    """What is in the box, by route, and when the survivors arrive (refused outside the fight's moment)."""
    calendar = state.table.calendar
    reading = option(state.identity.options, "murmansk_timing")
    mt.require_fight_time(reading, calendar.turn, calendar.player, calendar.phase)
    receivers = {
        economy.power: {
            route: shipment.carried
            for route, shipment in economy.lend_lease_by_route.items()
            if shipment.arrival == "murmansk" and shipment.carried
        }
        for economy in state.brp_economies.values()
    }
    boxes = {power: box for power, box in receivers.items() if box}
    if not boxes:
        raise IllegalOrderError("no lend lease is in the Murmansk box this year (G-56, G-58, G-70 [004])")
    return {"boxes": boxes, "arrival": mt.timing(reading).arrival, "sealed": _sealed_this_turn(state)}


def _sealed_this_turn(state: ReichState) -> dict[str, dict[str, Any]]:
    """Each side's Murmansk order sealed this game turn (the latest, not undone), for the form to
    name instead of typed factors (G-72 [004]; referee/third_reich/murmansk_sealed.py)."""
    sealed: dict[str, dict[str, Any]] = {}
    for seal in seals_of(state, slot=SLOT, turn=state.table.calendar.turn):
        sealed[seal.side] = {"seal": seal.seal, "field": SEAL_FIELDS[seal.side], "order": seal.order}
    return sealed


def _murmansk_rolls(state: ReichState, data: dict[str, Any]) -> str:
    """Before the dice: the 1D10 rolls the fight may ask for, in order, from what each side sent."""
    command = MURMANSK.parse({**data, "rolls": []})
    fight = commitments(command, state)
    needed = mm.rolls_needed(fight)
    return "[b]1D10 rolls, in order[/b] (a roll drops out when the side that would fire is gone):\n" + "\n".join(
        f"  {number}. {purpose}" for number, purpose in enumerate(needed, start=1)
    )


def _air_naval(state: ReichState) -> dict[str, Any]:
    """The phasing side's powers with their offensive fronts, in a Combat phase (H-23, A-58)."""
    setup = _land_combat(state)
    if not setup["offensives"]:
        raise IllegalOrderError(
            f"air and naval combat needs an offensive option (A-58, A-63 [004]); no {setup['side']} power declared one"
        )
    return {"side": setup["side"], "offensives": setup["offensives"]}


def _air_naval_rolls(state: ReichState, data: dict[str, Any]) -> str:
    """Before the dice: the 1D10 rolls the hex needs, in order (H-23)."""
    battle = ab.HexBattle(
        phasing=ab.Committed(int(data.get("phasing_air", 0)), int(data.get("phasing_naval", 0))),
        non_phasing=ab.Committed(int(data.get("non_phasing_air", 0)), int(data.get("non_phasing_naval", 0))),
    )
    needed = ab.rolls_for_hex(battle)
    if not needed:
        return "no air or naval combat: it needs air or fleets of both sides facing each other (H-23)"
    return "[b]1D10 rolls, in order[/b] (H-23):\n" + "\n".join(
        f"  {number}. {purpose}" for number, purpose in enumerate(needed, start=1)
    )


def _removals(state: ReichState) -> dict[str, Any]:
    """The units each land combat or attrition step still owes (with the units that fought, for
    a combat), the powers of each side, and the hexes attrition won that are not yet named."""
    if not state.table.losses_due and not state.table.attrition_hexes:
        raise IllegalOrderError("no units are owed and no hexes to name: every combat's losses have been removed")
    powers: dict[str, list[str]] = {}
    for economy in state.brp_economies.values():
        if economy.active:
            powers.setdefault(economy.side, []).append(economy.power)
    return {
        "form": "land_losses",
        "owed": [loss.model_dump() for loss in state.table.losses_due],
        "powers": powers,
        "hexes": {int(entry): hexes for entry, hexes in state.table.attrition_hexes.items()},
    }


def _warfare(state: ReichState) -> dict[str, Any]:
    calendar = state.table.calendar
    attacker = weapon_of(state, calendar.player)
    if calendar.phase not in ph.STRATEGIC_WARFARE.phases or attacker is None:
        raise IllegalOrderError(
            "strategic warfare is fought in the Axis or Western Allies Strategic Warfare phase (G-61); "
            f"it is now {calendar.label}, {calendar.player or ''} {calendar.phase}"
        )
    return {"attacker": attacker}


def _warfare_rolls(state: ReichState, data: dict[str, Any]) -> str:
    """Before the dice: which 1D10 rolls this round needs, in order."""
    fight = sw.Fight(
        attacker=data["attacker"], offensive=int(data["offensive_factors"]), defensive=int(data["defensive_factors"])
    )
    weapon = sw.WEAPONS[fight.attacker]
    rolls = [*sw.rolls_for_exchange(fight), f"the surviving {weapon['name']} at the {data['target']} economy"]
    return "[b]rolls needed, in order[/b] (the last only if any survive):\n" + "\n".join(
        f"  {number}. 1D10: {purpose}" for number, purpose in enumerate(rolls, start=1)
    )


def _year_start(state: ReichState) -> dict[str, Any]:
    calendar = state.table.calendar
    if calendar.phase not in ph.YEAR_START.phases:
        raise IllegalOrderError(
            "the year start belongs to the Year Start phase of a Spring turn; "
            f"it is now {calendar.label}, {calendar.phase}"
        )
    pending = [power for power in powers_in_movement_order(state) if f"year_start:{power}" not in calendar.steps_done]
    return {"pending": pending, "routes": state.identity.tables.get("economy", {}).get("lend_lease", {})}


def _isolation(state: ReichState) -> dict[str, Any]:
    return isolation_setup(state, rule_line="≤ 7 eliminates every unit in the hex (H-40)", by_strength=False)


FORMS = {
    form.key: form
    for form in (
        FormSpec("combat", "land combat", _land_combat, _land_odds),
        FormSpec("attrition", "the attrition step", _attrition, _attrition_column),
        FormSpec("murmansk", "the Murmansk box", _murmansk, _murmansk_rolls),
        FormSpec("air_naval", "air and naval combat", _air_naval, _air_naval_rolls),
        FormSpec("losses", "removing land-combat losses", _removals),
        FormSpec("warfare", "strategic warfare", _warfare, _warfare_rolls),
        FormSpec("year_start", "the year start", _year_start),
        FormSpec("isolation", "isolation attrition", _isolation),
    )
}
