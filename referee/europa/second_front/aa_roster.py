"""What the minimum-dice-roll AA fire reads off the force rosters (RULES K-31, F-01, F-08 [003]).

The units' AA strengths and the air units' types and DFs are the orders of battle's (K-31: not in
the text). A scenario's ``[[units]]``, a reinforcement schedule's arrivals and `RegisterUnit` give
them as ratings: ``aa`` on a ground unit; ``air_type``, ``df`` and ``codes`` on an air unit. The
AA command may name roster units instead of typing the numbers again; what it reads is cited, so
a club that corrects a counter's rating (a replacement scenario or schedule) changes the fire.
"""

from __future__ import annotations

import re

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.common.state import Unit
from referee.europa.common.state import EuropaState
from referee.europa.order_of_battle.interface import is_withdrawn
from referee.europa.second_front.commands import AirUnitUnderFire

RULE = "K-31, F-01 [003]"
AIR_TYPE = re.compile(r"^[A-Z]{1,4}$")
CODES = re.compile(r"^[A-Za-z]{0,8}$")


def _unit(state: EuropaState, sides: list[str], unit_id: str, whose: str) -> Unit:
    for side in sides:
        roster = state.rosters.get(side)
        if roster is not None and unit_id in roster.units:
            unit = roster.units[unit_id]
            if unit.status == "eliminated" or is_withdrawn(state, unit_id):
                why = "eliminated" if unit.status == "eliminated" else "withdrawn (K-11)"
                raise IllegalOrderError(f"{unit.name} ({unit_id}) is {why}: it takes no part in AA fire (K-31)")
            return unit
    raise IllegalOrderError(f"{whose} roster has no unit {unit_id!r} (K-31: register it with its ratings)")


def _whole(unit: Unit, rating: str, what: str) -> int:
    value = unit.ratings.get(rating)
    if value is None or not value.isdigit():
        raise IllegalOrderError(
            f"{unit.name} ({unit.unit_id}) has no whole-number {rating} rating in the roster, so it has {what} "
            f"(K-31: give the rating {rating!r} when the unit is registered)"
        )
    return int(value)


def roster_aa(state: EuropaState, side: str, unit_ids: list[str]) -> tuple[int, list[Step]]:
    """K-31, F-01 [003]: the AA strength of the named units of ``side``'s roster: the sum of their
    ``aa`` ratings. A unit without the rating has no AA (F-07: it never fires) and is refused."""
    total, steps = 0, []
    for unit_id in unit_ids:
        unit = _unit(state, [side], unit_id, f"{side}'s")
        aa = _whole(unit, "aa", "no AA to fire (F-07 [003])")
        total += aa
        steps.append(Step(text=f"{unit.name} ({unit_id}): AA {aa}, its roster rating", rule=RULE))
    steps.append(Step(text=f"AA strength from the roster: {total}", rule=RULE))
    return total, steps


def roster_air_units(state: EuropaState, side: str, unit_ids: list[str]) -> tuple[list[AirUnitUnderFire], list[Step]]:
    """K-31, F-08 [003]: the named air units of the side the AA fires at, each with the type, DF and
    code letters of its roster ratings (``air_type``, ``df``, ``codes``)."""
    others = [name for name in state.identity.sides if name != side]
    found, steps = [], []
    for unit_id in unit_ids:
        unit = _unit(state, others, unit_id, f"{' or '.join(others)}'s")
        kind = unit.ratings.get("air_type", "")
        if not AIR_TYPE.match(kind):
            raise IllegalOrderError(
                f"{unit.name} ({unit_id}) has no air_type rating (F, B, SB, LB, HB, SHB, HT, T ...) in the roster "
                "(K-31: give it when the unit is registered)"
            )
        codes = unit.ratings.get("codes", "")
        if not CODES.match(codes):
            raise IllegalOrderError(f"{unit.name} ({unit_id}): codes {codes!r} are not code letters (K-31)")
        df = _whole(unit, "df", "no defense factor to fire at")
        found.append(AirUnitUnderFire(label=unit.name, type=kind, df=df, codes=codes))
        steps.append(Step(text=f"{unit.name} ({unit_id}): {kind}, DF {df}{' ' + codes if codes else ''}", rule=RULE))
    return found, steps
