"""Reading a chart file (a CRT, fire or attrition table) into its model, with the file's hash.

Every chart is TOML in the layout of its bundled file under scenarios/charts/; a referee may
give their own printed chart in the same layout. Whatever is wrong is said with the file, the
field and the value, so a referee can mend the file without reading code.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from referee.common.data_file import read_toml_file
from referee.common.errors import ScenarioError
from referee.common.ruleset import scenarios_root, validation_message

Model = TypeVar("Model", bound=BaseModel)


class ChartHeading(BaseModel):
    """What every chart file opens with: its title, whether it is provisional (a stand-in the
    referee may replace with the printed chart, K-01) and where its figures come from. A chart is
    frozen and refuses a field it does not know, so a misspelt field is named, not ignored."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    provisional: bool
    source: str


def chart_path(name: str) -> Path:
    """A bundled chart by name (``third-reich-fire``), or the path of the user's own file."""
    candidate = Path(name)
    if candidate.suffix == ".toml":
        return candidate
    return scenarios_root() / "charts" / f"{name}.toml"


def read_chart(name: str, model: type[Model], what: str) -> tuple[Model, str]:
    """The chart ``name`` validated as ``model``, and the sha256 of the file's bytes.

    Raises:
        ScenarioError: an unreadable file (or one that is not a regular file, or too large), bad
            TOML (a key given twice), or fields with wrong values (each named).
    """
    path = chart_path(name)
    data, raw = read_toml_file(path, f"{what} file")
    try:
        return model.model_validate(data), hashlib.sha256(raw).hexdigest()
    except ValidationError as error:
        raise ScenarioError(validation_message(path, error)) from None


def check_grid(
    name: str,
    grid: Mapping[str, Sequence[str]],
    columns: Sequence[str],
    problem: Callable[[str], str | None],
    *,
    cells: str = "codes",
) -> None:
    """Every row of a chart's grid (its field ``name``: "crt", "rows", "table") holds one cell a
    column, and every cell reads (``problem`` says what is wrong with one, None when nothing is).

    Raises:
        ValueError: the first fault, named by row, cell index and column, for the model's
            validation to report with the file.
    """
    for row, found in grid.items():
        if len(found) != len(columns):
            raise ValueError(f"{name}.{row}: {len(found)} {cells} for {len(columns)} columns")
        for index, cell in enumerate(found):
            wrong = problem(cell)
            if wrong is not None:
                raise ValueError(f"{name}.{row}.{index} ({columns[index]}): {wrong}")


def unknown_code(codes: Collection[str], kind: str = "") -> Callable[[str], str | None]:
    """`check_grid`'s ``problem`` for a grid of codes from a list: a cell not in ``codes`` "is not
    one of" them, or, where the chart names its ``kind`` of code, "is not <kind>; codes: ..."."""
    known = ", ".join(codes)
    said = f"; codes: {known}" if kind else ""

    def problem(cell: str) -> str | None:
        if cell in codes:
            return None
        return f"{cell!r} is not {kind}{said}" if kind else f"{cell!r} is not one of {known}"

    return problem


def pinned_data(load: Callable[[str], tuple[BaseModel, str]]) -> Callable[[str], tuple[dict[str, Any], str]]:
    """A chart's loader as `referee.common.game.Chart.load` takes it: the chart ``name`` as the
    JSON data a campaign pins, and the sha256 of its file. Every chart pins the same way, so each
    chart module names only its ``load_...`` function."""

    def load_data(name: str) -> tuple[dict[str, Any], str]:
        chart, digest = load(name)
        return chart.model_dump(mode="json"), digest

    return load_data
