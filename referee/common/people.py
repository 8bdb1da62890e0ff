"""The people at the table: once players are seated (`SeatPlayer`), every person a command names
is a seated one, or the referee, spelled as the campaign spells them.

Without it "Hans", "hans" and "Hnas" are three people in the record, and "Axis player" a fourth:
an audit years later cannot say who threw a disputed roll. A campaign with nobody seated (every
campaign of earlier releases) takes any name, as before.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

from referee.common.errors import IllegalOrderError

REFEREE = "referee"
"""Always at the table: the default author of every command."""

PERSON_FIELDS = ("actor", "rolled_by", "raised_by")
"""Command fields naming one person (``raised_by``: who raised a dispute); ``witnesses`` names
several, ``witness_word.by`` one, ``on_behalf_of`` a person or a side."""


def seated_names(command: Any, people: dict[str, str], sides: list[str]) -> Any:
    """``command`` with every person it names spelled as seated; refused naming the stranger."""
    if not people:
        return command
    known = {name.casefold(): name for name in [REFEREE, *people]}
    update: dict[str, Any] = {}

    def seated(field: str, value: str, *, or_side: bool = False) -> str:
        found = known.get(" ".join(value.split()).casefold())
        if found is not None:
            return found
        if or_side:
            for side in sides:
                if side.casefold() == value.strip().casefold():
                    return side
        close = get_close_matches(value, list(known.values()), n=1, cutoff=0.6)
        seats = ", ".join(f"{name} ({side})" for name, side in people.items())
        raise IllegalOrderError(
            f"{field}: {value!r} is not seated at this table"
            + (f" (did you mean {close[0]}?)" if close else "")
            + f"; seated: {seats}, and the referee; seat a new player with SeatPlayer"
        )

    for field in PERSON_FIELDS:
        value = getattr(command, field, None)
        if isinstance(value, str):
            update[field] = seated(field, value)
    if isinstance(getattr(command, "on_behalf_of", None), str):
        update["on_behalf_of"] = seated("on_behalf_of", command.on_behalf_of, or_side=True)
    if isinstance(getattr(command, "witnesses", None), list):
        update["witnesses"] = [seated("witnesses", name) for name in command.witnesses]
    word = getattr(command, "witness_word", None)
    if word is not None:
        update["witness_word"] = word.model_copy(update={"by": seated("witness_word.by", word.by)})
    changed = {field: value for field, value in update.items() if getattr(command, field) != value}
    return command.model_copy(update=changed) if changed else command
