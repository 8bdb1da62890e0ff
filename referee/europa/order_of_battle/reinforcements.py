"""Reinforcement and withdrawal schedules as a chart file (RULES K-11; A-11, C-50, L-22 [000]; F-25 [003]).

The orders of battle are not in the source texts (K-11): a scenario lists the units on the board at
its start (``[[units]]``), and the schedule of what arrives later (units, Replacement Points, Resource
Points "usually in the 1st turn of every month") and what is withdrawn is a chart file the club types
in from its printed charts, in the layout of `scenarios/charts/europa-reinforcements.toml`. The
bundled file is an EXAMPLE: the air groups the text itself gives for Jul I 1941 (L-22 [000]) and a
few illustrative Second Front arrivals; a referee adopts their own (`turnledger charts check`,
`AdoptCharts`). `ReceiveReinforcements` reads the arrivals of the phasing side's turn.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.scenario import UnitFields
from referee.common.state import BaseState
from referee.europa.common.turn_numbers import turn_of_label

BUNDLED = "europa-reinforcements"
KEY = "reinforcements"


class ArrivingUnit(UnitFields):
    """A unit that joins its side's force roster on arrival (the scenario's unit fields)."""


class Arrival(BaseModel):
    """What one side receives (and gives up) in one turn's Initial phase."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    turn: str = Field(description="the turn as the calendar shows it: 'Jul I 1941'")
    side: str = Field(min_length=1)
    units: list[ArrivingUnit] = Field(default_factory=list)
    resource_points: dict[str, int] = Field(default_factory=dict, description="location -> Resource Points")
    replacements: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="nation -> RP type -> Replacement Points"
    )
    withdrawals: list[str] = Field(default_factory=list, description="unit ids leaving play")
    group_allowance: dict[str, int] = Field(
        default_factory=dict, description="nation -> GA added, as the revised rules give it (L-22 [000])"
    )
    schedule_group_allowance: dict[str, int] = Field(
        default_factory=dict, description="nation -> new GA of the original schedule: half is received (L-22 [000])"
    )
    single_groups: dict[str, int] = Field(
        default_factory=dict, description="group type -> single (original-size) groups arriving (L-22 [000])"
    )
    note: str = ""


class Garrison(BaseModel):
    """A garrison the order of battle requires of a side in an area over a period (K-11)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    side: str = Field(min_length=1)
    area: str = Field(min_length=1, max_length=80)
    first: str = Field(description="the first turn it is required: 'Jul I 1943'")
    last: str = Field(description="the last turn: 'May I 1945'")
    res: int = Field(ge=1, le=200, description="REs of ground units that must stay in the area")
    note: str = ""


class ReinforcementChart(ChartHeading):
    """A reinforcement and withdrawal schedule, with the garrisons it requires (K-11)."""

    rule: str
    arrivals: list[Arrival] = Field(min_length=1)
    garrisons: list[Garrison] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> ReinforcementChart:
        seen: set[str] = set()
        for index, arrival in enumerate(self.arrivals):
            where = f"arrivals.{index} ({arrival.turn}, {arrival.side})"
            try:
                turn_of_label(arrival.turn)
            except IllegalOrderError as error:
                raise ValueError(f"{where}: {error}") from None
            amounts = list(arrival.resource_points.values()) + list(arrival.single_groups.values())
            amounts += list(arrival.group_allowance.values()) + list(arrival.schedule_group_allowance.values())
            amounts += [points for kinds in arrival.replacements.values() for points in kinds.values()]
            if any(amount <= 0 for amount in amounts):
                raise ValueError(
                    f"{where}: Resource Points, Replacement Points, GA and single groups arrive in whole "
                    "positive amounts"
                )
            for unit in arrival.units:
                if unit.unit_id in seen:
                    raise ValueError(f"{where}: unit id {unit.unit_id!r} arrives twice in the schedule")
                seen.add(unit.unit_id)
        for index, garrison in enumerate(self.garrisons):
            try:
                if turn_of_label(garrison.last) < turn_of_label(garrison.first):
                    raise ValueError(
                        f"garrisons.{index} ({garrison.area}): {garrison.last} comes before {garrison.first}"
                    )
            except IllegalOrderError as error:
                raise ValueError(f"garrisons.{index} ({garrison.area}): {error}") from None
        return self

    def garrison(self, side: str, area: str, turn: int) -> Garrison | None:
        """The garrison ``side`` owes in ``area`` on ``turn``, if any (names in any case)."""
        for garrison in self.garrisons:
            if (garrison.side.casefold(), garrison.area.casefold()) == (side.casefold(), area.casefold()) and (
                turn_of_label(garrison.first) <= turn <= turn_of_label(garrison.last)
            ):
                return garrison
        return None

    def due(self, side: str, turn: int) -> list[Arrival]:
        """The arrivals of ``side`` in ``turn`` (the side's name in any case)."""
        return [
            arrival
            for arrival in self.arrivals
            if arrival.side.casefold() == side.casefold() and turn_of_label(arrival.turn) == turn
        ]


def load_reinforcements(name: str = BUNDLED) -> tuple[ReinforcementChart, str]:
    """A schedule file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, ReinforcementChart, "reinforcement schedule")


def pinned_reinforcements(state: BaseState) -> ReinforcementChart:
    """The schedule pinned into the campaign (K-11)."""
    return pinned_chart(state, KEY, ReinforcementChart, BUNDLED)
