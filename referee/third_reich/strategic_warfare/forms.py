"""The strategic-warfare form as the console asks for it: the attacking weapon of the phasing side
and the 1D10 rolls a round needs, in order (G-61, G-62 [004])."""

from __future__ import annotations

from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.forms import FormSpec
from referee.third_reich.common.state import ReichState
from referee.third_reich.strategic_warfare import command_phases as ph
from referee.third_reich.strategic_warfare import warfare as sw
from referee.third_reich.strategic_warfare.handlers import weapon_of


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


FORM = FormSpec("warfare", "strategic warfare", _warfare, _warfare_rolls)
