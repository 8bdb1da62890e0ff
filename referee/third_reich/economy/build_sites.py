"""Where units and airbases may be built (seed 004, RULES.md G-45, H-33).

- Naval units: in a friendly controlled port of the building power's home country, not in an
  uncontested enemy air zone.
- Air units: in a city of the home country (an airbase is never an air build location).
- Airbases: in an in-supply hex that is not a city, holding a friendly ground unit; at most 3 a
  power, usable at once (`referee.third_reich.economy.handlers.build_airbase` counts them).
- Bridgeheads: at most 3 a power, each stacking 4 units (`naval_operations.place_beachhead`,
  `stacking_limit`, read by ResolveAmphibiousLanding).

The book keeps no map: cities, ports and home countries are the cities chart's (K-43), and who
holds a city, whose air zone reaches a hex, whether a hex is in supply and whose ground unit is
in it are facts the referee states (``controlled_by``, ``uncontested_air_zone_of``,
``out_of_supply``, ``ground_unit_of``). A fact stated against the build refuses it; one not stated
is the ordinary case and the ruling says so. A build that names no site is checked for none, as
before; a campaign created before the chart checks no airbase site.
"""

from __future__ import annotations

from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated, stated_yes
from referee.common.ruling import Step
from referee.third_reich.common.state import ReichState
from referee.third_reich.common.territory_map import (
    City,
    chart_rule,
    cities_if_pinned,
    controller,
    pinned_cities,
    side_of,
)

SW_CATEGORIES = ("submarines", "asw", "bombers", "interceptors")
"""Strategic-warfare factors are bought into their box (G-62), not built at a site."""
RULE = "G-45 [004]"


def _home_city(state: ReichState, power: str, site: str, what: str) -> tuple[City, list[Step]]:
    """A city of the cities chart in ``power``'s home country, held by it."""
    chart = pinned_cities(state)
    city = chart.find(site)
    if city is None:
        raise IllegalOrderError(
            f"{what} are built in a city of the builder's home country (G-45 [004]); the cities chart lists no "
            f"city {site!r} (an airbase is not a build location)"
        )
    if city.country != power:
        raise IllegalOrderError(f"{city.name} is in {city.country}, not in {power}'s home country (G-45 [004])")
    holder, said = controller(state, city)
    if holder != power:
        raise IllegalOrderError(
            f"{city.name} is held by {holder} ({said.text if said else ''}): {what} are built in a friendly "
            "controlled city (G-45 [004])"
        )
    steps = [Step(text=f"{city.name}: a city of {power}'s home country", rule=f"{RULE}, {chart_rule(chart)}")]
    if said is not None:
        steps.append(Step(text=f"held by {power}: {said.text}", rule=RULE))
    return city, steps


def _air_zone(state: ReichState, power: str, site: str) -> list[Step]:
    """G-45 [004]: a naval build port may not lie in an uncontested enemy air zone."""
    found = stated(state, "uncontested_air_zone_of", site)
    own = state.brp_economies[power].side
    if found is None:
        return [Step(text=f"{site}: no uncontested enemy air zone stated", rule=RULE)]
    if found.value not in ("none", own):
        raise IllegalOrderError(
            f"{site} is in an uncontested enemy air zone ({citation(found)}): no naval build there (G-45 [004])"
        )
    return [Step(text=f"{site}: {citation(found)}", rule=RULE)]


def build_site(state: ReichState, power: str, category: str, site: str | None) -> list[Step]:
    """G-45 [004]: the site a BuildUnits names, checked for naval and air units (none named: none
    checked, as before).

    Raises:
        IllegalOrderError: the site is not one the rules allow, named with the rule.
    """
    if site is None:
        return []
    if category in SW_CATEGORIES:
        raise IllegalOrderError(f"{category} factors are bought into the strategic-warfare box, not built at a site")
    if category == "naval":
        city, steps = _home_city(state, power, site, "naval units")
        if not city.is_port:
            raise IllegalOrderError(f"{city.name} is not a port: naval units are built in a port (G-45 [004])")
        return [*steps, *_air_zone(state, power, city.name)]
    if category == "air":
        return _home_city(state, power, site, "air units")[1]
    return [Step(text=f"built at {site}", rule=RULE)]


def airbase_site(state: ReichState, power: str, site: str) -> list[Step]:
    """G-45 [004]: an airbase goes in an in-supply hex that is not a city, with a friendly ground
    unit; a campaign created before the cities chart checks none of it.

    Raises:
        IllegalOrderError: a city hex, or a hex stated out of supply or without the power's ground unit.
    """
    chart = cities_if_pinned(state)
    if chart is None:
        return []
    city = chart.find(site)
    if city is not None:
        raise IllegalOrderError(f"{city.name} is a city: airbases are never built in a city hex (G-45 [004])")
    out, said = stated_yes(state, "out_of_supply", site)
    if out and said is not None:
        raise IllegalOrderError(f"{site} is out of supply ({citation(said)}): airbases go in an in-supply hex (G-45)")
    unit = stated(state, "ground_unit_of", site)
    if unit is not None and side_of(state, unit.value) != side_of(state, power):
        raise IllegalOrderError(f"an airbase needs a friendly ground unit in the hex (G-45 [004]); {citation(unit)}")
    steps = [Step(text=f"{site}: not a city of the cities chart", rule=f"{RULE}, {chart_rule(chart)}")]
    steps.append(Step(text=f"{site}: " + (citation(said) if said else "not stated out of supply"), rule=RULE))
    steps.append(
        Step(text=f"{site}: " + (citation(unit) if unit else f"{power}'s ground unit there not stated"), rule=RULE)
    )
    return steps
