"""What an attrition result asks of each side, as pure functions (seed 004, H-11..H-13).

The losing side picks the units it removes (1-3 infantry count half), may save some with
replacement swaps up to its power's limit, and the attacker names the hexes it wins; the caller
passes what the referee read off the map. The table itself is `referee.third_reich.attrition.attrition`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from referee.common.errors import IllegalOrderError, InvalidInputError

SWAP_LIMITS = {"Germany": 5, "USA": 5, "UK": 4, "Italy": 3, "France": 3}
"""H-13 [004]: units a power may save from attrition with replacements in one player turn. The
USSR has no replacements (G-50 [004]); a power not listed has none."""
FREE_SWAP_COST = 4
"""H-13 [004]: a saved unit costing more than this many BRPs pays the excess."""


@dataclass(frozen=True)
class Removal:
    """A unit a side chooses to remove for an attrition result, as the referee reads it off the map."""

    unit: str
    type: Literal["infantry", "armor", "airborne", "replacement"]
    strength: int
    adjacent_to_enemy: bool = True
    """Next to a ground unit of the attrition opponent (H-11)."""


HALF_UNITS = ("strength_1_to_3", "one_factor")
"""Option ``half_unit_infantry``: the text's "1-3 infantry" (H-11) read as infantry of strength 1
to 3 (RULES.md's reading, the default), or as the 1-3 infantry counter (1 factor, 3 movement)."""


def removal_value(removal: Removal, half_units: str = HALF_UNITS[0]) -> Fraction:
    """H-11 [004]: "1-3 infantry" counts as half a unit, every other unit as one; option
    ``half_unit_infantry`` says whether that is infantry of strength 1 to 3 or of 1 factor."""
    if half_units not in HALF_UNITS:
        raise InvalidInputError(f"half_unit_infantry is one of {', '.join(HALF_UNITS)}; not {half_units!r}")
    top = 3 if half_units == "strength_1_to_3" else 1
    return Fraction(1, 2) if removal.type == "infantry" and 1 <= removal.strength <= top else Fraction(1)


def units_counted(removals: Sequence[Removal], half_units: str = HALF_UNITS[0]) -> Fraction:
    """How many units a list of removals counts for against a result (H-11 [004])."""
    return sum((removal_value(removal, half_units) for removal in removals), Fraction(0))


def check_removals(
    removals: Sequence[Removal],
    required: int,
    *,
    everything_in_contact: bool = False,
    half_units: str = HALF_UNITS[0],
) -> Fraction:
    """Refuse a removal list that does not meet a result of ``required`` units; return what it counts for.

    The losing side picks the units, among those next to the opponent's ground units (H-11
    [004]); replacement units are never removed by enemy attrition (G-50 [004]). The list must
    reach ``required`` units (half units counting 1/2) without a unit it could have kept, unless
    the referee states it is every unit the side has in contact.

    Raises:
        InvalidInputError: a negative result.
        IllegalOrderError: a unit that may not be removed, too few units, or one unit too many.
    """
    if required < 0:
        raise InvalidInputError(f"an attrition result removes 0 or more units; got {required}")
    for removal in removals:
        if not removal.adjacent_to_enemy:
            raise IllegalOrderError(
                f"{removal.unit} is not next to an enemy ground unit; "
                "attrition losses come from units that are (H-11 [004])"
            )
        if removal.type == "replacement":
            raise IllegalOrderError(
                f"{removal.unit} is a replacement; replacements are not removed by attrition (G-50 [004])"
            )
    counted = units_counted(removals, half_units)
    if counted < required and not everything_in_contact:
        raise IllegalOrderError(
            f"the result asks for {required} unit(s); these removals count for {_units(counted)} "
            "(1-3 infantry count 1/2, H-11 [004])"
        )
    spare = [removal for removal in removals if counted - removal_value(removal, half_units) >= required]
    if spare:
        raise IllegalOrderError(
            f"the result asks for {required} unit(s); these removals count for {_units(counted)} "
            f"and would still meet it without {spare[0].unit} (H-11 [004])"
        )
    return counted


def meets_result(removals: Sequence[Removal], required: int) -> bool:
    """Whether the removals meet a result of ``required`` units, no more than needed (H-11 [004])."""
    try:
        check_removals(removals, required)
    except IllegalOrderError:
        return False
    return True


def _units(value: Fraction) -> str:
    whole, half = divmod(value, 1)
    return str(int(whole)) if not half else (f"{int(whole)} 1/2" if whole else "1/2")


def swap_limit(power: str) -> int:
    """Units ``power`` may save from attrition by replacement swaps in one player turn (H-13, G-50 [004])."""
    return SWAP_LIMITS.get(power, 0)


def swap_cost(unit_cost: int) -> int:
    """BRPs paid to save a unit by a swap: its cost minus 4 when it costs more than 4 (H-13 [004]).

    Raises:
        InvalidInputError: a negative unit cost.
    """
    if unit_cost < 0:
        raise InvalidInputError(f"a unit's cost in BRPs cannot be negative; got {unit_cost}")
    return max(0, unit_cost - FREE_SWAP_COST)


FACTOR_COSTS = {"infantry": 1, "armor": 2, "replacement": 2, "airborne": 3}
"""G-40 [004], the updated BRP costs: what each factor of a land unit costs, by type."""


@dataclass(frozen=True)
class SwapPrice:
    """What saving one unit by a swap costs, and how the rules reach it (G-40, H-13 [004])."""

    unit: str
    unit_cost: int
    """The unit's build cost: its factors at its type's price a factor (G-40)."""
    paid: int
    """What the swap pays: the unit cost above the 4 BRPs a replacement covers (H-13)."""
    derivation: str


def swap_price(unit: str, unit_type: str, strength: int, stated: int | None = None) -> SwapPrice:
    """The BRPs a swap pays to save ``unit``, derived from the rules (H-13, G-40, G-50, G-51 [004]).

    The text prices every land unit by its factors (G-40: infantry 1 a factor, armor 2, airborne
    3), and a saved unit pays whatever its cost exceeds 4 (H-13); so a 2-factor armor unit is
    saved free and armor of 3, 4, 5 factors pays 2, 4, 6 (G-51's own figures). Ordinary infantry
    is saved free whatever its factors (G-51 says so outright, and `RecoverUnit` reads it so; by
    H-13 alone that would hold up to 4 factors only). Airborne units are never saved
    (G-50). A cost the referee states must be the one the factors give; a stated 0 counts as none
    stated (no unit with factors costs nothing, and entries of earlier releases wrote 0 when no
    cost was typed).

    Raises:
        InvalidInputError: a negative strength or cost, or a type the text does not price.
        IllegalOrderError: an airborne unit, or a stated cost its factors do not give.
    """
    if strength < 0 or (stated is not None and stated < 0):
        raise InvalidInputError(f"{unit}: factors and cost cannot be negative; got {strength} and {stated}")
    if unit_type == "airborne":
        raise IllegalOrderError(f"{unit} is airborne; airborne units are never saved by replacements (G-50 [004])")
    per = FACTOR_COSTS.get(unit_type)
    if per is None:
        raise InvalidInputError(f"{unit}: {unit_type!r} is not a land unit type; types: {', '.join(FACTOR_COSTS)}")
    cost = strength * per
    if stated and stated != cost:
        raise IllegalOrderError(
            f"{unit}: {strength} {unit_type} factor(s) cost {cost} BRPs ({per} a factor, G-40 [004]), "
            f"not the {stated} stated; leave the cost out and the rules give it"
        )
    paid = 0 if unit_type == "infantry" else swap_cost(cost)
    if paid:
        owed = f"{cost} − {FREE_SWAP_COST} = {paid} to save it"
    else:
        owed = "infantry is saved free" if unit_type == "infantry" else f"not above {FREE_SWAP_COST}: saved free"
    return SwapPrice(unit, cost, paid, f"{unit}: {strength} {unit_type} factor(s) × {per} = {cost} BRPs; {owed}")


def check_swaps(power: str, used: int, asked: int, limit: int | None = None) -> None:
    """Refuse swaps beyond the power's limit for this player turn (H-13 [004]). ``limit``: the
    campaign's pinned figure (the scenario's recovery limit, the same rule as G-52, shared with
    `RecoverUnit`); the text's own figure when not given.

    Raises:
        InvalidInputError: negative counts.
        IllegalOrderError: more swaps than the limit leaves.
    """
    if used < 0 or asked < 0:
        raise InvalidInputError(f"swap counts cannot be negative; got {used} used and {asked} asked")
    limit = swap_limit(power) if limit is None else limit
    if limit == 0 and asked:
        why = "the USSR has no replacements (G-50" if power == "USSR" else "only the powers of H-13 may (H-13"
        raise IllegalOrderError(f"{power} cannot save units from attrition with replacements: {why} [004])")
    if used + asked > limit:
        raise IllegalOrderError(
            f"{power} may save {limit} units with replacements in a player turn (H-13 [004]); "
            f"{used} already saved, {asked} more asked"
        )


@dataclass(frozen=True)
class HexWon:
    """A hex the attacker names for an HN result, with what the referee states about it."""

    hex: str
    adjacent_to_attacker: bool
    """Next to an attacking ground unit when named (H-12)."""
    fortified: bool = False
    national_capital: bool = False
    amphibious_bridgehead: bool = False


def check_hexes_won(hexes: Sequence[HexWon], awarded: int) -> None:
    """Refuse hexes named for an HN result that the rules do not allow (H-12 [004]).

    All hexes are named before the defender moves: at most ``awarded``, none twice, every one next
    to an attacking ground unit. Refused outright: a fortified hex, a national capital, an
    amphibious bridgehead. A VP city or a port without a fort is an ordinary hex here.

    Raises:
        InvalidInputError: a negative award.
        IllegalOrderError: every problem found, in one message.
    """
    if awarded < 0:
        raise InvalidInputError(f"an HN result awards 0 or more hexes; got {awarded}")
    problems = []
    if len(hexes) > awarded:
        problems.append(f"the result awards {awarded} hex(es); {len(hexes)} are named")
    seen: set[str] = set()
    for named in hexes:
        if named.hex in seen:
            problems.append(f"{named.hex} is named twice")
        seen.add(named.hex)
        if not named.adjacent_to_attacker:
            problems.append(f"{named.hex} is not next to an attacking ground unit")
        for flag, what in (
            (named.fortified, "fortified"),
            (named.national_capital, "a national capital"),
            (named.amphibious_bridgehead, "an amphibious bridgehead"),
        ):
            if flag:
                problems.append(f"{named.hex} is {what}, which cannot be won by attrition")
    if problems:
        raise IllegalOrderError("; ".join(problems) + " (H-12 [004])")
