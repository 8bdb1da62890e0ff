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
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        if not words[0].isdigit() or len(words[0]) > 3:
            raise InvalidInputError(
                f"{what}, line {number}: a line starts with the printed strength; {words[0]!r} is not one"
            )
        unit: dict[str, Any] = {"strength": int(words[0])}
        label = []
        for word in words[1:]:
            lowered = word.lower()
            if lowered in FLAGS:
                key, value = FLAGS[lowered]
                unit[key] = value
            elif attacking and word.startswith("@") and len(word) > 1:
                unit["hex"] = word[1:]
            elif attacking and word.startswith("~") and len(word) > 1:
                unit["hexside"] = word[1:]
            elif word.startswith(("@", "~")):
                raise InvalidInputError(f"{what}, line {number}: {word!r}: @HEX and ~HEXSIDE are for attackers")
            else:
                label.append(word)
        if not label:
            raise InvalidInputError(f"{what}, line {number}: name the unit after its strength")
        unit["label"] = " ".join(label)
        units.append(unit)
    return units
