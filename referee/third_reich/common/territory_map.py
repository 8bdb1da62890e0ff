"""The cities of the Revised Third Reich map as data (RULES.md K-43, K-45), and the control of
them the referee states.

The book keeps no map (K-12). The rules that count cities (G-31 conquests of regions, G-35 Paris,
G-80 and G-83 the USSR's cities, G-90..G-93 city values, J-57 the Ribbentrop-Molotov cities,
G-45 build sites) read a city list: name, icons, country, capital, regions. The text names only a
few cities and no minor capital, so the bundled list (`scenarios/charts/third-reich-cities.toml`)
is a labelled provisional chart a club replaces with its map's (`turnledger charts check`,
`AdoptCharts`). Who holds a city is a fact the referee states (`controlled_by`), read here;
a campaign created before the chart keeps none, and the rules that read it do without, as they did.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.errors import IllegalOrderError
from referee.common.facts import citation, stated
from referee.common.pinned import pinned_chart
from referee.common.ruling import Step
from referee.third_reich.common.state import ReichState

BUNDLED = "third-reich-cities"
KEY = "cities"
POWERS = ("Germany", "Italy", "USSR", "UK", "France", "USA")
"""The Third Reich great powers: the values of the control facts (G-31)."""
OWN_COUNTRY = "its_country"
"""The value of a control fact for a city held by its own country's forces again."""
CityType = Literal["capital", "red_port", "red_victory_city", "black_port", "black_city"]
PORTS = ("red_port", "black_port")


class City(BaseModel):
    """One city hex: its icons, whose it is, and what it counts in."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    country: str = Field(min_length=1, description="the great power or minor country whose city it is")
    types: list[CityType] = Field(min_length=1, max_length=4, description="the hex's city icons (G-90, G-91)")
    capital_of: str | None = Field(default=None, description="the country whose capital it is (G-31)")
    regions: list[str] = Field(default_factory=list, description="regions it counts in (G-31, G-93, J-57)")
    pre_war_ussr: bool = Field(default=False, description="inside the pre-war USSR (G-80, G-83)")
    source: str = ""

    @property
    def is_port(self) -> bool:
        return any(kind in PORTS for kind in self.types)


class CitiesChart(ChartHeading):
    """The city list (K-43): one entry per city hex, each name once, each capital once."""

    cities: list[City] = Field(min_length=1)

    @model_validator(mode="after")
    def _once(self) -> CitiesChart:
        seen: dict[str, int] = {}
        capitals: dict[str, str] = {}
        for index, city in enumerate(self.cities):
            folded = city.name.casefold()
            if folded in seen:
                raise ValueError(f"cities.{index} ({city.name}): listed twice (first as cities.{seen[folded]})")
            seen[folded] = index
            if city.capital_of is not None:
                if city.capital_of in capitals:
                    raise ValueError(
                        f"cities.{index} ({city.name}): {city.capital_of} already has its capital, "
                        f"{capitals[city.capital_of]}"
                    )
                capitals[city.capital_of] = city.name
        return self

    def city(self, name: str) -> City:
        """The city ``name`` (any case), or a refusal naming the nearest one."""
        folded = " ".join(name.split()).casefold()
        for city in self.cities:
            if city.name.casefold() == folded:
                return city
        close = get_close_matches(name, [city.name for city in self.cities], n=1, cutoff=0.6)
        raise IllegalOrderError(
            f"the cities chart lists no city {name!r}"
            + (f" (did you mean {close[0]}?)" if close else "")
            + " (K-43: add it to your chart, or give the city's icons in the command)"
        )

    def find(self, name: str) -> City | None:
        """The city ``name`` (any case) if the chart lists it."""
        folded = " ".join(name.split()).casefold()
        return next((city for city in self.cities if city.name.casefold() == folded), None)

    def capital_of(self, country: str) -> City | None:
        """G-31: the capital of ``country``, if the chart gives one."""
        return next((city for city in self.cities if city.capital_of == country), None)

    def region(self, name: str) -> list[City]:
        """G-31, G-93, J-57: the cities that count in region ``name``."""
        return [city for city in self.cities if name in city.regions]

    def pre_war_ussr(self, *kinds: CityType) -> list[City]:
        """G-80, G-83: the pre-war USSR's cities having one of ``kinds`` (all of them when none named)."""
        return [city for city in self.cities if city.pre_war_ussr and (not kinds or set(kinds) & set(city.types))]


def load_cities(name: str = BUNDLED) -> tuple[CitiesChart, str]:
    """A cities chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, CitiesChart, "cities chart")


def pinned_cities(state: ReichState) -> CitiesChart:
    """The cities chart pinned into the campaign, or a refusal saying how to adopt it."""
    return pinned_chart(state, KEY, CitiesChart, BUNDLED)


def cities_if_pinned(state: ReichState) -> CitiesChart | None:
    """The pinned cities chart, or None for a campaign created before it (its rules read none)."""
    data = state.identity.tables.get(KEY)
    return None if data is None else CitiesChart.model_validate(data)


def chart_rule(chart: CitiesChart) -> str:
    """How a derivation cites the chart."""
    return "K-43 (provisional cities chart)" if chart.provisional else "K-43 (the club's cities chart)"


def city_icons(state: ReichState, power: str, name: str) -> tuple[list[str], list[Step]]:
    """K-43, G-90, G-91: a RecordCityLoss that names no icons takes its city's from the pinned
    chart, which must list the city as the losing power's.

    Raises:
        IllegalOrderError: a city the chart lacks (the nearest named) or lists as another country's.
    """
    chart = pinned_cities(state)
    city = chart.city(name)
    if city.country != power:
        raise IllegalOrderError(
            f"{city.name} is a city of {city.country} in the cities chart, not of {power} (K-43); give the "
            "city's icons in city_types if your map differs"
        )
    icons: list[str] = list(city.types)
    return icons, [Step(text=f"{city.name}: {', '.join(icons)} ({chart.title})", rule=chart_rule(chart))]


def controller(state: ReichState, city: City) -> tuple[str, Step | None]:
    """Who holds ``city``: the power the referee stated (``controlled_by``), else its own country,
    with the statement cited when there is one."""
    found = stated(state, "controlled_by", city.name)
    if found is None or found.value == OWN_COUNTRY:
        return city.country, (None if found is None else Step(text=citation(found), rule="K-43"))
    return found.value, Step(text=citation(found), rule="K-43")


def side_of(state: ReichState, power: str) -> str | None:
    """The side of a power with a BRP account (None for a minor country)."""
    economy = state.brp_economies.get(power)
    return None if economy is None else economy.side
