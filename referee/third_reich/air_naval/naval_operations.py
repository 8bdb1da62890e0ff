"""Third Reich naval operations as pure functions: interception by range (H-30, H-31, J-64),
fleet capacities (H-32, J-66), amphibious landings and beachheads (H-33, J-69).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from referee.common.dice import check_faces
from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.ruling import Step
from referee.third_reich.air_naval.air_naval import (
    BEACHHEAD_STACKING,
    BRIDGEHEADS_PER_POWER,
    DIE_FACES,
    INTERCEPTION_BANDS,
    NINE_FLEET,
    NORMAL_STACKING,
    UNITS_PER_SEA_HEX,
    check_factors,
    reading_of,
)
from referee.third_reich.air_naval.air_zones import AirZone, require_open


def interception_number(distance: int, *, interception_bands: str = "lower_band") -> tuple[int, Step]:
    """H-30, J-64 [004]: the highest roll that intercepts at this range (0: impossible, 26+). At
    10 and 20 hexes two printed bands meet: ``lower_band`` reads 10 as 6-10 (1-4) and 20 as
    16-20 (1-2); ``higher_band`` as 10-15 (1-3) and 20-25 (1). Range 0 counts as 1-5."""
    reading = reading_of("interception_bands", interception_bands)
    if distance < 0:
        raise InvalidInputError(f"a range of {distance} hexes is not a range")
    bands = [(low, high, best) for low, high, best in INTERCEPTION_BANDS if low <= max(distance, 1) <= high]
    if not bands:
        return 0, Step(text=f"{distance} hexes: interception impossible at 26 or more", rule="H-30 [004]")
    low, high, best = bands[0] if reading == "lower_band" else bands[-1]
    rule = "H-30, J-64 [004]" + (f" (interception_bands={reading})" if len(bands) > 1 else "")
    rolls = "1" if best == 1 else f"1-{best}"
    return best, Step(text=f"{distance} hexes: band {low}-{high}, intercepts on {rolls}", rule=rule)


@dataclass(frozen=True)
class InterceptionAttempt:
    """The fleets of one port trying to intercept, and the range to the target's ending hex."""

    port: str
    fleets: tuple[int, ...]
    distance: int
    same_zone: bool = True
    """The target hex is in the port's zone (either zone for a dual-zone port such as Gibraltar)."""
    murmansk: bool = False


@dataclass(frozen=True)
class Interception:
    """Which ports' fleets reached the target and the fleets present for the combat."""

    succeeded: tuple[str, ...]
    failed: tuple[str, ...]
    fleets: tuple[int, ...]
    steps: tuple[Step, ...]


def rolls_for_interceptions(attempts: Sequence[InterceptionAttempt], *, interception_die: str = "1D10") -> list[str]:
    """H-31 [004]: one roll per port, as a body; none for the Murmansk box (automatic)."""
    reading_of("interception_die", interception_die)
    return [f"{interception_die} interception from {a.port}" for a in attempts if not a.murmansk]


def intercept(
    attempts: Sequence[InterceptionAttempt],
    rolls: Sequence[int],
    *,
    target: str,
    target_zone: AirZone | None = None,
    interception_die: str = "1D10",
    interception_bands: str = "lower_band",
) -> Interception:
    """H-30, H-31 [004]: all attempts declared first, the fleets of each port roll once together
    against the range to the target's ending hex; the Murmansk box succeeds without a roll; no
    interception into another zone, at 26+ hexes, or into the phasing player's uncontested air
    zone (``target_zone`` seen by the phasing player). The die is not stated (J-64):
    ``interception_die`` 1D10 or 1D6; the successful rolls are the printed ones either way.

    Raises:
        IllegalOrderError: a port named twice, another zone, out of range, or an excluded hex.
        InvalidInputError: the wrong number of rolls or a face the die cannot show.
    """
    die = reading_of("interception_die", interception_die)
    if target_zone is not None and target_zone.bars_naval_interception:
        raise IllegalOrderError(
            f"{target} is in the phasing player's uncontested air zone ({target_zone.friendly} against "
            f"{target_zone.enemy}): no naval interception (H-31 [004])"
        )
    ports = [a.port for a in attempts]
    twice = sorted({port for port in ports if ports.count(port) > 1})
    if twice:
        raise IllegalOrderError(f"the fleets of {', '.join(twice)} intercept as one body with one roll (H-31 [004])")
    needed = rolls_for_interceptions(attempts, interception_die=die)
    if len(rolls) != len(needed):
        raise InvalidInputError(f"{len(needed)} roll(s) needed ({'; '.join(needed) or 'none'}); {len(rolls)} given")
    rolled = iter(rolls)
    steps: list[Step] = []
    succeeded: list[str] = []
    failed: list[str] = []
    fleets: list[int] = []
    for attempt in attempts:
        if not attempt.same_zone:
            raise IllegalOrderError(f"{attempt.port}'s fleets intercept only into their own zone (H-31 [004])")
        if attempt.murmansk:
            steps.append(Step(text=f"{attempt.port}: Murmansk box, interception automatic", rule="H-31 [004]"))
            succeeded.append(attempt.port)
            fleets += attempt.fleets
            continue
        best, step = interception_number(attempt.distance, interception_bands=interception_bands)
        if best == 0:
            raise IllegalOrderError(f"{attempt.port} is {attempt.distance} hexes from {target}: 26+ is impossible")
        steps.append(step)
        roll = next(rolled)
        check_faces(die, [roll])
        made = roll <= best
        steps.append(
            Step(
                text=f"{attempt.port} ({' + '.join(map(str, attempt.fleets))} naval factors): {die} {roll} "
                f"{'≤' if made else '>'} {best}: {'intercepts' if made else 'fails, stays in port'} "
                f"(chance {best}/{DIE_FACES[die]})",
                rule=f"H-30, H-31, J-64 [004] (interception_die={die})",
            )
        )
        (succeeded if made else failed).append(attempt.port)
        if made:
            fleets += attempt.fleets
    return Interception(tuple(succeeded), tuple(failed), tuple(fleets), tuple(steps))


def _per_fleet(fleets: Sequence[int], divisor: int, what: str) -> tuple[int, list[Step]]:
    check_factors(**{f"fleet_{index + 1}": factors for index, factors in enumerate(fleets)})
    shares = [factors // divisor for factors in fleets]
    parts = " + ".join(f"{factors} // {divisor}" for factors in fleets) or "no fleet"
    total = sum(shares)
    return total, [Step(text=f"{what}: {parts} = {' + '.join(map(str, shares)) or 0} = {total}", rule="H-32 [004]")]


def transport_capacity(fleets: Sequence[int]) -> tuple[int, list[Step]]:
    """H-32, H-27 [004]: each fleet carries ground factors up to 1/2 its strength, rounded down."""
    return _per_fleet(fleets, 2, "transport, 1/2 of each fleet rounded down")


def check_transport(fleets: Sequence[int], factors: int) -> list[Step]:
    """H-32 [004]: refuse a naval transport beyond the fleets' capacity.

    Raises:
        IllegalOrderError: more ground factors than the fleets carry.
    """
    capacity, steps = transport_capacity(fleets)
    if factors > capacity:
        raise IllegalOrderError(f"the fleets carry {capacity} ground factors by transport; {factors} named (H-32)")
    return steps


def amphibious_capacity(fleets: Sequence[int]) -> tuple[int, list[Step]]:
    """H-32 [004]: each fleet lands up to 1/3 of its combat strength (rounded down: provisional)."""
    return _per_fleet(fleets, 3, "amphibious, 1/3 of each fleet rounded down (provisional)")


def check_amphibious(fleets: Sequence[int], units: Sequence[int]) -> list[Step]:
    """H-32 [004]: at most 2 ground units from one sea hex, within the fleets' 1/3 capacity. Call
    it again with the factors left after interception: a load above what is left turns back.

    Raises:
        IllegalOrderError: more than 2 units, or more factors than the capacity.
    """
    if len(units) > UNITS_PER_SEA_HEX:
        raise IllegalOrderError(f"only 2 ground units may land from one sea hex; {len(units)} named (H-32 [004])")
    capacity, steps = amphibious_capacity(fleets)
    carried = sum(units)
    if carried > capacity:
        raise IllegalOrderError(
            f"the fleets land {capacity} ground factors (1/3 of their strength); {carried} named (H-32 [004])"
        )
    return [*steps, Step(text=f"{len(units)} unit(s), {carried} factors of {capacity}: may land", rule="H-32 [004]")]


def bombardment(fleets: Sequence[int]) -> tuple[int, list[Step]]:
    """H-32, H-07 [004]: each fleet adds 1/3 of its factors (rounded down: provisional, as
    land_combat.naval_support); the one-9-factor-fleet and support caps are land combat's."""
    return _per_fleet(fleets, 3, "bombardment, 1/3 of each fleet rounded down (provisional)")


def escort_holds(fleets_left: Sequence[int], *, escort_rule: str = "nine_factors") -> tuple[bool, Step]:
    """H-32, J-66 [004]: after an interception of sea SRs the escort must keep at least 9 naval
    factors (``nine_factors``, the escort section) or one fleet still at 9 (``one_nine_fleet``,
    the SR section); otherwise the SRs are blocked and return."""
    reading = reading_of("escort_rule", escort_rule)
    check_factors(**{f"fleet_{index + 1}": factors for index, factors in enumerate(fleets_left)})
    listed = " + ".join(map(str, fleets_left)) or "0"
    if reading == "nine_factors":
        held = sum(fleets_left) >= NINE_FLEET
        text = f"escort {listed} = {sum(fleets_left)} naval factors {'≥' if held else '<'} 9"
    else:
        held = any(factors >= NINE_FLEET for factors in fleets_left)
        text = f"escort fleets {listed}: {'a' if held else 'no'} fleet of 9"
    verdict = "the sea SRs go ahead" if held else "the sea SRs are blocked and return"
    return held, Step(text=f"{text}: {verdict}", rule=f"H-32, J-66 [004] (escort_rule={reading})")


def check_landing(*, option: str, same_zone: bool, offshore: AirZone, beach: AirZone) -> list[Step]:
    """H-32, H-33, H-25 [004]: an invasion moves in an offensive option's movement phase, within
    one zone, and neither the offshore sea hex nor the beach may be an uncontested enemy air zone.

    Raises:
        IllegalOrderError: another option, another zone, or an enemy air zone.
    """
    if option != "offensive":
        raise IllegalOrderError(f"naval missions need an offensive option (A-63 [004]); this is {option}")
    if not same_zone:
        raise IllegalOrderError("an invasion fleet lands only within its own zone (H-32 [004])")
    return [require_open(offshore, "amphibious assault"), require_open(beach, "amphibious assault")]


@dataclass(frozen=True)
class Landing:
    """What happens on the beach: an automatic success, or a land combat to fight."""

    automatic: bool
    must_advance: bool
    steps: tuple[Step, ...]


def land(beach: str, defenders: int, units: Sequence[int]) -> Landing:
    """H-33 [004]: an invasion of an empty hex succeeds and must advance (the only attack on an
    empty hex); a defended beach is a land combat, one column left (H-06), supported by every
    fleet present at 1/3 of printed strength and the phasing air offshore or over the beach."""
    check_factors(defending_units=defenders)
    if not units:
        raise IllegalOrderError(f"no ground units are landing at {beach}")
    if defenders == 0:
        step = Step(text=f"{beach} is empty: the invasion succeeds, the {len(units)} unit(s) advance", rule="H-33")
        return Landing(True, True, (step,))
    step = Step(
        text=f"{beach} is defended by {defenders} unit(s): land combat, 1 column left for the beach, fleets at 1/3 "
        "of printed strength and air in support, capped at 2× the defence",
        rule="H-06, H-07, H-33 [004]",
    )
    return Landing(False, False, (step,))


def stacking_limit(*, beachhead: bool) -> int:
    """H-02, H-33 [004]: 4 units in a beachhead (bridgehead), otherwise 2."""
    return BEACHHEAD_STACKING if beachhead else NORMAL_STACKING


def place_beachhead(beach: str, existing: int, *, removing: str | None = None) -> list[Step]:
    """H-33 [004]: after a successful invasion the marker makes the hex a port stacking 4; each
    power keeps at most 3 and may remove one of its choice to place a new one.

    Raises:
        IllegalOrderError: 3 already in play and none named for removal.
    """
    if existing >= BRIDGEHEADS_PER_POWER and removing is None:
        raise IllegalOrderError(
            f"{existing} bridgeheads already in play, 3 is the limit: name one to remove to place {beach} (H-33)"
        )
    steps = [Step(text=f"{beach}: beachhead marker, stacks 4 units and acts as a port", rule="H-33 [004]")]
    if existing >= BRIDGEHEADS_PER_POWER:
        steps.insert(0, Step(text=f"{removing}'s marker removed to stay at 3 bridgeheads", rule="H-33 [004]"))
    return steps


def beachhead_removed(
    *,
    moment: Literal["start", "end"],
    friendly_turns_since_landing: int,
    enemy_adjacent: bool,
    beachhead_removal: str = "start_of_friendly_turn_no_enemy_adjacent",
) -> tuple[bool, Step]:
    """H-33, J-69 [004]: whether the marker goes at the start or end of a friendly turn
    (``friendly_turns_since_landing``: 0 is the landing turn). With no enemy unit adjacent it
    goes at the start of a friendly turn (the bridgehead section, the default) or at the end of
    any friendly turn after the landing (the amphibious section: ``end_of_next_friendly_turn``)."""
    reading = reading_of("beachhead_removal", beachhead_removal)
    checked = "start" if reading == "start_of_friendly_turn_no_enemy_adjacent" else "end"
    later = friendly_turns_since_landing >= 1
    removed = moment == checked and later and not enemy_adjacent
    if moment != checked or not later:
        why = f"markers are checked at the {checked} of a later friendly turn"
    elif enemy_adjacent:
        why = "an enemy unit is adjacent"
    else:
        why = "no enemy unit adjacent: the marker goes, stacking falls to 2 and the port is gone"
    return removed, Step(
        text=f"{moment} of friendly turn {friendly_turns_since_landing} after the landing: {why}",
        rule=f"H-33, J-69 [004] (beachhead_removal={reading})",
    )
