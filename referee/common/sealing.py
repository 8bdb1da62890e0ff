"""Sealed orders: a hidden choice recorded as a commitment now and revealed later (any game).

DESIGN revision 3, "Sealed orders"; docs/sealed-orders.md. A side seals an order (a few named
numbers, such as the factors it sends face down to a box); the record holds only the SHA-256
commitment, who sealed it and what it is for (its *slot*). The order and a random salt are kept
privately, like a dice seed. At the reveal the order and the salt are recorded, and the reveal
is accepted only when they give the commitment again.

The commitment is the SHA-256, in lowercase hex, of these bytes: the UTF-8 encoding of

    json.dumps({"order": order, "salt": salt}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

(the record's own canonical JSON), where ``order`` maps each name to a whole number or a text and
``salt`` is 32 to 128 lowercase hex digits. The salt is what hides the order: an order is a few
small numbers, and without the salt anyone could hash every possible one.

Pure functions and plain data only: no clock, no random source, no store.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from referee.common.errors import IllegalOrderError, InvalidInputError

SALT_PATTERN = "^[0-9a-f]{32,128}$"
"""A salt is 128 to 512 bits in lowercase hex (the service draws 256)."""
COMMITMENT_PATTERN = "^[0-9a-f]{64}$"
"""A commitment is a SHA-256 in lowercase hex."""
MOST_KEYS = 40
"""An order names at most this many things."""

OrderKey = Annotated[str, Field(min_length=1, max_length=80)]
OrderValue = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)] | Annotated[StrictStr, Field(max_length=200)]
Order = dict[OrderKey, OrderValue]
"""What a side seals: names to whole numbers (or short texts), e.g. {"uboats": 4}."""


def commitment_bytes(order: Mapping[str, Any], salt: str) -> bytes:
    """The exact bytes a commitment hashes (docs/sealed-orders.md has a test vector)."""
    text = json.dumps({"order": dict(order), "salt": salt}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def commitment(order: Mapping[str, Any], salt: str) -> str:
    """SHA-256 of `commitment_bytes`, lowercase hex: what the record holds until the reveal."""
    return hashlib.sha256(commitment_bytes(order, salt)).hexdigest()


def matches(order: Mapping[str, Any], salt: str, promised: str) -> bool:
    """True when ``order`` and ``salt`` give the commitment ``promised``."""
    return commitment(order, salt) == promised


@dataclass(frozen=True)
class SealSlot:
    """A kind of sealed order a game declares: who may seal one and what it holds.

    A game declares its slots (`Game.sealed_orders`); an order for a declared slot names only
    the side's keys, each a whole number from 0 to ``maximum`` (a key left out is 0). A slot
    no game declares takes any side of the campaign and any order.
    """

    name: str
    title: str
    sides: Mapping[str, tuple[str, ...]]
    """Who may seal one -> the names its order may hold."""
    rule: str
    maximum: int = 200

    def keys_of(self, side: str) -> tuple[str, ...]:
        """The names ``side``'s order holds (refused for a side the slot does not take)."""
        if side not in self.sides:
            raise IllegalOrderError(f"{self.title} is sealed by {' or '.join(self.sides)}, not {side} ({self.rule})")
        return self.sides[side]

    def check(self, side: str, order: Mapping[str, Any]) -> dict[str, int]:
        """``order`` as ``side``'s whole numbers for this slot, every key present.

        Raises:
            IllegalOrderError: a side the slot does not take.
            InvalidInputError: a name the slot does not hold, or a number out of range.
        """
        keys = self.keys_of(side)
        unknown = [key for key in order if key not in keys]
        if unknown:
            raise InvalidInputError(
                f"{possessive(side)} order for {self.title} holds {', '.join(keys)}; "
                f"not {', '.join(map(repr, unknown))}"
            )
        checked: dict[str, int] = {}
        for key in keys:
            value = order.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.maximum:
                raise InvalidInputError(
                    f"{key} in {possessive(side)} order for {self.title} is a whole number from 0 to {self.maximum}; "
                    f"got {value!r}"
                )
            checked[key] = value
        return checked


def possessive(name: str) -> str:
    """ "Germany's", "the Western Allies'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def shown(order: Mapping[str, Any]) -> str:
    """'german_air 3, uboats 4' (the order as the ruling shows it)."""
    return ", ".join(f"{key} {value}" for key, value in order.items()) or "nothing"


class SealedOrder(BaseModel):
    """One sealed order as the record holds it: the commitment until the reveal, then the order."""

    model_config = ConfigDict(extra="forbid")

    seal: int = Field(description="the entry that sealed it (its number names the seal)")
    side: str
    slot: str = Field(description="what it is for, e.g. 'murmansk'")
    commitment: str
    turn: int = Field(description="the game turn it was sealed in")
    at: str = Field(default="", description="when it was sealed, as the calendar showed it")
    revealed_in: int | None = Field(default=None, description="the entry that revealed it")
    order: dict[str, int | str] | None = Field(default=None, description="the order, once revealed")
    salt: str | None = Field(default=None, description="the salt, once revealed")

    @property
    def revealed(self) -> bool:
        return self.revealed_in is not None

    def name(self) -> str:
        """ "Germany's murmansk order (#12)"."""
        return f"{self.side}'s {self.slot} order (#{self.seal})"
