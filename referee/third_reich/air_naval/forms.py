"""The air and naval form as the console asks for it: the phasing side's offensive fronts and the
1D10 rolls a contested hex needs, in order (H-23, A-58 [004])."""

from __future__ import annotations

from typing import Any

from referee.common.errors import IllegalOrderError
from referee.common.forms import FormSpec
from referee.third_reich.air_naval import air_battles as ab
from referee.third_reich.air_naval import command_phases as ph
from referee.third_reich.common.form_helpers import fronts_under, phasing_in
from referee.third_reich.common.state import ReichState


def _air_naval(state: ReichState) -> dict[str, Any]:
    """The phasing side's powers with their offensive fronts, in a Combat phase (H-23, A-58)."""
    side = phasing_in(state, "land combat", ph.AIR_NAVAL_COMBAT.phases, "A-58 [004]")  # the land combat form's words
    offensives = fronts_under(state, side, "offensive")
    if not offensives:
        raise IllegalOrderError(
            f"air and naval combat needs an offensive option (A-58, A-63 [004]); no {side} power declared one"
        )
    return {"side": side, "offensives": offensives}


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


FORM = FormSpec("air_naval", "air and naval combat", _air_naval, _air_naval_rolls)
