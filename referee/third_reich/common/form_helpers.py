"""What the Third Reich table forms share: the phasing side, refused outside the phase a form
belongs in, and the fronts where each of its powers declared an option this turn (A-58, A-60,
A-63 [004]). Each system's ``forms.py`` builds its forms on them; `referee.third_reich.game`
gathers the forms."""

from __future__ import annotations

from referee.common.errors import IllegalOrderError
from referee.common.form_setups import phasing_side
from referee.third_reich.common.state import ReichState


def phasing_in(state: ReichState, what: str, phases: tuple[str, ...], rule: str) -> str:
    """The phasing side, or a refusal saying in which phase ``what`` belongs."""
    side = phasing_side(state, what)
    calendar = state.table.calendar
    if calendar.phase not in phases:
        raise IllegalOrderError(
            f"{what} happens in the {side} {' or '.join(phases)} phase ({rule}); "
            f"it is now {calendar.label}, {calendar.phase}"
        )
    return side


def fronts_under(state: ReichState, side: str, chosen: str, done: str = "") -> dict[str, list[str]]:
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
