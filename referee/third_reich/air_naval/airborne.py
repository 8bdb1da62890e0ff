"""Third Reich airborne drops and air-landing SRs as pure functions (H-34 [004])."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.common.ruling import Step
from referee.third_reich.air_naval.air_naval import (
    AIR_LINKS,
    AIRBORNE_RANGE,
    Weather,
    check_factors,
    fire,
    may_round_six_up,
)
from referee.third_reich.air_naval.air_zones import AirZone, require_open
from referee.third_reich.common.fire import FireTables


def check_air_drop(
    *, weather: Weather, option: str, distance: int, zone: AirZone, from_base: bool = True
) -> list[Step]:
    """H-34 [004]: a drop in the movement phase of an offensive option, in Clear weather, from a
    friendly city or airbase, up to 6 hexes, not into an uncontested enemy air zone.

    Raises:
        IllegalOrderError: any of those not met.
    """
    if option != "offensive":
        raise IllegalOrderError(f"airborne drops need an offensive option (H-34 [004]); this is {option}")
    if weather != "Clear":
        raise IllegalOrderError(f"airborne drops need Clear weather (H-34 [004]); the weather is {weather}")
    if not from_base:
        raise IllegalOrderError("the airborne unit must start the movement phase in a friendly city or airbase (H-34)")
    if distance > AIRBORNE_RANGE:
        raise IllegalOrderError(f"{zone.target} is {distance} hexes away; an air landing reaches 6 (H-34 [004])")
    return [
        Step(text=f"Clear, offensive option, {distance} of 6 hexes", rule="H-34 [004]"),
        require_open(zone, "airborne drop"),
    ]


@dataclass(frozen=True)
class AirDrop:
    """The interception of an air landing: losses of escort and interceptors, hits on the unit."""

    escort_lost: int
    interceptors_lost: int
    airborne_hits: int
    destroyed: bool
    steps: tuple[Step, ...]


def rolls_for_air_drop(escort: int, interceptors: int) -> list[str]:
    """H-34 [004]: no interceptors, no rolls; otherwise the escort's (if any), then theirs."""
    if interceptors == 0:
        return []
    return (["escort fire at the interceptors"] if escort else []) + ["interceptors fire at the escort and airborne"]


def air_drop(
    tables: FireTables,
    airborne: int,
    escort: int,
    interceptors: int,
    rolls: Sequence[int],
    *,
    escort_drm: int = 0,
    interceptor_drm: int = 0,
    six_up_privilege: str = "under_5_factors",
) -> AirDrop:
    """H-34 [004]: one air round between the intercepting non-phasing air and the escorting air;
    hits beyond the escort's factors fall on the airborne unit, up to its strength, and it is
    destroyed (back to the force pool) when they reach its strength.

    Raises:
        InvalidInputError: the wrong number of rolls, bad rolls or factors.
    """
    check_factors(airborne_strength=airborne, escort=escort, interceptors=interceptors)
    needed = rolls_for_air_drop(escort, interceptors)
    if len(rolls) != len(needed):
        raise InvalidInputError(f"{len(needed)} 1D10 roll(s) needed ({'; '.join(needed) or 'none'}); {len(rolls)}")
    if interceptors == 0:
        return AirDrop(0, 0, 0, False, (Step(text="no interceptors: the drop lands untouched", rule="H-34 [004]"),))
    steps: list[Step] = []
    downed = 0
    if escort:
        out = fire(tables, escort, "air", rolls[0], escort_drm, target=interceptors, who=f"{escort} escort")
        downed = out.hits
        steps.append(out.step)
    six_up = may_round_six_up(
        table="air", phasing=False, factors=interceptors, air_to_air=True, six_up_privilege=six_up_privilege
    )
    back = fire(
        tables,
        interceptors,
        "air",
        rolls[-1],
        interceptor_drm,
        round_six_up=six_up,
        target=escort + airborne,
        who=f"{interceptors} interceptors",
    )
    steps.append(back.step)
    escort_lost = min(back.hits, escort)
    on_unit = back.hits - escort_lost
    destroyed = airborne > 0 and on_unit >= airborne
    steps.append(
        Step(
            text=f"{back.hits} hits: {escort_lost} on the escort of {escort}, {on_unit} on the airborne unit of "
            f"{airborne}: {'destroyed, back to the force pool' if destroyed else 'it lands'}",
            rule="H-34 [004]",
        )
    )
    return AirDrop(escort_lost, downed, on_unit, destroyed, tuple(steps))


def check_air_landing_sr(links: Sequence[int], *, enemy_zone_hexes: Sequence[str] = ()) -> Step:
    """H-34 [004]: an airborne unit SRs by air from a friendly city or airbase to another, up to 6
    hexes a link and 2 links, passing no hex of an uncontested enemy air zone (named by the referee).

    Raises:
        IllegalOrderError: no link, more than 2, a link over 6 hexes, or an enemy zone on the way.
    """
    if not 1 <= len(links) <= AIR_LINKS:
        raise IllegalOrderError(f"an air-landing SR is 1 or 2 links of up to 6 hexes; {len(links)} named (H-34)")
    long = [hexes for hexes in links if not 1 <= hexes <= AIRBORNE_RANGE]
    if long:
        raise IllegalOrderError(f"a link of {long[0]} hexes; each link is 1 to 6 hexes (H-34 [004])")
    if enemy_zone_hexes:
        raise IllegalOrderError(
            f"the air-landing SR passes {', '.join(enemy_zone_hexes)}, uncontested enemy air zone (H-34 [004])"
        )
    return Step(text=f"air-landing SR: {' + '.join(map(str, links))} hexes in {len(links)} link(s)", rule="H-34")
