"""Supply trace lengths read off the map (Revised Europa 000: D-100..D-102; 001: D-108).

The players trace the path on the board (K-12); the referee describes it link by link, each
link the hexes it enters counted from the unit towards the source, and these functions say
whether every link is within its length. Readings taken where the text is loose:

- I-18 / D-101: a link's kind sets its length. ``overland`` and ``road`` links (to a road, a rail
  line, or a Truck traced as the overland portion) use 7/7/5/4; ``truck`` links (unit to Truck in
  the worked example, Truck to its next link) and ``special`` links (an air-supplied airbase,
  construction) use the Truck lengths 4/4/3/2.
- J-09: Arctic ``minus_one`` takes 1 from every length (overland 6/6/4/3, Truck 3/3/2/1);
  ``as_printed`` uses the printed "6-4-2" for overland and road links (Clear/Frost 6, Snow 4,
  Mud 2) and still 1 less for Truck links.
- D-108 / J-41: a depleted Truck (only with truck_depletion=defensive_supply) doubles its
  weather length before the Arctic reduction; every unit tracing through it is in defensive supply.
- D-101: a hex named in two links counts its interdiction zone against the first only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

WEATHERS = ("Clear", "Frost", "Mud", "Snow")
LENGTHS: dict[str, dict[str, int]] = {
    "overland": {"Clear": 7, "Frost": 7, "Snow": 5, "Mud": 4},
    "truck": {"Clear": 4, "Frost": 4, "Snow": 3, "Mud": 2},
}
"""D-100 [000]: the overland/road portion and the Truck link lengths by weather."""
ARCTIC_AS_PRINTED = {"Clear": 6, "Frost": 6, "Snow": 4, "Mud": 2}
"""J-09 reading ``as_printed``: the "(to 6-4-2)" of D-100 for overland and road links."""
LINK_KINDS = {"overland": "overland", "road": "overland", "truck": "truck", "special": "truck"}
HEAVY = frozenset({"wooded_rough", "forest", "swamp", "mountain", "sand"})
"""D-101 [000]: hexes that count 2 against supply lengths."""


@dataclass(frozen=True)
class TraceHex:
    """One hex a link enters: its terrain, whether it is in an air interdiction zone, its name."""

    terrain: str = "clear"
    interdicted: bool = False
    name: str = ""


@dataclass(frozen=True)
class Link:
    """One link of the trace, from its start (exclusive) to its end (inclusive)."""

    kind: str
    hexes: tuple[TraceHex, ...]
    depleted_truck: bool = False


@dataclass(frozen=True)
class Trace:
    """In supply or not (and whether only defensively), with the derivation."""

    in_supply: bool
    defensive: bool
    counted: list[tuple[int, int]] = field(default_factory=list)
    """Per link: (length counted, length allowed)."""
    steps: list[Step] = field(default_factory=list)


def _weather(weather: str) -> str:
    """The weather, checked against the four of A-06 / D-100 [000]."""
    if weather not in WEATHERS:
        raise IllegalOrderError(f"supply weather is one of {', '.join(WEATHERS)}; not {weather!r} (D-100 [000])")
    return weather


def link_limit(
    kind: str,
    weather: str,
    *,
    arctic: bool = False,
    arctic_reading: str = "minus_one",
    depleted: bool = False,
    road_length: int | None = None,
) -> tuple[int, list[Step]]:
    """D-100 [000]: a link's length by weather; Arctic per J-09; a depleted Truck doubled (D-108 [001]);
    ``road_length``: Second Front's Allied road-element line for a road link (F-26 [003], the text
    gives it no weather)."""
    if kind not in LINK_KINDS:
        raise IllegalOrderError(f"a supply link is one of {', '.join(LINK_KINDS)}; not {kind!r} (D-100 [000])")
    base = LINK_KINDS[kind]
    length = LENGTHS[base][_weather(weather)]
    steps = [Step(text=f"{kind} link in {weather}: {length} hexes", rule="D-100 [000]")]
    if kind == "road" and road_length is not None:
        length = road_length
        steps = [Step(text=f"road link: the Allies' road-element supply line, {length} hexes", rule="F-26 [003]")]
    if depleted:
        if base != "truck":
            raise IllegalOrderError("only a Truck link can be extended by a depleted Truck (D-108 [001])")
        length *= 2
        steps.append(Step(text=f"depleted Truck: range doubled to {length}", rule="D-108 [001], J-41"))
    if arctic:
        if arctic_reading == "as_printed" and base == "overland":
            length = ARCTIC_AS_PRINTED[weather]
            steps.append(Step(text=f"Arctic, as printed (6-4-2): {length}", rule="D-100 [000], J-09"))
        else:
            length -= 1
            steps.append(Step(text=f"Arctic: −1 → {length}", rule="D-100 [000], J-09"))
    return length, steps


def trace_supply(
    links: list[Link],
    weather: str,
    *,
    arctic: bool = False,
    arctic_reading: str = "minus_one",
    truck_depletion: str = "none",
    road_length: int | None = None,
) -> Trace:
    """D-100, D-101 [000]: every link within its weather length, heavy terrain counting 2 and each
    link entering an interdiction zone 1 shorter; D-108 [001]: a depleted Truck gives defensive supply;
    F-26 [003]: ``road_length`` for road links (the Allies' road-element line in Second Front)."""
    if not links:
        raise IllegalOrderError("describe the trace as at least one link from the unit to the source (D-100 [000])")
    steps: list[Step] = []
    counted: list[tuple[int, int]] = []
    zones_used: set[str] = set()
    in_supply, defensive = True, False
    for number, link in enumerate(links, start=1):
        if link.depleted_truck and truck_depletion != "defensive_supply":
            raise IllegalOrderError(
                "Trucks cannot be depleted under this campaign's reading of J-41 (truck_depletion=none): "
                "they only extend (D-108 [001], J-41)"
            )
        allowed, limit_steps = link_limit(
            link.kind,
            weather,
            arctic=arctic,
            arctic_reading=arctic_reading,
            depleted=link.depleted_truck,
            road_length=road_length,
        )
        steps += [Step(text=f"link {number}: {step.text}", rule=step.rule) for step in limit_steps]
        length = sum(2 if hex_.terrain in HEAVY else 1 for hex_ in link.hexes)
        heavy = sum(1 for hex_ in link.hexes if hex_.terrain in HEAVY)
        steps.append(
            Step(
                text=f"link {number}: {len(link.hexes)} hexes"
                + (f", {heavy} of them heavy terrain counting 2" if heavy else "")
                + f" = {length}",
                rule="D-101 [000]",
            )
        )
        zone_hexes = [
            hex_ for hex_ in link.hexes if hex_.interdicted and (not hex_.name or hex_.name not in zones_used)
        ]
        if zone_hexes:
            allowed -= 1
            zones_used.update(hex_.name for hex_ in zone_hexes if hex_.name)
            steps.append(
                Step(text=f"link {number} enters an air interdiction zone: −1 → {allowed}", rule="D-101 [000]")
            )
        elif any(hex_.interdicted for hex_ in link.hexes):
            steps.append(
                Step(
                    text=f"link {number}: its zone hexes already counted against an earlier link",
                    rule="D-101 [000]",
                )
            )
        counted.append((length, allowed))
        ok = length <= allowed
        in_supply = in_supply and ok
        defensive = defensive or link.depleted_truck
        steps.append(
            Step(
                text=f"link {number}: {length} {'≤' if ok else '>'} {allowed}: {'holds' if ok else 'broken'}",
                rule="D-100 [000]",
            )
        )
    if in_supply and defensive:
        steps.append(
            Step(
                text="traced through a depleted Truck: defensive supply only (attack halved, motorized MA "
                "halved, full defence, no mechanized movement, no attrition)",
                rule="D-108 [001]",
            )
        )
    steps.append(Step(text="in supply" if in_supply else "out of supply: a link is too long", rule="D-100 [000]"))
    return Trace(in_supply, in_supply and defensive, counted, steps)


@dataclass(frozen=True)
class AirSupply:
    """REs an airbase supplied by Transport missions can supply this turn (D-102 [000])."""

    capacity: int
    supplied: bool
    steps: list[Step] = field(default_factory=list)


def air_supply(missions: list[int], weather: str, res_needed: int, *, reading: str = "per_mission") -> AirSupply:
    """D-102 [000], L-15, J-10: ``per_mission`` 4 REs per mission (3 in Mud or Snow); ``per_unit``
    3 REs per T group (Rule 12). ``missions``: the T groups in each supply mission (at most 4, L-10)."""
    if not missions:
        raise IllegalOrderError("air supply needs at least one Transport mission (D-102 [000])")
    for groups in missions:
        if not 1 <= groups <= 4:
            raise IllegalOrderError(f"a mission has 1 to 4 groups (L-10 [000]); not {groups}")
    _weather(weather)
    if reading == "per_unit":
        groups = sum(missions)
        capacity = 3 * groups
        text = (
            f"{groups} T group{'s' if groups > 1 else ''} × 3 REs = {capacity} (option air_transport_capacity=per_unit)"
        )
    else:
        each = 3 if weather in ("Mud", "Snow") else 4
        capacity = each * len(missions)
        text = (
            f"{len(missions)} mission{'s' if len(missions) > 1 else ''} × {each} REs ({weather}) = {capacity} "
            "(option air_transport_capacity=per_mission)"
        )
    supplied = res_needed <= capacity
    steps = [
        Step(text=text, rule="D-102 [000], J-10"),
        Step(
            text=f"{res_needed} REs tracing to the airbase {'≤' if supplied else '>'} {capacity}: "
            + ("supplied" if supplied else "not all supplied"),
            rule="D-102 [000]",
        ),
    ]
    return AirSupply(capacity, supplied, steps)
