"""The fields every command shares, the constrained types commands use, and which of a command's
fields are free text.

Free text is what the referee types that no rule reads: who entered a command and for whom, who
threw and who watched, the witness word's field (the word is bound into a digital roll on its
own), and prose (a roll's stated purpose, a note, a reason, the label a combat goes by at the
table). A scheme-3 digital roll is bound to every other field of its command and to none of
these, so that nobody who has heard the witness word can choose the faces by choosing a wording
(docs/dice.md "How a digital roll is made (dice scheme 3)", DESIGN revision 3: "A roll binds
only what is fixed before the word").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.stored_name import name_after_class


class FreeTextMarker:
    """Marks a field as free text in its annotation: ``Annotated[str, FREE_TEXT]``."""

    def __repr__(self) -> str:
        return "FREE_TEXT"


FREE_TEXT = FreeTextMarker()
"""The one marker: a field whose annotation carries it is free text (never bound into a roll)."""

FREE_TEXT_NAMES = frozenset({"actor", "on_behalf_of", "rolled_by", "witnesses", "witness_word"})
"""Fields that are free text by name in every command: who entered it and for whom, who threw and
who watched, and the witness word's field (the word itself is bound into the roll separately)."""

Amount = Annotated[int, Field(gt=0, le=100_000, description="a positive whole number of points")]
EntryNumber = Annotated[int, Field(ge=1, le=1_000_000_000, description="an entry number of this campaign")]
Divisions = Annotated[int, Field(ge=0, le=1000, description="a count of divisions")]
Points = Annotated[int, Field(ge=0, le=100_000, description="a whole number of points, 0 or more")]
Text = Annotated[str, Field(min_length=1, max_length=500)]
FreeText = Annotated[str, Field(min_length=1, max_length=500), FREE_TEXT]
"""Prose the referee types that no rule reads (a roll's purpose, a note, a reason): free text."""
FreeLabel = Annotated[str, Field(max_length=80), FREE_TEXT]
"""What the table calls a combat or a front ('Kiev, hex 2715'), shown in rulings, read by no rule:
free text. (The hex, the units and the sides a rule reads are separate fields, and bound.)"""
Name = Annotated[str, Field(min_length=1, max_length=80)]
Digital = Literal["digital"]
TwoDice = Annotated[list[int], Field(min_length=2, max_length=2)] | Digital
"""2D6 as thrown at the table, e.g. [3, 5], or "digital": the service rolls them (DESIGN "Dice")."""
OneDie = Annotated[list[int], Field(min_length=1, max_length=1)] | Digital
"""1D6 as thrown at the table, e.g. [4], or "digital"."""
AnyDice = Annotated[list[int], Field(min_length=1, max_length=10)] | Digital


class WitnessWord(BaseModel):
    """A word a player says at the moment of a digital roll; it is mixed into the roll's faces,
    so nobody holding the seed can know the roll before the word is given (docs/dice.md)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    by: Name = Field(description="the player who gave the word (not whoever enters the command)")
    word: Annotated[str, Field(min_length=1, max_length=200)] = Field(description="any word or number they chose")


Witnessed = Annotated[
    WitnessWord | None,
    Field(description='digital dice: the witness word, required with "digital" (docs/dice.md)'),
]


class Command(BaseModel):
    """Fields every command has: who entered it and on whose behalf."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    version: ClassVar[int] = 1
    """The version of this command's recorded shape; bump it with an upcaster from the previous."""
    upcasters: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    """version -> function turning a recorded command of that version into the next version."""

    actor: Name = Field(default="referee", description="who entered the command")
    on_behalf_of: Name | None = Field(default=None, description="the player or side it was entered for")
    kind: str = ""
    """The stored name; each command class fixes it to its class name (`referee.common.stored_name`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name_after_class(cls, "kind")


def free_text_fields(model: type[BaseModel]) -> frozenset[str]:
    """The names of ``model``'s free-text fields: the fixed names it has, and every field whose
    annotation carries `FREE_TEXT`."""
    return frozenset(
        name
        for name, info in model.model_fields.items()
        if name in FREE_TEXT_NAMES or any(item is FREE_TEXT for item in info.metadata)
    )


def unbound_fields(model: type[BaseModel], recorded: Mapping[str, Any]) -> list[str]:
    """The fields of a command as recorded (its JSON form) that a scheme-3 roll leaves unbound:
    its free-text fields among those it records, sorted."""
    free = free_text_fields(model)
    return sorted(name for name in recorded if name in free)


def bound_fields(model: type[BaseModel], recorded: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a command as recorded that a scheme-3 roll is bound to: all but its free
    text (``kind`` and the shape's version ``v`` included)."""
    free = free_text_fields(model)
    return {name: value for name, value in recorded.items() if name not in free}
