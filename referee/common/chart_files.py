"""Reading a chart file (a CRT, fire or attrition table) into its model, with the file's hash.

Every chart is TOML in the layout of its bundled file under scenarios/charts/; a referee may
give their own printed chart in the same layout. Whatever is wrong is said with the file, the
field and the value, so a referee can mend the file without reading code.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from referee.common.data_file import read_toml_file
from referee.common.errors import ScenarioError
from referee.common.ruleset import scenarios_root, validation_message

Model = TypeVar("Model", bound=BaseModel)


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
