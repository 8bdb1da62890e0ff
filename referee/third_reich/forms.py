"""The Third Reich table forms as the console asks for them: strategic warfare (the rolls needed
before the dice), the year start, isolation attrition."""

from __future__ import annotations

from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.form_setups import isolation_setup
from referee.common.forms import FormSpec
from referee.third_reich import warfare as sw
from referee.third_reich.context import powers_in_movement_order
from referee.third_reich.state import ReichState
from referee.third_reich.warfare_handlers import weapon_of


def _warfare(state: ReichState) -> dict[str, Any]:
    calendar = state.table.calendar
    attacker = weapon_of(state, calendar.player)
    if calendar.phase != "Strategic Warfare" or attacker is None:
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
    if calendar.phase != "Year Start":
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
        FormSpec("warfare", "strategic warfare", _warfare, _warfare_rolls),
        FormSpec("year_start", "the year start", _year_start),
        FormSpec("isolation", "isolation attrition", _isolation),
    )
}
