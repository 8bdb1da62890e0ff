"""Units typed one per line, the way a referee reads counters aloud: strength first, then words.

    7 inf                      an attacker with AF 7 (a defender with DF 7)
    9 pz aeca @B ~minor_river  full AECA, attacking from hex B across a minor river
    2 StuG aeca/2              half AECA
    3 AT atec                  a defender with full ATEC
    12 guns art unsupplied     artillery, out of supply

Flags: aeca, aeca/2, atec, atec/2, art, nkvd, unsupplied, isolated, unpaid, siege (not halved
by the hex), @HEX (the hex it attacks from), ~HEXSIDE (the hexside it crosses). With the
campaign's unit identification chart (K-04), a word naming a unit type ("pz", "StuG", "AT")
gives the type's ratings, which the line's own flags override. For losses:
`counted label [armor] [change=N] [cost=N]`. Every other word is the unit's label. A wrong
line is refused with its number and the word at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from difflib import get_close_matches
from typing import Any

from referee.common.errors import InvalidInputError
from tui.typed_units import sets, strength_lines

ATTACKER_FLAGS = {
    "aeca": ("aeca", "full"),
    "aeca/2": ("aeca", "half"),
    "art": ("artillery", True),
    "unsupplied": ("supply", "unsupplied"),
    "isolated": ("supply", "isolated"),
    "unpaid": ("unpaid", True),
    "siege": ("ignores_terrain", True),
}
DEFENDER_FLAGS = {
    "aeca": ("aeca", "full"),
    "aeca/2": ("aeca", "half"),
    "atec": ("atec", "full"),
    "atec/2": ("atec", "half"),
    "art": ("artillery", True),
    "nkvd": ("nkvd", True),
}


def _type_ratings(chart: Mapping[str, Any] | None, words: list[str], attacking: bool) -> dict[str, Any]:
    """The ratings the chart (its pinned data) gives the first word naming a unit type (K-04)."""
    types: Mapping[str, Any] = (chart or {}).get("types", {})
    for word in words:
        row = next((row for row in types.values() if word.casefold() in map(str.casefold, row["words"])), None)
        if row is None:
            continue
        found: dict[str, Any] = {"aeca": row["aeca"]} if row["aeca"] != "none" else {}
        if not attacking and row["atec"] != "none":
            found["atec"] = row["atec"]
        if row.get("artillery"):
            found["artillery"] = True
        return found
    return {}


def parse_units(text: str, *, attacking: bool, chart: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Attackers (AF, AECA, hex, hexside, supply) or defenders (DF, ATEC, AECA) from typed lines;
    ``chart``: the campaign's unit identification chart, whose types give default ratings."""
    what = "attackers" if attacking else "defenders"
    flags = ATTACKER_FLAGS if attacking else DEFENDER_FLAGS
    units = []
    for number, strength, words in strength_lines(text, what):
        unit: dict[str, Any] = {"attack" if attacking else "defense": strength}
        label = []
        for word in words:
            lowered = word.lower()
            field = sets(word, flags, attacking)
            if field is not None:
                unit[field[0]] = field[1]
            elif (
                word.startswith(("@", "~"))
                or "/" in word
                or (len(word) >= 4 and get_close_matches(lowered, flags, cutoff=0.75))
            ):
                near = get_close_matches(lowered, flags, n=1, cutoff=0.6)
                raise InvalidInputError(
                    f"{what}, line {number}: {word!r} is not a flag here"
                    + (f" (did you mean {near[0]}?)" if near else "")
                    + f"; flags: {', '.join(flags)}"
                    + (", @HEX, ~HEXSIDE" if attacking else "")
                )
            else:
                label.append(word)
        unit = {**_type_ratings(chart, label, attacking), **unit}
        unit["label"] = " ".join(label) or f"{what[:-1]} {number}"
        units.append(unit)
    return units


def parse_losses(text: str) -> list[dict[str, Any]]:
    """Units given up for a loss: `counted label [armor] [change=N] [cost=N]`."""
    units = []
    for number, strength, words in strength_lines(text, "losses"):
        unit: dict[str, Any] = {"counted": strength}
        label = []
        for word in words:
            key, _, value = word.partition("=")
            if word.lower() == "armor":
                unit["armor"] = True
            elif key in ("change", "cost") and value:
                if not value.isdigit() or len(value) > 3:
                    raise InvalidInputError(f"losses, line {number}: {key}= takes a whole number, not {value!r}")
                unit["change" if key == "change" else "armor_cost"] = int(value)
            else:
                label.append(word)
        unit["label"] = " ".join(label) or f"unit {number}"
        units.append(unit)
    return units
