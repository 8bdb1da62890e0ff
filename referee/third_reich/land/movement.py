"""Revised Third Reich ground movement as pure functions (seed 004, RULES.md H-50, H-51, A-58,
A-60, A-61, A-66, H-27).

The book records no positions (the players move on their own map, K-43), so a move is checked
from what the referee reads off the board: each hex entered, its terrain, whether a river
hexside is crossed into it, and the hexsides through which enemy units reach it. What the rules
then decide is here: the movement allowance in Mud (halved for armor, rounded down), which
phase and option allow the move, which hexes an enemy ZOC reaches, and the MPs hex by hex.
Nothing here reads the state, the clock or the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

UnitType = Literal["infantry", "armor", "airborne"]
Terrain = Literal["clear", "swamp", "mountain", "fortress"]
Hexside = Literal["land", "river", "sea", "border_before_dow"]
"""H-50 [004]: the hexside between the hex entered and an adjacent enemy unit: a plain hexside, a
river, an all-sea hexside, or a political border not yet crossed by a declaration of war."""
ROUGH = ("swamp", "mountain")
NO_ZOC_INTO = ("swamp", "mountain", "fortress")
"""H-50 [004]: ZOCs extend out of these hexes but not into them."""


def allowance(ma: int, unit_type: str, weather: str) -> tuple[int, Step]:
    """A-66, H-27 [004]: Mud halves an armor unit's movement allowance, fractions rounded down;
    every other unit, and armor in Clear or Snow, moves its printed allowance."""
    if unit_type == "armor" and weather == "Mud":
        halved = ma // 2
        return halved, Step(text=f"Mud: armor MA {ma} halved, rounded down: {halved}", rule="A-66, H-27 [004]")
    return ma, Step(text=f"{weather}: MA {ma}", rule="A-66 [004]")


def check_phase(phase: str, option: str | None, weather: str, unit_type: str) -> Step:
    """A-58, A-60, A-61, A-66 [004]: every option moves in the Movement phase; only an offensive
    has a second, mechanized movement phase (the attrition and pass options allow one movement
    phase), in Clear weather only, and for armor only.

    Raises:
        IllegalOrderError: no option declared, or a mechanized move the option, weather or unit forbids.
    """
    if option is None:
        raise IllegalOrderError("a front moves under the option its power declared for it this turn (A-58 [004])")
    if phase == "Movement":
        return Step(text=f"Movement phase under the {option} option", rule="A-58 [004]")
    if phase != "Mechanized Movement":
        raise IllegalOrderError(f"ground units move in the Movement or Mechanized Movement phase (A-58); not {phase}")
    if option != "offensive":
        rule = "A-60 [004]" if option == "attrition" else "A-61 [004]"
        raise IllegalOrderError(
            f"the {option} option allows one movement phase ({rule}); mechanized movement needs an offensive"
        )
    if weather != "Clear":
        raise IllegalOrderError(f"mechanized movement needs Clear weather (A-66 [004]); the region has {weather}")
    if unit_type != "armor":
        raise IllegalOrderError(f"mechanized movement is armor only (A-58 [004]); this is {unit_type}")
    return Step(text="Mechanized Movement: an offensive, Clear weather, armor", rule="A-58, A-66 [004]")


def in_enemy_zoc(terrain: str, reached_across: Sequence[str]) -> tuple[bool, str]:
    """H-50 [004]: whether an enemy ZOC reaches a hex: every unit exerts one into the hexes next to
    it across land or river hexsides, never across an all-sea hexside or a political border before
    a declaration of war, and never into swamp, mountain or fortress hexes. Returns the answer
    and why."""
    if not reached_across:
        return False, "no enemy unit adjacent"
    if terrain in NO_ZOC_INTO:
        return False, f"ZOCs do not extend into {terrain}"
    through = [side for side in reached_across if side in ("land", "river")]
    if through:
        return True, f"enemy ZOC across {' and '.join(sorted(set(through)))} hexside(s)"
    barred = " and ".join(sorted({side.replace("_", " ") for side in reached_across}))
    return False, f"ZOCs do not cross {barred} hexsides"


@dataclass(frozen=True)
class Entered:
    """One hex of a move as the referee read it off the map."""

    name: str
    terrain: str = "clear"
    across_river: bool = False
    enemy_zoc: bool = False
    zoc_why: str = ""


def move_cost(
    unit: str, unit_type: str, allowed: int, hexes: Sequence[Entered], *, mechanized: bool = False
) -> tuple[int, list[Step]]:
    """H-50, H-51 [004]: 1 MP a hex; swamp or mountain 2 MP for infantry, all its MPs for armor
    (as its only hex, never in the mechanized phase); +1 MP across a river; +1 MP into an enemy
    ZOC, where infantry halts and armor may go on; leaving a ZOC is free; a 1-hex move is always
    allowed. Returns the MPs spent and the steps.

    Raises:
        IllegalOrderError: a hex the unit may not enter, a move on past a halt, or more MPs than allowed.
    """
    steps: list[Step] = []
    total = 0
    for number, hex_ in enumerate(hexes, start=1):
        cost, how = 1, "1 MP"
        if hex_.terrain in ROUGH and unit_type == "armor":
            if mechanized:
                raise IllegalOrderError(
                    f"armor may not enter {hex_.terrain} in the mechanized movement phase ({hex_.name}, H-51 [004])"
                )
            if number != 1:
                raise IllegalOrderError(
                    f"armor enters {hex_.terrain} with all its MPs, as its one hex of the move; {unit} would enter "
                    f"{hex_.name} as hex {number} (H-51 [004])"
                )
            cost, how = max(allowed, 1), f"{hex_.terrain}: all its MPs ({max(allowed, 1)})"
        elif hex_.terrain in ROUGH:
            cost, how = 2, f"{hex_.terrain}: 2 MP"
        if hex_.across_river and not (hex_.terrain in ROUGH and unit_type == "armor"):
            cost, how = cost + 1, f"{how} + 1 across a river"
        if hex_.enemy_zoc:
            cost, how = cost + 1, f"{how} + 1 into an enemy ZOC ({hex_.zoc_why})"
        elif hex_.zoc_why:
            how = f"{how}; no enemy ZOC ({hex_.zoc_why})"
        total += cost
        steps.append(Step(text=f"{hex_.name}: {how} = {cost}", rule="H-50, H-51 [004]"))
        stops = hex_.enemy_zoc and unit_type != "armor"
        if (stops or (hex_.terrain in ROUGH and unit_type == "armor")) and number < len(hexes):
            why = "infantry halts on entering an enemy ZOC (H-50 [004])"
            if not stops:
                why = f"armor spent all its MPs entering {hex_.terrain} (H-51 [004])"
            raise IllegalOrderError(f"{unit} stops in {hex_.name}: {why}; it cannot go on to {hexes[number].name}")
    if total <= allowed:
        steps.append(Step(text=f"{total} of {allowed} MP: {allowed - total} left", rule="H-51 [004]"))
    elif len(hexes) == 1:
        steps.append(Step(text=f"{total} MP is more than {allowed}: a 1-hex move is always allowed", rule="H-51 [004]"))
    else:
        spent = "; ".join(step.text for step in steps)
        raise IllegalOrderError(f"{unit}'s move costs {total} MP and it has {allowed} (H-50, H-51 [004]): {spent}")
    return total, steps
