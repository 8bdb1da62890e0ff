"""The 000 air surprise procedure of the surprise turn (Revised Europa L-20, L-21; I-21, I-22).

Five Soviet strategic groups are set aside out of range. Each German fighter group then picks a
random Soviet fighter group (the 3 Me110 first, then the 14 Me109); the Soviet fighters not picked
join the bombers in one pool, and the 2 Do17, 9 He111 (the NB group included) and 9 Ju88 each
pick a random group from it. Each target gets 1D6 on its attacker's table. Ju87s take no part
(they fly ground support). The random picks are made at the table; the faces come in attack
order: 3 Me110, 14 Me109, 2 Do17, 9 He111, 9 Ju88.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

GERMAN_START = {
    "Me109F": 8,
    "Me109E": 6,
    "Me110C": 3,
    "He111": 8,
    "He111 NB": 1,
    "Ju88A": 9,
    "Do17": 2,
    "Ju87B": 4,
    "Ju52": 5,
}
"""L-20 [000]: the German starting groups (GA 46)."""
SOVIET_START = {
    "I15Bis": 4,
    "I15": 4,
    "I16": 12,
    "MiG3": 6,
    "LaGG3": 2,
    "Yak1": 2,
    "R10": 3,
    "Su2": 2,
    "IL2": 2,
    "DB3": 3,
    "SB2": 4,
    "Pe2": 2,
    "IL4": 4,
    "TB3": 1,
    "Yer2 (1)": 1,
    "G2": 1,
    "Li2": 2,
}
"""L-20 [000]: the Soviet starting groups (GA 45), without the northern additions."""
SOVIET_FIGHTERS = frozenset({"I15Bis", "I15", "I16", "MiG3", "LaGG3", "Yak1"})
SET_ASIDE = {"TB3": 1, "Yer2 (1)": 1, "G2": 1, "Li2": 2}
"""L-21 [000]: Soviet strategic groups out of range of the German strike."""
ATTACKS = (("Me110", 3), ("Me109", 14), ("Do17", 2), ("He111", 9), ("Ju88", 9))
"""L-21 [000]: the German attacks in order, and how many targets each type takes."""
TABLES: dict[str, tuple[str, ...]] = {
    "Me110": ("R", "R", "EFT", "EFT", "EFT", "EFT"),
    "Me109": ("no effect", "R", "R", "EFT", "EFT", "EFT"),
    "Do17": ("no effect", "R", "R", "EET", "EET", "EET"),
    "He111": ("R", "R", "EET", "EET", "EET", "EET"),
    "Ju88": ("R", "R", "EET", "EET", "EET", "EET"),
}
"""L-21 [000], I-22: the 1D6 result for a target by attacker type (faces 1..6)."""
FACES_NEEDED = sum(count for _, count in ATTACKS)


@dataclass(frozen=True)
class Plan:
    """The groups the procedure works on: fighters picked by German fighters, the pool left."""

    set_aside: int
    fighter_targets: int
    pool: int
    bomber_attacks: int
    steps: list[Step] = field(default_factory=list)


def surprise_plan(german: dict[str, int] | None = None, soviet: dict[str, int] | None = None) -> Plan:
    """L-21 [000], I-21: 3 Me110 + 14 Me109 = 17 Soviet fighters picked; the 2 Do17, 9 He111 and 9
    Ju88 pick from the fighters left and the bombers; the strategic groups set aside."""
    german = GERMAN_START if german is None else german
    soviet = SOVIET_START if soviet is None else soviet
    me110 = german.get("Me110C", 0)
    me109 = german.get("Me109F", 0) + german.get("Me109E", 0)
    fighters = sum(count for name, count in soviet.items() if name in SOVIET_FIGHTERS)
    aside = sum(min(soviet.get(name, 0), count) for name, count in SET_ASIDE.items())
    if me110 + me109 > fighters:
        raise IllegalOrderError(f"{me110 + me109} German fighter groups but {fighters} Soviet fighters (L-21 [000])")
    others = sum(soviet.values()) - fighters - aside
    pool = fighters - me110 - me109 + others
    bombers = german.get("Do17", 0) + german.get("He111", 0) + german.get("He111 NB", 0) + german.get("Ju88A", 0)
    steps = [
        Step(text=f"set aside out of range: {aside} groups (1 TB3, 1 Yer2 (1), 1 G2, 2 Li2)", rule="L-21 [000]"),
        Step(text=f"Soviet fighters {fighters}: {me110} picked by Me110, {me109} by Me109", rule="L-21 [000], I-21"),
        Step(
            text=f"pool: {fighters - me110 - me109} fighters left + {others} other groups = {pool}; "
            f"{bombers} German bombers pick from it (Ju87 not used)",
            rule="L-21 [000], I-21",
        ),
    ]
    return Plan(aside, me110 + me109, pool, bombers, steps)


@dataclass(frozen=True)
class Hit:
    """One target's result: the attacker type, the group hit, the face, the result."""

    attacker: str
    target: str
    face: int
    result: str


@dataclass(frozen=True)
class Surprise:
    """Every target's result, the totals by result, and the derivation."""

    hits: list[Hit]
    totals: dict[str, int]
    steps: list[Step] = field(default_factory=list)


def surprise_result(attacker: str, face: int) -> str:
    """L-21 [000], I-22: the result of a 1D6 on the table of the attacking type."""
    if attacker not in TABLES:
        raise IllegalOrderError(f"the air surprise attackers are {', '.join(TABLES)}; not {attacker!r} (L-21 [000])")
    if not 1 <= face <= 6:
        raise IllegalOrderError(f"1D6 shows 1 to 6; not {face} (L-21 [000])")
    return TABLES[attacker][face - 1]


def air_surprise(faces: list[int], targets: list[str] | None = None) -> Surprise:
    """L-21 [000], I-22: 37 faces of 1D6 in attack order (3 Me110, 14 Me109, 2 Do17, 9 He111, 9 Ju88),
    with the Soviet group each picked (as named at the table, optional)."""
    if len(faces) != FACES_NEEDED:
        raise IllegalOrderError(
            f"the air surprise takes {FACES_NEEDED} faces of 1D6 (3 Me110, 14 Me109, 2 Do17, 9 He111, 9 Ju88); "
            f"got {len(faces)} (L-21 [000])"
        )
    if targets is not None and len(targets) != FACES_NEEDED:
        raise IllegalOrderError(f"name all {FACES_NEEDED} targets or none; got {len(targets)} (L-21 [000])")
    hits: list[Hit] = []
    steps = list(surprise_plan().steps)
    index = 0
    for attacker, count in ATTACKS:
        for number in range(1, count + 1):
            face = faces[index]
            target = targets[index] if targets is not None else f"{attacker} target {number}"
            kind = target.split(" #")[0]
            if kind in SET_ASIDE:
                raise IllegalOrderError(f"{target} was set aside out of range (L-21 [000])")
            if attacker in ("Me110", "Me109") and targets is not None and kind not in SOVIET_FIGHTERS:
                raise IllegalOrderError(f"{attacker} groups pick Soviet fighters; {target} is not one (L-21 [000])")
            result = surprise_result(attacker, face)
            hits.append(Hit(attacker, target, face, result))
            steps.append(Step(text=f"{attacker} → {target}: 1D6 {face} → {result}", rule="L-21 [000], I-22"))
            index += 1
    totals = dict(Counter(hit.result for hit in hits))
    steps.append(
        Step(
            text="totals: "
            + ", ".join(
                f"{result} {totals[result]}" for result in ("no effect", "R", "EFT", "EET") if result in totals
            ),
            rule="L-21 [000]",
        )
    )
    return Surprise(hits, totals, steps)


def air_surprise_001(german_units: int) -> tuple[int, Step]:
    """J-38 [001]: the original air surprise is kept with one change: one Soviet air unit is
    eliminated only for every 2 German air units dedicated to the airfield strike (an odd unit
    eliminates none). Which units fall is chosen at the table by the original rules (K-13)."""
    if german_units < 0:
        raise IllegalOrderError(f"German air units are 0 or more; not {german_units}")
    eliminated = german_units // 2
    text = f"{german_units} German air unit(s) on the airfield strike: 1 Soviet unit per 2 = {eliminated} eliminated"
    return eliminated, Step(text=text, rule="J-38 [001]")
