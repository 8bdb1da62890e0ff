"""Europa isolation attrition (seed 000 and 001, RULES D-104..D-106): a 2D6 roll per isolated hex.

Modified 6 or less: the stack fulfils a 50% loss, as a combat loss (half its strength, rounded
up, D-55); 7 or more: no loss. Every modifier is cumulative; attrition begins with the 2nd
consecutive unsupplied turn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.ruling import Step

DRMS = {
    "adjacent_enemy": (-1, "adjacent to an enemy combat unit"),
    "remote_region": (-1, "in Eastern Europe, Russia, Scandinavia or North Africa"),
    "winter": (-1, "winter season (not in North Africa)"),
    "home_country": (1, "within the unit's home country"),
    "traces_to_city": (1, "can trace to a friendly major city hex"),
}
"""D-106 [000, 001]: the isolation attrition modifiers."""


@dataclass(frozen=True)
class Attrition:
    """The modified roll and the loss it requires (0 for none)."""

    drm: int
    modified: int
    loss: int
    steps: list[Step] = field(default_factory=list)


def attrition(conditions: set[str], roll: int, strength: int) -> Attrition:
    """D-105, D-106 [000]: 2D6 + DRMs; ≤ 6 → lose half the stack's strength (rounded up), ≥ 7 → nothing."""
    parts = [DRMS[name] for name in sorted(conditions)]
    drm = sum(value for value, _ in parts)
    modified = roll + drm
    listed = ", ".join(f"{value:+d} {text}" for value, text in parts) or "no modifiers"
    steps = [Step(text=f"2D6 {roll}; {listed}: modified {modified}", rule="D-105, D-106 [000]")]
    if modified >= 7:
        steps.append(Step(text=f"{modified} ≥ 7: no attrition loss", rule="D-105 [000]"))
        return Attrition(drm, modified, 0, steps)
    loss = math.ceil(Fraction(strength, 2))
    steps.append(
        Step(
            text=f"{modified} ≤ 6: a 50% loss of the stack's {strength} = {loss} (rounded up)", rule="D-105, D-55 [000]"
        )
    )
    return Attrition(drm, modified, loss, steps)
