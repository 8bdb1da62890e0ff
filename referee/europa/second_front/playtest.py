"""Second Front's calendar and playtest numbers (seed 003): RULES A-40, A-41 and F-26. Pure functions.

Turns are numbered as every Europa calendar here (`referee.europa.common.turn_numbers`): Jul I 1943
= 50, May I 1945 = 94.

F-26's numbers are playtest rules the text says may change; where it gives no quantity (armor
effects "reduced" in winter and snow) the reading chosen here is said in the function.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step
from referee.europa.common.turn_numbers import label_of, turn_of, year_of

# the grand campaign -----------------------------------------------------------------------------

FIRST_TURN = turn_of("Jul", "I", 1943)
"""A-40 [003]: the grand campaign starts with Jul I 43 (turn 50)."""
LAST_TURN = turn_of("May", "I", 1945)
"""A-40 [003]: and ends with May I 45 (turn 94)."""
COUNTERS_FROM = turn_of("Apr", "I", 1943)
"""A-40 [003]: the counters allow a start as early as Apr I 43 (turn 44)."""


def campaign_turns(first: int = FIRST_TURN) -> list[tuple[int, str]]:
    """A-40 [003]: (turn, label) of every turn of the grand campaign, from ``first`` (Jul I 43, or
    as early as Apr I 43 with the extra counters) to May I 45."""
    if not COUNTERS_FROM <= first <= LAST_TURN:
        raise IllegalOrderError(
            f"Second Front starts between {label_of(COUNTERS_FROM)} and {label_of(LAST_TURN)} (A-40 [003])"
        )
    return [(turn, label_of(turn)) for turn in range(first, LAST_TURN + 1)]


# the years in the AA column shifts ---------------------------------------------------------------

DEC_II_42 = turn_of("Dec", "II", 1942)


def aa_year_shift(turn: int) -> tuple[int, Step]:
    """A-41 [003]: the AA fire column shift for the year: −1 in 1939–40, +1 in 1944–45, else 0."""
    year = year_of(turn)
    shift = -1 if year <= 1940 else 1 if year >= 1944 else 0
    return shift, Step(text=f"{label_of(turn)}: year {year}, column shift {shift:+d}", rule="A-41 [003]")


def national_shift_allowed(turn: int) -> tuple[bool, Step]:
    """A-41 [003]: the +1 for German or Allied AA applies only after Dec II 42 (from Jan I 43)."""
    allowed = turn > DEC_II_42
    when = "after" if allowed else "not after"
    return allowed, Step(
        text=f"{label_of(turn)} is {when} Dec II 1942: German/Allied +1 {'applies' if allowed else 'not'}",
        rule="A-41 [003]",
    )


# F-26: the playtest numbers --------------------------------------------------------------------------

WEATHERS = ("Clear", "Frost", "Mud", "Snow", "Winter")


def weather_attack_drm(weather: str) -> tuple[int, Step]:
    """F-26 [003]: every attack gets −2 in Mud and −1 in Winter or Snow."""
    if weather not in WEATHERS:
        raise IllegalOrderError(f"the weather is one of {', '.join(WEATHERS)}; not {weather!r}")
    drm = -2 if weather == "Mud" else -1 if weather in ("Winter", "Snow") else 0
    return drm, Step(text=f"{weather} weather: attack DRM {drm:+d}", rule="F-26 [003]")


AECA_STEPS = ("none", "half", "full")


def winter_aeca(rating: str, weather: str) -> tuple[str, Step | None]:
    """F-26 [003]: armor effects, not antitank effects, are reduced in Winter and Snow. The text
    gives no amount; read here as one step down the unit's attacking armor rating (full → half,
    half → none), the ratings of the unit chart (D-31 [000]); defending ATEC is untouched."""
    if rating not in AECA_STEPS:
        raise IllegalOrderError(f"an AECA rating is none, half or full; not {rating!r}")
    if weather not in ("Winter", "Snow") or rating == "none":
        return rating, None
    reduced = AECA_STEPS[AECA_STEPS.index(rating) - 1]
    return reduced, Step(text=f"{weather}: AECA {rating} → {reduced} (antitank effects unchanged)", rule="F-26 [003]")


def coalition_drm(nations: set[str]) -> tuple[int, Step | None]:
    """F-26 [003]: −1 when American and British ground units (or units affiliated with them) attack together."""
    if {"USA", "UK"} <= nations:
        return -1, Step(text="US and UK ground units in the same attack: DRM −1", rule="F-26 [003]")
    return 0, None


ROAD_MP = 1
"""F-26 [003]: moving along a road costs 1 MP a hex whatever the weather."""


def road_cost(weather: str) -> tuple[int, Step]:
    """F-26 [003]: 1 MP a road hex in any weather."""
    return ROAD_MP, Step(text=f"road hex in {weather}: {ROAD_MP} MP whatever the weather", rule="F-26 [003]")


ALLIED_ROAD_SUPPLY_HEXES = 10
"""F-26 [003]: the Allies' road-element supply lines are 10 hexes (trucks replaced)."""


def road_supply_length(allied: bool) -> int | None:
    """F-26 [003]: 10 hexes for the Allies; None: the Axis keeps the ordinary rules (not in the text)."""
    return ALLIED_ROAD_SUPPLY_HEXES if allied else None


def attack_halved_out_of_supply(turns_out: int, isolated: bool) -> tuple[bool, Step]:
    """F-26 [003]: in its first turn out of supply a unit attacks at full strength unless it is also
    isolated; from the second turn it is halved as usual."""
    if turns_out < 1:
        return False, Step(text="in supply: attack not halved", rule="F-26 [003]")
    if turns_out == 1 and not isolated:
        return False, Step(text="first turn out of supply, not isolated: attack not halved", rule="F-26 [003]")
    why = "isolated" if turns_out == 1 else f"{turns_out} turns out of supply"
    return True, Step(text=f"out of supply ({why}): attack halved", rule="F-26 [003]")


FORT_TURNS = 2


def fort_build_turns(quick: bool) -> tuple[int, Step]:
    """F-26 [003]: a fort takes 2 turns to build whatever the terrain; quick construction halves it."""
    turns = FORT_TURNS // 2 if quick else FORT_TURNS
    how = "with quick construction" if quick else "whatever the terrain"
    return turns, Step(text=f"a fort takes {turns} turn(s) to build {how}", rule="F-26 [003]")


def brigade_quick_construction(defense: int) -> bool:
    """F-26 [003]: a construction brigade of defense strength 2 or more may do quick construction alone."""
    return defense >= 2


NAVAL_MP = 150


def naval_movement_points(phase: str) -> int:
    """F-26 [003]: naval units move 150 MP in each Movement and Exploitation phase, none otherwise."""
    return NAVAL_MP if phase in ("Movement", "Exploitation") else 0


@dataclass(frozen=True)
class StackLimit:
    """F-26 [003]: the variant stacking limit of a hex."""

    units: int
    non_divisional_res: int
    artillery_res: int
    artillery_divisions: int
    """Artillery divisions allowed instead of the artillery REs (0: none)."""


def stack_limit(mountain: bool) -> StackLimit:
    """F-26 [003]: 3 units of any size plus 3 REs of non-divisional units plus 2 artillery REs (or
    1 artillery division); in mountains 2 units plus 2 non-divisional REs plus 1 artillery RE."""
    return StackLimit(2, 2, 1, 0) if mountain else StackLimit(3, 3, 2, 1)


def check_stack(
    units: int, non_divisional_res: float, artillery_res: float, artillery_divisions: int, *, mountain: bool
) -> tuple[bool, Step]:
    """Whether a stack fits the F-26 [003] variant limit, with the count."""
    limit = stack_limit(mountain)
    if artillery_divisions:
        artillery_fits = artillery_divisions <= limit.artillery_divisions and artillery_res == 0
    else:
        artillery_fits = artillery_res <= limit.artillery_res
    fits = units <= limit.units and non_divisional_res <= limit.non_divisional_res and artillery_fits
    where = "mountain" if mountain else "regular"
    text = (
        f"{where} limit {limit.units} units + {limit.non_divisional_res} non-divisional REs + "
        f"{limit.artillery_res} artillery REs: {units} + {non_divisional_res:g} + "
        f"{f'{artillery_divisions} artillery division(s)' if artillery_divisions else f'{artillery_res:g}'}"
        f" → {'fits' if fits else 'overstacked'}"
    )
    return fits, Step(text=text, rule="F-26 [003]")
