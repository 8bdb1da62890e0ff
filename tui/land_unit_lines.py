"""Third Reich land-combat units typed one per line: strength first, then the label and flags.

    4 XXIV pz armor        an armored attacker with attack factor 4 (a defender: defence 4)
    3 VII inf river        an infantry attacker across a river hexside
    2 1st para airborne airlanded   an airborne unit that landed in the hex this turn
    3 marines beach        landing on a beach from naval transport
    1 repl replacement     a defending replacement unit

Flags: armor, airborne, replacement (defenders), river, beach, airlanded (attackers). Every other
word is the unit's label; a word a letter or two off a flag is refused with the flag it resembles.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

from referee.common.errors import InvalidInputError
from tui.typed_units import strength_lines

TYPES = {"armor": "armor", "airborne": "airborne", "replacement": "replacement", "infantry": "infantry"}
ATTACKER_FLAGS = {"river": "across_river", "beach": "amphibious", "airlanded": "air_landed"}


def parse_land_units(text: str, *, attacking: bool) -> list[dict[str, Any]]:
    """Attackers (attack factor, type, river, beach, air-landed) or defenders (defence factor, type)."""
    what = "attackers" if attacking else "defenders"
    types = {name: kind for name, kind in TYPES.items() if attacking is False or kind != "replacement"}
    flags = {**types, **(ATTACKER_FLAGS if attacking else {})}
    units = []
    for number, strength, words in strength_lines(text, what, digits=2):
        unit: dict[str, Any] = {"strength": strength}
        label = []
        for word in words:
            lowered = word.lower()
            near = get_close_matches(lowered, flags, n=1, cutoff=0.8) if len(word) >= 4 else []
            if lowered in types:
                unit["type"] = types[lowered]
            elif lowered in flags:
                unit[flags[lowered]] = True
            elif near:
                raise InvalidInputError(
                    f"{what}, line {number}: {word!r} is not a flag (did you mean {near[0]}?); "
                    f"flags: {', '.join(flags)}"
                )
            else:
                label.append(word)
        unit["unit"] = " ".join(label) or f"{what[:-1]} {number}"
        units.append(unit)
    return units


def parse_attrition_losses(text: str) -> list[dict[str, Any]]:
    """Units an attrition result removes, one per line: strength, label, a type (armor, airborne,
    replacement; infantry otherwise), `swap` when a replacement saves it and `cost=N` (its BRPs)."""
    units = []
    for number, strength, words in strength_lines(text, "losses", digits=2):
        unit: dict[str, Any] = {"strength": strength}
        label = []
        for word in words:
            lowered = word.lower()
            key, _, value = lowered.partition("=")
            if lowered in TYPES:
                unit["type"] = TYPES[lowered]
            elif lowered == "swap":
                unit["swapped"] = True
            elif key == "cost" and value:
                if not value.isdigit() or len(value) > 3:
                    raise InvalidInputError(f"losses, line {number}: cost= takes a whole number of BRPs, not {value!r}")
                unit["cost"] = int(value)
            else:
                label.append(word)
        unit["unit"] = " ".join(label) or f"unit {number}"
        units.append(unit)
    return units
