"""Rules the referee applies to positions on the table, read from what is stated (Revised Europa:
A-11, A-36 [000]; A-19 [001]; L-08 [000]).

The book keeps no map (K-12): where each unit stands, how far a hex is from the border and which
hexes an interdiction zone covers are read off the board and stated (`StateFact`) or given with
the command. These functions say what the rules make of them: whether the Soviet set-up is legal
(A-36), what the 001 Supply phase does to each phasing unit's out-of-supply marker (A-19), and
which stated interdiction zones and rail breaks the placing player's Initial phase removes (A-11,
L-08).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

ARMY_DEPTH = (0, 1)
"""A-36 [000]: "Army" forces set up on the border or 1 hex behind it."""
MECHANIZED_DEPTH = (3, 5)
"""A-36 [000]: "Mechanized Corps" set up 3 to 5 hexes from the border."""


@dataclass(frozen=True)
class Placed:
    """A Soviet unit at set-up: its force class and its hex's distance from the border (0: on it)."""

    label: str
    force: str
    hex: str
    from_border: int


def soviet_set_up(units: list[Placed], border_hexes_outside_zoc: int) -> list[Step]:
    """A-36 [000]: Army forces on the border or one hex behind it, every border hex in a Soviet ZOC,
    Mechanized Corps 3 to 5 hexes from the border; other units anywhere the order of battle puts
    them. Raises `IllegalOrderError` naming every unit out of place (and any border hex left
    outside a ZOC)."""
    steps, wrong = [], []
    for unit in units:
        if unit.force == "army":
            low, high, what = *ARMY_DEPTH, "an Army force: on the border or 1 hex behind it"
        elif unit.force == "mechanized_corps":
            low, high, what = *MECHANIZED_DEPTH, "a Mechanized Corps: 3 to 5 hexes from the border"
        else:
            steps.append(Step(text=f"{unit.label} at {unit.hex}: not bound by A-36", rule="A-36 [000]"))
            continue
        fits = low <= unit.from_border <= high
        text = f"{unit.label} at {unit.hex}, {unit.from_border} hex(es) from the border: {what}"
        steps.append(Step(text=text + (" — in place" if fits else " — out of place"), rule="A-36 [000]"))
        if not fits:
            wrong.append(f"{unit.label} at {unit.hex} is {unit.from_border} hex(es) from the border ({what})")
    if border_hexes_outside_zoc:
        wrong.append(
            f"{border_hexes_outside_zoc} border hex(es) are outside every Soviet ZOC (every one must be in one)"
        )
    else:
        steps.append(Step(text="every border hex is in a Soviet ZOC", rule="A-36 [000]"))
    if wrong:
        raise IllegalOrderError("the Soviet set-up breaks A-36 [000]: " + "; ".join(wrong))
    return steps


@dataclass(frozen=True)
class SupplyPhaseFate:
    """What the 001 Supply phase does to one phasing unit (A-19 [001])."""

    unit: str
    marked_after: bool
    isolated: bool
    step: Step


def supply_phase_001(unit: str, *, marked: bool, traces: str) -> SupplyPhaseFate:
    """A-19 [001], the Supply phase at the end of the player turn, in the text's order:
    1. a unit already marked out of supply that traces no path of any length is Isolated and
       suffers isolation attrition now;
    2. a marked unit back in supply loses its marker;
    3. an unmarked unit out of supply is marked, and is not subject to isolation attrition until
       the next game turn (and only if still Isolated then).

    ``traces``: ``supply`` (a valid supply path), ``too_long`` (a path, but not a valid one) or
    ``none`` (no path of any length)."""
    rule = "A-19 [001]"
    if traces not in ("supply", "too_long", "none"):
        raise IllegalOrderError(f"traces is supply, too_long or none; not {traces!r} (A-19 [001])")
    if traces == "supply":
        text = f"{unit}: back in supply, its out-of-supply marker removed" if marked else f"{unit}: in supply"
        return SupplyPhaseFate(unit, False, False, Step(text=text, rule=rule))
    if not marked:
        text = f"{unit}: newly out of supply, marked; no isolation attrition until the next game turn"
        return SupplyPhaseFate(unit, True, False, Step(text=text, rule=rule))
    if traces == "none":
        text = f"{unit}: still out of supply and no path of any length: Isolated, roll isolation attrition now"
        return SupplyPhaseFate(unit, True, True, Step(text=text, rule=rule + ", D-104"))
    text = f"{unit}: still out of supply but a path exists: not Isolated, the marker stays"
    return SupplyPhaseFate(unit, True, False, Step(text=text, rule=rule))


@dataclass(frozen=True)
class Removal:
    """The stated zones and breaks removed in the placing player's Initial phase, and why."""

    zones: list[str]
    breaks: list[str]
    steps: list[Step] = field(default_factory=list)


def remove_placed(zones: list[str], breaks: list[str], stated_zones: set[str], stated_breaks: set[str]) -> Removal:
    """A-11 step 4 [000]: the air interdiction zones a side placed in its previous turn are removed
    in its Initial phase; L-08 [000]: so are the rail breaks it placed (interdiction centres and
    partisans). Each hex named must be stated as a zone (or break) now; a zone's centre on a rail
    line is both."""
    missing = [hex_ for hex_ in zones if hex_ not in stated_zones]
    missing += [hex_ for hex_ in breaks if hex_ not in stated_breaks]
    if missing:
        raise IllegalOrderError(
            f"no interdiction zone or rail break is stated at {', '.join(dict.fromkeys(missing))}: name only the "
            "hexes the side placed and the book holds (A-11, L-08 [000])"
        )
    if not zones and not breaks:
        raise IllegalOrderError("name the interdiction zone hexes (or rail breaks) the side placed (A-11 [000])")
    steps = []
    if zones:
        steps.append(Step(text=f"interdiction zone(s) removed: {', '.join(zones)}", rule="A-11 step 4 [000]"))
    if breaks:
        steps.append(Step(text=f"rail break(s) removed: {', '.join(breaks)}", rule="L-08 [000]"))
    return Removal(list(zones), list(breaks), steps)
