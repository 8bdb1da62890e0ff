"""Applying a JSONL file of commands, one entry per line, resumable after an interruption.

Each line is checked and recorded on its own; the first refused line stops the run, is named
with its number and reason, and every line before it stays recorded. Each entry remembers the
file name, line number and the line's sha256, so running the same file again skips the lines
already recorded and continues where the earlier run stopped.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ledger.errors import LedgerError
from referee.common.errors import InvalidInputError, RulesError
from referee.service import RefereeService

MAX_LINE = 64 * 1024


@dataclass
class ApplyReport:
    """What an apply run did."""

    applied: list[int] = field(default_factory=list)
    skipped: int = 0
    refused_line: int | None = None
    reason: str | None = None

    @property
    def ok(self) -> bool:
        """True when every line was recorded (or had been already)."""
        return self.refused_line is None


def line_source(name: str, number: int, line: str) -> dict[str, Any]:
    """The provenance stored with an entry made from a file line."""
    return {"file": name, "line": number, "sha256": hashlib.sha256(line.encode("utf-8")).hexdigest()}


def latest_run(service: RefereeService, name: str) -> list[tuple[int, int, str]]:
    """(entry, line, sha256) of the latest run of file ``name``: the entries made from it since
    its line numbers last started again (a resumed run goes on upward; next week's file of the
    same name starts again at line 1)."""
    made = [
        (entry["number"], int(entry["source"]["line"]), str(entry["source"]["sha256"]))
        for entry in service.entries()
        if (entry.get("source") or {}).get("file") == name
    ]
    run: list[tuple[int, int, str]] = []
    for item in reversed(made):
        if run and item[1] >= run[0][1]:
            break
        run.insert(0, item)
    return run


def lines_to_skip(service: RefereeService, name: str, lines: list[str]) -> set[int]:
    """The line numbers an interrupted or refused run of this same file already recorded.

    A file whose first recorded line differs is another file of the same name: nothing is
    skipped. A file that matches at first but differs further down was edited above where the
    earlier run stopped: refused, so that no order is silently skipped or recorded twice.
    """
    run = latest_run(service, name)
    if not run:
        return set()

    def sha_of(number: int) -> str | None:
        if number > len(lines):
            return None
        return line_source(name, number, lines[number - 1]).get("sha256")

    _first_entry, first_line, first_sha = run[0]
    if sha_of(first_line) != first_sha:
        return set()
    for entry, number, sha in run[1:]:
        if sha_of(number) != sha:
            raise InvalidInputError(
                f"{name} line {number} differs from the line entry #{entry} recorded from it; a partly recorded "
                "file cannot be changed above where it stopped. Apply it with --no-resume to record every line again"
            )
    return {number for _entry, number, _sha in run}


def parse_line(number: int, line: str) -> Any:
    """Decode one JSONL line; errors name the line."""
    if len(line) > MAX_LINE:
        raise InvalidInputError(f"line {number}: {len(line)} characters is longer than a command can be")
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"line {number}: not JSON ({error.msg} at column {error.colno})") from None
    except RecursionError:
        raise InvalidInputError(f"line {number}: JSON nested too deeply to be a command") from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise InvalidInputError(f"line {number}: not a usable command ({str(error).split(';')[0]})") from None


def apply_lines(
    service: RefereeService,
    lines: Iterable[str | bytes],
    *,
    name: str,
    resume: bool = True,
    on_entry: Callable[[int, dict[str, Any]], None] | None = None,
) -> ApplyReport:
    """Record each line of a command file as one entry, stopping at the first refusal."""
    report = ApplyReport()
    lines = list(lines)
    texts = [_clean(number, raw) for number, raw in enumerate(lines, start=1)]
    if all(text is not None and (not text.strip() or text.lstrip().startswith("#")) for text in texts):
        raise InvalidInputError(
            f"{name} holds no commands (it is empty, or has only blank and comment lines); nothing was recorded"
        )
    done = lines_to_skip(service, name, [text or "" for text in texts]) if resume else set()
    for number, raw in enumerate(lines, start=1):
        try:
            line = _decode(number, raw).rstrip("\n").rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            source = line_source(name, number, line)
            if number in done:
                report.skipped += 1
                continue
            entry = service.execute_json(parse_line(number, line), source=source)
        except (RulesError, LedgerError) as error:
            report.refused_line = number
            message = str(error)
            report.reason = message if message.startswith(f"line {number}") else f"line {number}: {message}"
            return report
        report.applied.append(entry["number"])
        if on_entry:
            on_entry(number, entry)
    return report


def read_command_file(path: str) -> tuple[str, list[bytes]]:
    """The file's name (as recorded in each entry's source) and its raw lines."""
    file = Path(path)
    try:
        data = file.read_bytes()
    except OSError as error:
        raise InvalidInputError(f"{path}: cannot be read ({error.strerror})") from None
    return file.name, data.removeprefix(b"\xef\xbb\xbf").split(b"\n")  # a byte-order mark some editors write


def _clean(number: int, raw: str | bytes) -> str | None:
    """The line as recorded (decoded, without its end), or None if it is not UTF-8."""
    try:
        return _decode(number, raw).rstrip("\n").rstrip("\r")
    except InvalidInputError:
        return None


def _decode(number: int, raw: str | bytes) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"line {number}: not UTF-8 text (byte {error.start + 1} of the line)") from None
