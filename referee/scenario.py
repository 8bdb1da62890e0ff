"""Loading rulesets and scenarios from `scenarios/` (data only) with precise errors.

A malformed file is refused with its path, the field (dotted) and the bad value, so that a
referee editing a TOML file by hand can find the mistake. The content hash of each file is
pinned into the campaign at creation (DESIGN: tables pinned by content hash).
"""

from __future__ import annotations

import hashlib
import importlib.util
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from referee.common.errors import ScenarioError
from referee.europa.data import Logistics
from referee.third_reich.data import Economy


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SpecialTurn(_Data):
    """A game turn with its own sequence (the Barbarossa surprise turn, A-30 [000])."""

    turn: int
    label: str
    players: list[str]
    phases: list[str] = Field(min_length=1)
    rule: str = ""


class RequiredStep(_Data):
    """A step that must be recorded before the game may leave ``phase``."""

    phase: str
    step: str
    per: Literal["once", "power", "side", "player"] = "once"
    description: str
    rule: str = ""


class GamePhase(_Data):
    """A phase played once for all players before the first player turn (e.g. Year Start)."""

    phase: str
    season: str = Field(description="the season (3R) in which it happens")
    from_turn: int = 1
    rule: str = ""


class CalendarRules(_Data):
    """The sequence of play of a ruleset."""

    system: Literal["europa", "third_reich"]
    players: list[str] = Field(min_length=1)
    phases: list[str] = Field(min_length=1)
    rule: str = ""
    last_turn: int | None = None
    last_turn_rule: str = ""
    special_turns: list[SpecialTurn] = Field(default_factory=list)
    game_phases: list[GamePhase] = Field(default_factory=list)
    required: list[RequiredStep] = Field(default_factory=list)


class WeatherRules(_Data):
    """Weather conditions; for 3R also the fixed weather by region and season (A-65 [004])."""

    conditions: list[str] = Field(min_length=1)
    by_season: dict[str, dict[str, str]] = Field(default_factory=dict)
    rule: str = ""

    @model_validator(mode="after")
    def _seasonal_conditions_known(self) -> WeatherRules:
        for region, seasons in self.by_season.items():
            for season, condition in seasons.items():
                if condition not in self.conditions:
                    raise ValueError(f"by_season.{region}.{season}: {condition!r} is not one of {self.conditions}")
        return self


class Ruleset(_Data):
    """A rules version: calendar, weather, dice and named options."""

    id: str
    title: str
    game: Literal["europa", "third_reich"]
    source: str
    calendar: CalendarRules
    weather: WeatherRules
    dice: list[str]
    options: dict[str, str] = Field(default_factory=dict)


class PoolStart(_Data):
    """A side's SP pool at the start (Europa)."""

    stockpile: int = Field(ge=0)
    income: int = Field(ge=0)
    cap: int | None = Field(default=None, ge=0)
    source: str = ""


class NationStart(_Data):
    """A nation with a replacement track (Europa)."""

    name: str
    side: str
    replacement_types: list[str] = Field(min_length=1)
    replacements: dict[str, int] = Field(default_factory=dict)


class PowerStart(_Data):
    """A power with a BRP economy (Third Reich)."""

    name: str
    side: str
    base: int = Field(ge=0)
    total: int | None = Field(default=None, ge=0)
    active: bool = True
    source: str = ""


class Scenario(_Data):
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
    logistics: Logistics | None = None
    economy: Economy | None = None
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
        for i, power in enumerate(self.powers):
            if power.side not in self.sides:
                raise ValueError(f"powers.{i}.side: {power.side!r} is not one of sides {self.sides}")
        return self


class LoadedScenario(BaseModel):
    """A scenario with its ruleset and the content hashes pinned at campaign creation."""

    model_config = ConfigDict(frozen=True)
    scenario: Scenario
    ruleset: Ruleset
    pinned: dict[str, str]


def scenarios_root() -> Path:
    """The installed `scenarios/` data folder (works for editable and wheel installs)."""
    spec = importlib.util.find_spec("scenarios")
    if spec is None or not spec.submodule_search_locations:
        raise ScenarioError("the scenarios data folder is not installed")
    return Path(list(spec.submodule_search_locations)[0])


def list_scenarios() -> list[str]:
    """Names of the bundled scenarios, e.g. 'revised-europa/barbarossa'."""
    root = scenarios_root()
    return sorted(
        str(path.relative_to(root).with_suffix(""))
        for path in root.glob("*/*.toml")
        if path.parent.name not in ("rulesets", "charts")
    )


def _read_toml(path: Path) -> tuple[dict[str, object], bytes]:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ScenarioError(f"{path}: cannot be read ({error.strerror})") from None
    try:
        return tomllib.loads(raw.decode("utf-8")), raw
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ScenarioError(f"{path}: not valid TOML: {error}") from None


def _validation_message(path: Path, error: ValidationError) -> str:
    lines = [f"{path}: {error.error_count()} problem(s)"]
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"]) or "(file)"
        value = problem.get("input")
        shown = repr(value) if not isinstance(value, dict) else "{…}"
        lines.append(f"  field {field}: {problem['msg']} (value {shown})")
    return "\n".join(lines)


def _sha256(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def load_ruleset(ruleset_id: str) -> tuple[Ruleset, bytes]:
    """Load ``scenarios/rulesets/<id>.toml``."""
    path = scenarios_root() / "rulesets" / f"{ruleset_id}.toml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in path.parent.glob("*.toml")))
        raise ScenarioError(f"no ruleset {ruleset_id!r} (known: {known})")
    data, raw = _read_toml(path)
    try:
        return Ruleset.model_validate(data), raw
    except ValidationError as error:
        raise ScenarioError(_validation_message(path, error)) from None


def resolve_scenario_path(name: str) -> Path:
    """A bundled scenario by name, or a path to the user's own TOML file."""
    candidate = Path(name)
    if candidate.suffix == ".toml" and candidate.exists():
        return candidate
    bundled = scenarios_root() / f"{name}.toml"
    if bundled.exists():
        return bundled
    raise ScenarioError(f"no scenario {name!r}; bundled scenarios: {', '.join(list_scenarios())}")


def load_scenario(name: str, *, ruleset_id: str | None = None) -> LoadedScenario:
    """Load and validate a scenario and its ruleset, and hash both files.

    Args:
        name: bundled scenario name or path to a TOML file.
        ruleset_id: play the scenario under another version of the same game's rules
            (e.g. 'europa-001', the earlier Europa revision); default: the scenario's own.
    """
    path = resolve_scenario_path(name)
    data, raw = _read_toml(path)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(_validation_message(path, error)) from None
    ruleset, ruleset_raw = load_ruleset(ruleset_id or scenario.ruleset)
    if ruleset_id and ruleset.game != load_ruleset(scenario.ruleset)[0].game:
        raise ScenarioError(f"{path}: ruleset {ruleset_id!r} is for another game than this scenario")
    _check_consistent(path, scenario, ruleset)
    return LoadedScenario(
        scenario=scenario,
        ruleset=ruleset,
        pinned={
            f"scenario:{scenario.id}": _sha256(raw),
            f"ruleset:{ruleset.id}": _sha256(ruleset_raw),
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
