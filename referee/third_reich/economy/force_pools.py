"""Revised Third Reich force pools as a chart and pure checks (seed 004, RULES.md G-02, J-70, K-44).

A power builds only the counters its force pool holds in the current year. The text names two
facts of the pools and nothing more: France starts with one of its two 5-4 air fleets (the
other may be built), and the UK's 4-5 tank corps are 1941 additions (G-02; J-70: the sentence
is garbled, option ``uk_tank_corps`` reads it). The pools themselves are K-44's missing data,
so the bundled chart (`scenarios/charts/third-reich-force-pools.toml`) is labelled provisional,
pinned into each campaign like every chart and replaced by the club's printed one with
`AdoptCharts` or `CreateCampaign.charts`. Nothing here reads the state or the clock; how many
counters of a kind are on the map the referee states (the book keeps no map).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.command_base import Name
from referee.common.errors import IllegalOrderError
from referee.common.ruling import Step

BUNDLED = "third-reich-force-pools"
LAST_YEAR = 1945
"""A-55 [004]: the campaign ends in 1945."""
UK_TANK_CORPS = ("1941_additions", "starting_pool")
"""J-70 [004]: the UK's 4-5 tank corps join its pool in 1941 (the sentence read as 'are 1941
additions', the default), or are in it from the start (the pool's first year)."""
CounterType = Literal["infantry", "armor", "airborne", "air", "naval"]


class PoolRow(BaseModel):
    """One kind of counter in one power's force pool: how many start on the map, and how many the
    pool holds from which year (additions add up)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    power: str
    counter: str = Field(min_length=1, max_length=80, description="the counter as the table calls it: '5-4 air fleet'")
    type: CounterType = Field(description="the build category that buys it (BuildUnits.category)")
    strength: int = Field(ge=1, le=30, description="its combat factors (the BRPs paid per counter go by them, G-40)")
    start: int = Field(default=0, ge=0, le=200, description="counters of it in the starting force (K-44)")
    additions: dict[str, int] = Field(description="year -> counters the pool gains that year: {1939 = 2, 1941 = 1}")
    ambiguity: Literal["", "J-70"] = Field(
        default="", description="the section J reading that decides this row's years (J-70: option uk_tank_corps)"
    )
    rule: str = Field(min_length=1, description="where the numbers come from: a rule, or 'provisional (K-44)'")


class ForcePoolChart(ChartHeading):
    """Every power's force pool by year (K-44): a row per kind of counter."""

    first_year: int = Field(default=1939, ge=1939, le=LAST_YEAR, description="the year the campaign's pools open")
    force_pool: list[PoolRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows(self) -> ForcePoolChart:
        seen: set[tuple[str, str]] = set()
        for index, row in enumerate(self.force_pool):
            key = (row.power.casefold(), row.counter.casefold())
            if key in seen:
                raise ValueError(f"force_pool.{index}: {row.power} {row.counter!r} is listed twice")
            seen.add(key)
            for year, count in row.additions.items():
                if not year.isdigit() or not self.first_year <= int(year) <= LAST_YEAR:
                    raise ValueError(
                        f"force_pool.{index}.additions: {year!r} is not a year {self.first_year}..{LAST_YEAR}"
                    )
                if not 0 <= count <= 200:
                    raise ValueError(f"force_pool.{index}.additions.{year}: {count} counters is not 0..200")
            if not row.additions:
                raise ValueError(f"force_pool.{index}.additions: name the year the pool gains {row.counter!r}")
            if row.start > _size(row, self.first_year, UK_TANK_CORPS[0]):
                raise ValueError(
                    f"force_pool.{index}.start: {row.start} {row.counter!r} start on the map, more than the pool "
                    "holds in its first year"
                )
        return self


def load_force_pools(name: str = BUNDLED) -> tuple[ForcePoolChart, str]:
    """The bundled chart or a referee's own file, and its sha256; errors name file, field and value."""
    return read_chart(name, ForcePoolChart, "force pool chart")


def _size(row: PoolRow, year: int, uk_tank_corps: str) -> int:
    if row.ambiguity == "J-70" and uk_tank_corps == "starting_pool":
        return sum(row.additions.values())
    return sum(count for added, count in row.additions.items() if int(added) <= year)


def pool_size(row: PoolRow, year: int, *, uk_tank_corps: str = UK_TANK_CORPS[0]) -> int:
    """G-02, J-70, K-44 [004]: the counters of ``row`` the pool holds in ``year``: the additions
    of that year and before; a J-70 row under ``starting_pool`` holds all of them from the start."""
    if uk_tank_corps not in UK_TANK_CORPS:
        raise IllegalOrderError(f"uk_tank_corps is one of {', '.join(UK_TANK_CORPS)}; not {uk_tank_corps!r}")
    return _size(row, year, uk_tank_corps)


def row_of(chart: ForcePoolChart, power: str, counter: str) -> PoolRow:
    """The chart's row for ``power``'s ``counter`` (any case), or a refusal listing its counters."""
    rows = [row for row in chart.force_pool if row.power.casefold() == power.casefold()]
    for row in rows:
        if row.counter.casefold() == " ".join(counter.split()).casefold():
            return row
    known = ", ".join(row.counter for row in rows) or "none"
    raise IllegalOrderError(f"{power}'s force pool holds no {counter!r} (K-44); its counters: {known}")


def starting_force(chart: ForcePoolChart, power: str) -> dict[str, int]:
    """K-44, G-02 [004]: the counters ``power`` starts with, by kind (France: one 5-4 air fleet)."""
    return {row.counter: row.start for row in chart.force_pool if row.power == power and row.start}


class BuiltCounter(BaseModel):
    """Counters of one kind a build buys from the force pool, and how many of that kind the power
    already has on the map (the book keeps no map: the referee reads it off the board)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    counter: Name = Field(description="the counter as the force pool chart calls it: '4-5 tank corps'")
    count: int = Field(default=1, ge=1, le=20)
    in_play: int = Field(ge=0, le=200, description="counters of this kind the power has on the map now")


def check_build(
    chart: ForcePoolChart,
    *,
    power: str,
    category: str,
    factors: int,
    year: int,
    counters: Sequence[BuiltCounter],
    uk_tank_corps: str = UK_TANK_CORPS[0],
) -> list[Step]:
    """G-02, J-70, K-44 [004]: the counters a build names are of its category, come to its factors
    (air may buy part of a counter's factors, as G-43 limits air factors a turn), and fit the force
    pool of the year with those already on the map.

    Raises:
        IllegalOrderError: a counter the pool lacks, not yet added, beyond the pool, of another
            category, or factors that are not the counters' (more than theirs; fewer, but for air).
    """
    steps: list[Step] = []
    bought = 0
    tag = " (provisional chart)" if chart.provisional else ""
    for built in counters:
        row = row_of(chart, power, built.counter)
        rule = f"K-44, {row.rule}" + (f", J-70 (uk_tank_corps={uk_tank_corps})" if row.ambiguity else "")
        if row.type != category:
            raise IllegalOrderError(f"a {row.counter} is {row.type}; this build buys {category} (G-40 [004])")
        size = pool_size(row, year, uk_tank_corps=uk_tank_corps)
        if size == 0:
            first = min(int(added) for added, count in row.additions.items() if count)
            raise IllegalOrderError(
                f"{power}'s {row.counter} counters join its force pool in {first}; it is {year} ({rule}){tag}"
            )
        if built.in_play + built.count > size:
            raise IllegalOrderError(
                f"{power}'s force pool holds {size} {row.counter}(s) in {year}; {built.in_play} on the map + "
                f"{built.count} built = {built.in_play + built.count} ({rule}){tag}"
            )
        bought += row.strength * built.count
        steps.append(
            Step(
                text=f"{built.count} {row.counter} ({row.strength} factors each): {built.in_play} on the map + "
                f"{built.count} of the {size} the {year} pool holds{tag}",
                rule=rule,
            )
        )
    if counters and (factors > bought or (factors < bought and category != "air")):
        raise IllegalOrderError(
            f"the counters named come to {bought} {category} factors; the build buys {factors} (G-40, K-44)"
        )
    if factors < bought:
        steps.append(
            Step(
                text=f"{factors} of the counters' {bought} air factors bought this turn (the air factors a power "
                "buys in a game turn are limited, G-43: an air counter may be bought over several turns)",
                rule="G-43 [004], provisional reading",
            )
        )
    return steps
