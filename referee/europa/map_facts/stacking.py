"""Stacking (Revised Europa D-09; option stacking_limits, J-43).

000: 10 REs a hex whatever the type, 7 in Mountain, 4 in the Arctic. 001: 10, 7 in Mountain.
Reading for I-26 (001: two divisions leave room for the usual extras, three for only one more):
a division counts ``DIVISION_RES`` = 3 REs, so 2 divisions use 6 of 10 (4 REs of extras) and 3
use 9 (1 RE more). The players count the stack on the board (K-12); cadres and non-divisional
units are given in REs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step

DIVISION_RES = 3
"""The REs of a full division in this reading of D-09 / I-26 [001]."""


@dataclass(frozen=True)
class Stacking:
    """The limit, the REs in the hex and the room left (negative: over the limit)."""

    limit: int
    used: Fraction
    room: Fraction
    steps: list[Step] = field(default_factory=list)

    @property
    def over(self) -> bool:
        """D-09: more REs than the hex holds."""
        return self.room < 0


def stacking_limit(terrain: str, *, arctic: bool = False, reading: str = "000") -> tuple[int, Step]:
    """D-09 [000]: 10 REs, 7 in Mountain, 4 in the Arctic; 001 (J-43): 10, 7 in Mountain."""
    if reading == "000" and arctic:
        return 4, Step(text="Arctic hex: 4 REs", rule="D-09 [000], J-43")
    if terrain == "mountain":
        return 7, Step(text="Mountain hex: 7 REs", rule=f"D-09 [{reading}], J-43")
    note = " (001 has no Arctic limit)" if arctic else ""
    return 10, Step(text=f"10 REs whatever the type{note}", rule=f"D-09 [{reading}], J-43")


def stacking(
    *,
    divisions: int = 0,
    other_res: Fraction | int = 0,
    terrain: str = "clear",
    arctic: bool = False,
    reading: str = "000",
) -> Stacking:
    """D-09 [000, 001]: the REs in a hex against its limit; a division counts 3 REs (I-26 reading)."""
    if divisions < 0 or other_res < 0:
        raise IllegalOrderError("divisions and REs are counted from 0 (D-09)")
    if reading not in ("000", "001"):
        raise IllegalOrderError(f"stacking_limits is 000 or 001; not {reading!r} (J-43)")
    limit, step = stacking_limit(terrain, arctic=arctic, reading=reading)
    used = Fraction(divisions * DIVISION_RES) + Fraction(other_res)
    room = limit - used
    steps = [step]
    if divisions:
        steps.append(
            Step(
                text=f"{divisions} division{'s' if divisions > 1 else ''} × {DIVISION_RES} REs = "
                f"{divisions * DIVISION_RES}",
                rule="D-09, I-26 (reading: a division = 3 REs)",
            )
        )
    if other_res:
        steps.append(Step(text=f"other units: {show(Fraction(other_res))} REs", rule="D-09"))
    if room >= 0:
        steps.append(Step(text=f"{show(used)} of {limit} REs: room for {show(room)} more", rule="D-09"))
    else:
        steps.append(Step(text=f"{show(used)} of {limit} REs: over by {show(-room)}", rule="D-09"))
    return Stacking(limit, used, room, steps)


def check_stacking(
    *,
    divisions: int = 0,
    other_res: Fraction | int = 0,
    terrain: str = "clear",
    arctic: bool = False,
    reading: str = "000",
) -> Stacking:
    """D-09 [000, 001]: `stacking`, refused in table words when the hex is over its limit."""
    result = stacking(divisions=divisions, other_res=other_res, terrain=terrain, arctic=arctic, reading=reading)
    if result.over:
        raise IllegalOrderError(
            f"{show(result.used)} REs in a hex that holds {result.limit}: over by {show(-result.room)} (D-09, J-43)"
        )
    return result
