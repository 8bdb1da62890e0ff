"""Optional rule D: a D10 for fractional odds (RULES D-12 [000], J-06, K-13), as data and pure functions.

Revised Europa allows the original Europa's rule D by mutual consent: a D10 thrown with the combat
2D6 decides whether the attacker's extra attack factors earn one more odds column. The procedure
itself is not in the text (K-13), so the bundled chart (`scenarios/charts/europa-rule-d.toml`) is a
labelled provisional one holding what the text fixes:

- the odds are rounded down first (J-06: rule D presumes it), and the D10 can earn a single column
  more, never two; with no extra factors (the ratio exactly on a column) there is nothing to roll;
- no column lies above 7-1 and below 1-4 the attacker is eliminated (D-11): no D10 there.

How far the ratio lies from its column toward the next one is counted in tenths, rounded down, and
the chart gives, for each tenth, the highest D10 face that reaches the next column (provisional:
that many tenths, a D10 at or below it). A club replaces it with its own in the same layout
(`turnledger charts check`, `AdoptCharts`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.numbers import show
from referee.common.pinned import pinned_chart
from referee.common.ruling import Step
from referee.common.state import BaseState
from referee.europa.combat.battle import Assessment
from referee.europa.combat.charts import COLUMNS, column_value
from referee.europa.combat.odds import shifted

BUNDLED = "europa-rule-d"
KEY = "rule_d"
TENTHS = tuple(str(tenth) for tenth in range(10))


class RuleDChart(ChartHeading):
    """Optional rule D as a chart: for each tenth of the way to the next column, the highest D10
    face that reaches it (D-12 [000], K-13)."""

    rule: str
    dice: Literal["D10"]
    earns: dict[str, int] = Field(
        description='tenths of the way to the next column ("0".."9") -> the highest D10 face reaching it (0: none)'
    )

    @model_validator(mode="after")
    def _shape(self) -> RuleDChart:
        if set(self.earns) != set(TENTHS):
            raise ValueError(f'earns: one entry per tenth "0".."9"; got {sorted(self.earns)}')
        faces = [self.earns[tenth] for tenth in TENTHS]
        for tenth, face in zip(TENTHS, faces, strict=True):
            if not 0 <= face <= 10:
                raise ValueError(f"earns.{tenth}: a D10 face 0..10 (0: never); got {face}")
        if faces[0] != 0:
            raise ValueError("earns.0: without extra attack factors no D10 earns a column (D-12 [000]); give 0")
        if faces != sorted(faces):
            raise ValueError(f"earns: more extra factors never earn less; got {faces}")
        return self


def load_rule_d(name: str = BUNDLED) -> tuple[RuleDChart, str]:
    """A rule D chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, RuleDChart, "optional rule D chart")


def pinned_rule_d(state: BaseState) -> RuleDChart:
    """The rule D chart pinned into the campaign."""
    return pinned_chart(state, KEY, RuleDChart, BUNDLED)


@dataclass(frozen=True)
class Chance:
    """What the D10 must show: the highest face reaching the next column (0: no D10 is thrown)."""

    face: int
    next_column: str | None
    steps: list[Step] = field(default_factory=list)


def chance(chart: RuleDChart, attack: int, defence: int, column: str | None) -> Chance:
    """D-12 [000], K-13: the share of the way from the odds column (rounded down) to the next, in
    tenths rounded down, and the D10 faces that reach the next column."""
    rule = f"D-12 [000], K-13 ({'provisional' if chart.provisional else chart.title})"
    if column is None:
        return Chance(0, None, [Step(text="optional rule D: below 1-4 there is no column to reach", rule=rule)])
    if column == COLUMNS[-1] or defence == 0:
        return Chance(0, None, [Step(text="optional rule D: 7-1 is the top column, no D10", rule=rule)])
    following = COLUMNS[COLUMNS.index(column) + 1]
    low, high = column_value(column), column_value(following)
    share = (Fraction(attack, defence) - low) / (high - low)
    tenths = math.floor(share * 10)
    face = chart.earns[str(tenths)]
    needed = defence * high
    text = (
        f"optional rule D: {attack} AF against {defence} DF, rounded down to {column}; {following} needs "
        f"{show(needed)} AF: {tenths} tenth{'' if tenths == 1 else 's'} of the way there"
    )
    reach = f"a D10 of {face} or less reaches {following}" if face else "no D10 face reaches it"
    return Chance(face, following, [Step(text=f"{text}: {reach}", rule=rule)])


def earned(face: int, found: Chance) -> tuple[bool, Step]:
    """D-12 [000]: whether the D10 thrown reaches the next column."""
    reached = 0 < face <= found.face
    text = f"D10 {face} {'≤' if reached else '>'} {found.face}: " + (
        f"the odds reach {found.next_column}" if reached else "the odds stay"
    )
    return reached, Step(text=f"optional rule D: {text}", rule="D-12 [000]")


def with_next_column(assessment: Assessment) -> Assessment:
    """The assessment with its odds one column to the right, its shifts applied again from there."""
    if assessment.odds_column is None:
        return assessment
    odds = shifted(assessment.odds_column, 1)
    return replace(assessment, odds_column=odds, column=shifted(odds, assessment.shifts))
