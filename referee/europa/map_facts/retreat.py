"""Retreat length and retreat through enemy ZOCs (Revised Europa D-70, D-72; 001 D-73; option
ezoc_retreat, J-16 / J-33).

- ``per_retreat`` (000, J-16 reading a): the retreating stack loses 1 RE (or 1 division to a
  cadre) once, however many EZOC hexes it enters.
- ``per_hex`` (000, J-16 reading b): 1 RE for each EZOC hex entered.
- ``cadre_per_zoc`` (001, D-73): 1 division to a cadre for each ZOC entered; with no division
  left, 1 non-divisional unit eliminated for each such hex.

Friendly units in a hex negate the EZOC there for retreat (D-72, D-73, L-02). Under 000 an
all-armor stack loses nothing for a hex unless an enemy unit exerting that ZOC has an AECA
rating (full or 1/2); a mixed stack pays like any other (D-72).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

STACKS = ("armor", "non_armor", "mixed")
READINGS = ("per_retreat", "per_hex", "cadre_per_zoc")


@dataclass(frozen=True)
class ZocHex:
    """An enemy-ZOC hex the retreat enters: friendly units in it, an AECA unit exerting the ZOC."""

    name: str = ""
    friendly: bool = False
    aeca: bool = False


@dataclass(frozen=True)
class RetreatLoss:
    """What the retreat costs: REs (000), divisions to cadre and units eliminated (001)."""

    res: int = 0
    cadres: int = 0
    eliminated: int = 0
    steps: list[Step] = field(default_factory=list)


def retreat_hexes(result: str, *, heavy_terrain: bool) -> tuple[int, Step]:
    """D-70 [000], D-61: AR retreats 1 hex; DR 2 hexes, or 1 when the defender's hex is heavy terrain
    (which terrain is heavy: the campaign's reading of J-18, given here as a yes/no)."""
    if result == "AR":
        return 1, Step(text="AR: 1 hex", rule="D-61 [000]")
    if result != "DR":
        raise IllegalOrderError(f"a retreat is AR or DR; not {result!r} (D-61, D-70 [000])")
    if heavy_terrain:
        return 1, Step(text="DR from heavy terrain: 1 hex", rule="D-70 [000], J-18")
    return 2, Step(text="DR: 2 hexes", rule="D-70 [000]")


def ezoc_retreat(
    hexes: list[ZocHex], *, stack: str = "non_armor", divisions: int = 0, non_divisional: int = 0, reading: str
) -> RetreatLoss:
    """D-72 [000] (J-16 per_retreat / per_hex) or D-73 [001] (cadre_per_zoc): the loss for retreating
    through enemy ZOCs, friendly-occupied hexes excepted, with the 000 armor exemption."""
    if reading not in READINGS:
        raise IllegalOrderError(f"ezoc_retreat is one of {', '.join(READINGS)}; not {reading!r} (J-16)")
    if stack not in STACKS:
        raise IllegalOrderError(f"the retreating stack is armor, non_armor or mixed; not {stack!r} (D-72 [000])")
    steps: list[Step] = []
    counted: list[str] = []
    for number, hex_ in enumerate(hexes, start=1):
        label = hex_.name or f"EZOC hex {number}"
        if hex_.friendly:
            steps.append(Step(text=f"{label}: friendly units there negate the EZOC", rule="D-72 [000], L-02"))
        elif reading != "cadre_per_zoc" and stack == "armor" and not hex_.aeca:
            steps.append(
                Step(text=f"{label}: armor stack, no enemy AECA unit exerts this ZOC: no loss", rule="D-72 [000]")
            )
        else:
            counted.append(label)
    if not counted:
        steps.append(
            Step(text="no loss for the retreat", rule="D-72 [000]" if reading != "cadre_per_zoc" else "D-73 [001]")
        )
        return RetreatLoss(steps=steps)
    if reading == "per_retreat":
        mixed = " (mixed stack)" if stack == "mixed" else ""
        steps.append(
            Step(
                text=f"retreat through {', '.join(counted)}{mixed}: the stack loses 1 RE (or 1 division to a cadre) "
                "once (option ezoc_retreat=per_retreat)",
                rule="D-72 [000], J-16",
            )
        )
        return RetreatLoss(res=1, steps=steps)
    if reading == "per_hex":
        steps.append(
            Step(
                text=f"{len(counted)} EZOC hex{'es' if len(counted) > 1 else ''} ({', '.join(counted)}): "
                f"{len(counted)} RE lost (option ezoc_retreat=per_hex)",
                rule="D-72 [000], J-16",
            )
        )
        return RetreatLoss(res=len(counted), steps=steps)
    cadres = eliminated = 0
    full, others = divisions, non_divisional
    for label in counted:
        if full:
            full -= 1
            cadres += 1
            others += 1
            steps.append(Step(text=f"{label}: 1 division reduced to a cadre", rule="D-73 [001], J-33"))
        elif others:
            others -= 1
            eliminated += 1
            steps.append(Step(text=f"{label}: no division left, 1 non-divisional unit eliminated", rule="D-73 [001]"))
        else:
            steps.append(Step(text=f"{label}: nothing left to lose", rule="D-73 [001]"))
    return RetreatLoss(cadres=cadres, eliminated=eliminated, steps=steps)
