"""The Murmansk box's commands: the hits on northern lend lease typed in, or the fight from what
each side committed and the 1D10 rolls (G-70..G-72 [004])."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from referee.common.command_base import Amount, Command, Digital, EntryNumber, Name, Witnessed

Factors = Annotated[int, Field(ge=0, le=200)]


class RecordMurmanskHits(Command):
    """BRP hits on lend lease in the Murmansk box (G-70)."""

    receiver: Name
    hits: Amount


class ResolveMurmanskFight(Command):
    """Fight the Murmansk box step by step (G-70..G-72 [004]) from what each side sent; the BRP
    hits come off the northern lend lease in the box, which arrives as option murmansk_timing
    says (J-58). U-boat factors, hidden until now, are revealed here: typed, or read from the
    sides' sealed orders (``german_seal``, ``allied_seal``: docs/murmansk.md "Sealed orders")."""

    receiver: Name = "USSR"
    german_air: Factors = 0
    german_fleets: Factors = 0
    uboats: Factors = 0
    allied_fleets: Factors = 0
    asw: Factors = 0
    allied_air: Factors = Field(default=0, description="never allowed (G-72): here to be refused by rule")
    german_seal: EntryNumber | None = Field(
        default=None,
        description="the entry that sealed Germany's murmansk order, revealed: its german_air, german_fleets and "
        "uboats are read from it (leave those at 0)",
    )
    allied_seal: EntryNumber | None = Field(
        default=None,
        description="the entry that sealed the Western Allies' murmansk order, revealed: its allied_fleets and asw "
        "are read from it (leave those at 0)",
    )
    rolls: list[Annotated[int, Field(ge=-100, le=100)]] | Digital = Field(
        description='1D10 faces in the order the fight asks for them, or "digital"', max_length=20
    )
    rolled_by: Name = "referee"
    witnesses: list[Name] = Field(default_factory=list, max_length=20)
    witness_word: Witnessed = None


COMMANDS: tuple[type[Command], ...] = (RecordMurmanskHits, ResolveMurmanskFight)
"""The Murmansk box's commands (`referee.third_reich.game` lists every command in documentation order)."""
