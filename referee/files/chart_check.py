"""Checking a referee's own chart file before it goes into a campaign (`turnledger charts check`).

The printed charts are not in the source texts (RULES.md K-01..K-04, K-09, K-10, K-40..K-42),
so a referee types in their own. A chart file is TOML in the layout of one of the bundled
charts under scenarios/charts/; each layout has a JSON Schema (`turnledger charts schema NAME`,
docs/charts/). This module says which layout a file fits, or, for the layout it comes closest
to, every mistake with the file, the line, the row and the field, so the referee can mend it
without reading code.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from ledger.input_file import DATA_FILE_LIMIT, InputFileError, read_bounded_bytes
from referee.common.data_file import parse_toml, toml_line, toml_problem
from referee.games import GAMES


@dataclass(frozen=True)
class Layout:
    """One chart layout: the game, the chart's key in a campaign and its bundled file."""

    game: str
    key: str
    bundled: str
    model: type[BaseModel]

    @property
    def title(self) -> str:
        return f"{self.game} {self.key.replace('_', ' ')} chart (layout of scenarios/charts/{self.bundled}.toml)"


@dataclass(frozen=True)
class Problem:
    """One mistake: where it is (line, row, field) and what is wrong."""

    line: int | None
    row: str
    field: str
    message: str

    def render(self, path: str) -> str:
        where = f"{path}, line {self.line}" if self.line else path
        row = f", row {self.row}" if self.row else ""
        return f"{where}{row}, field {self.field}: {self.message}"


@dataclass
class Report:
    """What `check` found: the layouts the file fits, or the closest one and its problems."""

    path: str
    sha256: str = ""
    fits: list[Layout] = field(default_factory=list)
    closest: Layout | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.fits)


def layouts() -> list[Layout]:
    """Every chart layout of every game this release referees."""
    found = []
    for game in GAMES.values():
        for chart in game.charts:
            if chart.model is not None:
                found.append(Layout(game.title, chart.key, chart.bundled, chart.model))
    return found


def layout_named(name: str) -> Layout:
    """A layout by its bundled file's name (``europa-combat``) or chart key (``combat``)."""
    every = layouts()
    for layout in every:
        if name in (layout.bundled, layout.key):
            return layout
    known = ", ".join(layout.bundled for layout in every)
    raise KeyError(f"no chart layout {name!r}; layouts: {known}")


def schema(layout: Layout) -> dict[str, Any]:
    """The JSON Schema of a layout, titled with the bundled file it describes."""
    found = layout.model.model_json_schema()
    found["title"] = layout.title
    found["$id"] = f"https://turnledger.invalid/charts/{layout.bundled}.schema.json"
    return found


def check(path: str) -> Report:
    """Read ``path`` and check it against every layout."""
    report = Report(path=path)
    try:
        raw = read_bounded_bytes(path, max_bytes=DATA_FILE_LIMIT, what="chart file")
    except InputFileError as error:  # also a device or FIFO (/dev/zero was read for ever), or too large
        report.problems.append(Problem(None, "", "(file)", error.reason))
        return report
    report.sha256 = hashlib.sha256(raw).hexdigest()
    try:
        text = raw.decode("utf-8")
        data = parse_toml(text)
    except UnicodeDecodeError:
        report.problems.append(Problem(None, "", "(file)", "is not UTF-8 text"))
        return report
    except tomllib.TOMLDecodeError as error:
        message = toml_problem(error, text)
        report.problems.append(Problem(toml_line(message), "", "(file)", f"not valid TOML: {message}"))
        return report
    candidates: list[tuple[int, Layout, list[Problem]]] = []
    for layout in layouts():
        try:
            layout.model.model_validate(data)
        except ValidationError as error:
            problems = [_problem(text, problem) for problem in error.errors()]
            shared = len(set(data) & set(layout.model.model_fields))
            candidates.append((-shared * 1000 + len(problems), layout, problems))
        else:
            report.fits.append(layout)
    if not report.fits and candidates:
        _score, report.closest, report.problems = min(candidates, key=lambda found: found[0])
    return report


_PATH_IN_MESSAGE = re.compile(r"^([A-Za-z_][\w-]*(?:\.[\w-]+)+)(?: \(([^)]*)\))?: ")


def _problem(text: str, problem: Any) -> Problem:
    """A pydantic error as a line, a row and a field. A whole-chart check names its own place at
    the start of its message (``crt.7.1 (1-3): 'XX' is not a result code``)."""
    path = [str(part) for part in problem["loc"]]
    message = str(problem["msg"]).removeprefix("Value error, ")
    found = _PATH_IN_MESSAGE.match(message)
    if not path and found:
        path = found.group(1).split(".")
        message = message[found.end() :] if not found.group(2) else f"({found.group(2)}) {message[found.end() :]}"
    if "input" in problem and not isinstance(problem["input"], dict | list):
        message += f" (value {problem['input']!r})"
    row = ".".join(path[:2]) if len(path) > 2 else (path[0] if len(path) == 2 else "")
    return Problem(_line_of(text, path), row, ".".join(path) or "(file)", message)


def _line_of(text: str, path: list[str]) -> int | None:
    """The line holding ``path`` in a TOML text: a ``key =`` line under its ``[table]`` header,
    or the header itself. Best effort: None when the key is not written in the file."""
    if not path:
        return None
    table: list[str] = []
    best: int | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        header = re.match(r"^\[+([^\]]+)\]+", stripped)
        if header:
            table = [part.strip().strip('"') for part in header.group(1).split(".")]
            if table == path[: len(table)] and best is None and len(table) == len(path):
                best = number
            continue
        key = re.match(r'^("[^"]*"|[\w-]+)\s*=', stripped)
        if key is None:
            continue
        full = [*table, key.group(1).strip('"')]
        if full == path[: len(full)] and len(full) >= min(len(path), len(table) + 1):
            return number
    return best
