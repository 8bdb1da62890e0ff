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

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import read_chart
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.scenario import UnitFields
from referee.common.state import BaseState
from referee.europa.second_front import turn_of_label

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
    note: str = ""


class ReinforcementChart(BaseModel):
    """A reinforcement and withdrawal schedule (K-11)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    provisional: bool
    source: str
    rule: str
    arrivals: list[Arrival] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> ReinforcementChart:
        seen: set[str] = set()
        for index, arrival in enumerate(self.arrivals):
            where = f"arrivals.{index} ({arrival.turn}, {arrival.side})"
            try:
                turn_of_label(arrival.turn)
            except IllegalOrderError as error:
                raise ValueError(f"{where}: {error}") from None
            amounts = list(arrival.resource_points.values())
            amounts += [points for kinds in arrival.replacements.values() for points in kinds.values()]
            if any(amount <= 0 for amount in amounts):
                raise ValueError(f"{where}: Resource Points and Replacement Points arrive in whole positive amounts")
            for unit in arrival.units:
                if unit.unit_id in seen:
                    raise ValueError(f"{where}: unit id {unit.unit_id!r} arrives twice in the schedule")
                seen.add(unit.unit_id)
        return self

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


def reinforcement_chart_data(name: str) -> tuple[dict[str, Any], str]:
    """The schedule as pinned into a campaign (`referee.common.game.Chart.load`)."""
    chart, digest = load_reinforcements(name)
    return chart.model_dump(mode="json"), digest


def pinned_reinforcements(state: BaseState) -> ReinforcementChart:
    """The schedule pinned into the campaign (K-11)."""
    return pinned_chart(state, KEY, ReinforcementChart, BUNDLED)
