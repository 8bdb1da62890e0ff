"""Replacement Points for Revised Europa: city and factory output, special replacements,
excess-loss and breakout recovery, disbanding, and what rebuilding costs.

Replacement Points (RP) here are infantry/armor/artillery replacements, never Resource Points.
Pure functions with derivation steps; the referee service turns them into entries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from referee.common.ruling import Step
from referee.europa.common.data import City


def is_first_half(turn: int) -> bool:
    """True for 'I' turns (Jul I 1941 = 2, Aug I 1941 = 4: even turn indexes, A-04)."""
    return turn % 2 == 0


@dataclass(frozen=True)
class Output:
    """RPs by type with the derivation."""

    points: dict[str, int]
    steps: list[Step] = field(default_factory=list)


def regular_soviet_rps(
    cities: list[City],
    *,
    lost: set[str],
    version: str,
    northern_front: bool,
    eastern_mds: int,
    bonus_all_sources: bool = False,
) -> Output:
    """Soviet regular infantry RPs per turn from the cities still held (C-30..C-36).

    ``version`` is '000' or '001' (the city rates differ, J-36). Cities lost to the Axis stop
    producing; Arkhangelsk produces only with the northern front in play (C-33).
    """
    steps, total = [], 0
    for city in cities:
        rate = city.rp_000 if version == "000" else city.rp_001
        if rate == 0:
            continue
        label = f"{city.name} {rate}" + (" (provisional)" if city.provisional else "")
        if city.only_with_northern_front and not northern_front:
            steps.append(Step(text=f"{label}: not received without the northern front", rule="C-33 [000]"))
        elif city.name in lost:
            steps.append(Step(text=f"{label}: lost to the Axis, produces nothing", rule="C-36"))
        else:
            total += rate
            steps.append(Step(text=f"{label}", rule="C-31 [000]" if version == "000" else "C-34 [001]"))
    if bonus_all_sources and version == "000":
        eastern_mds += 1
        steps.append(Step(text="+1 to the Eastern MDs too (option soviet_rp_bonus=all_sources)", rule="J-12"))
    total += eastern_mds
    steps.append(Step(text=f"Eastern MDs {eastern_mds}", rule="C-31 [000]" if version == "000" else "C-34 [001]"))
    steps.append(Step(text=f"regular infantry RPs {total}", rule="C-32"))
    return Output({"infantry": total}, steps)


def factory_output(profile: str, *, turn: int, operating: int, upgraded: int, armor_share: int | None = None) -> Output:
    """Armor and artillery RPs from operating Soviet factories (C-50a/b/c, J-01).

    Under 000 factories produce only in I turns; under 001 every turn, 2 RPs per factory
    "for armor or artillery": ``armor_share`` of them go to armor (default all).
    """
    plain = operating - upgraded
    if profile == "001":
        total = 2 * operating
        armor = total if armor_share is None else min(max(armor_share, 0), total)
        return Output(
            {"armor": armor, "artillery": total - armor},
            [
                Step(
                    text=f"{operating} factories × 2 = {total} RPs: {armor} armor, {total - armor} artillery",
                    rule="C-50c [001]",
                )
            ],
        )
    if not is_first_half(turn):
        return Output(
            {"armor": 0, "artillery": 0}, [Step(text="II turn: factories produce nothing", rule="C-50 [000]")]
        )
    rates = {"000a": ((2, 2), (3, 3)), "000b": ((2, 1), (4, 2))}[profile]
    armor = plain * rates[0][0] + upgraded * rates[1][0]
    artillery = plain * rates[0][1] + upgraded * rates[1][1]
    rule = "C-50a [000 overview]" if profile == "000a" else "C-50b [000 rule body]"
    return Output(
        {"armor": armor, "artillery": artillery},
        [
            Step(
                text=f"{plain} factories × {rates[0][0]}+{rates[0][1]}, {upgraded} upgraded × "
                f"{rates[1][0]}+{rates[1][1]} → {armor} armor, {artillery} artillery "
                f"(option factory_profile={profile})",
                rule=rule,
            )
        ],
    )


def losses_for_special(units: list[tuple[str, int, bool]], types: tuple[str, ...]) -> tuple[dict[str, int], list[Step]]:
    """The losses an allocation adds to the account special replacements draw on (C-40 [000]).

    What counts as "lost forces" is not in the text (K-08); provisionally, each unit's strength
    actually lost (``(label, lost, armor)``) counts once, an AECA unit's as armor, any other as
    infantry (armor falling to infantry on a track without armor RPs).

    Returns (losses by RP type, steps).
    """
    losses: dict[str, int] = {}
    for _label, lost, armor in units:
        kind = "armor" if armor and "armor" in types else "infantry"
        if lost and kind in types:
            losses[kind] = losses.get(kind, 0) + lost
    if not losses:
        return {}, []
    parts = ", ".join(f"{amount} {kind}" for kind, amount in losses.items())
    step = Step(text=f"lost forces for special replacements: {parts} (provisional)", rule="C-40 [000], K-08")
    return losses, [step]


def special_replacements(
    losses: dict[str, int], ratio: tuple[int, int]
) -> tuple[dict[str, int], dict[str, int], list[Step]]:
    """1/4 of accumulated losses come back (C-40 [000]); rounding is not in the text (K-08):
    provisionally rounded down per type, the remainder staying on the loss account.

    Returns (RPs granted, losses consumed, steps).
    """
    granted, consumed, steps = {}, {}, []
    numerator, denominator = ratio
    for kind, lost in losses.items():
        points = lost * numerator // denominator
        if points:
            granted[kind] = points
            consumed[kind] = points * denominator // numerator
            steps.append(
                Step(
                    text=f"{kind}: {lost} lost × {numerator}/{denominator} → {points} (rounded down, provisional)",
                    rule="C-40 [000], K-08",
                )
            )
    return granted, consumed, steps


def excess_loss_rps(
    *,
    required: int,
    removed: int,
    change: int | None = None,
    armor_loss_required: bool,
    armor_cost: int = 0,
    isolated: bool = False,
    remainder: str = "infantry",
) -> Output:
    """RPs recovered from over-fulfilling a combat loss (C-10..C-15 [000]).

    ``removed`` counts toward the requirement (a full division reduced to cadre counts its full
    value); ``change`` is the strength actually lost (full − cadre), which the recovery counts
    (C-11). RPs = change − required − 1, never negative; none for Isolated units (C-13). With
    no armor loss required, min(RPs, armor cost of the unit change) are armor, the rest
    infantry (C-12, J-15); with an armor loss required they are all infantry.
    """
    if removed < required:
        raise ValueError(f"{removed} factors removed do not fulfil a loss of {required}")
    lost = removed if change is None else change
    if isolated:
        return Output({}, [Step(text="units Isolated at the moment of combat earn no RPs", rule="C-13 [000]")])
    points = max(0, lost - required - 1)
    steps = [
        Step(
            text=f"strength lost {lost} − required {required} = excess {lost - required}; − 1 → {points} RPs",
            rule="C-10 [000]",
        )
    ]
    if points == 0:
        return Output({}, steps)
    if armor_loss_required:
        steps.append(Step(text="an armor loss was required: all infantry", rule="C-12 [000]"))
        return Output({"infantry": points}, steps)
    armor = min(points, armor_cost)
    infantry = points - armor if remainder == "infantry" else 0
    steps.append(
        Step(
            text=f"armor = min({points}, armor cost {armor_cost}) = {armor}; remainder {points - armor} "
            f"{'as infantry' if remainder == 'infantry' else 'lost'} (option armor_rp_remainder={remainder})",
            rule="C-12 [000], J-15",
        )
    )
    return Output({k: v for k, v in {"armor": armor, "infantry": infantry}.items() if v}, steps)


def excess_loss_001(
    *, required: int, removed: int, armor_removed: int, out_of_supply: bool, counting: str, why: str = ""
) -> Output:
    """Replacements for over-fulfilling a combat loss under 001 (C-15..C-18 [001], J-32).

    The excess counts the full value of a division reduced to cadre (C-17); none are earned
    when the units are marked out of supply at the moment of combat (C-18). Factor games
    (``counting`` 'factors'): excess − 1 RPs (C-15); RE games ('res'): floor(excess / 3) REs
    (C-16). They are armor when the excess came from armor types (50%-rated included): armor up
    to what the armor units removed gives (``armor_removed``, /3 in RE games), the rest infantry.
    """
    if removed < required:
        raise ValueError(f"{removed} factors removed do not fulfil a loss of {required}")
    if out_of_supply:
        cited = f" ({why})" if why else ""
        return Output(
            {}, [Step(text=f"units marked out of supply at the combat earn nothing{cited}", rule="C-18 [001]")]
        )
    excess = removed - required
    if counting == "res":
        points, unit, divisor = excess // 3, "REs", 3
        text, rule = f"excess {removed} − {required} = {excess}; ÷ 3 rounded down → {points} REs", "C-16, C-17 [001]"
    else:
        points, unit, divisor = max(0, excess - 1), "RPs", 1
        text, rule = f"excess {removed} − {required} = {excess} (full division value); − 1 → {points} RPs", "C-15 [001]"
    steps = [Step(text=text, rule=f"{rule}, J-32")]
    armor = min(points, armor_removed // divisor)
    if armor:
        steps.append(Step(text=f"{armor} of the {points} {unit} from armor types: armor", rule="C-16 [001]"))
    return Output({k: v for k, v in {"armor": armor, "infantry": points - armor}.items() if v}, steps)


def breakout_res(total_strength: int, modified_roll: int) -> Output:
    """Infantry REs from a breakout in an RE game (C-22 [001]): on 7+, floor(total / 3) − 1; on 6
    or less, the excess over the attrition loss (half, rounded up) in REs (÷ 3 rounded down,
    as for a combat loss) − 1. Armor gives infantry too."""
    if modified_roll >= 7:
        points = max(0, total_strength // 3 - 1)
        text = f"roll {modified_roll} ≥ 7: {total_strength} ÷ 3 rounded down − 1 = {points} REs"
    else:
        required = math.ceil(Fraction(total_strength, 2))
        points = max(0, (total_strength - required) // 3 - 1)
        text = (
            f"roll {modified_roll} ≤ 6: loss {required}; excess {total_strength - required} ÷ 3 rounded down − 1 "
            f"= {points} REs"
        )
    return Output({"infantry": points} if points else {}, [Step(text=text, rule="C-22 [001], J-34")])


def breakout_rps(total_strength: int, modified_roll: int) -> Output:
    """Infantry RPs from a voluntary breakout of an Isolated stack (C-20, C-23 [000]).

    On a modified roll of 7+, total − 1; otherwise the attrition loss (half the stack,
    rounded up) comes off first. Armor and artillery count their defense strength.
    """
    if modified_roll >= 7:
        points = max(0, total_strength - 1)
        text = f"roll {modified_roll} ≥ 7: no attrition loss; {total_strength} − 1 = {points}"
    else:
        required = math.ceil(Fraction(total_strength, 2))
        points = max(0, total_strength - required - 1)
        text = (
            f"roll {modified_roll} ≤ 6: loss {required} (half, rounded up); "
            f"{total_strength} − {required} − 1 = {points}"
        )
    return Output({"infantry": points} if points else {}, [Step(text=text, rule="C-20, C-23 [000]")])


def rebuild_cost(*, unit_type: str, full_attack: int, cadre_attack: int) -> dict[str, int]:
    """RPs to bring a cadre to full strength: the special RP costs chart is not in the text (K-05).

    Provisional chart, matching the one example (C-02: a 10-10 panzer from its 4-8 cadre costs
    3 armor + 3 infantry): the strength difference, split half armor (rounded up) and half
    infantry for armor types, all artillery for artillery, all infantry otherwise.
    """
    difference = max(0, full_attack - cadre_attack)
    if unit_type == "armor":
        armor = math.ceil(Fraction(difference, 2))
        return {"armor": armor, "infantry": difference - armor}
    if unit_type == "artillery":
        return {"artillery": difference}
    return {"infantry": difference}


def cadre_return_cost(*, unit_type: str, cadre_attack: int) -> dict[str, int]:
    """RPs to bring a dead cadre back: its combat strength of the right type (C-63 [000])."""
    return {kind_of(unit_type): cadre_attack}


def kind_of(unit_type: str) -> str:
    """The replacement type a unit takes (C-01): armor, artillery, else infantry."""
    return {"armor": "armor", "artillery": "artillery"}.get(unit_type, "infantry")


def cost_in_res_001(unit_type: str, *, rebuild: bool) -> dict[str, int]:
    """C-64 [001], RE games: a dead cadre returns for 1 RE, an on-map cadre is rebuilt for 2 REs,
    of the unit's type."""
    return {kind_of(unit_type): 2 if rebuild else 1}
