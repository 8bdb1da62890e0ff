"""Movement costs and limits read off the map (Revised Europa 000: L-01..L-04, D-91..D-96, A-15,
A-16, A-31, A-34, B-46, B-48; 001 differences J-39, J-40, J-42).

``rules`` is the campaign's reading of the 000 / 001 movement differences (J-39 ZOC-to-ZOC, J-42
interdiction); ``overrun_rules`` is option overrun_rules (J-40). The players read ZOCs, zones
and hex costs off the board (K-12); these functions take them as facts and say what they cost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step

ZOC_KINDS = ("none", "normal", "reduced", "limited")
NO_OVERRUN_TERRAIN = frozenset({"wooded_rough", "mountain", "swamp", "forest"})
"""D-93 [000]: terrain that cannot be overrun."""


@dataclass(frozen=True)
class Cost:
    """MP a move costs (and whether the unit must halt), with the derivation."""

    mp: Fraction
    halt: bool = False
    steps: list[Step] = field(default_factory=list)


def leave_cost(
    *,
    cm: bool,
    zoc: str = "none",
    interdiction: bool = False,
    into_ezoc: bool = False,
    into_interdiction: bool = False,
    rules: str = "000",
) -> Cost:
    """L-01, L-03 [000], D-107, A-34: the extra MP to leave a hex (EZOC +2, reduced or limited +1,
    interdiction zone c/m +2 / non-c/m +1, the higher only); non-c/m units halt in the first EZOC.
    J-39 (001): ZOC to ZOC +3 for mechanized units, forbidden to others; J-42 (001): +1 to enter a zone."""
    if zoc not in ZOC_KINDS:
        raise IllegalOrderError(f"the ZOC left is one of {', '.join(ZOC_KINDS)}; not {zoc!r} (L-01 [000])")
    steps: list[Step] = []
    zoc_mp = {"none": 0, "normal": 2, "reduced": 1, "limited": 1}[zoc]
    if zoc == "normal":
        steps.append(Step(text="leaving an enemy ZOC: +2 MP", rule="L-01 [000]"))
    elif zoc == "reduced":
        steps.append(Step(text="leaving a reduced ZOC (isolated divisions): +1 MP", rule="D-107 [000]"))
    elif zoc == "limited":
        steps.append(Step(text="leaving a Russian limited ZOC (Jun II 1941): +1 MP", rule="A-34 [000]"))
    if rules == "001" and zoc != "none" and into_ezoc:
        if not cm:
            raise IllegalOrderError("under the 001 ZOC rules non-mechanized units may not move ZOC to ZOC (J-39, 001)")
        zoc_mp = 3
        steps.append(Step(text="mechanized unit moving ZOC to ZOC: +3 MP", rule="J-39 (001)"))
    zone_mp = 0
    if rules == "001":
        if into_interdiction:
            zone_mp = 1
            steps.append(Step(text="entering an air interdiction zone hex: +1 MP", rule="J-42 (001)"))
        total = zoc_mp + zone_mp
    else:
        if interdiction:
            zone_mp = 2 if cm else 1
            what = "c/m" if cm else "non-c/m"
            steps.append(Step(text=f"leaving an air interdiction zone hex, {what}: +{zone_mp} MP", rule="L-03 [000]"))
        total = max(zoc_mp, zone_mp)
        if zoc_mp and zone_mp:
            steps.append(Step(text=f"not cumulative: the higher, +{total} MP", rule="L-03 [000]"))
    halt = into_ezoc and not cm
    if halt:
        steps.append(Step(text="a non-c/m unit halts in the first enemy ZOC it enters", rule="L-01 [000], J-39"))
    elif into_ezoc:
        steps.append(Step(text="a c/m unit may go on moving out of the enemy ZOC it entered", rule="L-01 [000]"))
    steps.append(Step(text=f"extra cost +{total} MP", rule="L-01, L-03 [000]"))
    return Cost(Fraction(total), halt, steps)


def russian_zoc(turn: int) -> tuple[str, Step]:
    """A-34 [000]: Russian units exert limited ZOCs (1 MP to leave) in the full Jun II 1941 turn
    (turn 1) only; normal ZOCs from Jul I 1941."""
    if turn == 1:
        return "limited", Step(text="Jun II 1941: Russian ZOCs are limited, +1 MP to leave", rule="A-34 [000]")
    return "normal", Step(text="Russian ZOCs are normal, +2 MP to leave", rule="A-34 [000], L-01 [000]")


@dataclass(frozen=True)
class AdminHex:
    """A hex entered by administrative movement: its base cost (weather included), and whether it
    is an air interdiction zone hex."""

    cost: int
    zone: bool = False


def administrative(
    hexes: list[AdminHex], *, cm: bool, phase: str = "Movement", ezoc: bool = False, start_in_zone: bool = False
) -> Cost:
    """L-04 [000]: administrative movement at 1/2 the TEC cost per hex; never entering or leaving an
    EZOC, never into a hex of base cost 3 MP or more, normal Movement phase only; interdiction zone
    hexes are paid in full with the normal cost to leave each zone hex."""
    if phase != "Movement":
        raise IllegalOrderError(
            f"administrative movement is for the normal Movement phase only, not {phase} (L-04 [000])"
        )
    if ezoc:
        raise IllegalOrderError("administrative movement may never enter or leave an enemy ZOC (L-04 [000])")
    steps: list[Step] = []
    total = Fraction(0)
    leave = 2 if cm else 1
    in_zone = start_in_zone
    for number, hex_ in enumerate(hexes, start=1):
        if hex_.cost >= 3:
            raise IllegalOrderError(
                f"hex {number} costs {hex_.cost} MP to enter: 3 or more cannot be entered by administrative movement "
                "(L-04 [000])"
            )
        if in_zone:
            total += leave
            steps.append(Step(text=f"leaving an interdiction zone hex: +{leave} MP", rule="L-04, L-03 [000]"))
        cost = Fraction(hex_.cost) if hex_.zone else Fraction(hex_.cost, 2)
        total += cost
        how = "full (zone hex)" if hex_.zone else "halved"
        steps.append(Step(text=f"hex {number}: {hex_.cost} MP, {how} → {show(cost)}", rule="L-04 [000]"))
        in_zone = hex_.zone
    steps.append(Step(text=f"administrative movement: {show(total)} MP", rule="L-04 [000]"))
    return Cost(total, False, steps)


def overrun(
    *,
    target_cost: int,
    mp_left: Fraction,
    weather: str,
    terrain: str,
    overrun_rules: str = "000",
    other_zoc_mp: int = 0,
    surprise_turn: bool = False,
    stack_overran: bool = False,
    hex_overrun: bool = False,
    unfrozen_major_river: bool = False,
) -> Cost:
    """D-91 [000]: an overrun costs +3 MP plus the target hex's cost (no road rate), covering EZOC exits,
    and the stack must pay it all; D-92, D-93 limits; A-31 none on the surprise turn; D-96 [001]:
    ZOC costs of enemy units other than the target hex's are paid too."""
    if surprise_turn:
        raise IllegalOrderError("no overruns on the surprise turn (A-31, D-95 [000])")
    if weather == "Mud":
        raise IllegalOrderError("no overruns in Mud (D-93 [000])")
    if terrain in NO_OVERRUN_TERRAIN:
        raise IllegalOrderError(f"{terrain.replace('_', ' ')} cannot be overrun (D-93 [000])")
    if unfrozen_major_river:
        raise IllegalOrderError("no overruns across an unfrozen major river (D-93 [000])")
    if stack_overran:
        raise IllegalOrderError("a moving stack makes one overrun per phase (D-92 [000])")
    if hex_overrun:
        raise IllegalOrderError("the target hex was already overrun this phase (D-92 [000])")
    cost = Fraction(3 + target_cost)
    steps = [
        Step(text=f"overrun: +3 MP + the target hex's {target_cost} MP (no road rate) = {cost}", rule="D-91 [000]")
    ]
    if overrun_rules == "001" and other_zoc_mp:
        cost += other_zoc_mp
        steps.append(
            Step(
                text=f"ZOCs of enemy units outside the target hex: +{other_zoc_mp} MP → {cost}", rule="D-96 [001], J-40"
            )
        )
    else:
        steps.append(Step(text="the +3 covers leaving enemy ZOCs", rule="D-91 [000], J-40"))
    if cost > mp_left:
        raise IllegalOrderError(
            f"the overrun costs {show(cost)} MP and the stack has {show(mp_left)}: it must pay the full cost, "
            "no 1-hex minimum move (D-91 [000])"
        )
    steps.append(Step(text=f"{show(mp_left)} − {show(cost)} = {show(mp_left - cost)} MP left", rule="D-91 [000]"))
    return Cost(cost, False, steps)


def pick_up(moving_mp: Fraction, joining_mp: list[Fraction]) -> tuple[Fraction, list[Step]]:
    """D-95 [000]: an overrun stack picking up units, one stack at a time, keeps the lower remaining MP."""
    remaining = moving_mp
    steps = []
    for joining in joining_mp:
        remaining = min(remaining, joining)
        steps.append(
            Step(text=f"stack joins with {show(joining)} MP: the stack keeps {show(remaining)}", rule="D-95 [000]")
        )
    return remaining, steps


def surprise_move(*, hexes: int, zoc_to_zoc: bool = False, stack_kept: bool = True, overrun: bool = False) -> Step:
    """A-31 [000]: on the surprise turn only 1-hex moves to contact across the border, halting at the
    first ZOC, never ZOC to ZOC, keeping stacks whole; no overruns, no exploitation."""
    if overrun:
        raise IllegalOrderError("no overruns on the surprise turn (A-31 [000])")
    if hexes > 1:
        raise IllegalOrderError(f"surprise-turn moves are 1 hex to contact; this one is {hexes} (A-31 [000])")
    if zoc_to_zoc:
        raise IllegalOrderError("no ZOC-to-ZOC moves on the surprise turn: halt at the first ZOC (A-31 [000])")
    if not stack_kept:
        raise IllegalOrderError("surprise-turn moves keep existing stacks: no shuffling between hexes (A-31 [000])")
    return Step(text="a 1-hex move to contact keeping its stack; border rivers ignored", rule="A-31 [000]")


def exploitation_allowed(
    *, weather: str, cm: bool = True, fully_supplied: bool = True, surprise_turn: bool = False
) -> Step:
    """A-15 [000], L-06: no Exploitation in Mud or Snow, judged by the weather of the unit's starting
    hex; only fully supplied c/m units exploit; none on the surprise turn (A-31)."""
    if surprise_turn:
        raise IllegalOrderError("there is no Exploitation phase on the surprise turn (A-31 [000])")
    if weather in ("Mud", "Snow"):
        raise IllegalOrderError(
            f"the Exploitation phase is skipped in {weather}: the weather of the unit's starting hex decides "
            "(A-15 [000])"
        )
    if not cm:
        raise IllegalOrderError("only c/m units move in the Exploitation phase (L-06 [000])")
    if not fully_supplied:
        raise IllegalOrderError("only fully supplied c/m units (trace supply and SP paid) exploit (A-15, L-06 [000])")
    return Step(text=f"{weather} at the starting hex; c/m, fully supplied: may exploit", rule="A-15, L-06 [000]")


def soviet_mobility(*, side: str, cm: bool, in_ezoc_at_start: bool, attacked: bool) -> Step:
    """A-16 [000] (Rule 31C): a Soviet c/m unit that starts Exploitation in an EZOC, or attacked in
    the combat phase just before, may not activate in Exploitation (to move or overrun)."""
    if side == "Soviet" and cm and (in_ezoc_at_start or attacked):
        why = "starts the Exploitation phase in an enemy ZOC" if in_ezoc_at_start else "attacked in the combat phase"
        raise IllegalOrderError(f"the Soviet c/m unit {why}: it may not activate in Exploitation (A-16 [000])")
    return Step(text="no Soviet mobility limit applies", rule="A-16 [000]")


def sp_due(cost: int, *, out_of_supply: bool) -> tuple[int, Step]:
    """B-46 [000]: out-of-supply units never spend SP."""
    if out_of_supply:
        return 0, Step(text=f"out of supply: no SP spent (would be {cost})", rule="B-46 [000]")
    return cost, Step(text=f"in supply: {cost} SP", rule="B-46 [000]")


def unit_supply(*, divisional: bool, traced: bool, divisions_with_it: list[bool]) -> tuple[bool, Step]:
    """B-48 [000]: only divisional units need supply; a non-divisional unit takes the supply state of
    the divisions stacked with it (reading: in supply if any of them is); alone, it needs none."""
    if divisional:
        return traced, Step(
            text=f"a division: {'in' if traced else 'out of'} supply by its own trace", rule="B-48 [000]"
        )
    if not divisions_with_it:
        return True, Step(text="a non-divisional unit without divisions needs no supply", rule="B-48 [000]")
    supplied = any(divisions_with_it)
    return supplied, Step(
        text=f"a non-divisional unit follows the divisions stacked with it: {'in' if supplied else 'out of'} supply",
        rule="B-48 [000]",
    )
