"""Dice specifications and the checking of faces typed in from the table.

Sources: 2D6 for the Europa CRT, bombardment and isolation attrition (RULES D-11, D-81,
D-105 [000]); 1D6 in Boot Camp (E-04 [002]); 1D10 for Third Reich air/naval fire and
strategic warfare (H-20, G-93 [004]); a D10 rolled with the 2D6 for fractional odds under
Europa House Rule D (D-12 [000]).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from referee import digital_dice
from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.state import DiceState

Faces = list[int] | Literal["digital"]
"""Faces as thrown at the table, or "digital": the service rolls them (DESIGN "Dice")."""


class DiceSpec(BaseModel):
    """How many dice of how many sides."""

    model_config = ConfigDict(frozen=True)
    name: str
    count: int
    sides: int
    note: str


DICE: dict[str, DiceSpec] = {
    spec.name: spec
    for spec in (
        DiceSpec(name="1D6", count=1, sides=6, note="one six-sided die (Boot Camp, E-04 [002])"),
        DiceSpec(name="2D6", count=2, sides=6, note="two six-sided dice (Europa CRT, D-11 [000])"),
        DiceSpec(name="1D10", count=1, sides=10, note="one ten-sided die (3R fire, H-20 [004])"),
        DiceSpec(name="D10", count=1, sides=10, note="D10 for fractional odds (House Rule D, D-12 [000])"),
    )
}


def check_faces(dice: str, faces: list[int]) -> DiceSpec:
    """Check faces thrown at the table against the dice spec.

    Raises:
        InvalidInputError: unknown dice, wrong number of faces, or a face the die cannot show.
    """
    spec = DICE.get(dice)
    if spec is None:
        raise InvalidInputError(f"unknown dice {dice!r}; use one of {', '.join(DICE)}")
    if len(faces) != spec.count:
        raise InvalidInputError(
            f"a {spec.name} roll has {spec.count} face{'s' if spec.count > 1 else ''}; got {len(faces)}"
        )
    for face in faces:
        if not 1 <= face <= spec.sides:
            raise InvalidInputError(f"a {spec.name} roll shows faces 1 to {spec.sides}; {face} cannot be thrown")
    return spec


def physical_roll(*, purpose: str, dice: str, faces: list[int], rolled_by: str, witnesses: list[str]) -> dict[str, Any]:
    """The roll record stored in an entry for dice thrown at the table."""
    check_faces(dice, faces)
    return {
        "purpose": purpose,
        "dice": dice,
        "faces": list(faces),
        "total": sum(faces),
        "method": "physical",
        "rolled_by": rolled_by,
        "witnesses": list(witnesses),
    }


@dataclass
class DigitalRoller:
    """Rolls the digital dice of the open period for one entry (`seed` None: this is a preview).

    Roll numbers continue the period's count; the service records how many were made.
    """

    campaign: str
    dice: DiceState | None
    seed: str | None
    refusal: str = ""
    made: int = 0

    def roll(self, purpose: str, dice: str) -> dict[str, Any]:
        if self.dice is None:
            raise IllegalOrderError(
                "digital dice are not committed in this campaign: record CommitDice first, or type the faces thrown"
            )
        if self.refusal:
            raise IllegalOrderError(self.refusal)
        if self.seed is None:
            raise IllegalOrderError(
                "digital dice are rolled when the entry is recorded; the preview stops before the dice"
            )
        n = self.dice.rolls + self.made + 1
        message = digital_dice.roll_message(
            campaign=self.campaign,
            period=self.dice.period,
            n=n,
            purpose=purpose,
            dice=dice,
            player_seeds=self.dice.player_seeds,
        )
        faces = digital_dice.faces(self.seed, message)
        self.made += 1
        return {
            "purpose": purpose,
            "dice": dice,
            "faces": faces,
            "total": sum(faces),
            "method": "digital",
            "period": self.dice.period,
            "n": n,
            "commitment": self.dice.commitment,
        }


def throw(
    roller: DigitalRoller | None, *, purpose: str, dice: str, faces: Faces, rolled_by: str, witnesses: list[str]
) -> dict[str, Any]:
    """The roll record: the faces typed in from the table, or the service's digital roll."""
    if faces == "digital":
        if roller is None:
            raise IllegalOrderError("digital dice are rolled by the referee service only")
        record = roller.roll(purpose, dice)
        record["rolled_by"] = rolled_by
        record["witnesses"] = list(witnesses)
        return record
    return physical_roll(purpose=purpose, dice=dice, faces=list(faces), rolled_by=rolled_by, witnesses=witnesses)
