"""What the console shows of land combat and attrition: the units and hexes still owed, which must
be settled before play moves on (drawn by the console, see referee.common.views)."""

from __future__ import annotations

from referee.common.views import Notice, View
from referee.third_reich.common.state import ReichState


def owed(state: ReichState) -> list[View]:
    """What must be settled before the phase ends, one line each: the units a land combat or an
    attrition step left a side to remove (H-01, H-11 [004]) and the hexes an attrition step won
    that the attacker has not named (H-12 [004]); `o` opens the form for them."""
    shown: list[View] = []
    for loss in state.table.losses_due:
        units = f"{loss.units} unit" + ("" if loss.units == 1 else "s")
        shown.append(Notice(f"Units owed: #{loss.combat} {loss.what}: {loss.side} must remove {units} (o to remove)"))
    for entry, hexes in state.table.attrition_hexes.items():
        shown.append(Notice(f"Hexes won: #{entry} attrition: the attacker names {hexes} hex(es) (o to name them)"))
    return shown
