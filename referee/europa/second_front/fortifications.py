"""Second Front fortifications (Rule 30A4): the effects chart as data and the rules of each kind.

The chart (RULES F-20, D-47 [003]) is printed in the text, so the bundled
`scenarios/charts/second-front-fortifications.toml` is not provisional; a campaign pins it under
``fortifications`` and reads it back with `pinned_fortifications`. Its effects add to the
terrain's; an attack through a fortified hexside into another fortification meets both (F-20).

The rest are the kinds' own rules: forts are lost to the enemy (F-21), improved fortresses
degrade once (F-22), port fortifications are units that fight as improved fortresses (F-23),
fortified hexsides and ouvrages never change (F-24), and the Westwall starts unimproved, is
restored once per game or improved hex by hex, and degrades under Allied ownership (F-25).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, model_validator

from referee.common.chart_files import ChartHeading, pinned_data, read_chart
from referee.common.errors import IllegalOrderError
from referee.common.pinned import pinned_chart
from referee.common.ruling import Step
from referee.common.state import BaseState

BUNDLED = "second-front-fortifications"
KEY = "fortifications"

ROWS = (
    "fort",
    "fortified_area",
    "port_fortification",
    "unimproved_fortified_hexside",
    "improved_fortified_hexside",
    "unimproved_fortress",
    "improved_fortress",
    "unimproved_westwall",
    "westwall_1",
    "westwall_2",
    "westwall_3",
    "ouvrage",
    "destroyed_ouvrage",
)
"""F-20 [003]: the thirteen rows of the chart, as the markers name them."""


class FortificationType(BaseModel):
    """One row of the chart: a fortification in one condition and its combat effects."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str = Field(min_length=1, description="the row as the chart prints it")
    drm: int = Field(ge=-6, le=0, description="the die-roll modifier; 0 when the row prints none")
    no_aec: bool = Field(description='"No AEC": no armor effects')
    attacker_halved: bool = False
    halved_exempt: list[str] = Field(default_factory=list, description="unit types the halving spares")
    ground_support_halved: bool = False
    defender_ignores_retreat: bool = False
    hexside: bool = Field(default=False, description="a hexside row (F-20 note: combines with the hex's)")
    rule: str

    @model_validator(mode="after")
    def _exempt_only_when_halved(self) -> FortificationType:
        if self.halved_exempt and not self.attacker_halved:
            raise ValueError("halved_exempt: a row that does not halve attackers spares no unit type")
        return self


class FortificationChart(ChartHeading):
    """The fortification effects chart of one file: every row of F-20, named as the markers name them."""

    types: dict[str, FortificationType]

    @model_validator(mode="after")
    def _every_row(self) -> FortificationChart:
        missing = [row for row in ROWS if row not in self.types]
        if missing:
            raise ValueError(f"types: the chart lacks the row(s) {', '.join(missing)} (F-20 [003])")
        return self


def load_fortification_chart(name: str = BUNDLED) -> tuple[FortificationChart, str]:
    """A chart file validated (file, field and value named when wrong) and its sha256."""
    return read_chart(name, FortificationChart, "fortification effects chart")


fortification_chart_data = pinned_data(load_fortification_chart)
"""The chart as pinned into a campaign (`referee.common.game.Chart.load`)."""


def pinned_fortifications(state: BaseState) -> FortificationChart:
    """The campaign's pinned fortification chart (refused, with what to record, when it has none)."""
    return pinned_chart(state, KEY, FortificationChart, BUNDLED)


@dataclass(frozen=True)
class FortEffect:
    """The effects an attack meets from the fortifications it crosses and enters (F-20 [003])."""

    rows: tuple[str, ...]
    drm: int
    no_aec: bool
    attacker_halved: bool
    halved_exempt: tuple[str, ...]
    ground_support_halved: bool
    defender_ignores_retreat: bool
    steps: list[Step] = field(default_factory=list)

    def halves(self, unit_type: str) -> bool:
        """Whether an attacking unit of ``unit_type`` is halved (its type spared by every halving row or not)."""
        return self.attacker_halved and unit_type.casefold() not in self.halved_exempt


def describe(row: FortificationType | FortEffect) -> str:
    """A row in table words: 'DRM −1; no AEC; attackers halved (except engineer, artillery)'."""
    parts = [f"DRM {row.drm:+d}".replace("-", "−")] if row.drm else []
    if row.no_aec:
        parts.append("no AEC")
    if row.attacker_halved:
        spared = f" (except {', '.join(row.halved_exempt)})" if row.halved_exempt else " (all attackers)"
        parts.append("attackers halved" + spared)
    if row.ground_support_halved:
        parts.append("ground-support bombing halved")
    if row.defender_ignores_retreat:
        parts.append("defender ignores retreat")
    return "; ".join(parts) or "no effect"


def fortification_effects(names: Sequence[str], chart: FortificationChart) -> FortEffect:
    """F-20 [003]: the effects of one fortification, or of a fortified hexside and the
    fortification of the hex the attack enters, combined: their DRMs add, and each other effect
    applies when either row has it. An attacker is halved once, not quartered (the revised rules
    never halve attackers more than once for terrain, D-40 [000]); a unit type is spared only
    when every halving row spares it."""
    if not names:
        raise IllegalOrderError("name the fortification(s) the attack meets (F-20 [003])")
    unknown = [name for name in names if name not in chart.types]
    if unknown:
        raise IllegalOrderError(
            f"no fortification {', '.join(map(repr, unknown))} on the chart; rows: {', '.join(chart.types)}"
        )
    rows = [chart.types[name] for name in names]
    if len(rows) > 2 or (len(rows) == 2 and sum(row.hexside for row in rows) != 1):
        raise IllegalOrderError(
            "fortifications combine only when an attack crosses a fortified hexside into another fortification "
            f"(F-20 [003]); not {' + '.join(names)}"
        )
    steps = [Step(text=f"{row.label}: {describe(row)}", rule=row.rule) for row in rows]
    halving = [row for row in rows if row.attacker_halved]
    exempt = set.intersection(*(set(row.halved_exempt) for row in halving)) if halving else set()
    effect = FortEffect(
        rows=tuple(names),
        drm=sum(row.drm for row in rows),
        no_aec=any(row.no_aec for row in rows),
        attacker_halved=bool(halving),
        halved_exempt=tuple(sorted(exempt)),
        ground_support_halved=any(row.ground_support_halved for row in rows),
        defender_ignores_retreat=any(row.defender_ignores_retreat for row in rows),
        steps=steps,
    )
    if len(rows) == 2:
        drms = " + ".join(f"{row.drm:+d}" for row in rows)
        steps.append(
            Step(
                text=f"combined: DRMs add ({drms} = {effect.drm:+d}); each other effect applies if either row has it; "
                "attackers are halved once, sparing only the types both rows spare",
                rule="F-20 [003], D-40 [000]",
            )
        )
    return effect


@dataclass(frozen=True)
class PortFortification:
    """F-23 [003]: a port fortification is a unit that defends as an improved fortress."""

    res: int = 1
    movement: int = 0
    counts_for_stacking: bool = False
    self_supporting: bool = True
    acts_as: str = "improved_fortress"
    rule: str = "F-23 [003]"


PORT_FORTIFICATION = PortFortification()


# Ownership (F-21, F-22, F-24) --------------------------------------------------------------------------


def on_enemy_ownership(row: str) -> tuple[str | None, Step]:
    """What a fortification in a hex becomes when the enemy gains the hex: the new row (None:
    removed from play) and the rule. Westwall hexes follow `westwall_on_ownership` instead."""
    if row == "fort":
        return None, Step(text="a fort is destroyed when the enemy gains its hex: marker removed", rule="F-21 [003]")
    if row == "improved_fortress":
        return "unimproved_fortress", Step(text="an improved fortress becomes unimproved", rule="F-22 [003]")
    if row == "unimproved_fortress":
        return row, Step(text="an unimproved fortress keeps its condition and effects", rule="F-22 [003]")
    if row == "port_fortification":
        return None, Step(
            text="a port fortification is a unit of movement 0: the enemy gains its hex only once it is gone",
            rule="F-23 [003] (derived)",
        )
    if row in ("unimproved_fortified_hexside", "ouvrage", "destroyed_ouvrage"):
        return row, Step(text="unimproved: keeps its condition and effects whoever owns the hex", rule="F-24 [003]")
    return row, Step(text=f"Rule 30A4 changes no {row.replace('_', ' ')} when the hex changes hands", rule="F-20 [003]")


def placeable(kind: str, condition: str | None) -> tuple[str, Step]:
    """The chart row a fortification starts as (not the Westwall), or a refusal citing why not."""
    if kind == "fortress":
        if condition not in ("improved", "unimproved"):
            raise IllegalOrderError(
                "a fortress starts improved or unimproved, as the order of battle says (F-22 [003])"
            )
        return f"{condition}_fortress", Step(text=f"a fortress set up {condition}", rule="F-22 [003]")
    if kind == "fortified_hexside":
        if condition not in (None, "unimproved"):
            raise IllegalOrderError("all fortified hexsides start unimproved and cannot be improved (F-24 [003])")
        return "unimproved_fortified_hexside", Step(text="fortified hexsides start unimproved", rule="F-24 [003]")
    if kind == "ouvrage":
        if condition not in (None, "unimproved", "destroyed"):
            raise IllegalOrderError("all ouvrages start unimproved and cannot be improved (F-24 [003])")
        row = "destroyed_ouvrage" if condition == "destroyed" else "ouvrage"
        return row, Step(text="ouvrages start unimproved", rule="F-24 [003]")
    if condition is not None:
        raise IllegalOrderError(f"a {kind.replace('_', ' ')} has no condition to give (F-20 [003])")
    return kind, Step(text=f"a {kind.replace('_', ' ')} counter", rule="F-23 [003]" if kind.startswith("port") else "")


# The Westwall (F-25) -----------------------------------------------------------------------------------

WESTWALL_LEVELS = (1, 2, 3)
IMPROVE_TURNS = 4
IMPROVE_TURNS_QUICK = 2
IMPROVE_COST_RP = 2
RESTORATION_AFTER = 2
"""F-25 [003]: restored in the second Axis Initial phase after the one declaring it."""


def westwall_row(level: int, improved: bool) -> str:
    """The chart row of a Westwall hex: its printed level when improved, else 'unimproved_westwall'."""
    if level not in WESTWALL_LEVELS:
        raise IllegalOrderError(f"a Westwall hex is level 1, 2 or 3 (F-20 [003]); not {level}")
    return f"westwall_{level}" if improved else "unimproved_westwall"


def westwall_value(level: int, improved: bool) -> str:
    """The ``westwall:<hex>`` marker value: '2|improved'."""
    return f"{level}|{'improved' if improved else 'unimproved'}"


def read_westwall(value: str) -> tuple[int, bool]:
    """(level, improved) of a ``westwall:<hex>`` marker value."""
    level, _, condition = value.partition("|")
    return int(level), condition == "improved"


def improvement_due(begun: int, quick: bool) -> tuple[int, Step]:
    """F-25 [003]: an unimproved Westwall hex is improved 4 turns after the works begin, 2 with
    quick construction, for 2 Resource Points."""
    turns = IMPROVE_TURNS_QUICK if quick else IMPROVE_TURNS
    how = " with quick construction" if quick else ""
    text = f"improving a Westwall hex takes {turns} turns{how}: turn {begun} + {turns} = turn {begun + turns}"
    return begun + turns, Step(text=f"{text}; cost {IMPROVE_COST_RP} Resource Points", rule="F-25 [003]")


def restoration_turns(declared: int) -> tuple[tuple[int, int], int]:
    """F-25 [003]: the two Axis Initial phases without Resource Point reinforcements (the
    declaring turn's and the next) and the turn whose Axis Initial phase restores the Westwall."""
    return (declared, declared + 1), declared + RESTORATION_AFTER
