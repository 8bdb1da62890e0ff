"""The Europa table forms as the console asks for them: combat (odds before the dice), losses
owed, isolation attrition."""

from __future__ import annotations

from typing import Any, get_args

from referee.common.command_set import CommandSet
from referee.common.errors import IllegalOrderError
from referee.common.form_setups import isolation_setup, phasing_side
from referee.common.forms import FormSpec
from referee.common.numbers import show
from referee.europa.boot_camp.charts import pinned_boot_camp
from referee.europa.boot_camp.commands import ResolveBootCampCombat
from referee.europa.boot_camp.handlers import assess_command as assess_boot_camp
from referee.europa.combat import commands as eu
from referee.europa.combat.handlers import assess_command, charts_of
from referee.europa.common.context import opt_since
from referee.europa.common.state import EuropaState
from referee.europa.second_front.aa_handlers import require_minimum_roll_aa
from referee.europa.second_front.commands import Mission, ResolveMinimumRollAA

COMBAT = CommandSet((eu.ResolveCombat,), title="the combat form")
BOOT_CAMP = CommandSet((ResolveBootCampCombat,), title="the Boot Camp combat form")


def _combat(state: EuropaState) -> dict[str, Any]:
    if opt_since(state, "combat_system", "revised") == "boot_camp":
        return _boot_camp_combat(state)
    charts = charts_of(state)
    return {
        "side": phasing_side(state, "combat"),
        "zones": dict(state.table.weather),
        "terrain": list(charts.terrain),
        "hexsides": list(charts.hexsides),
        "unit_chart": state.identity.tables.get("units"),
    }


def _boot_camp_combat(state: EuropaState) -> dict[str, Any]:
    """J-46: a Boot Camp campaign's combat form (1D6 CRT, AEC counts)."""
    chart = pinned_boot_camp(state)
    return {
        "form": "boot_camp_combat",
        "side": phasing_side(state, "combat"),
        "zones": dict(state.table.weather),
        "terrain": list(chart.terrain),
        "hexsides": list(chart.hexsides),
    }


def _boot_camp_odds(state: EuropaState, data: dict[str, Any]) -> str:
    """Totals, odds rounded down, AEC and DRM of a Boot Camp combat before the die is thrown."""
    command = BOOT_CAMP.parse({key: value for key, value in data.items() if key != "faces"})
    _, assessment, _ = assess_boot_camp(command, state)
    column = assessment.column or "attacker eliminated"
    head = (
        f"[b]{column}[/b] — odds {show(assessment.attack)}:{show(assessment.defence)}, DRM {assessment.drm:+d}; "
        "type the 1D6 face to see the result"
    )
    return "\n".join([head] + [f"  · {step.text}  [dim]{step.rule}[/dim]" for step in assessment.steps])


def _odds(state: EuropaState, data: dict[str, Any]) -> str:
    """Odds, column, shifts and DRM of a combat before the dice are thrown."""
    if data.get("kind") == "ResolveBootCampCombat":
        return _boot_camp_odds(state, data)
    command = COMBAT.parse({key: value for key, value in data.items() if key != "faces"})
    _, assessment, _ = assess_command(command, state)
    head = (
        f"[b]{assessment.column or 'attacker eliminated'}[/b] — odds {assessment.attack}:{assessment.defence}, "
        f"DRM {assessment.drm:+d}; type the 2D6 faces to see the result"
    )
    steps = assessment.steps
    return "\n".join([head] + [f"  · {step.text}  [dim]{step.rule}[/dim]" for step in steps])


def _losses(state: EuropaState) -> dict[str, Any]:
    if not state.table.losses_due:
        raise IllegalOrderError("no loss is owed: every combat's losses have been allocated")
    nations: dict[str, list[str]] = {}
    for track in state.replacement_tracks.values():
        nations.setdefault(track.side, []).append(track.nation)
    return {"owed": [loss.model_dump() for loss in state.table.losses_due], "nations": nations}


def _isolation(state: EuropaState) -> dict[str, Any]:
    return isolation_setup(state, rule_line="≤ 6 loses 50% of the stack (D-105)", by_strength=True)


def _aa_fire(state: EuropaState) -> dict[str, Any]:
    """Second Front's minimum-dice-roll AA fire (F-01..F-10 [003]), in an Air phase."""
    require_minimum_roll_aa(state)
    if "aa_min_roll" not in state.identity.tables:
        raise IllegalOrderError("this campaign pins no minimum-dice-roll AA table (adopt one with AdoptCharts)")
    if state.table.calendar.phase != "Air":
        raise IllegalOrderError(f"AA fires in an Air phase (F-01 [003]); it is the {state.table.calendar.phase}")
    return {
        "form": "aa_fire",
        "sides": list(state.identity.sides),
        "missions": list(get_args(Mission)),
        "nationalities": list(get_args(ResolveMinimumRollAA.model_fields["aa_nationality"].annotation)),
    }


FORMS = {
    form.key: form
    for form in (
        FormSpec("combat", "combat", _combat, _odds),
        FormSpec("air_naval", "AA fire", _aa_fire),
        FormSpec("losses", "allocating losses", _losses),
        FormSpec("isolation", "isolation attrition", _isolation),
    )
}
