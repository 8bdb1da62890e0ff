"""What a conquest needs and what it is worth (seed 004, RULES.md G-31, G-33, G-35, J-57, J-60).

G-31: a minor country falls when its capital has been held through the end of the enemy's next
player turn; a region when every city in it is controlled. The book keeps no map: the referee
states who held a country's capital that long (``capital_held_by``) and who controls a city
(``controlled_by``), and a conquest the statements contradict is refused. A conquest with nothing
stated stands on the referee's record, as it did before the facts, and its ruling says so. A
minor country joining a patron as an ally (G-33: the patron is not at war with it) needs no
capital.

What a territory is worth is the territory table's value, read by two options where the text
contradicts itself: ``rm_pact_value`` (J-57) and ``vichy_values`` (J-60).
"""

from __future__ import annotations

from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.options import option
from referee.common.ruling import Step
from referee.third_reich.common.data import Economy
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.territory_map import OWN_COUNTRY, CitiesChart, City, cities_if_pinned, side_of
from referee.third_reich.wars.interface import at_war

RM_PACT_VALUE = ("by_territory", "eastern_poland_10", "all_cities_25")
"""J-57: eastern Poland 5, Bessarabia 5, the Baltic States 10 (the refinement: 90 -> 110); eastern
Poland at the early example's 10; or 25 for all the Ribbentrop-Molotov cities (the USSR section)."""
VICHY_VALUES = ("refinement", "annexation_5")
"""J-60: conquered or liberated Vichy or mainland France worth nothing (the post-playtest
refinement); or the rest of metropolitan France annexed worth 5 (the earlier text)."""
AS_TABLE = "as_table"
"""The reading of a campaign created before option vichy_values: the territory table's value."""


def _holder(state: ReichState, city: City) -> tuple[str | None, Step | None]:
    """The power the referee stated holds ``city`` (its own country for ``its_country``), or None."""
    found = stated(state, "controlled_by", city.name)
    if found is None:
        return None, None
    holder = city.country if found.value == OWN_COUNTRY else found.value
    return holder, Step(text=citation(found), rule="G-31 [004], K-43")


def _same_side(state: ReichState, power: str, other: str) -> bool:
    side = side_of(state, power)
    return other == power or (side is not None and side_of(state, other) == side)


def _region(state: ReichState, chart: CitiesChart, territory: str, power: str) -> list[Step]:
    """G-31 [004]: a region falls when every city in it is held: one stated against the conqueror's
    side is a refusal; unstated cities are the referee's record."""
    steps: list[Step] = []
    unstated = []
    for city in chart.region(territory):
        holder, step = _holder(state, city)
        if holder is None:
            unstated.append(city.name)
            continue
        if not _same_side(state, power, holder):
            raise IllegalOrderError(
                f"{territory} is a region: it falls when every city in it is held (G-31 [004]); {city.name} is "
                f"held by {holder} ({step.text if step else ''})"
            )
        steps.append(Step(text=f"{city.name} held by {holder}: {step.text if step else ''}", rule="G-31 [004]"))
    if unstated:
        steps.append(
            Step(
                text=f"{territory}: who holds {', '.join(unstated)} is not stated (StateFact controlled_by); the "
                "conquest stands on the referee's record",
                rule="G-31 [004]",
            )
        )
    return steps


def _country(state: ReichState, capital: City, territory: str, power: str) -> list[Step]:
    """G-31 [004]: a minor country falls when its capital has been held through the end of the
    enemy's next player turn (``capital_held_by``); a capital stated held by the other side now
    (``controlled_by``) refuses it too."""
    held = stated(state, "capital_held_by", territory)
    if held is not None:
        held_by = capital.country if held.value == OWN_COUNTRY else held.value
        if not _same_side(state, power, held_by):
            raise IllegalOrderError(
                f"{territory} falls when its capital, {capital.name}, has been held through the end of the enemy's "
                f"next player turn (G-31 [004]); {citation(held)}"
            )
        return [
            Step(
                text=f"{capital.name}, {territory}'s capital, held through the enemy's next player turn: "
                f"{citation(held)}",
                rule="G-31 [004]",
            )
        ]
    now, step = _holder(state, capital)
    if now is not None and not _same_side(state, power, now):
        raise IllegalOrderError(
            f"{territory} falls when its capital, {capital.name}, has been held through the end of the enemy's "
            f"next player turn (G-31 [004]); {capital.name} is held by {now} ({step.text if step else ''})"
        )
    return [
        Step(
            text=f"{territory}: that {capital.name} was held through the enemy's next player turn is not stated "
            "(StateFact capital_held_by); the conquest stands on the referee's record",
            rule="G-31 [004]",
        )
    ]


def _occupied(state: ReichState, chart: CitiesChart, data: Economy, power: str) -> list[Step]:
    """G-35 [004]: the occupied part of France is gained when Paris is held by the occupier's side
    at the end of a game turn (recorded by the book then, `conquest_vichy`); recorded by hand, a
    Paris stated held by the other side refuses it."""
    vichy = data.vichy
    paris = None if vichy is None else chart.find(vichy.capital)
    if vichy is None or paris is None:
        return []
    holder, step = _holder(state, paris)
    if holder is not None and not _same_side(state, power, holder):
        raise IllegalOrderError(
            f"{vichy.occupied} is gained when {paris.name} is held at the end of a game turn (G-35 [004]); "
            f"{paris.name} is held by {holder} ({step.text if step else ''})"
        )
    said = step.text if step else "not stated (StateFact controlled_by): the conquest stands on the referee's record"
    return [Step(text=f"{paris.name}: {said}", rule="G-35 [004]")]


def is_joining(state: ReichState, data: Economy, territory: str, power: str, from_power: str | None) -> bool:
    """G-33 [004]: a minor country recorded for a power not at war with it joins it as an ally (not
    the Ribbentrop-Molotov whole, which is only ever held city by city, J-57; a major power's
    homeland part is taken from a power at war with that power, G-35)."""
    if from_power is not None or (data.rm_pact is not None and territory == data.rm_pact.name):
        return False
    return at_war(state, power, data.homelands.get(territory, territory)) is None


def condition(state: ReichState, data: Economy, territory: str, power: str, *, joining: bool) -> list[Step]:
    """G-31, G-33, G-35 [004]: what the conquest of ``territory`` by ``power`` needs, checked
    against what the referee stated. A minor ally joining its patron needs nothing; a campaign
    created before the cities chart reads none (and its conquests stand as recorded).

    Raises:
        IllegalOrderError: a stated fact shows the capital or a city of the region held by the
            other side.
    """
    chart = cities_if_pinned(state)
    if chart is None:
        return []
    if joining:
        return [Step(text=f"{territory} joins {power} as an ally: no capital to hold", rule="G-33 [004]")]
    if data.vichy is not None and territory == data.vichy.occupied:
        return _occupied(state, chart, data, power)
    capital = chart.capital_of(territory)
    if capital is not None:
        return _country(state, capital, territory, power)
    if chart.region(territory):
        return _region(state, chart, territory, power)
    return [
        Step(
            text=f"the cities chart gives neither a capital nor cities of {territory}: the conquest stands on the "
            "referee's record",
            rule="G-31 [004], K-45",
        )
    ]


def rm_value(
    state: ReichState, data: Economy, territory: str, power: str, given: int | None
) -> tuple[int | None, list[Step]]:
    """J-57 [004], option rm_pact_value: the Ribbentrop-Molotov annexations' value, or None when the
    option leaves the territory table's.

    Raises:
        IllegalOrderError: the whole recorded under a reading that values the parts, or by a
            power other than the annexing one.
    """
    pact = data.rm_pact
    if pact is None:
        return None, []
    reading = option(state.identity.options, "rm_pact_value", before=RM_PACT_VALUE[0])
    rule = f"J-57 [004] (rm_pact_value={reading})"
    if territory == pact.name:
        if reading != "all_cities_25":
            raise IllegalOrderError(
                f"under option rm_pact_value={reading} the Ribbentrop-Molotov annexations are valued one by one "
                f"({', '.join(pact.territories)}); record those (J-57)"
            )
        if power != pact.power:
            raise IllegalOrderError(f"the {pact.name} are {pact.power}'s annexations (J-57)")
        return (pact.value if given is None else given), [
            Step(text=f"{pact.power} controls all the {pact.name}: +{pact.value}", rule=rule)
        ]
    if given is not None or territory not in pact.territories:
        return None, []
    if reading == "all_cities_25" and power == pact.power:
        return 0, [Step(text=f"{territory}: counted in the {pact.value} for all the {pact.name}", rule=rule)]
    if reading == "eastern_poland_10" and territory in pact.early_values:
        value = pact.early_values[territory]
        return value, [Step(text=f"{territory}: +{value} (the early example)", rule=rule)]
    return None, []


def vichy_value(
    state: ReichState, data: Economy, territory: str, given: int | None, *, joining: bool
) -> tuple[int | None, list[Step]]:
    """J-60 [004], option vichy_values: what the rest of metropolitan France is worth to whoever
    takes it, or None when the territory table's value stands."""
    vichy = data.vichy
    if vichy is None or given is not None or territory != vichy.rest:
        return None, []
    reading = option(state.identity.options, "vichy_values", before=AS_TABLE)
    rule = f"J-60 [004] (vichy_values={reading})"
    if reading == "annexation_5":
        value = vichy.annexation_value
        return value, [Step(text=f"the rest of metropolitan France annexed: +{value}", rule=rule)]
    if reading == "refinement" and not joining:
        return 0, [
            Step(
                text=f"{territory} conquered or liberated is worth nothing; it only deprives its holder, as a "
                "second conquest does",
                rule=rule,
            )
        ]
    return None, []
