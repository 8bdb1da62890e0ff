"""The attrition table forms as the console asks for them: the attrition step (its column
before the dice, H-10) and isolation attrition (H-40 [004])."""

from __future__ import annotations

from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.form_setups import isolation_setup
from referee.common.forms import FormSpec
from referee.third_reich.attrition import attrition as at
from referee.third_reich.attrition import command_phases as ph
from referee.third_reich.attrition.handlers import attrition_chart_of
from referee.third_reich.common.form_helpers import fronts_under, phasing_in
from referee.third_reich.common.state import ReichState


def _attrition(state: ReichState) -> dict[str, Any]:
    """The phasing side's powers with the fronts they declared the attrition option on, the other sides."""
    side = phasing_in(state, "the attrition step", ph.ATTRITION.phases, "A-60 [004]")
    fronts = fronts_under(state, side, "attrition", done="attrition")
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


def _isolation(state: ReichState) -> dict[str, Any]:
    return isolation_setup(state, rule_line="≤ 7 eliminates every unit in the hex (H-40)", by_strength=False)


ATTRITION = FormSpec("attrition", "the attrition step", _attrition, _attrition_column)
ISOLATION = FormSpec("isolation", "isolation attrition", _isolation)
