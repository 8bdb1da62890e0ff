"""Soviet factories as a chart, their upgrades and their relocation to the Urals (RULES K-07;
C-50, C-51 [000]).

The factory list, the factories' cities and the upgrade schedule are not in the text (K-07): the
bundled chart (`scenarios/charts/europa-factories.toml`) is provisional, its 9 factories the
scenario's provisional count (001's maximum of 60 RPs), replaced with `AdoptCharts`. What becomes
of each factory is kept in the book: ``factory_status`` (operating, relocating) and
``factory_relocated_in`` (the game turn it left) are stated facts, and the operating and upgraded
counts that factory output reads (`ReceiveReplacements`) follow each relocation and return
(`FactoriesSet`). C-51: a relocated factory is out of action for 3 months, 6 game turns (A-04:
two a month).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.ruling import Step
from referee.common.state import BaseState
from referee.europa.common.turn_numbers import turn_of_label

BUNDLED = "europa-factories"
KEY = "factories"
OUT_OF_ACTION_TURNS = 6
"""C-51 [000]: 3 months out of action; two game turns a month (A-04)."""


class Factory(BaseModel):
    """One Soviet factory: its name, city and the turn it is upgraded (if it is)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    city: str = Field(min_length=1, max_length=80)
    upgraded_from: str = Field(default="", description="the turn its upgrade takes effect: 'Jan I 1942'; '' never")


class FactoryChart(ChartHeading):
    """The factory list, locations and upgrade schedule (K-07)."""

    rule: str
    nation: str
    factories: list[Factory] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> FactoryChart:
        names = [factory.name for factory in self.factories]
        if len(set(names)) < len(names):
            raise ValueError("factories: a factory is listed twice")
        for index, factory in enumerate(self.factories):
            if factory.upgraded_from:
                try:
                    turn_of_label(factory.upgraded_from)
                except IllegalOrderError as error:
                    raise ValueError(f"factories.{index} ({factory.name}): {error}") from None
        return self

    def named(self, name: str) -> Factory:
        for factory in self.factories:
            if factory.name.casefold() == name.casefold():
                return factory
        raise IllegalOrderError(
            f"the factory chart has no {name!r}; factories: {', '.join(f.name for f in self.factories)}"
        )

    def is_upgraded(self, factory: Factory, turn: int) -> bool:
        return bool(factory.upgraded_from) and turn_of_label(factory.upgraded_from) <= turn

    def upgrading(self, turn: int) -> list[Factory]:
        """The factories whose upgrade takes effect on ``turn``."""
        return [f for f in self.factories if f.upgraded_from and turn_of_label(f.upgraded_from) == turn]


def back_in_action(relocated_in: int, turn: int) -> Step:
    """C-51 [000]: a relocated factory works again 3 months (6 game turns) after it left."""
    due = relocated_in + OUT_OF_ACTION_TURNS
    if turn < due:
        raise IllegalOrderError(
            f"a relocated factory is out of action for 3 months (C-51 [000]): it left in turn {relocated_in} and "
            f"works again from turn {due}; it is turn {turn}"
        )
    return Step(
        text=f"relocated in turn {relocated_in}: 3 months (6 turns) out of action, back from turn {due}",
        rule="C-51 [000]",
    )


def load_factories(name: str = BUNDLED) -> tuple[FactoryChart, str]:
    return read_chart(name, FactoryChart, "factory chart")


def pinned_factories(state: BaseState) -> FactoryChart:
    return pinned_chart(state, KEY, FactoryChart, BUNDLED)
