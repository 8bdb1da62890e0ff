"""Dice specifications and the checking of faces typed in from the table.

Sources: 2D6 for the Europa CRT, bombardment and isolation attrition (RULES D-11, D-81,
D-105 [000]); 1D6 in Boot Camp (E-04 [002]); 1D10 for Third Reich air/naval fire and
strategic warfare (H-20, G-93 [004]); a D10 rolled with the 2D6 for fractional odds under
Europa House Rule D (D-12 [000]).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from referee.common.errors import DiceNeededError, IllegalOrderError, InvalidInputError
from referee.common.ruling import Ruling
from referee.common.state import DiceState
from referee.dice import dice_schemes

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


def physical_roll(*, purpose: str, dice: str, faces: list[int]) -> dict[str, Any]:
    """The roll record stored in an entry for dice thrown at the table (`throw` adds who)."""
    check_faces(dice, faces)
    return {"purpose": purpose, "dice": dice, "faces": list(faces), "total": sum(faces), "method": "physical"}


@dataclass
class DigitalRoller:
    """Rolls the digital dice of the open period for one entry (`seed` None: this is a preview).

    Roll numbers continue the period's count, which a rollback never winds back; the service
    records how many were made. Under scheme 3 every roll is bound to ``entry`` (the number the
    entry will have), the fields of ``command`` (the command as recorded) but the ``unbound``
    ones (its free text, referee/common/command_base.py) and the command's witness word; the
    roll records the digest of what it was bound to and the names left out, so that anyone can
    recompute it from an export (referee/dice/dice_schemes.py). Under scheme 2 (a period committed
    before it) the whole command and the derived purpose are bound.
    """

    campaign: str
    dice: DiceState | None
    seed: str | None
    refusal: str = ""
    made: int = 0
    entry: int = 0
    command: dict[str, Any] = field(default_factory=dict)
    witness: dict[str, Any] | None = None
    unbound: list[str] = field(default_factory=list)

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
        record: dict[str, Any] = {"purpose": purpose, "dice": dice}
        if self.dice.scheme >= 3:
            witness = self._witness()
            digest = dice_schemes.bound_digest(self.command, self.unbound)
            message = dice_schemes.scheme_3_message(
                campaign=self.campaign,
                period=self.dice.period,
                n=n,
                entry=self.entry,
                command_digest=digest,
                dice=dice,
                word=witness["word"],
                player_seeds=self.dice.player_seeds,
            )
            record.update(scheme=3, witness=witness, command_digest=digest, unbound=list(self.unbound))
        elif self.dice.scheme == 2:
            witness = self._witness()
            message = dice_schemes.bound_message(
                campaign=self.campaign,
                period=self.dice.period,
                n=n,
                entry=self.entry,
                command=self.command,
                purpose=purpose,
                dice=dice,
                witness=witness,
                player_seeds=self.dice.player_seeds,
            )
            record["scheme"] = 2
            record["witness"] = witness
        else:
            message = dice_schemes.roll_message(
                campaign=self.campaign,
                period=self.dice.period,
                n=n,
                purpose=purpose,
                dice=dice,
                player_seeds=self.dice.player_seeds,
            )
        faces = dice_schemes.faces(self.seed, message)
        self.made += 1
        record.update(
            faces=faces,
            total=sum(faces),
            method="digital",
            period=self.dice.period,
            n=n,
            commitment=self.dice.commitment,
        )
        return record

    def _witness(self) -> dict[str, Any]:
        """The witness word of the command; refused when missing or given by whoever enters it."""
        if not self.witness:
            raise IllegalOrderError(
                'digital dice need a witness word: add "witness_word": {"by": <a player>, "word": <any word>}, '
                "said by a player at the moment of the roll (docs/dice.md)"
            )
        if self.witness["by"] == self.command.get("actor"):
            raise IllegalOrderError(
                f"the witness word must come from someone other than whoever enters the command "
                f"({self.witness['by']} entered it); ask the opposing player for it"
            )
        return dict(self.witness)


def throw(
    roller: DigitalRoller | None,
    *,
    purpose: str,
    dice: str,
    faces: Faces,
    rolled_by: str,
    witnesses: list[str],
) -> dict[str, Any]:
    """The roll record: the faces typed in from the table, or the service's digital roll.

    Both record who entered the command (``entered_by``, from the roller's command when there
    is one), who rolled or threw and who watched.
    """
    entered_by = str(roller.command.get("actor", "")) if roller is not None else ""
    if faces == "digital":
        if roller is None:
            raise IllegalOrderError("digital dice are rolled by the referee service only")
        record = roller.roll(purpose, dice)
    else:
        record = physical_roll(purpose=purpose, dice=dice, faces=list(faces))
    record["rolled_by"] = rolled_by
    record["witnesses"] = list(witnesses)
    if entered_by:
        record["entered_by"] = entered_by
    return record


def faces_or_preview(
    faces: list[int] | Literal["digital"] | None, *, dice: str, head: str, steps: list[Any]
) -> list[int] | Literal["digital"]:
    """The faces a command gives, or, when none are entered yet, a `DiceNeededError` carrying
    what is decided before the dice (``head`` and the derivation ``steps``): recording is
    refused, a preview shows it (issue 15). One die is "the face", two or more "the faces"."""
    if faces is None:
        one = dice == "1D6"
        raise DiceNeededError(
            f"{head}; throw {dice} at the table and enter the face{'' if one else 's'} "
            '(or "digital" for the committed digital dice)',
            Ruling(summary=f"before the {'die' if one else 'dice'}: {head}", steps=list(steps)),
        )
    return faces
