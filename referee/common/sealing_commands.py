"""The two commands of a sealed order (any game): seal it, reveal it (docs/sealed-orders.md).

`SealOrder` carries the commitment only: the order never enters the record before its reveal.
`turnledger seal` (referee/book/sealed_orders.py) draws the salt, keeps the order and the salt beside
the campaign and records this command; a side that computed its commitment elsewhere may record
it as it is, and reveal by typing its order and salt.
"""

from __future__ import annotations

from pydantic import Field

from referee.common.command_base import Command, EntryNumber, Name
from referee.common.sealing import COMMITMENT_PATTERN, MOST_KEYS, SALT_PATTERN, Order

EXAMPLE_COMMITMENT = "4ea793922beffb03f039be7c9c52181ea9276b8c4f56f0addf1c19e3872474cd"
"""The commitment of the example order and salt below (the test vector of docs/sealed-orders.md)."""
EXAMPLE_SALT = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"


class SealOrder(Command):
    """A side seals an order: the record holds its SHA-256 commitment, who sealed it and what it
    is for, never the order (DESIGN revision 3, "Sealed orders")."""

    side: Name = Field(
        description="who seals it: a side, or a power a game's slot names (Germany)", examples=["Germany"]
    )
    slot: Name = Field(description="what it is for, e.g. murmansk (a game's slot, or any name)", examples=["murmansk"])
    commitment: str = Field(
        pattern=COMMITMENT_PATTERN,
        description="SHA-256 of the order and its salt (docs/sealed-orders.md); turnledger seal computes it",
        examples=[EXAMPLE_COMMITMENT],
    )


class RevealOrder(Command):
    """Reveal a sealed order: the order and salt are recorded only when they give the seal's
    commitment again; a sealed order is revealed once."""

    seal: EntryNumber = Field(description="the entry that sealed the order")
    order: Order = Field(
        max_length=MOST_KEYS,
        description="the order exactly as sealed: names to whole numbers",
        examples=[{"german_air": 3, "german_fleets": 0, "uboats": 4}],
    )
    salt: str = Field(pattern=SALT_PATTERN, description="the salt kept with it (hex)", examples=[EXAMPLE_SALT])
