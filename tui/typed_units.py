"""What every reader of units typed one per line shares (Europa's `tui/unit_lines.py`, Third
Reich's `tui/land_unit_lines.py`, Boot Camp's `tui/boot_camp_lines.py`): the strength the line
starts with, refused with the line's number when it is not one, and an attacker's @HEX and
~HEXSIDE words, so that the three forms read and refuse a line alike."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from referee.common.errors import InvalidInputError

PLACES = {"@": "hex", "~": "hexside"}
"""The field an attacker's @HEX (the hex it attacks from) and ~HEXSIDE (the hexside it crosses) fill."""


def strength_lines(
    text: str, what: str, *, digits: int = 3, strength: str = "the unit's strength"
) -> Iterator[tuple[int, int, list[str]]]:
    """(line number, strength, the words after it) of each line typed, blank lines passed over;
    a line not starting with ``strength`` (a number of at most ``digits`` digits) is refused with
    its number, ``what`` naming the field. One line at a time: the refusal names the first line
    at fault, whether its strength or a word after it."""
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        if not words[0].isdigit() or len(words[0]) > digits:
            raise InvalidInputError(f"{what}, line {number}: a line starts with {strength}; {words[0]!r} is not one")
        yield number, int(words[0]), words[1:]


def sets(word: str, flags: Mapping[str, tuple[str, Any]], attacking: bool) -> tuple[str, Any] | None:
    """The (field, value) ``word`` sets on its unit: a flag's (``flags``, matched whatever the
    case), or an attacker's place, ("hex", "B") for @B and ("hexside", "river") for ~river; None
    for any other word, which the caller takes into the label or refuses (a defender's @B)."""
    flag = flags.get(word.lower())
    if flag is not None:
        return flag
    field = PLACES.get(word[:1])
    return (field, word[1:]) if attacking and field is not None and len(word) > 1 else None
