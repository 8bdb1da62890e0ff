"""Europa bombardment and air strikes, pure: factors, column, shifts, result and what it means.

000 (D-80..D-85, D-88) and 001 (D-86, D-87) as option ``bombardment_rules`` / ``air_units``
reads them; facility and strategic targets (D-85, B-55, B-56, C-52) and the J-11 reading of
the "1" / "2" results. Every function returns its derivation as steps citing the rules; the
dice are rolled by the handler and handed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.common.errors import IllegalOrderError
from referee.common.numbers import show
from referee.common.ruling import Step
from referee.europa.bombardment.charts import BombardmentChart

Mission = Literal["tactical", "strategic"]
"""Against units in a hex (tactical) or against a facility, factory or stock (strategic)."""

_WINGS = {("ju-87b/d", "ju-87b", "ju-87d"): (15, 3), ("ju-88", "he-111"): (6, 15), ("do-17",): (6, 10)}
_WINGS |= {("me-110",): (10, 6), ("bf-109e/f", "bf-109e", "bf-109f"): (3, 0)}
WING_RATINGS_001 = {name: ratings for names, ratings in _WINGS.items() for name in names}
"""D-87 [001]: the 3-for-1 wing bombardment ratings, read as (tactical, strategic)."""

_SHORT = Field(min_length=1, max_length=60)


class ArtilleryFire(BaseModel):
    """An artillery unit bombarding with its attack factor (D-80 [000])."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str = _SHORT
    attack: int = Field(ge=0, le=200, description="printed attack factor")
    halved: bool = Field(default=False, description="halved by the target hex's terrain (D-44, D-80)")


class AirBomber(BaseModel):
    """An air unit (000) or wing (001) on a bombing mission (D-86..D-88)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str = _SHORT
    rating: int | None = Field(
        default=None, ge=0, le=100, description="the printed bombardment rating for this mission (001: from D-87)"
    )
    aircraft: str = Field(default="", max_length=30, description="001: the type, for the D-87 wing ratings")
    one_step: bool = Field(default=False, description="a (1)-step unit: not doubled (D-88)")
    night_bomber: bool = Field(default=False, description="an NB unit (D-82)")


def wing_rating_001(bomber: AirBomber, mission: Mission) -> tuple[int, Step]:
    """D-87 [001]: a 3-for-1 wing's rating from the wing table (tactical first), or as given."""
    if bomber.rating is not None:
        return bomber.rating, Step(text=f"{bomber.label}: rating {bomber.rating} as given", rule="D-87 [001]")
    ratings = WING_RATINGS_001.get(bomber.aircraft.replace(" ", "").casefold())
    if ratings is None:
        raise IllegalOrderError(
            f"{bomber.label}: no 001 wing rating for {bomber.aircraft or 'an unnamed type'!r} (D-87 [001] lists "
            "Ju-87B/D, Ju-88, He-111, Do-17, Me-110, Bf-109E/F); give its rating"
        )
    rating = ratings[0] if mission == "tactical" else ratings[1]
    text = f"{bomber.label}: {bomber.aircraft} wing {ratings[0]}-{ratings[1]}, {mission} rating {rating}"
    return rating, Step(text=text, rule="D-87 [001]")


def total_factors(
    artillery: list[ArtilleryFire], air: list[AirBomber], *, air_units: str, mission: Mission
) -> tuple[Fraction, list[Step]]:
    """D-80 [000]: artillery attack factors, modified for terrain; D-88 [000] (air_units=000):
    air ratings doubled except (1)-step units; D-87 [001] (air_units=001): wing ratings."""
    total, steps = Fraction(0), []
    for gun in artillery:
        value = Fraction(gun.attack, 2 if gun.halved else 1)
        text = f"{gun.label}: attack {gun.attack}" + (f" halved for terrain = {show(value)}" if gun.halved else "")
        steps.append(Step(text=text, rule="D-80 [000]"))
        total += value
    for bomber in air:
        if air_units == "001":
            rating, step = wing_rating_001(bomber, mission)
            steps.append(step)
            total += rating
            continue
        if bomber.rating is None:
            raise IllegalOrderError(f"{bomber.label}: give the bombardment rating printed on the counter (D-88 [000])")
        if bomber.one_step:
            steps.append(Step(text=f"{bomber.label}: (1)-step, rating {bomber.rating} not doubled", rule="D-88 [000]"))
            total += bomber.rating
        else:
            text = f"{bomber.label}: rating {bomber.rating} × 2 = {2 * bomber.rating}"
            steps.append(Step(text=text, rule="D-88, L-09 [000]"))
            total += 2 * bomber.rating
    steps.append(Step(text=f"total bombardment factors {show(total)}", rule="D-81 [000]"))
    return total, steps


@dataclass(frozen=True)
class Target:
    """What the bombardment is fired at. ``res`` None: a facility, not units (no density or terrain)."""

    res: Fraction | None = None
    defensive_terrain: bool = False
    """000: any defensive terrain in the hex (D-82)."""
    strong_terrain: bool = False
    """001: a fort, mountain or major city (D-86)."""
    night: bool = False
    all_night_bombers: bool = False


def shifts(target: Target, rules: str, *, by_air: bool) -> tuple[int, list[Step]]:
    """D-82 [000]: ≤3 REs 1L, ≥7.5 REs 1R, defensive terrain 1L (cumulative), night 1L unless all
    bombers are NB; D-86 [001]: <3 REs 1L, >6 REs 1R, fort / mountain / major city 1L once."""
    net, steps = 0, []
    rule = "D-82 [000]" if rules == "000" else "D-86 [001]"
    if target.res is not None:
        res = show(target.res)
        thin = target.res <= 3 if rules == "000" else target.res < 3
        dense = target.res >= Fraction(15, 2) if rules == "000" else target.res > 6
        if thin:
            net -= 1
            steps.append(Step(text=f"{res} REs in the hex: 1L", rule=rule))
        elif dense:
            net += 1
            steps.append(Step(text=f"{res} REs in the hex: 1R", rule=rule))
    if rules == "000" and target.res is not None and target.defensive_terrain:
        net -= 1
        steps.append(Step(text="defensive terrain: 1L, on top of any density shift", rule=rule))
    if rules == "001" and target.res is not None and target.strong_terrain:
        net -= 1
        steps.append(Step(text="fort, mountain or major city: 1L (once, not cumulative)", rule=rule))
    if by_air and target.night:
        if rules == "001":
            text = "night: the original table's night DRMs are not in the text (K-13); none applied"
            steps.append(Step(text=text, rule=rule))
        elif target.all_night_bombers:
            steps.append(Step(text="night bombing by NB units only: no shift", rule=rule))
        else:
            net -= 1
            steps.append(Step(text="night bombing, not all bombers NB: 1L", rule=rule))
    return net, steps


@dataclass(frozen=True)
class Read:
    """The table's code and how it was found."""

    code: str
    column: str | None
    steps: list[Step] = field(default_factory=list)


def read_table(chart: BombardmentChart, factors: Fraction, shift: int, roll: int) -> Read:
    """D-81 [000] / D-86 [001]: the column of the total factors (fractions dropped), shifted; a
    shift left of the first column has no effect, right of the last stays on it; then the 2D6."""
    base = chart.column_of(factors)
    if base is None:
        raise IllegalOrderError(
            f"{show(factors)} bombardment factors are below the table's first column ({chart.columns[0]}) (D-81)"
        )
    rule = "D-81 [000]" if chart.rules == "000" else "D-86 [001]"
    steps = [Step(text=f"{show(factors)} factors → column {chart.columns[base]}", rule=rule)]
    column = base + shift
    if column < 0:
        text = f"shifted {-shift}L off the table left of {chart.columns[0]}: no effect"
        steps.append(Step(text=text, rule=rule))
        return Read("-", None, steps)
    column = min(column, len(chart.columns) - 1)
    if shift:
        steps.append(Step(text=f"net shift {abs(shift)}{'R' if shift > 0 else 'L'} → column {chart.columns[column]}"))
    code = chart.result(column, roll)
    steps.append(Step(text=f"roll {roll} → {code}", rule="D-83 [000]" if chart.rules == "000" else "D-86 [001]"))
    return Read(code, chart.columns[column], steps)


@dataclass(frozen=True)
class UnitEffect:
    """What a result does to the units in the hex."""

    hit: bool
    """000: a 1R for an attack on the hex (D-83); 001: a +1 DRM (D-86)."""
    loss: int
    """The loss owed by the defender (0: none), as AllocateLosses counts it."""
    what: str
    steps: list[Step]


RE_LOSS = 2
"""C-19 [000] reckons a bombardment Re as a 2-DF loss requirement."""


def unit_effect(code: str, rules: str, firing: str, defender: str) -> UnitEffect:
    """D-83 [000]: 1R a shift for an attack this phase; Re one RE, C a division to cadre (2 REs
    without a division), the defender choosing. D-86 [001]: "1" +1 DRM; "2" also a division
    reduced or a non-divisional unit eliminated, the firing player choosing a soft unit first."""
    if rules == "001":
        if code == "-":
            return UnitEffect(False, 0, "", [Step(text="no effect", rule="D-86 [001]")])
        steps = [Step(text=f'"{code}": +1 DRM for an attack on the hex this turn', rule="D-86 [001], D-24")]
        if code != "2":
            return UnitEffect(True, 0, "", steps)
        what = f"one {defender} division to cadre, or one non-divisional unit eliminated if no division is there"
        text = f"{what}; {firing} (the firing player) chooses, a soft (non-armored) unit if possible"
        steps.append(Step(text=text, rule="D-86 [001], J-27"))
        return UnitEffect(True, 1, what, steps)
    hit = code.endswith("1R")
    steps = []
    if hit:
        steps.append(Step(text="1R: one column right for an attack on the hex this phase", rule="D-83, D-84 [000]"))
    loss, what = 0, ""
    if code.startswith("Re"):
        loss, what = RE_LOSS, "1 RE: a regiment, a cadre or 2 battalions"
    elif code.startswith("C"):
        loss, what = 2 * RE_LOSS, "a division to cadre, or 2 REs if no division is there"
    if loss:
        text = f"{defender} loses {what}; the defender chooses (counted as {loss}: an RE as 2 DF, C-19)"
        steps.append(Step(text=text, rule="D-83 [000], C-19"))
    if not steps:
        steps.append(Step(text="no effect", rule="D-83 [000]"))
    return UnitEffect(hit, loss, what, steps)


def facility_hits(code: str, rules: str, reading: str) -> tuple[int, Step]:
    """D-85 [000]: 1R and Re1R score 1 hit, C1R 2; J-11 (bombing_result_codes) for the rest:
    ``contains_c`` reads a result with C as "2" and any other as "1", ``facility_hits`` only
    the D-85 hits. D-86 [001]: the hits are the code."""
    if rules == "001":
        hits = 0 if code == "-" else int(code)
        return hits, Step(text=f"{code}: {hits} hit(s)", rule="D-86 [001]")
    if reading == "facility_hits":
        hits = {"1R": 1, "Re1R": 1, "C1R": 2}.get(code, 0)
        return hits, Step(text=f"{code}: {hits} hit(s) (D-85 hits only)", rule="D-85 [000], J-11")
    hits = 0 if code == "-" else 2 if "C" in code else 1
    return hits, Step(text=f'{code}: {hits} hit(s) (a C result counts as a "2")', rule="D-85 [000], J-11")


FACTORY_DIVISOR = {"000": 1, "001": 2, "original": 3}
"""C-52 / J-37: hits per Replacement Point lost under factory_bombing."""


def factory_loss(hits: int, carried: int, reading: str) -> tuple[int, int, list[Step]]:
    """C-52 [000, 001] / J-37: RPs lost 1 per hit (000), per 2 hits (001), per 3 (original); hits
    short of a whole RP are carried to the next strike. Returns (RPs lost, hits carried, steps)."""
    per = FACTORY_DIVISOR[reading]
    total = carried + hits
    lost, left = divmod(total, per)
    text = f"{hits} hit(s)" + (f" + {carried} carried" if carried else "") + f", 1 RP per {per}: {lost} RP lost"
    steps = [Step(text=text + (f", {left} hit(s) carried" if left else ""), rule=f"C-52, J-37 ({reading})")]
    return lost, left, steps


def resource_points_lost(hits: int) -> tuple[int, Step]:
    """B-55 [000]: a "2" result destroys 1 Resource Point; a "1" does nothing."""
    lost = 1 if hits >= 2 else 0
    return lost, Step(text=f'a "{min(hits, 2)}" result: {lost} Resource Point destroyed', rule="B-55 [000], J-11")


def marshalling_yard_loss(hits: int, limit: int | None) -> tuple[int, list[Step]]:
    """B-56 [000]: each hit on a rail marshalling yard removes 1 SP from the enemy pool, up to the
    mission's per-target hit limit (not in the text, K-13: as the referee gives it)."""
    counted = hits if limit is None else min(hits, limit)
    steps = [Step(text=f"{hits} hit(s) on the yard", rule="B-56 [000]")]
    if counted < hits:
        steps.append(Step(text=f"per-target limit {limit}: {counted} count", rule="B-56 [000], K-13"))
    steps.append(Step(text=f"{counted} SP removed from the enemy pool", rule="B-56 [000]"))
    return counted, steps


def airfield_effects(hits: int, operable: int, inoperable: int) -> tuple[int, int, list[Step]]:
    """D-85, L-14 [000]: each airfield hit removes 1 capacity and sends an operable air unit to
    Repair; with all present already inoperable, one goes to Remnants. Returns (to repair,
    to remnants, steps)."""
    repair = min(hits, operable)
    remnants = min(hits - repair, inoperable + repair)
    steps = [Step(text=f"{hits} hit(s): air capacity −{hits}", rule="D-85, L-14 [000]")]
    if repair:
        steps.append(Step(text=f"{repair} operable air unit(s) to Repair (inoperable)", rule="D-85 [000]"))
    if remnants:
        steps.append(Step(text=f"all present inoperable: {remnants} air unit(s) to Remnants", rule="D-85, L-14 [000]"))
    return repair, remnants, steps
