"""The Winterization table as data (RULES D-20, D-23 [000], K-09), read by ResolveCombat.

Revised Europa keeps the original Winterization table with one change: its single +2 entry becomes
+1 (D-23 [000]); the winterization advantage it gives is a DRM in Snow only (D-20), inside the ±1
cap of D-21. The table itself is not in the text (K-09), so the bundled file
(`scenarios/charts/europa-winterization.toml`) is a labelled provisional one: rows by the attackers'
nationality and a period of turns, each with the DRM their attacks earn, holding at most the one +2
entry as the original printed it. A referee names the attackers' row in ResolveCombat
(``winterized``); a club replaces the chart with its printed one (`turnledger charts check`,
`AdoptCharts`).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, read_chart
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.ruling import Step
from referee.common.state import BaseState
from referee.europa.common.turn_numbers import label_of, turn_of_label

BUNDLED = "europa-winterization"
KEY = "winterization"
PRINTED_TOP = 2
"""D-23 [000]: the original table's single +2 entry, which the revised rules read as +1."""


class WinterizationRow(BaseModel):
    """The winterization DRM of one nationality's attacks over a period of turns."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    attackers: str = Field(min_length=1, description="the attacking nationality, as ResolveCombat names it")
    first: str = Field(description="the first turn, as the calendar shows it: 'Jun II 1941'")
    last: str = Field(description="the last turn: 'Apr II 1942'")
    drm: int = Field(ge=0, le=PRINTED_TOP, description="the DRM as printed (0, +1, the single +2)")


class WinterizationChart(ChartHeading):
    """The Winterization table: one row per nationality and period (D-20, D-23 [000], K-09)."""

    rule: str
    rows: list[WinterizationRow] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> WinterizationChart:
        spans: dict[str, list[tuple[int, int]]] = {}
        for index, row in enumerate(self.rows):
            try:
                first, last = turn_of_label(row.first), turn_of_label(row.last)
            except IllegalOrderError as error:
                raise ValueError(f"rows.{index} ({row.attackers}): {error}") from None
            if last < first:
                raise ValueError(f"rows.{index} ({row.attackers}): {row.last} comes before {row.first}")
            for other_first, other_last in spans.get(row.attackers, []):
                if first <= other_last and other_first <= last:
                    raise ValueError(f"rows.{index} ({row.attackers}): its period overlaps another row of theirs")
            spans.setdefault(row.attackers, []).append((first, last))
        tops = [row.attackers for row in self.rows if row.drm == PRINTED_TOP]
        if len(tops) > 1:
            raise ValueError(f"rows: the table has a single +2 entry (D-23 [000]); found {len(tops)}: {tops}")
        return self

    def entry(self, attackers: str, turn: int) -> WinterizationRow | None:
        """The row of ``attackers`` covering ``turn``, if any (refused for a nationality not in the chart)."""
        known = sorted({row.attackers for row in self.rows})
        if attackers not in known:
            raise IllegalOrderError(
                f"the Winterization chart has no row for {attackers!r}; its nationalities: {', '.join(known)}"
            )
        for row in self.rows:
            if row.attackers == attackers and turn_of_label(row.first) <= turn <= turn_of_label(row.last):
                return row
        return None


def load_winterization(name: str = BUNDLED) -> tuple[WinterizationChart, str]:
    """A Winterization chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, WinterizationChart, "Winterization table")


def pinned_winterization(state: BaseState) -> WinterizationChart:
    """The Winterization table pinned into the campaign."""
    return pinned_chart(state, KEY, WinterizationChart, BUNDLED)


def winterization_drm(
    chart: WinterizationChart, attackers: str, *, turn: int, weather: str, rules: str = "000"
) -> tuple[int, list[Step]]:
    """D-20, D-23 [000]: the winterization DRM of ``attackers``' attack: the chart's entry for the
    turn, in Snow only; under the 000 rules the single +2 entry counts +1 (001 keeps it as printed).

    Turn 0 (the surprise turn) is read as Jun I 1941."""
    rule = f"D-20, D-23 [000], K-09{' (provisional chart)' if chart.provisional else ''}"
    if weather != "Snow":
        return 0, [Step(text=f"{attackers}: winterization counts in Snow only; the weather is {weather}", rule=rule)]
    row = chart.entry(attackers, turn)
    label = label_of(turn)
    if row is None or row.drm == 0:
        return 0, [Step(text=f"Winterization table, {attackers} in {label}: no advantage", rule=rule)]
    drm = row.drm
    text = f"Winterization table, {attackers} in {label} ({row.first} to {row.last}): {drm:+d}"
    if drm == PRINTED_TOP and rules == "000":
        drm = 1
        text += ", the single +2 entry read as +1"
    return drm, [Step(text=f"{text}: winterization DRM {drm:+d}", rule=rule)]
