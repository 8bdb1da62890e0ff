"""Second Front minimum-dice-roll AA fire (Optional Rule 37L; RULES.md F-01..F-14 [003], A-41).

Pure rules, no table: the AA strength for each kind of mission (F-02..F-04), the starting column
(F-05), the column shifts (F-06, A-41), shifts past the leftmost column as DRMs (F-07), the DF
modifications by aircraft type and mission (F-08) and what a numbered result does to the mission
units in the order they were drawn (F-09, F-10). The table itself is a chart
(`referee.europa.second_front.aa_charts`, provisional: K-30).

Where the text is silent the choice is made here and said in the ruling that uses it:
- J-54: a divided AA strength (DAS, harassment) is rounded down unless another rounding is passed.
- J-53: fighters take the F-08 lookup (DF 5-6 as 4, 7-8 as 5, 9+ as 6) and nothing more: the
  mission modifications list bomber and transport types, and the fighter line is the fighters' own
  modification in the same list.
- J-52: the two column examples disagree; `reading` (option aa_sixteen_example) says when the
  German/Allied +1 starts: after Dec II 42 as A-41 says ("p47", the default, which the P-47
  example I-45 follows) or from 1944 ("plus_1_from_1944", under which I-43, a German 16 in 1943
  read on column 14, comes out as printed and I-45 still holds).
- Escorts are neither fired on nor counted for the air-unit shift: AA fires only at the mission
  units (F-01), and F-09 leaves escorts out of the combined DF.
- A modified DF is never below 0; shifts past the rightmost column read on it (F-07 speaks only
  of the leftmost); AA of mixed nationality takes neither nationality shift (I-43 is an all-German
  strength); for harassment the target hex is always one of the hexes counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.europa.common.turn_numbers import year_of
from referee.europa.second_front.playtest import aa_year_shift, national_shift_allowed

FIREABLE = frozenset({"ground_support", "DAS", "harassment", "bombing", "naval_bombing", "air_transport", "airdrop"})
"""F-01 [003]: AA fires only at air transport and bombing missions (GS, DAS and harassment bomb)."""
MISSIONS = (*sorted(FIREABLE), "interception", "patrol", "sweep", "transfer")
READINGS = ("p47", "plus_1_from_1944")
"""J-52: option aa_sixteen_example."""
NATIONALITIES = ("German", "Allied", "Italian", "Soviet", "Minor", "mixed")
ROUNDINGS = ("down", "nearest", "up")
FIGHTER = "F"
HEAVY_ONLY = "only heavy"
LIGHT_AND_HEAVY = "light and heavy"
NO_AA = (
    'AA fired from a unit without AA: an AA strength of {aa} never fires; the "-1" and "0" columns are '
    "reached only by shifting a real AA strength (F-07 [003])"
)


def divided(total: int, hexes: int, rounding: str = "down") -> int:
    """J-54: the text divides AA without saying how a fraction rounds; down unless told."""
    if rounding == "up":
        return -(-total // hexes)
    if rounding == "nearest":
        return (2 * total + hexes) // (2 * hexes)
    return total // hexes


def _division(what: str, parts: Sequence[int], hexes: int, rounding: str, rule: str) -> tuple[int, Step]:
    total = sum(parts)
    strength = divided(total, hexes, rounding)
    exact = "" if total % hexes == 0 else f" (J-54: the fraction is rounded {rounding})"
    text = f"{what}: {' + '.join(str(p) for p in parts)} = {total} AA over {hexes} hex(es), / {hexes} = {strength}"
    return strength, Step(text=text + exact, rule=rule)


def direct_aa(aa: int) -> tuple[int, Step]:
    """F-01 [003]: all the AA in the hex fires at the bombing or air transport units in it."""
    return aa, Step(text=f"AA in the hex: {aa}", rule="F-01, F-05 [003]")


def das_aa(adjacent: Sequence[int], rounding: str = "down") -> tuple[int, Step]:
    """F-03 [003], I-40: the AA of the units adjacent to the target hex, divided by the number of
    adjacent hexes holding friendly units (hexes beyond prohibited terrain left out); 4+0+2 = 6 / 3 = 2."""
    if not adjacent:
        raise IllegalOrderError(
            "AA against DAS is fired by the units adjacent to the target hex: list the AA of each adjacent "
            "hex holding friendly units, 0 included (F-03 [003])"
        )
    return _division("DAS", adjacent, len(adjacent), rounding, "F-03 [003], J-54")


def harassment_aa(target: int, adjacent: Sequence[int], rounding: str = "down") -> tuple[int, Step]:
    """F-04 [003], I-41: the AA in the target hex and in each adjacent land hex that has AA,
    divided by the number of those hexes; 4+7+3+6 = 20 / 4 = 5, fired at each harassing unit."""
    if any(points <= 0 for points in adjacent):
        raise IllegalOrderError(
            "against harassment only the adjacent land hexes that have AA count: leave out those without (F-04 [003])"
        )
    return _division("harassment", [target, *adjacent], 1 + len(adjacent), rounding, "F-04 [003], J-54")


def naval_aa(naval: Sequence[int], attackers: int, *, in_port: bool, other: int = 0) -> tuple[int, Step]:
    """F-02 [003], I-42: against bombing of naval units, no more naval units fire than there are
    attacking air units (the owner picks them); in port all the non-naval AA of the hex fires too;
    cargo being carried never fires."""
    if len(naval) > attackers:
        raise IllegalOrderError(
            f"{len(naval)} naval units may not fire AA at {attackers} attacking air unit(s): at most {attackers} "
            "naval units fire (F-02 [003])"
        )
    if other and not in_port:
        raise IllegalOrderError(
            "at sea only naval units fire AA at naval bombing; cargo being carried never fires (F-02 [003])"
        )
    total = sum(naval) + other
    where = f" + {other} non-naval AA in port" if in_port else " at sea"
    text = f"{len(naval)} naval unit(s) of {attackers} allowed fire {sum(naval)}{where} = {total} (cargo never fires)"
    return total, Step(text=text, rule="F-02 [003]")


def starting_column(columns: Sequence[str], aa: int) -> tuple[str, Step]:
    """F-05 [003]: the column most closely matching the AA strength without exceeding it; F-07:
    units without AA never fire, and "-1" and "0" are reached only by shifts."""
    if aa <= 0:
        raise IllegalOrderError(NO_AA.format(aa=aa))
    fitting = [column for column in columns if 1 <= int(column) <= aa]
    if not fitting:
        raise IllegalOrderError(f"AA strength {aa} is below the table's first column for fire (F-05 [003])")
    column = fitting[-1]
    return column, Step(text=f"AA strength {aa} → column {column} (the largest not above it)", rule="F-05 [003]")


def _unit_shift(units: int) -> int:
    """F-06 [003]: -3, -2, -1 against 1, 2, 3 air units; 0 against 4-5; +1 against 6-9; +2 against 10+."""
    if units <= 3:
        return units - 4
    if units <= 5:
        return 0
    return 1 if units <= 9 else 2


def _nationality(aa: int, nationality: str, turn: int, reading: str) -> tuple[int, Step]:
    """F-06, A-41 [003]; J-52 (the reading says when the German/Allied +1 begins)."""
    if nationality in ("Soviet", "Minor"):
        return -1, Step(text=f"{nationality} AA: −1", rule="F-06 [003] (other games)")
    if nationality not in ("German", "Allied"):
        return 0, Step(text=f"{nationality} AA: no nationality shift", rule="F-06 [003]")
    if reading == "plus_1_from_1944":
        started, when = year_of(turn) >= 1944, "from 1944 (option aa_sixteen_example=plus_1_from_1944, J-52)"
    else:
        started, when = national_shift_allowed(turn)[0], "only after Dec II 42 (A-41)"
    if aa < 7:
        return 0, Step(text=f"{nationality} AA {aa} is below 7: no {nationality} +1", rule="F-06 [003]")
    if not started:
        return 0, Step(text=f"no {nationality} +1: it applies {when}", rule="F-06, A-41 [003], J-52")
    return 1, Step(text=f"{nationality} AA {aa} ≥ 7, {when}: +1", rule="F-06, A-41 [003]")


def column_shifts(
    *, aa: int, night: bool, nationality: str, turn: int, units: int, reading: str = "p47"
) -> tuple[int, list[Step]]:
    """F-06 [003] (cumulative) with A-41's years: night −3; 1944-45 +1; German or Allied +1 if
    the AA is 7 or more and after Dec II 42; the number of air units fired at; and for other
    games 1939-40 −1 and Soviet or Minor Power −1."""
    shift, steps = 0, []
    if night:
        shift -= 3
        steps.append(Step(text="firing at night: −3", rule="F-06 [003]"))
    by_year, step = aa_year_shift(turn)
    shift += by_year
    steps.append(step)
    by_nation, step = _nationality(aa, nationality, turn, reading)
    shift += by_nation
    steps.append(step)
    by_count = _unit_shift(units)
    shift += by_count
    steps.append(Step(text=f"against {units} air unit(s): {by_count:+d}", rule="F-06 [003]"))
    return shift, steps


def shifted_column(columns: Sequence[str], start: str, shift: int) -> tuple[str, int, Step]:
    """F-06, F-07 [003]: plus shifts go right and minus shifts left; shifts past the leftmost
    column become minus DRMs on the "-1" column (the rightmost column is read for any beyond it)."""
    index = columns.index(start) + shift
    if index < 0:
        text = f"column {start} {shift:+d} passes the leftmost column: column {columns[0]} with DRM {index:+d}"
        return columns[0], index, Step(text=text, rule="F-07 [003]")
    if index >= len(columns):
        text = f"column {start} {shift:+d} passes the rightmost column: read on {columns[-1]} (unstated)"
        return columns[-1], 0, Step(text=text, rule="F-07 [003]")
    column = columns[index]
    return column, 0, Step(text=f"column {start} {shift:+d} → column {column}", rule="F-05, F-06 [003]")


def fighter_df(df: int) -> int:
    """F-08 [003]: a fighter's printed DF 1-4 is kept; 5-6 count as 4, 7-8 as 5, 9 or more as 6."""
    if df <= 4:
        return df
    return 4 if df <= 6 else 5 if df <= 8 else 6


@dataclass(frozen=True)
class Modified:
    """One air unit's DF on this table and the AA that may fire at it (F-08 [003])."""

    df: int
    fire: str
    step: Step


def modified_df(label: str, kind: str, df: int, mission: str, codes: str = "") -> Modified:
    """F-08 [003] by aircraft type, code and mission: HB and SHB on harassment −2; B, SB, HT, T on
    DAS, GS, harassment or airdrop −1; code T and B, SB, LB, HT, T bombing naval units −1; SHB
    otherwise and HB bombing naval units +0; HB otherwise +0 with only heavy AA firing. Fighters:
    the lookup `fighter_df` and no mission modification (J-53)."""
    rule, fire = "F-08 [003]", LIGHT_AND_HEAVY
    if kind == FIGHTER:
        value = fighter_df(df)
        text = f"{label} (F, DF {df}): a fighter counts as {value}, no mission modification (J-53)"
        return Modified(value, fire, Step(text=text, rule=rule + ", J-53"))
    if kind in ("HB", "SHB") and mission == "harassment":
        change, why = -2, f"{kind} on harassment"
    elif mission == "naval_bombing" and (kind in ("B", "SB", "LB", "HT", "T") or "T" in codes):
        change, why = -1, f"{kind}{' code T' if 'T' in codes else ''} bombing naval units"
    elif kind in ("B", "SB", "HT", "T") and mission in ("DAS", "ground_support", "harassment", "airdrop"):
        change, why = -1, f"{kind} on {mission}"
    elif kind == "HB" and mission != "naval_bombing":
        change, why, fire = 0, f"HB on {mission}", HEAVY_ONLY
    else:
        change, why = 0, f"{kind} on {mission}"
    value = max(0, df + change)
    text = f"{label} ({why}): DF {df} {change:+d} = {value}; {fire} AA may fire"
    return Modified(value, fire, Step(text=text, rule=rule))


@dataclass(frozen=True)
class Draw:
    """One mission unit in the order drawn: its modified DF, what befell it, what was left after."""

    label: str
    df: int
    fate: str
    left: int | None


def apply_result(
    result: int | None, drawn: Sequence[tuple[str, int]], *, dedicated: bool = False
) -> tuple[list[Draw], list[Step]]:
    """F-09 [003], I-45: a number is modified DF points. Units are taken in the order drawn, each
    one's DF deducted from what is left; if the result is at least the mission's combined modified
    DF, odd draws abort and even draws return, else odd draws return and even draws abort; when
    what is left is below the next unit's DF that unit and the rest are unaffected. "-": no
    effect. F-10, I-46: on a dedicated mission returns become aborts and aborts eliminations,
    after the mission is performed."""
    if result is None:
        step = Step(text='"-": the AA fire has no effect', rule="F-09 [003]")
        return [Draw(label, df, "unaffected", None) for label, df in drawn], [step]
    total = sum(df for _, df in drawn)
    big = result >= total
    order = "odd draws abort, even draws return" if big else "odd draws return, even draws abort"
    text = f"result {result} {'≥' if big else '<'} combined modified DF {total}: {order}"
    steps = [Step(text=text, rule="F-09 [003]")]
    draws: list[Draw] = []
    left: int | None = result
    for number, (label, df) in enumerate(drawn, 1):
        if left is None or left < df:
            if left is not None:
                text = f"{left} left is below {label}'s DF {df}: it and any later draw are unaffected"
                steps.append(Step(text=text, rule="F-09, F-11 [003]"))
            left = None
            draws.append(Draw(label, df, "unaffected", None))
            continue
        fate = "aborted" if (number % 2 == 1) == big else "returned"
        if dedicated:
            fate = {"returned": "aborted", "aborted": "eliminated"}[fate]
        steps.append(Step(text=f"draw {number}: {label} {fate}, {left} − {df} = {left - df} left", rule="F-09 [003]"))
        left -= df
        draws.append(Draw(label, df, fate, left))
    if dedicated:
        steps.append(
            Step(
                text="dedicated mission: returns are aborts and aborts eliminations, after the mission is performed",
                rule="F-10 [003]",
            )
        )
    return draws, steps
