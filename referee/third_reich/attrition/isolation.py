"""Third Reich isolation attrition (seed 004, RULES H-40, H-41): a 2D6 roll per out-of-supply hex.

Modified 8 or more: no loss; 7 or less: every unit in the hex is eliminated and returns to the
force pool (it may be rebuilt this turn). Not the Europa rule (J-68): 3R needs 8, and failure
costs the whole hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.common.ruling import Step

DRMS = {
    "adjacent_enemy": (-1, "adjacent to enemy combat units"),
    "remote_region": (-1, "in Eastern Europe, Russia, Scandinavia, North Africa or the Middle East"),
    "home_country": (1, "in its home country"),
    "traces_to_city": (1, "can trace to a friendly city hex"),
}
"""H-41 [004]: the modifiers the referee reads off the map."""

WEATHER_DRMS = {"Snow": -2, "Mud": -1}
"""H-41 [004]: Snow −2; Mud −1 (only the East has Mud, in spring)."""


@dataclass(frozen=True)
class Attrition:
    """The modified roll and whether the hex's units are all eliminated."""

    drm: int
    modified: int
    eliminated: bool
    steps: list[Step] = field(default_factory=list)


def attrition(conditions: set[str], *, weather: str, summer: bool, roll: int) -> Attrition:
    """H-40, H-41 [004]: 2D6 + DRMs; ≥ 8 no loss, ≤ 7 every unit in the hex is eliminated."""
    parts = [DRMS[name] for name in sorted(conditions)]
    if weather in WEATHER_DRMS:
        parts.append((WEATHER_DRMS[weather], f"{weather} weather"))
    if summer:
        parts.append((1, "a Summer I or Summer II turn"))
    drm = sum(value for value, _ in parts)
    modified = roll + drm
    listed = ", ".join(f"{value:+d} {text}" for value, text in parts) or "no modifiers"
    steps = [Step(text=f"2D6 {roll}; {listed}: modified {modified}", rule="H-40, H-41 [004]")]
    eliminated = modified <= 7
    steps.append(
        Step(
            text=f"{modified} ≥ 8: no attrition losses"
            if not eliminated
            else f"{modified} ≤ 7: every unit in the hex is eliminated and returns to the force pool",
            rule="H-40 [004]",
        )
    )
    return Attrition(drm, modified, eliminated, steps)
