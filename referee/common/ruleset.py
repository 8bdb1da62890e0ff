"""Rulesets: the sequence of play, weather, dice and option defaults of one game's rules version.

Loaded from ``scenarios/rulesets/<id>.toml`` when a campaign is created, then pinned into the
campaign (its text is recorded in the opening entry) and read from that pinned copy ever after:
editing or upgrading the bundled file never changes a campaign already started. Campaigns of
release 0.1.0 recorded only the file's sha256; the exact files of that release are kept in
``scenarios/rulesets/archive/`` under their hash. A malformed file is refused with its path,
the field (dotted) and the bad value.
"""

from __future__ import annotations

import hashlib
import importlib.util
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from referee.common.data_file import parse_toml, present, read_toml_file, toml_problem
from referee.common.errors import ScenarioError


class DataModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SpecialTurn(DataModel):
    """A game turn with its own sequence (the Barbarossa surprise turn, A-30 [000])."""

    turn: int
    label: str
    players: list[str]
    phases: list[str] = Field(min_length=1)
    rule: str = ""


class RequiredStep(DataModel):
    """A step that must be recorded before the game may leave ``phase``."""

    phase: str
    step: str
    per: Literal["once", "power", "side", "player"] = "once"
    description: str
    rule: str = ""


class GamePhase(DataModel):
    """A phase played once for all players before the first player turn (e.g. Year Start)."""

    phase: str
    season: str = Field(description="the season (3R) in which it happens")
    from_turn: int = 1
    rule: str = ""


class CalendarRules(DataModel):
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


class WeatherRules(DataModel):
    """Weather conditions; for 3R also the fixed weather by region and season (A-65 [004])."""

    conditions: list[str] = Field(min_length=1)
    by_season: dict[str, dict[str, str]] = Field(default_factory=dict)
    rule: str = ""
    once_per_turn: bool = Field(
        default=False,
        description="one weather per zone and game turn: a second SetWeather is refused (a correction is a rollback)",
    )

    @model_validator(mode="after")
    def _seasonal_conditions_known(self) -> WeatherRules:
        for region, seasons in self.by_season.items():
            for season, condition in seasons.items():
                if condition not in self.conditions:
                    raise ValueError(f"by_season.{region}.{season}: {condition!r} is not one of {self.conditions}")
        return self


class Ruleset(DataModel):
    """A rules version: calendar, weather, dice and named options."""

    id: str
    title: str
    game: str = Field(description="the game package that plays this ruleset")
    source: str
    calendar: CalendarRules
    weather: WeatherRules
    dice: list[str]
    options: dict[str, str] = Field(default_factory=dict)


def scenarios_root() -> Path:
    """The installed `scenarios/` data folder (works for editable and wheel installs)."""
    spec = importlib.util.find_spec("scenarios")
    if spec is None or not spec.submodule_search_locations:
        raise ScenarioError("the scenarios data folder is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def read_toml(path: Path, what: str = "data file") -> tuple[dict[str, object], bytes]:
    """A scenario or ruleset file's TOML and bytes, read within bounds (`read_toml_file`)."""
    return read_toml_file(path, what)


def validation_message(path: Path | str, error: ValidationError) -> str:
    """The file (or section), then each bad field with its value, one per line."""
    lines = [f"{path}: {error.error_count()} problem(s)"]
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"]) or "(file)"
        value = problem.get("input")
        shown = repr(value) if not isinstance(value, dict) else "{…}"
        lines.append(f"  field {field}: {problem['msg']} (value {shown})")
    return "\n".join(lines)


def sha256_bytes(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def load_ruleset(ruleset_id: str) -> tuple[Ruleset, bytes]:
    """Load the bundled ``scenarios/rulesets/<id>.toml`` (for new campaigns and upgrades only)."""
    folder = scenarios_root() / "rulesets"
    known = ", ".join(sorted(p.stem for p in folder.glob("*.toml")))
    if not ruleset_id or Path(ruleset_id).name != ruleset_id or ruleset_id.endswith(".toml"):
        raise ScenarioError(
            f"a ruleset is named by its id, not by a file: {ruleset_id!r} (bundled rulesets: {known}); "
            "your own chart file goes in with --charts"
        )
    path = folder / f"{ruleset_id}.toml"
    if not present(path):
        raise ScenarioError(f"no ruleset {ruleset_id!r} (bundled rulesets: {known})")
    data, raw = read_toml(path, "ruleset file")
    try:
        return Ruleset.model_validate(data), raw
    except ValidationError as error:
        raise ScenarioError(validation_message(path, error)) from None


def rulesets_for(game: str) -> list[tuple[str, str]]:
    """(id, title) of each bundled ruleset of ``game``: the rules versions a new campaign may choose."""
    found = []
    for path in sorted((scenarios_root() / "rulesets").glob("*.toml")):
        ruleset, _raw = load_ruleset(path.stem)
        if ruleset.game == game:
            found.append((ruleset.id, ruleset.title))
    return found


def sha256_text(text: str) -> str:
    """The sha256 of a pinned text, as its file's bytes (UTF-8)."""
    return sha256_bytes(text.encode("utf-8"))


@lru_cache(maxsize=16)
def parse_pinned_ruleset(text: str, where: str) -> Ruleset:
    """A ruleset from its pinned text (cached: a campaign reads it once per command)."""
    try:
        data = parse_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{where}: the pinned ruleset is not valid TOML: {toml_problem(error, text)}") from None
    try:
        return Ruleset.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(validation_message(Path(where), error)) from None


def archived_ruleset_text(ruleset_id: str, digest: str) -> str | None:
    """The exact text of a ruleset file a 0.1.0 campaign pinned by hash, or None when this
    release does not hold it (``scenarios/rulesets/archive/<id>-<sha256>.toml``)."""
    path = scenarios_root() / "rulesets" / "archive" / f"{ruleset_id}-{digest}.toml"
    if not present(path):
        return None
    raw = path.read_bytes()
    if sha256_bytes(raw) != digest:
        return None
    return raw.decode("utf-8")


@lru_cache(maxsize=16)
def _archived_once(ruleset_id: str, digest: str) -> str | None:
    """`archived_ruleset_text`, read once per process for the service's every command."""
    return archived_ruleset_text(ruleset_id, digest)


def pinned_ruleset_text(ruleset_id: str, toml: str, pinned: dict[str, str], *, fresh: bool = False) -> str:
    """The text of the ruleset a campaign is pinned to: recorded in the campaign, or (release
    0.1.0) the archived file with the pinned hash. Never the bundled file as it is now.

    Args:
        fresh: read an archived file again (verify), not the copy read once per process.

    Raises:
        ScenarioError: the pinned copy is missing or does not match its pinned hash.
    """
    digest = pinned.get(f"ruleset:{ruleset_id}", "")
    if toml:
        if digest and _text_digest(toml) != digest:
            raise ScenarioError(
                f"the pinned copy of ruleset {ruleset_id} does not match its pinned sha256 {digest[:16]}…"
            )
        return toml
    read = archived_ruleset_text if fresh else _archived_once
    archived = read(ruleset_id, digest) if digest else None
    if archived is None:
        raise ScenarioError(
            f"the campaign plays under ruleset {ruleset_id} sha256 {digest[:16] or '(none)'}…, and this release "
            f"holds no copy of it (scenarios/rulesets/archive/{ruleset_id}-{digest}.toml is missing or altered)"
        )
    return archived


@lru_cache(maxsize=16)
def _text_digest(text: str) -> str:
    """sha256 of a pinned text, once per text (the service reads the ruleset for every command)."""
    return sha256_text(text)
