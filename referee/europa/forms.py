"""The Europa table forms as the console asks for them: combat (odds before the dice), losses
owed, isolation attrition."""

from __future__ import annotations

from typing import Any

from referee.common.command_set import CommandSet
from referee.common.errors import IllegalOrderError
from referee.common.form_setups import isolation_setup, phasing_side
from referee.common.forms import FormSpec
from referee.europa import commands as eu
from referee.europa.combat_handlers import assess_command, charts_of
from referee.europa.state import EuropaState

COMBAT = CommandSet((eu.ResolveCombat,), title="the combat form")


def _combat(state: EuropaState) -> dict[str, Any]:
    charts = charts_of(state)
    return {
        "side": phasing_side(state, "combat"),
        "zones": dict(state.table.weather),
        "terrain": list(charts.terrain),
        "hexsides": list(charts.hexsides),
        "unit_chart": state.identity.tables.get("units"),
    }


def _odds(state: EuropaState, data: dict[str, Any]) -> str:
    """Odds, column, shifts and DRM of a combat before the dice are thrown."""
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


FORMS = {
    form.key: form
    for form in (
        FormSpec("combat", "combat", _combat, _odds),
        FormSpec("losses", "allocating losses", _losses),
        FormSpec("isolation", "isolation attrition", _isolation),
    )
}
