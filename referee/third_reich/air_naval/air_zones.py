"""Third Reich air zones as pure functions (H-25, H-26 [004]): whether a hex is in a side's zone,
contested or not, from the air factors the referee states are in range (the book has no map),
what an uncontested enemy zone blocks, and air stacking.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.ruling import Step
from referee.third_reich.air_naval.air_naval import AIR_FLEET, BLOCKED_BY_ENEMY_ZONE, ZoneStatus, check_factors


@dataclass(frozen=True)
class AirZone:
    """A hex's air zone seen by the acting side (``friendly``): the factors in range of each side.

    ``status``: ``none`` (no air reaches it), ``friendly`` (only or more friendly: uncontested
    friendly), ``contested`` (equal), ``enemy`` (more enemy, or only enemy: uncontested enemy).
    """

    target: str
    friendly: int
    enemy: int
    status: ZoneStatus
    steps: tuple[Step, ...]

    @property
    def blocks(self) -> tuple[str, ...]:
        """H-25 [004]: what the acting side may not do here."""
        return BLOCKED_BY_ENEMY_ZONE if self.status == "enemy" else ()

    @property
    def can_be_air_intercepted(self) -> bool:
        """Enemy air that is not neutralized still reaches the hex (H-24, H-26)."""
        return self.enemy > 0

    @property
    def bars_naval_interception(self) -> bool:
        """H-31 [004]: seen by the phasing player, an uncontested friendly zone cannot be intercepted."""
        return self.status == "friendly"


def _in_range(label: str, by_base: Mapping[str, int], neutralized: Mapping[str, int]) -> tuple[int, str]:
    total = sum(by_base.values())
    listed = " + ".join(f"{base} {factors}" for base, factors in by_base.items()) or "none"
    text = f"{label} air in range: {listed} = {total}"
    if neutralized:
        tied = sum(neutralized.values())
        names = ", ".join(f"{base} {factors}" for base, factors in neutralized.items())
        text += f"; neutralized by counter-air {names}: {total} - {tied} = {total - tied}"
        total -= tied
    return total, text


def air_zone(
    target: str,
    friendly: Mapping[str, int],
    enemy: Mapping[str, int],
    *,
    neutralized: Mapping[str, int] | None = None,
    sides: tuple[str, str] = ("friendly", "enemy"),
) -> AirZone:
    """H-25, H-24 [004]: the air factors each side has in range of the hex, by base as the
    referee states them (after staging at up to 2× range for the phasing side; the non-phasing
    side cannot stage), less the enemy factors neutralized by counter-air. The same or more
    contests the other side's zone.

    Raises:
        InvalidInputError: negative factors, or neutralized factors not in range.
    """
    tied = dict(neutralized or {})
    for base, factors in (*friendly.items(), *enemy.items()):
        check_factors(**{"air_factors_at_" + base.replace(" ", "_"): factors})
    for base, factors in tied.items():
        if factors < 0 or factors > enemy.get(base, 0):
            raise InvalidInputError(f"{base}: {factors} neutralized, but {enemy.get(base, 0)} enemy factors in range")
    ours, our_text = _in_range(sides[0], friendly, {})
    theirs, their_text = _in_range(sides[1], enemy, tied)
    status: ZoneStatus
    if ours == theirs == 0:
        status, verdict = "none", "no air reaches it: in no air zone"
    elif ours > theirs:
        status, verdict = "friendly", f"{ours} against {theirs}: uncontested {sides[0]} air zone"
    elif ours == theirs:
        status, verdict = "contested", f"{ours} against {theirs}: contested (the same contests)"
    else:
        status, verdict = "enemy", f"{ours} against {theirs}: uncontested {sides[1]} air zone"
    steps = (
        Step(text=f"{target}: {our_text}", rule="H-25 [004]"),
        Step(text=f"{target}: {their_text}", rule="H-24, H-25 [004]" if tied else "H-25 [004]"),
        Step(text=f"{target}: {verdict}", rule="H-25 [004]"),
    )
    return AirZone(target, ours, theirs, status, steps)


def require_open(zone: AirZone, action: str) -> Step:
    """H-25 [004]: refuse ``action`` (one of `BLOCKED_BY_ENEMY_ZONE`) into an uncontested enemy air zone.

    Raises:
        IllegalOrderError: the hex is an uncontested enemy air zone.
    """
    if action not in BLOCKED_BY_ENEMY_ZONE:
        raise InvalidInputError(f"{action!r} is not limited by air zones; those are {', '.join(BLOCKED_BY_ENEMY_ZONE)}")
    if action in zone.blocks:
        raise IllegalOrderError(
            f"no {action} at {zone.target}: an uncontested enemy air zone ({zone.friendly} friendly air factors in "
            f"range against {zone.enemy}; the same or more is needed) (H-25 [004])"
        )
    return Step(text=f"{action} at {zone.target} allowed: {zone.friendly} against {zone.enemy}", rule="H-25 [004]")


def check_air_stacking(base: str, factors: int, *, city_or_airbase: bool = True) -> Step:
    """H-25 [004]: air operates from a city or airbase, at most 5 air factors in each after staging.

    Raises:
        IllegalOrderError: not a city or airbase, or more than 5 factors.
    """
    if not city_or_airbase:
        raise IllegalOrderError(f"{base} is neither a city nor an airbase: no air unit may be based there (H-25)")
    if factors > AIR_FLEET:
        raise IllegalOrderError(f"{base} would hold {factors} air factors; a city or airbase holds 5 (H-25 [004])")
    return Step(text=f"{base}: {factors} air factors of 5 allowed", rule="H-25 [004]")
