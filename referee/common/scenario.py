"""Loading scenarios from `scenarios/` (data only) with precise errors.

A scenario's game-specific section (Europa's ``logistics``, the Third Reich's ``economy``) is
checked by its game when a campaign is created (``Game.check_scenario``).

A malformed file is refused with its path, the field (dotted) and the bad value, so that a
referee editing a TOML file by hand can find the mistake. The content hash of each file is
pinned into the campaign at creation (DESIGN: tables pinned by content hash).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ledger.input_file import shown_path
from referee.common.data_file import present
from referee.common.errors import ScenarioError
from referee.common.ruleset import (
    DataModel,
    Ruleset,
    load_ruleset,
    read_toml,
    scenarios_root,
    sha256_bytes,
    validation_message,
)


class PoolStart(DataModel):
    """A side's SP pool at the start (Europa)."""

    stockpile: int = Field(ge=0)
    income: int = Field(ge=0)
    cap: int | None = Field(default=None, ge=0)
    source: str = ""


class NationStart(DataModel):
    """A nation with a replacement track (Europa)."""

    name: str
    side: str
    replacement_types: list[str] = Field(min_length=1)
    replacements: dict[str, int] = Field(default_factory=dict)


class UnitFields(DataModel):
    """What a data file says of one unit: the fields of `RegisterUnit` but its side (the scenario's
    order of battle here; a reinforcement schedule's arrivals, referee/europa/order_of_battle/reinforcements.py)."""

    unit_id: str = Field(min_length=1, max_length=80)
    name: str = Field(min_length=1, max_length=80)
    nation: str = Field(min_length=1, max_length=80)
    type: str = Field(min_length=1, max_length=80)
    size: str = Field(min_length=1, max_length=80)
    attack: int | None = Field(default=None, ge=0, le=1000)
    defense: int | None = Field(default=None, ge=0, le=1000)
    movement: int | None = Field(default=None, ge=0, le=1000)
    cadre_attack: int | None = Field(default=None, ge=0, le=1000)
    cadre_defense: int | None = Field(default=None, ge=0, le=1000)
    ratings: dict[str, str] = Field(default_factory=dict)
    location: str = Field(default="", max_length=80)


class UnitStart(UnitFields):
    """A unit of the scenario's order of battle, on its side's roster from entry #1."""

    side: str


class PowerStart(DataModel):
    """A power with a BRP economy (Third Reich)."""

    name: str
    side: str
    base: int = Field(ge=0)
    total: int | None = Field(default=None, ge=0)
    active: bool = True
    source: str = ""


class Scenario(DataModel):
    """A starting position: who plays, what they hold, where the calendar starts."""

    id: str
    title: str
    ruleset: str
    start_turn: int
    players: list[str] | None = None
    sides: list[str] = Field(min_length=1)
    weather_zones: list[str] = Field(min_length=1)
    weather: dict[str, str] = Field(default_factory=dict)
    supply_pools: dict[str, PoolStart] = Field(default_factory=dict)
    nations: list[NationStart] = Field(default_factory=list)
    powers: list[PowerStart] = Field(default_factory=list)
    markers: dict[str, str] = Field(default_factory=dict)
    units: list[UnitStart] = Field(default_factory=list, description="the order of battle on the rosters at #1")
    resource_points: dict[str, dict[str, int]] = Field(
        default_factory=dict,
        description="Europa: Resource Points at the start by side and location, for a scenario without logistics",
    )
    logistics: dict[str, Any] | None = Field(default=None, description="Europa: checked by the Europa game")
    economy: dict[str, Any] | None = Field(default=None, description="Third Reich: checked by the Third Reich game")
    boot_camp: dict[str, Any] | None = Field(default=None, description="Europa Boot Camp: checked by the Europa game")
    notes: str = ""

    @model_validator(mode="after")
    def _sides_known(self) -> Scenario:
        for side in self.supply_pools:
            if side not in self.sides:
                raise ValueError(f"supply_pools.{side}: {side!r} is not one of sides {self.sides}")
        for i, nation in enumerate(self.nations):
            if nation.side not in self.sides:
                raise ValueError(f"nations.{i}.side: {nation.side!r} is not one of sides {self.sides}")
            for kind in nation.replacements:
                if kind not in nation.replacement_types:
                    raise ValueError(f"nations.{i}.replacements.{kind}: not one of {nation.replacement_types}")
        for side in self.resource_points:
            if side not in self.sides:
                raise ValueError(f"resource_points.{side}: {side!r} is not one of sides {self.sides}")
        seen: set[str] = set()
        for i, unit in enumerate(self.units):
            if unit.side not in self.sides:
                raise ValueError(f"units.{i}.side: {unit.side!r} is not one of sides {self.sides}")
            if unit.unit_id in seen:
                raise ValueError(f"units.{i}.unit_id: {unit.unit_id!r} is listed twice")
            seen.add(unit.unit_id)
        for i, power in enumerate(self.powers):
            if power.side not in self.sides:
                raise ValueError(f"powers.{i}.side: {power.side!r} is not one of sides {self.sides}")
        return self


class LoadedScenario(BaseModel):
    """A scenario with its ruleset and the content hashes pinned at campaign creation."""

    model_config = ConfigDict(frozen=True)
    scenario: Scenario
    ruleset: Ruleset
    ruleset_toml: str = Field(description="the ruleset file's text, pinned into the campaign")
    pinned: dict[str, str]


def list_scenarios() -> list[str]:
    """Names of the bundled scenarios, e.g. 'revised-europa/barbarossa'."""
    root = scenarios_root()
    return sorted(
        str(path.relative_to(root).with_suffix(""))
        for path in root.glob("*/*.toml")
        if path.parent.name not in ("rulesets", "charts")
    )


def resolve_scenario_path(name: str) -> Path:
    """A bundled scenario by name, or a path to the user's own TOML file."""
    candidate = Path(name)
    if candidate.suffix == ".toml" and present(candidate):
        return candidate
    bundled = scenarios_root() / f"{name}.toml"
    if present(bundled):
        return bundled
    raise ScenarioError(f"no scenario '{shown_path(name)}'; bundled scenarios: {', '.join(list_scenarios())}")


def load_scenario(name: str, *, ruleset_id: str | None = None) -> LoadedScenario:
    """Load and validate a scenario and its ruleset, and hash both files.

    Args:
        name: bundled scenario name or path to a TOML file.
        ruleset_id: play the scenario under another version of the same game's rules
            (e.g. 'europa-001', the earlier Europa revision); default: the scenario's own.
    """
    path = resolve_scenario_path(name)
    data, raw = read_toml(path, "scenario file")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(validation_message(path, error)) from None
    ruleset, ruleset_raw = load_ruleset(ruleset_id or scenario.ruleset)
    if ruleset_id and ruleset.game != load_ruleset(scenario.ruleset)[0].game:
        raise ScenarioError(f"{path}: ruleset {ruleset_id!r} is for another game than this scenario")
    _check_consistent(path, scenario, ruleset)
    return LoadedScenario(
        scenario=scenario,
        ruleset=ruleset,
        ruleset_toml=ruleset_raw.decode("utf-8"),
        pinned={
            f"scenario:{scenario.id}": sha256_bytes(raw),
            f"ruleset:{ruleset.id}": sha256_bytes(ruleset_raw),
        },
    )


def _check_consistent(path: Path, scenario: Scenario, ruleset: Ruleset) -> None:
    for zone, condition in scenario.weather.items():
        if zone not in scenario.weather_zones:
            raise ScenarioError(f"{path}: field weather.{zone}: not one of weather_zones {scenario.weather_zones}")
        if condition not in ruleset.weather.conditions:
            raise ScenarioError(
                f"{path}: field weather.{zone}: {condition!r} is not one of {ruleset.weather.conditions}"
            )
    players = scenario.players or ruleset.calendar.players
    for player in players:
        if player not in scenario.sides:
            raise ScenarioError(f"{path}: field players: {player!r} is not one of sides {scenario.sides}")
