"""The land-combat table forms as the console asks for them: land combat (its odds before the
dice) and removing the units a combat or an attrition step cost (H-01, H-11, A-58 [004])."""

from __future__ import annotations

from typing import Any

from referee.common.command_set import CommandSet
from referee.common.errors import IllegalOrderError
from referee.common.forms import FormSpec
from referee.third_reich.common.form_helpers import fronts_under, phasing_in
from referee.third_reich.common.state import ReichState
from referee.third_reich.land import command_phases as ph
from referee.third_reich.land.commands import ResolveLandCombat
from referee.third_reich.land.handlers import assess_command

LAND_COMBAT = CommandSet((ResolveLandCombat,), title="the land combat form")


def _land_combat(state: ReichState) -> dict[str, Any]:
    """The phasing side's powers with the fronts they declared an offensive on, the other
    sides, the regions with their weather."""
    side = phasing_in(state, "land combat", ph.LAND_COMBAT.phases, "A-58 [004]")
    return {
        "form": "land_combat",
        "side": side,
        "offensives": fronts_under(state, side, "offensive"),
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


COMBAT = FormSpec("combat", "land combat", _land_combat, _land_odds)
LOSSES = FormSpec("losses", "removing land-combat losses", _removals)
