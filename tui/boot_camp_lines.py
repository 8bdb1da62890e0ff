"""Boot Camp units typed one per line, as a new player reads the counters aloud: printed strength
first, then words (Boot Camp combat form).

    8 1pz div cm               a c/m division (AEC +1 attacking, -1 defending; E-10)
    7 2inf div                 an infantry division (supports itself; E-18)
    4 art1 art                 artillery (supports; engineers and artillery keep strength in forts)
    2 flak regt dot            a non-divisional unit with the supported dot (E-18)
    0 sec1                     a zero-strength unit (E-17)

Flags: div, cm, dot (supported), unsupplied, art, eng, retreated (a defender that retreated
into the hex, E-21), @HEX (an attacker's hex), ~HEXSIDE (the hexside it attacks across). Every
other word is the unit's label. A wrong line is refused with its number and the word at fault.
"""

from __future__ import annotations

from typing import Any

from referee.common.errors import InvalidInputError
from tui.typed_units import sets, strength_lines

FLAGS = {
    "div": ("divisional", True),
    "cm": ("cm", True),
    "dot": ("supported", True),
    "unsupplied": ("supply", "unsupplied"),
    "art": ("type", "artillery"),
    "eng": ("type", "engineer"),
    "retreated": ("retreated_here", True),
}


def parse_boot_camp_units(text: str, *, attacking: bool) -> list[dict[str, Any]]:
    """The units of a Boot Camp combat from typed lines (printed strength, label, flags)."""
    what = "attackers" if attacking else "defenders"
    units = []
    for number, strength, words in strength_lines(text, what, strength="the printed strength"):
        unit: dict[str, Any] = {"strength": strength}
        label = []
        for word in words:
            field = sets(word, FLAGS, attacking)
            if field is not None:
                unit[field[0]] = field[1]
            elif word.startswith(("@", "~")):
                raise InvalidInputError(f"{what}, line {number}: {word!r}: @HEX and ~HEXSIDE are for attackers")
            else:
                label.append(word)
        if not label:
            raise InvalidInputError(f"{what}, line {number}: name the unit after its strength")
        unit["label"] = " ".join(label)
        units.append(unit)
    return units
