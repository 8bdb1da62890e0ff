"""Rail movement and rail gauge conversion (Revised Europa 000, RULES L-07, L-08; 001 J-41).

Operational rail movement counts in rail hexes: the unit's MA times its rail multiple. Entraining
costs 1 MP and each rail break crossed +2 MP, both before the multiple (so ×multiple rail hexes);
the rest is what the unit may still rail, or spend off the rail at 1 MP per multiple. Strategic
rail movement has its own 200-hex allowance and may not cross any break. The map (which hexes are
rail, where the breaks are) is read by the players (K-12); these functions take the counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step

STRATEGIC_ALLOWANCE = 200
"""L-08 [000]: the strategic rail allowance in hexes."""
ENTRAIN_MP = 1
"""L-08 [000]: entraining costs 1 MP before the rail multiple."""
BREAK_MP = 2
"""L-08 [000]: each rail break (an interdiction zone's centre on a rail line included) costs +2 MP
before the rail multiple."""


@dataclass(frozen=True)
class RailMove:
    """An operational rail move: rail hexes of allowance, used and left, and MP left."""

    allowance: int
    used: int
    left: int
    mp_left: Fraction
    steps: list[Step] = field(default_factory=list)


def operational_rail(
    ma: int, multiple: int, rail_hexes: int, *, breaks: int = 0, entrain: bool = True, off_rail_mp: int = 0
) -> RailMove:
    """L-08 [000]: operational rail movement; entraining 1 MP and each break +2 MP, before the multiple.

    Raises `IllegalOrderError` when the move costs more than the unit's MA × rail multiple.
    """
    if ma < 1 or multiple < 1:
        raise IllegalOrderError("a unit moving by rail needs an MA and a rail multiple of 1 or more (L-08 [000])")
    if rail_hexes < 0 or breaks < 0 or off_rail_mp < 0:
        raise IllegalOrderError("rail hexes, breaks and off-rail MP are counted from 0 (L-08 [000])")
    allowance = ma * multiple
    steps = [Step(text=f"MA {ma} × rail multiple {multiple} = {allowance} rail hexes", rule="L-08 [000]")]
    used = 0
    if entrain:
        used += ENTRAIN_MP * multiple
        steps.append(Step(text=f"entraining: {ENTRAIN_MP} MP × {multiple} = {multiple} rail hexes", rule="L-08 [000]"))
    used += rail_hexes
    steps.append(Step(text=f"{rail_hexes} hexes by rail: {rail_hexes}", rule="L-08 [000]"))
    if breaks:
        cost = breaks * BREAK_MP * multiple
        used += cost
        steps.append(
            Step(
                text=f"{breaks} rail break{'s' if breaks > 1 else ''} crossed: {breaks} × {BREAK_MP} MP × {multiple} "
                f"= {cost} rail hexes",
                rule="L-08 [000]",
            )
        )
    if off_rail_mp:
        used += off_rail_mp * multiple
        steps.append(
            Step(text=f"{off_rail_mp} MP off the rail: {off_rail_mp * multiple} rail hexes", rule="L-08 [000]")
        )
    if used > allowance:
        raise IllegalOrderError(
            f"this rail move uses {used} of {allowance} rail hexes (MA {ma} × {multiple}); "
            f"entraining 1 MP and +2 MP per break count before the multiple (L-08 [000])"
        )
    left = allowance - used
    mp_left = Fraction(left, multiple)
    steps.append(
        Step(
            text=f"used {used} of {allowance}: {left} rail hexes left (= {show(mp_left)} MP off the rail)",
            rule="L-08 [000]",
        )
    )
    return RailMove(allowance, used, left, mp_left, steps)


def strategic_rail(hexes: int, *, breaks: int = 0) -> list[Step]:
    """L-08 [000]: strategic rail movement has a 200-hex allowance and cannot cross a rail break."""
    if breaks:
        raise IllegalOrderError(
            f"strategic rail movement cannot cross a rail break ({breaks} on this line); "
            "use operational rail movement at +2 MP per break (L-08 [000])"
        )
    if not 0 <= hexes <= STRATEGIC_ALLOWANCE:
        raise IllegalOrderError(
            f"strategic rail movement allows {STRATEGIC_ALLOWANCE} hexes; this move is {hexes} (L-08 [000])"
        )
    return [
        Step(
            text=f"strategic rail: {hexes} of {STRATEGIC_ALLOWANCE} hexes, no break crossed; "
            f"{STRATEGIC_ALLOWANCE - hexes} left",
            rule="L-08 [000]",
        )
    ]


@dataclass(frozen=True)
class Regauge:
    """Rail hexes an engineer converts this turn, with the derivation."""

    hexes: int
    steps: list[Step] = field(default_factory=list)


def regauge(ma: int, *, hex_cost: int = 1, movement: str = "normal", rules: str = "000") -> Regauge:
    """L-07 [000]: an engineer converts each connected rail hex it enters by normal movement at the
    normal cost, so a 0-6 unit converts 6 hexes a turn; J-41 (001): 1 MP more per hex converted.

    ``movement``: normal, operational_rail (over converted track: no new hexes converted),
    administrative or strategic_rail (refused). Converted track is usable from the next Initial phase.
    """
    if movement in ("administrative", "strategic_rail"):
        raise IllegalOrderError(
            f"rail engineers cannot convert gauge during {movement.replace('_', ' ')} movement (L-07 [000])"
        )
    if movement not in ("normal", "operational_rail"):
        raise IllegalOrderError(
            f"movement is normal, operational_rail, administrative or strategic_rail; not {movement!r}"
        )
    if hex_cost < 1 or ma < 0:
        raise IllegalOrderError("a rail hex costs at least 1 MP to enter (L-07 [000])")
    if movement == "operational_rail":
        return Regauge(
            0, [Step(text="operational rail movement runs over converted track only: no new hexes", rule="L-07 [000]")]
        )
    per_hex = hex_cost + (1 if rules == "001" else 0)
    hexes = ma // per_hex
    how = f"{hex_cost} MP to enter" + (" + 1 MP to convert (J-41, 001)" if rules == "001" else ", conversion free")
    return Regauge(
        hexes,
        [
            Step(text=f"MA {ma}, {how}: {per_hex} MP per hex → {hexes} hexes re-gauged", rule="L-07 [000], J-41"),
            Step(text="the converted track is usable from the next Initial phase", rule="L-07 [000]"),
        ],
    )
