"""Domain events of digital dice (DESIGN "Dice: physical and verifiable"): commit, use, reveal.

The seed itself is recorded only when its period ends; until then the record holds its
SHA-256 commitment, so nobody can know a roll in advance and nobody can change one afterwards.
"""

from __future__ import annotations

from pydantic import Field

from referee.common.event_base import DomainEvent


class DiceCommitted(DomainEvent):
    """A new period of digital dice begins: the seed's commitment and the players' seed strings."""

    period: int = Field(ge=1)
    commitment: str = Field(pattern="^[0-9a-f]{64}$")
    player_seeds: dict[str, str] = Field(default_factory=dict)
    scheme: int = Field(
        default=1,
        ge=1,
        le=3,
        description="how its rolls are made (referee/dice/dice_schemes.py): 1 until release 0.2.0 (what an entry "
        "without this field used), 2 binds each roll to its entry, its command and a witness word, 3 (from "
        "issue 27) to its entry, its command's rule-relevant fields and the word, never to free text",
    )


class DigitalRollsMade(DomainEvent):
    """Rolls numbered after the period's previous ones were made in this entry."""

    period: int = Field(ge=1)
    count: int = Field(ge=1)


class DiceSeedRevealed(DomainEvent):
    """The period is over: its seed is in the record, so every roll of it can be recomputed."""

    period: int = Field(ge=1)
    seed: str = Field(pattern="^[0-9a-f]{64}$")
