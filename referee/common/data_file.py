"""Reading a TOML data file (scenario, ruleset, chart) within bounds, each mistake named with its file.

A chart or scenario may be the referee's own file, named on the command line or in a command:
it is read through `ledger.input_file` (a regular file, at most `DATA_FILE_LIMIT`), so a device
or a FIFO given by mistake is refused instead of read for ever (issue 26). TOML itself refuses
a key or table given twice; its message is made to say so and to name the line even when the
repeated key is the file's last line ("at end of document"). ``nan`` and ``inf``, which TOML
allows but no chart or scenario means, are refused like the strict JSON reader refuses NaN.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from ledger.input_file import DATA_FILE_LIMIT, InputFileError, read_bounded_bytes, shown_path
from referee.common.errors import ScenarioError

_TWICE = ("Cannot overwrite a value", "Cannot declare")
"""How tomllib begins its message for a key or table given twice (or a value given again)."""


def present(path: Path) -> bool:
    """Whether something is at ``path``; False for a name no file can have (too long, holding a
    NUL), which `Path.exists` raises on instead (a 5,000-character scenario name ended in an
    internal error)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def read_data_bytes(path: Path | str, what: str) -> bytes:
    """The bytes of a data file, refused (`ScenarioError`) when it cannot be read, is not a regular
    file or is larger than `DATA_FILE_LIMIT`; ``what`` names its kind ("fire table file")."""
    try:
        return read_bounded_bytes(path, max_bytes=DATA_FILE_LIMIT, what=what)
    except InputFileError as error:
        raise ScenarioError(str(error)) from None


def parse_toml(text: str) -> dict[str, Any]:
    """``text`` as TOML (`tomllib.TOMLDecodeError` on a mistake: see `toml_problem`); ``nan`` and
    ``inf`` are refused as a mistake."""
    return tomllib.loads(text, parse_float=_finite)


def toml_problem(error: tomllib.TOMLDecodeError, text: str) -> str:
    """tomllib's message, saying where (the last line when it says "end of document") and, for a
    key or table given twice, that this is what is wrong."""
    message = str(error)
    if "(at end of document)" in message:
        last = text.rstrip("\n").count("\n") + 1
        message = message.replace("(at end of document)", f"(at line {last}, the last)")
    if message.startswith(_TWICE):
        message += "; a key or table is given twice (each may be given once)"
    return message


def toml_line(message: str) -> int | None:
    """The line a `toml_problem` message names, if any."""
    found = re.search(r"at line (\d+)", message)
    return int(found.group(1)) if found else None


def read_toml_file(path: Path | str, what: str) -> tuple[dict[str, Any], bytes]:
    """A data file's TOML and its bytes (whose sha256 a campaign pins); every mistake is a
    `ScenarioError` naming the file."""
    raw = read_data_bytes(path, what)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ScenarioError(f"{shown_path(path)}: not valid TOML: not UTF-8 text (byte {error.start + 1})") from None
    try:
        return parse_toml(text), raw
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{shown_path(path)}: not valid TOML: {toml_problem(error, text)}") from None


def _finite(text: str) -> float:
    if text.lstrip("+-") in ("nan", "inf"):
        raise tomllib.TOMLDecodeError(f"{text} is not a number a data file may hold; write a number")
    return float(text)
