"""Third Reich air and naval battles as pure functions: the fixed order of fire in a hex where both
sides have air or fleets (H-23 [004]) and counter-air (H-24 [004]). The caller passes the 1D10
rolls, in the order `rolls_for_hex` / `rolls_for_counter_air` name them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.third_reich.air_naval.air_naval import (
    AIR_FLEET,
    NINE_FLEET,
    Table,
    check_factors,
    fire,
    may_round_six_up,
    reading_of,
)
from referee.third_reich.common.fire import FireTables


@dataclass(frozen=True)
class Committed:
    """What one side has in the hex when its air and naval combat begins."""

    air: int = 0
    naval: int = 0
    drm: int = 0
    """Weather or other DRM on this side's rolls (the values are not in the text: K-42)."""


@dataclass(frozen=True)
class HexBattle:
    """The two sides in one hex: the phasing player and the non-phasing player."""

    phasing: Committed
    non_phasing: Committed


@dataclass(frozen=True)
class SideLosses:
    """One side's factors lost and left after the hex's air and naval combat."""

    air_lost: int
    naval_lost: int
    air_left: int
    naval_left: int


@dataclass(frozen=True)
class HexOutcome:
    """Losses per side, what the phasing player has left to support ground combat, and how."""

    phasing: SideLosses
    non_phasing: SideLosses
    support_air: int
    support_naval: int
    steps: tuple[Step, ...]


_NAMES = {"P": "phasing", "N": "non-phasing"}
_OTHER = {"P": "N", "N": "P"}


def _schedule(battle: HexBattle) -> list[tuple[str, str]]:
    side = {"P": battle.phasing, "N": battle.non_phasing}
    found: list[tuple[str, str]] = []
    if side["P"].air and side["N"].air:
        found += [(f"air-to-air: {_NAMES[s]} air fire at the {_NAMES[_OTHER[s]]} air", f"a2a{s}") for s in "PN"]
    attacks = [s for s in "PN" if side[s].air and side[_OTHER[s]].naval]
    found += [(f"air-naval: {_NAMES[s]} air fire at the {_NAMES[_OTHER[s]]} fleets", f"air{s}") for s in attacks]
    found += [
        (f"air-naval: {_NAMES[_OTHER[s]]} fleets fire back at the {_NAMES[s]} air (1/3)", f"back{_OTHER[s]}")
        for s in attacks
    ]
    if side["P"].naval and side["N"].naval:
        found += [(f"naval-naval: {_NAMES[s]} fleets fire at the {_NAMES[_OTHER[s]]} fleets", f"n2n{s}") for s in "PN"]
    return found


def rolls_for_hex(battle: HexBattle) -> list[str]:
    """H-23 [004]: the 1D10 rolls the hex needs, in the order `resolve_hex` reads them. The list
    follows what is present at the start, so a form can ask for every roll at once; a fire whose
    factors were all destroyed earlier leaves its roll unused (said so in the steps)."""
    return [label for label, _ in _schedule(battle)]


def resolve_hex(
    battle: HexBattle,
    tables: FireTables,
    rolls: Sequence[int],
    *,
    six_up_privilege: str = "under_5_factors",
    air_naval_fire: str = "sequential",
) -> HexOutcome:
    """H-23 [004]: one simultaneous air-to-air round; air against fleets at full factors, the
    fleets firing back on the naval table at 1/3 with no more 9-factor fleets than 5-4 air fleets
    attacked them; one simultaneous naval round; the phasing survivors may support ground combat.

    Provisional (not in the text): the 5-4 air fleets that attacked are counted as the fewest
    that hold the attacking factors (ceil(air / 5)), so the fleets firing back bring at most 9
    factors each; the 1/3 is rounded down. Option ``air_naval_fire``: the fleets fire back after
    their losses (``sequential``, the Murmansk order "after which") or with what they had.

    Raises:
        InvalidInputError: the wrong number of rolls, a bad roll or reading, negative factors.
    """
    reading_of("air_naval_fire", air_naval_fire)
    for name, committed in (("phasing", battle.phasing), ("non_phasing", battle.non_phasing)):
        check_factors(**{f"{name}_air": committed.air, f"{name}_naval": committed.naval})
    needed = _schedule(battle)
    if len(rolls) != len(needed):
        wanted = "; ".join(label for label, _ in needed) or "none"
        raise InvalidInputError(f"this hex needs {len(needed)} 1D10 roll(s), in order: {wanted}; {len(rolls)} given")
    roll_of = {key: roll for (_, key), roll in zip(needed, rolls, strict=True)}
    drm = {"P": battle.phasing.drm, "N": battle.non_phasing.drm}
    air = {"P": battle.phasing.air, "N": battle.non_phasing.air}
    naval = {"P": battle.phasing.naval, "N": battle.non_phasing.naval}
    steps: list[Step] = []

    def volley(key: str, s: str, table: Table, factors: int, target: int, who: str) -> int:
        air_to_air = key.startswith("a2a")
        if factors == 0:
            steps.append(Step(text=f"{who}: no factors left, roll {roll_of[key]} unused", rule="H-23 [004]"))
            return 0
        six_up = may_round_six_up(
            table=table, phasing=s == "P", factors=factors, air_to_air=air_to_air, six_up_privilege=six_up_privilege
        )
        shot = fire(tables, factors, table, roll_of[key], drm[s], round_six_up=six_up, target=target, who=who)
        steps.append(shot.step)
        return shot.hits

    def simultaneous(key: str, table: Table, factors: dict[str, int], units: str, round_name: str) -> None:
        """One simultaneous round (H-23 [004]): each side fires with what it had, then both lose."""
        lost = {
            _OTHER[s]: volley(f"{key}{s}", s, table, factors[s], factors[_OTHER[s]], f"{_NAMES[s]} {units}")
            for s in "PN"
        }
        for s in "PN":
            factors[s] -= lost[s]
        text = f"{round_name}, simultaneous: phasing {units} lose {lost['P']}, non-phasing {lost['N']}"
        steps.append(Step(text=text, rule="H-23 [004]"))

    if "a2aP" in roll_of:
        simultaneous("a2a", "air", air, "air", "air-to-air")
    attackers = [s for s in "PN" if f"air{s}" in roll_of]
    fired = {s: air[s] for s in attackers}
    sunk = {
        _OTHER[s]: volley(f"air{s}", s, "air", air[s], naval[_OTHER[s]], f"{_NAMES[s]} air at the fleets")
        for s in attackers
    }
    if air_naval_fire == "sequential":
        for s, lost_naval in sunk.items():
            naval[s] -= lost_naval
    downed: dict[str, int] = {}
    for s in attackers:
        ships = _OTHER[s]
        air_fleets = math.ceil(Fraction(fired[s], AIR_FLEET))
        firing = min(naval[ships], NINE_FLEET * air_fleets)
        third = firing // 3
        steps.append(
            Step(
                text=f"{_NAMES[ships]} fleets fire back: {naval[ships]} naval factors, at most {air_fleets} 9-factor "
                f"fleet(s) against ceil({fired[s]} / 5) = {air_fleets} 5-4 air fleet(s): {firing} factors × 1/3 = "
                f"{show(Fraction(firing, 3))} → {third} (rounded down, provisional)",
                rule="H-23 [004]",
            )
        )
        downed[s] = volley(f"back{ships}", ships, "naval", third, air[s], f"{_NAMES[ships]} fleets at the air")
    for s, lost_air in downed.items():
        air[s] -= lost_air
    if air_naval_fire == "simultaneous":
        for s, lost_naval in sunk.items():
            naval[s] -= lost_naval
    if attackers:
        steps.append(
            Step(
                text=f"air-naval ({air_naval_fire}): fleets lose {sunk.get('P', 0)} phasing, {sunk.get('N', 0)} "
                f"non-phasing; air loses {downed.get('P', 0)} phasing, {downed.get('N', 0)} non-phasing",
                rule=f"H-23 [004] (air_naval_fire={air_naval_fire})",
            )
        )
    if "n2nP" in roll_of:
        simultaneous("n2n", "naval", naval, "fleets", "naval-naval")
    steps.append(
        Step(
            text=f"left to support ground combat: {air['P']} phasing air, {naval['P']} phasing naval factors (naval at "
            "1/3, one 9-factor fleet, all capped as in land combat); non-phasing air and fleets never support",
            rule="H-07, H-23 [004]",
        )
    )
    start = {"P": battle.phasing, "N": battle.non_phasing}
    side = {s: SideLosses(start[s].air - air[s], start[s].naval - naval[s], air[s], naval[s]) for s in "PN"}
    return HexOutcome(side["P"], side["N"], air["P"], naval["P"], tuple(steps))


@dataclass(frozen=True)
class CounterAir:
    """A counter-air mission's air-to-air round and the enemy air it ties up."""

    phasing_lost: int
    non_phasing_lost: int
    neutralized: int
    phasing_left: int
    non_phasing_free: int
    steps: tuple[Step, ...]


def rolls_for_counter_air() -> list[str]:
    """H-24 [004]: the two 1D10 rolls of the air-to-air round, in order."""
    return [
        "counter-air: phasing air fire at the non-phasing air",
        "counter-air: non-phasing air fire at the phasing air",
    ]


def counter_air(
    tables: FireTables,
    sent: int,
    targeted: int,
    rolls: Sequence[int],
    *,
    option: str,
    phasing_drm: int = 0,
    non_phasing_drm: int = 0,
    six_up_privilege: str = "under_5_factors",
) -> CounterAir:
    """H-24 [004]: offensive option only, any weather; one simultaneous air-to-air round, then as
    many of the target's surviving air factors as were sent are neutralized for the rest of the
    player turn, whatever the dice gave.

    Raises:
        IllegalOrderError: not an offensive option, nothing sent or no enemy air targeted.
        InvalidInputError: two rolls are needed; bad rolls or factors.
    """
    if option != "offensive":
        raise IllegalOrderError(f"counter-air is flown only under an offensive option (H-24 [004]); this is {option}")
    check_factors(air_sent=sent, air_targeted=targeted)
    if sent == 0 or targeted == 0:
        raise IllegalOrderError("counter-air needs phasing air sent against an enemy air unit in range (H-24 [004])")
    if len(rolls) != 2:
        raise InvalidInputError(f"counter-air needs 2 1D10 rolls ({'; '.join(rolls_for_counter_air())}); {len(rolls)}")
    six_up = may_round_six_up(
        table="air", phasing=False, factors=targeted, air_to_air=True, six_up_privilege=six_up_privilege
    )
    out = fire(tables, sent, "air", rolls[0], phasing_drm, target=targeted, who=f"{sent} counter-air factors")
    back = fire(
        tables,
        targeted,
        "air",
        rolls[1],
        non_phasing_drm,
        round_six_up=six_up,
        target=sent,
        who=f"{targeted} non-phasing air",
    )
    survivors = targeted - out.hits
    neutralized = min(sent, survivors)
    steps = [
        out.step,
        back.step,
        Step(
            text=f"{sent} factors sent: {neutralized} of the {survivors} surviving non-phasing air factors neutralized "
            f"for the player turn; {survivors - neutralized} remain free; {sent - back.hits} phasing factors stay",
            rule="H-24 [004]",
        ),
    ]
    return CounterAir(back.hits, out.hits, neutralized, sent - back.hits, survivors - neutralized, tuple(steps))
