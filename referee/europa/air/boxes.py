"""Where each air group is, and what moves it (Revised Europa A-35, L-13, L-14, L-20, L-22 [000]).

Pure rules over numbers and boxes: the Group Allowance limit on groups on the map (L-20, A-11
step 9), the Soviet fighters On Alert at half range in the German June II 1941 turn (A-35), the
half of each new GA received and the choices a single-group arrival gives (L-22), and the triage
of the EFT and EET boxes on the pinned table (A-35, provisional). The boxes themselves are kept
as stated facts (``air_box`` per group, ``group_allowance`` per nation) by the air box handlers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.europa.air.groups import Triage

ALERT_TURN = 1
"""A-35 [000]: Jun II 1941, the German turn after the surprise turn (A-04 numbering)."""
SOVIET_TRIAGE_FROM = 2
"""A-35 [000]: the Soviet triage begins in the Initial phase of their Jul I 1941 turn (turn 2)."""


def within_ga(nation: str, on_map: int, placing: int, ga: int) -> Step:
    """L-20, A-11 step 9 [000]: groups go on the map only within the nation's Group Allowance."""
    total = on_map + placing
    if total > ga:
        raise IllegalOrderError(
            f"{nation} has {on_map} group(s) on the map and GA {ga}: {placing} more would make {total} "
            "(groups go on the map within the Group Allowance, L-20, A-11 [000])"
        )
    return Step(text=f"{nation}: {on_map} on the map + {placing} = {total}, within GA {ga}", rule="L-20, A-11 [000]")


@dataclass(frozen=True)
class Interception:
    """Whether the group may intercept there, and why."""

    allowed: bool
    step: Step


def interception(
    *, alert_turn: bool, fighter: bool, box: str | None, listed_range: int, distance: int, patrol_from: int | None
) -> Interception:
    """A-35 [000]: in the German June II 1941 turn only Soviet fighters left Ready (operable) after
    the air surprise are On Alert, intercepting within 1/2 their range of their airbase; L-10
    [000]: a patrol flies at most 1/2 the listed range (rounded up) and intercepts within another
    1/2. Half range is rounded up here for A-35 too (L-10's rounding; A-35 gives none). Outside
    A-35's turn an interception from the airbase is held to the listed range (the original rules'
    reach, not in the text: K-13)."""
    half = math.ceil(listed_range / 2)
    if box is not None and box != "operable":
        return Interception(
            False, Step(text=f"the group is {box}: only operable groups on the map fly", rule="A-35, L-13 [000]")
        )
    if alert_turn:
        if not fighter:
            return Interception(
                False, Step(text="only Soviet fighters are On Alert in the German Jun II 1941 turn", rule="A-35 [000]")
            )
        if patrol_from is not None:
            return Interception(
                False,
                Step(text="On Alert at their airbases: no patrol in the German Jun II 1941 turn", rule="A-35 [000]"),
            )
        fits = distance <= half
        text = f"On Alert: within 1/2 of range {listed_range} = {half} of the airbase; {distance} hex(es) "
        return Interception(
            fits, Step(text=text + ("— in reach" if fits else "— out of reach"), rule="A-35, L-10 [000]")
        )
    if patrol_from is not None:
        fits = patrol_from <= half and distance <= half
        text = f"patrol {patrol_from} hex(es) out (≤ {half}), intercepting {distance} hex(es) from it (≤ {half})"
        return Interception(fits, Step(text=text + (": in reach" if fits else ": out of reach"), rule="L-10 [000]"))
    fits = distance <= listed_range
    text = f"from its airbase: {distance} hex(es) against range {listed_range} (the original rules' reach, K-13)"
    return Interception(fits, Step(text=text + (": in reach" if fits else ": out of reach"), rule="K-13"))


def half_of_new_ga(printed: int, carried_half: bool) -> tuple[int, bool, Step]:
    """L-22 [000]: half of any new GA of the schedule is received. The rounding is not in the text:
    provisionally a half is carried to the next new GA until two make a whole group.

    Returns (GA received now, a half carried after, step)."""
    halves = printed + (1 if carried_half else 0)
    received, carried = divmod(halves, 2)
    text = f"new GA {printed} on the schedule: half received"
    if carried_half:
        text += ", with the half carried"
    text += f" = {received}" + (", a half carried (provisional)" if carried else "")
    return received, bool(carried), Step(text=text, rule="L-22 [000]")


def single_group_use(use: str, *, waiting: int, box: str | None) -> tuple[int, str | None, Step]:
    """L-22 [000]: a single group of the schedule may move one group of its type from Remnants to
    EFT, or from EET or EFT to the Ready box; or the player waits for a second of the type and takes
    a new full group in the Ready box. Returns (single groups used, the moved group's new box, step)."""
    rule = "L-22 [000]"
    if use == "new_group":
        if waiting < 2:
            raise IllegalOrderError(
                f"a new full group needs two single groups of its type; {waiting} waiting (L-22 [000])"
            )
        return 2, "ready_box", Step(text="two single groups make a new full group in the Ready box", rule=rule)
    if waiting < 1:
        raise IllegalOrderError("no single group of that type is waiting (L-22 [000])")
    if use == "remnants_to_eft":
        if box != "remnants":
            raise IllegalOrderError(
                f"the group moved to EFT must be in the Remnants box; it is {box or 'not placed'} (L-22 [000])"
            )
        return 1, "eft", Step(text="a single group moves one of its type from Remnants to EFT", rule=rule)
    if box not in ("eft", "eet"):
        raise IllegalOrderError(
            f"the group moved to the Ready box must be in EFT or EET; it is {box or 'not placed'} (L-22 [000])"
        )
    return (
        1,
        "ready_box",
        Step(text=f"a single group moves one of its type from {box.upper()} to the Ready box", rule=rule),
    )


def triage(table: Triage, box: str, face: int) -> tuple[str, Step]:
    """A-35 [000]: a group in the EFT or EET box, 1D6 on the pinned triage table (provisional)."""
    if box not in ("eft", "eet"):
        raise IllegalOrderError(f"triage is for groups in the EFT or EET box; this one is {box} (A-35 [000])")
    if not 1 <= face <= 6:
        raise IllegalOrderError(f"1D6 shows 1 to 6; not {face}")
    result = (table.eft if box == "eft" else table.eet)[face - 1]
    shown = result.replace("_", " ")
    return result, Step(text=f"{box.upper()} triage: 1D6 {face} → {shown}", rule=table.rule)
