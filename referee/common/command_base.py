"""The fields every command shares, and the constrained types commands use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

Amount = Annotated[int, Field(gt=0, le=100_000, description="a positive whole number of points")]
EntryNumber = Annotated[int, Field(ge=1, le=1_000_000_000, description="an entry number of this campaign")]
Divisions = Annotated[int, Field(ge=0, le=1000, description="a count of divisions")]
Points = Annotated[int, Field(ge=0, le=100_000, description="a whole number of points, 0 or more")]
Text = Annotated[str, Field(min_length=1, max_length=500)]
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
