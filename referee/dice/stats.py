"""Are the dice fair? Counts per face, the mean against its expectation, and Pearson's
chi-square goodness-of-fit test against fair dice, grouped as a club asks (issue 13): per player,
per purpose (combat, attrition, isolation, strategic warfare, other), per kind of die (1D6, 2D6,
1D10), physical and digital apart.

A 2D6 roll is two six-sided dice: its faces are tested as a six-sided die's (two faces a roll),
which is what a loaded die shows first; the totals are listed too. The p-value is the upper tail
of the chi-square distribution, computed here from the regularized incomplete gamma function
(standard library only; tests/referee/test_dice_stats.py checks it against a published table of
critical values). Below `FEWEST_PER_FACE` expected throws of each face the test is not made and
the report says so in words: Pearson's approximation needs about five expected in each cell.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

FLAG_BELOW = 0.01
"""A group whose p-value is below this is flagged: fair dice do so about once in a hundred groups."""
FEWEST_PER_FACE = 5
"""Expected throws of each face below which the test says "too few rolls to say" (Cochran's rule)."""
SIDES = {"1D6": 6, "2D6": 6, "1D10": 10}
"""Faces of each die of a kind of roll (2D6: each of its two dice)."""
PURPOSES = ("combat", "attrition", "isolation", "strategic warfare", "other")
TOO_FEW = "too few rolls to say"


def purpose_group(purpose: str) -> str:
    """The purpose a roll is counted under: what its recorded purpose begins with or says."""
    text = purpose.lower()
    if text.startswith("isolation") or "isolation" in text:
        return "isolation"
    if text.startswith("strategic warfare") or "u-boat" in text or "bomber" in text:
        return "strategic warfare"
    if "attrition" in text:
        return "attrition"
    if text.startswith("combat") or "attack" in text or "combat" in text:
        return "combat"
    return "other"


def chi_square_sf(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for X chi-square with ``freedom`` degrees: Q(freedom/2, statistic/2)."""
    if statistic <= 0:
        return 1.0
    return _upper_gamma_regularized(freedom / 2.0, statistic / 2.0)


def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): by its power series below x = a + 1, else by its continued
    fraction (modified Lentz), each to full double precision."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        denominator = a
        for _ in range(10_000):
            denominator += 1.0
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    fraction = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        step = d * c
        fraction *= step
        if abs(step - 1.0) < 1e-16:
            break
    return min(1.0, math.exp(log_front) * fraction)


@dataclass
class FaceTest:
    """One group's faces against fair dice."""

    sides: int
    counts: dict[int, int]
    throws: int
    mean: float
    expected_mean: float
    statistic: float | None
    freedom: int
    p_value: float | None
    verdict: str
    """'fair so far', 'flagged (p < 0.01)', or 'too few rolls to say'."""

    @property
    def flagged(self) -> bool:
        return self.p_value is not None and self.p_value < FLAG_BELOW


def face_test(faces: Iterable[int], sides: int) -> FaceTest:
    """Counts per face of fair ``sides``-sided dice, mean against (sides + 1) / 2, and Pearson's
    chi-square with sides − 1 degrees of freedom (none below `FEWEST_PER_FACE` expected per face)."""
    counts = dict.fromkeys(range(1, sides + 1), 0)
    for face in faces:
        if face not in counts:
            raise ValueError(f"face {face} is not on a {sides}-sided die")
        counts[face] += 1
    throws = sum(counts.values())
    expected_mean = (sides + 1) / 2
    mean = sum(face * count for face, count in counts.items()) / throws if throws else 0.0
    expected = throws / sides
    if expected < FEWEST_PER_FACE:
        return FaceTest(sides, counts, throws, mean, expected_mean, None, sides - 1, None, TOO_FEW)
    statistic = sum((count - expected) ** 2 / expected for count in counts.values())
    p_value = chi_square_sf(statistic, sides - 1)
    verdict = f"flagged (p < {FLAG_BELOW})" if p_value < FLAG_BELOW else "fair so far"
    return FaceTest(sides, counts, throws, mean, expected_mean, statistic, sides - 1, p_value, verdict)


@dataclass
class DiceGroup:
    """The rolls of one player, purpose, kind of die and method."""

    player: str
    purpose: str
    dice: str
    method: str
    rolls: int = 0
    face_counts: Counter[int] = field(default_factory=Counter)
    """How often each face came up (a count, not the faces in order: a long campaign's audit
    held every face of every roll, issue 17)."""
    totals: dict[int, int] = field(default_factory=dict)

    def test(self) -> FaceTest:
        return face_test(self.face_counts.elements(), SIDES[self.dice])


class DiceGroups:
    """Roll records counted into their groups as they come (who rolled, purpose, die, method);
    rolls of other dice than 1D6, 2D6 and 1D10 are left out. Only counts are kept, so an audit of
    a long campaign can count every roll without holding them (issue 17)."""

    def __init__(self) -> None:
        self._groups: dict[tuple[str, str, str, str], DiceGroup] = {}

    def add(self, roll: dict[str, Any]) -> None:
        """Count one roll record (as entries store it)."""
        dice = str(roll.get("dice", ""))
        if dice not in SIDES:
            return
        key = (
            str(roll.get("rolled_by") or "?"),
            purpose_group(str(roll.get("purpose", ""))),
            dice,
            str(roll.get("method", "physical")),
        )
        group = self._groups.get(key) or self._groups.setdefault(key, DiceGroup(*key))
        faces = [int(face) for face in roll.get("faces", [])]
        group.rolls += 1
        group.face_counts.update(faces)
        total = sum(faces)
        group.totals[total] = group.totals.get(total, 0) + 1

    def groups(self) -> list[DiceGroup]:
        """The groups counted so far, in order of their key."""
        return [self._groups[key] for key in sorted(self._groups)]


def dice_groups(rolls: Iterable[dict[str, Any]]) -> list[DiceGroup]:
    """The roll records (as entries store them) grouped by who rolled, purpose, die and method
    (`DiceGroups`); rolls of other dice than 1D6, 2D6 and 1D10 are left out."""
    counted = DiceGroups()
    for roll in rolls:
        counted.add(roll)
    return counted.groups()
