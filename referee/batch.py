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
from referee.errors import InvalidInputError, RulesError
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


def recorded_lines(service: RefereeService, name: str) -> set[tuple[int, str]]:
    """(line, sha256) of the lines of file ``name`` already recorded."""
    done: set[tuple[int, str]] = set()
    for entry in service.entries():
        source = entry.get("source") or {}
        if source.get("file") == name:
            done.add((int(source["line"]), str(source["sha256"])))
    return done


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
    done = recorded_lines(service, name) if resume else set()
    for number, raw in enumerate(lines, start=1):
        try:
            line = _decode(number, raw).rstrip("\n").rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            source = line_source(name, number, line)
            if (number, source["sha256"]) in done:
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
    return file.name, data.split(b"\n")


def _decode(number: int, raw: str | bytes) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"line {number}: not UTF-8 text (byte {error.start + 1} of the line)") from None
