"""The note a halved combat strength leaves in a ruling (Europa D-02, D-03, D-08 [000], D-46,
D-108 [001]; Boot Camp E-01, E-02 [002]).

Each reason (terrain, a hexside, supply, no support, an unpaid attack...) halves the strength
again, so the ruling names every reason and the strength they leave, in one step a unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from referee.common.numbers import show
from referee.common.ruling import Step


def halving_steps(
    label: str, printed: str, why: Sequence[str], value: Fraction, rule: str, *, each: bool = False
) -> list[Step]:
    """The step saying why ``label``'s ``printed`` strength ("AF 6", "defence 4") was halved to
    ``value``, or none when nothing halved it; ``each`` words two or more reasons "each of"."""
    if not why:
        return []
    many = "each of " if each and len(why) > 1 else ""
    return [Step(text=f"{label}: {printed} halved for {many}{', '.join(why)} → {show(value)}", rule=rule)]
