"""Air rules that need no air table (Revised Europa 000: A-12, L-10..L-14, L-20, L-23; J-03, J-19).

Mission size and patrol range, the order missions are resolved in, interdiction, flak die-roll
modifiers and the group a flak result hits, air capacity of a hex, air repair timing, the groups
against the Group Allowance, and the Soviet repair modifier of 1941-42. The air combat, flak and
repair tables themselves are charts (`referee.europa.air.charts`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.europa.common.command_phases import REPAIR

STRIKE_KINDS = frozenset({"strike", "interdiction", "bombardment", "ground_support", "facility"})
MISSION_KINDS = frozenset({"sweep", "intercept", "patrol", "alert", "escort", "transport", *STRIKE_KINDS})
SOVIET_REPAIR_DRM_IGNORED = (1, 25)
"""L-23 [000]: Jun II 1941 (turn 1) to Jun II 1942 (turn 25), A-04 numbering."""


def check_mission(groups: int, strike_groups: int) -> Step:
    """L-10 [000]: a mission has at most 4 groups, at most 3 of them striking or interdicting."""
    if not 1 <= groups <= 4:
        raise IllegalOrderError(f"a mission has 1 to 4 groups; this one has {groups} (L-10 [000])")
    if strike_groups > 3:
        raise IllegalOrderError(
            f"at most 3 groups of a mission strike or interdict; this one has {strike_groups} (L-10 [000])"
        )
    if strike_groups > groups:
        raise IllegalOrderError(f"{strike_groups} strike groups in a mission of {groups} (L-10 [000])")
    return Step(text=f"{groups} groups, {strike_groups} striking: within 4 and 3", rule="L-10 [000]")


def patrol_range(listed: int) -> tuple[int, int, Step]:
    """L-10 [000]: patrol at most 1/2 the listed range (rounded up), intercepting within another 1/2."""
    half = math.ceil(listed / 2)
    return (
        half,
        half,
        Step(text=f"listed range {listed}: patrol ≤ {half}, intercept within {half} more", rule="L-10 [000]"),
    )


@dataclass(frozen=True)
class Mission:
    """A mission as sent out in the Air phase: its name and kind."""

    name: str
    kind: str


def resolution_order(missions: list[Mission]) -> tuple[list[Mission], list[Step]]:
    """A-12 [000]: every mission is sent before any is resolved; fighter sweeps first, then the
    enemy intercepts (those against Transports included), then the rest in the phasing player's
    order (as listed). Patrol and Alert missions stay active through the next enemy player turn."""
    for mission in missions:
        if mission.kind not in MISSION_KINDS:
            raise IllegalOrderError(
                f"mission kind is one of {', '.join(sorted(MISSION_KINDS))}; not {mission.kind!r} (A-12 [000])"
            )
    rank = {"sweep": 0, "intercept": 1}
    ordered = sorted(missions, key=lambda mission: rank.get(mission.kind, 2))
    steps = [
        Step(text=f"{number}. {mission.name} ({mission.kind})", rule="A-12 [000]")
        for number, mission in enumerate(ordered, start=1)
    ]
    steps += [
        Step(text=f"{mission.name}: stays active through the next enemy player turn", rule="A-12 [000]")
        for mission in ordered
        if mission.kind in ("patrol", "alert")
    ]
    return ordered, steps


@dataclass(frozen=True)
class Interdiction:
    """Whether the zone is placed, its hexes and whether its centre breaks a rail line."""

    placed: bool
    automatic: bool
    rating: int
    zone_hexes: int
    rail_break: bool
    steps: list[Step] = field(default_factory=list)


def interdiction(
    tactical: int, *, face: int | None, one_step: bool = False, rail_line: bool = False, reading: str = "at_most"
) -> Interdiction:
    """L-12 [000], J-19: 1D6 against the tactical rating, doubled for normal two-step groups; a rating
    of 6 or more places the zone automatically; ``at_most`` succeeds on a roll ≤ the rating,
    ``under`` on a roll below it. The zone is the hex and its 6 neighbours; its centre on a rail line
    is a rail break (L-08)."""
    rating = tactical if one_step else 2 * tactical
    steps = [
        Step(
            text=f"tactical rating {tactical}"
            + (" (a (1)-step group: not doubled)" if one_step else f" × 2 = {rating}"),
            rule="L-12, L-09 [000]",
        )
    ]
    automatic = rating >= 6
    if automatic:
        placed = True
        steps.append(Step(text=f"rating {rating} ≥ 6: the zone is placed without a roll", rule="L-12 [000]"))
    else:
        if face is None:
            raise IllegalOrderError(f"rating {rating} < 6: throw 1D6 for the interdiction (L-12 [000])")
        placed = face <= rating if reading == "at_most" else face < rating
        sign = ("≤" if placed else ">") if reading == "at_most" else ("<" if placed else "≥")
        steps.append(
            Step(
                text=f"1D6 {face} {sign} {rating}: {'placed' if placed else 'not placed'} "
                f"(option interdiction_roll={reading})",
                rule="L-12 [000], J-19",
            )
        )
    if placed:
        steps.append(Step(text="zone: the hex and its 6 neighbours (7 hexes)", rule="L-12 [000]"))
        if rail_line:
            steps.append(Step(text="its centre is on a rail line: a rail break there", rule="L-08 [000]"))
    return Interdiction(placed, automatic, rating, 7 if placed else 0, placed and rail_line, steps)


def flak_drm(strike_groups: int, *, night: bool = False, bombers: bool = False) -> tuple[int, list[Step]]:
    """L-11 [000]: one flak shot per strike, −1 for 2 strike groups, −2 for 3; +1 at night; +1 when the
    strike is of B or NB bombers (reading: every strike group is one)."""
    check_mission(strike_groups, strike_groups)
    steps = []
    drm = {1: 0, 2: -1, 3: -2}[strike_groups]
    if drm:
        steps.append(Step(text=f"{strike_groups} strike groups: {drm}", rule="L-11 [000]"))
    if night:
        drm += 1
        steps.append(Step(text="night attack: +1", rule="L-11 [000]"))
    if bombers:
        drm += 1
        steps.append(Step(text="B or NB bombers: +1", rule="L-11 [000]"))
    steps.append(Step(text=f"flak DRM {drm:+d}", rule="L-11 [000]"))
    return drm, steps


FLAK_SOURCES = {
    "airfield": "heavy and light flak (daylight)",
    "ship": "heavy and light flak (daylight)",
    "facility": "heavy flak only",
    "front_line": "heavy and light flak stacked in the target hex",
    "interdiction": "all AA in the 7-hex zone, summed into one shot",
}
"""L-11 [000]: what AA fires at each kind of strike (escorts are never hit)."""


def flak_group_hit(face: int, strike_groups: int) -> int:
    """L-11 [000]: which strike group (1-based) a flak result hits: 1-3 / 4-6 for 2, 1-2 / 3-4 / 5-6 for 3."""
    if not 1 <= face <= 6:
        raise IllegalOrderError(f"1D6 shows 1 to 6; not {face} (L-11 [000])")
    check_mission(strike_groups, strike_groups)
    return (face - 1) * strike_groups // 6 + 1


def air_capacity(city: str = "none", *, airbase: bool = False, hits: int = 0) -> tuple[int, list[Step]]:
    """L-14 [000]: a major city holds 3 groups, a dot or reference city 1; a built airbase (at most 1
    a hex) adds 2; each airbase hit takes 1 off until repaired."""
    base = {"none": 0, "dot": 1, "reference": 1, "major": 3}
    if city not in base:
        raise IllegalOrderError(f"city is none, dot, reference or major; not {city!r} (L-14 [000])")
    capacity = base[city] + (2 if airbase else 0)
    steps = [Step(text=f"{city} city: {base[city]}" + (" + airbase 2" if airbase else ""), rule="L-14 [000]")]
    if hits:
        capacity = max(capacity - hits, 0)
        steps.append(Step(text=f"{hits} airbase hit{'s' if hits > 1 else ''}: −{hits}", rule="L-14, D-85 [000]"))
    steps.append(Step(text=f"air capacity {capacity} groups", rule="L-14 [000]"))
    return capacity, steps


def repair_phase(phase: str, *, reading: str = "initial") -> Step:
    """J-03: air unit repair in the Initial phase (``initial``) or at the start of the Air phase."""
    accepted = REPAIR.get(reading, REPAIR["air_phase"])  # the phases of `command_phases.REPAIR`
    wanted = " or ".join(accepted.phases)
    if phase not in accepted.phases:
        raise IllegalOrderError(f"air unit repair is in the {wanted} phase (option air_repair_timing={reading}, J-03)")
    return Step(text=f"air unit repair in the {wanted} phase (option air_repair_timing={reading})", rule="J-03")


def soviet_repair_drm(side: str, turn: int, listed: int = 1) -> tuple[int, Step]:
    """L-23 [000]: the Soviet +1 on the Air Unit Repair Table is ignored from Jun II 1941 to Jun II 1942."""
    first, last = SOVIET_REPAIR_DRM_IGNORED
    if side == "Soviet" and first <= turn <= last:
        return 0, Step(
            text=f"turn {turn}: the Soviet +{listed} is ignored (Jun II 1941 – Jun II 1942)", rule="L-23 [000]"
        )
    return listed, Step(text=f"repair DRM +{listed}", rule="L-23 [000]")


def groups_against_ga(groups: dict[str, int], ga: int) -> tuple[int, int, list[Step]]:
    """L-20 [000]: the groups of an order of battle against the Group Allowance; returns (groups,
    groups beyond the GA that must stay off the map)."""
    total = sum(groups.values())
    listed = ", ".join(f"{count} {name}" for name, count in groups.items())
    beyond = max(total - ga, 0)
    steps = [
        Step(text=f"{listed} = {total} groups", rule="L-20 [000]"),
        Step(text=f"GA {ga}: {beyond} beyond it", rule="L-20 [000]"),
    ]
    return total, beyond, steps
