"""Applying a JSONL file of commands, one entry per line, resumable after an interruption.

Each line is checked and recorded on its own; the first refused line stops the run, is named
with its number and reason, and every line before it stays recorded. Each entry remembers the
file name, line number and the line's sha256, so running the same file again skips the lines
already recorded and continues where the earlier run stopped.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ledger import strict_json
from ledger.errors import ConflictError, LedgerError
from ledger.input_file import COMMAND_FILE_LIMIT, LINE_LIMIT, InputFileError, bounded_lines
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
    conflict: bool = False
    """The refused line was fine: another referee recorded an entry while it was being decided."""
    notes: list[str] = field(default_factory=list)
    """What resuming skipped, or did not skip, and why."""

    @property
    def ok(self) -> bool:
        """True when every line was recorded (or had been already)."""
        return self.refused_line is None


@dataclass(frozen=True)
class CommandFile:
    """A command file as read: its name, where it is (a digest, not the path) and its lines."""

    name: str
    place: str
    lines: list[bytes]


def line_source(name: str, number: int, line: str, *, place: str = "", prefix: str = "") -> dict[str, Any]:
    """The provenance stored with an entry made from a file line: the file's name, the line's
    number and sha256, and (since 0.3.0) the file's place and the sha256 of its lines up to this
    one, which is what resuming matches."""
    source: dict[str, Any] = {"file": name, "line": number, "sha256": _sha(line)}
    if place:
        source["place"] = place
    if prefix:
        source["prefix_sha256"] = prefix
    return source


def prefix_digests(texts: list[str]) -> list[str]:
    """For each line, the sha256 of the file up to and including it (its content so far)."""
    digests, running = [], ""
    for text in texts:
        running = _sha(running + "\n" + text)
        digests.append(running)
    return digests


def latest_run(service: RefereeService, name: str) -> list[tuple[int, int, dict[str, Any]]]:
    """(entry, line, source) of the latest run of file ``name``: the entries made from it since
    its line numbers last started again (a resumed run goes on upward; next week's file of the
    same name starts again at line 1)."""
    made = [
        (entry["number"], int(entry["source"]["line"]), dict(entry["source"]))
        for entry in service.entries()
        if (entry.get("source") or {}).get("file") == name
    ]
    run: list[tuple[int, int, dict[str, Any]]] = []
    for item in reversed(made):
        if run and item[1] >= run[0][1]:
            break
        run.insert(0, item)
    return run


def lines_to_skip(service: RefereeService, file: CommandFile, texts: list[str], notes: list[str]) -> set[int]:
    """The line numbers an interrupted or refused run of this same file already recorded, on
    the current line of play; what is skipped or not, and why, goes to ``notes``.

    A run is this file's when it came from the same place and its lines so far have the same
    content (each entry keeps the sha256 of the file up to its line); entries undone by a
    rollback do not count, so a file applied again after a rollback is recorded again. A file
    that matches at first but differs further down was edited above where the earlier run
    stopped: refused, so that no order is silently skipped or recorded twice.
    """
    run = latest_run(service, file.name)
    if not run:
        return set()
    undone = service.undone()
    live = [item for item in run if item[0] not in undone]
    if len(live) < len(run):
        gone = [item for item in run if item[0] in undone]
        notes.append(
            f"{_lines([line for _, line, _ in gone])} of {file.name} were recorded as "
            f"entr{'y' if len(gone) == 1 else 'ies'} "
            f"{_span([number for number, _, _ in gone], '#')} and undone by #{undone[gone[0][0]]}: recorded again"
        )
    if not live:
        return set()
    prefixes = prefix_digests(texts)
    first_entry, first_line, first = live[0]
    if first.get("place", file.place) != file.place:
        notes.append(
            f"entry {_span([number for number, _, _ in live], '#')} came from another file named {file.name} "
            "(in another folder): nothing skipped"
        )
        return set()

    def matches(number: int, source: dict[str, Any]) -> bool:
        if number > len(texts):
            return False
        if "prefix_sha256" in source:
            return bool(prefixes[number - 1] == source["prefix_sha256"])
        return bool(_sha(texts[number - 1]) == source.get("sha256"))  # recorded by 0.2.0: the line alone

    if not matches(first_line, first):
        notes.append(
            f"entry #{first_entry} came from a different {file.name} (line {first_line} differs): nothing skipped"
        )
        return set()
    for entry, number, source in live[1:]:
        if not matches(number, source):
            raise InvalidInputError(
                f"{file.name} line {number} differs from the line entry #{entry} recorded from it; a partly recorded "
                "file cannot be changed above where it stopped. Apply it with --no-resume to record every line again"
            )
    skipped = [line for _, line, _ in live]
    notes.append(
        f"{_lines(skipped)} of {file.name} skipped: already recorded as "
        f"entr{'y' if len(live) == 1 else 'ies'} {_span([number for number, _, _ in live], '#')}"
    )
    return set(skipped)


def _lines(numbers: list[int]) -> str:
    return f"line{'' if len(numbers) == 1 else 's'} {_span(numbers)}"


def _span(numbers: list[int], mark: str = "") -> str:
    return f"{mark}{numbers[0]}" if len(numbers) == 1 else f"{mark}{numbers[0]}–{mark}{numbers[-1]}"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_line(number: int, line: str) -> Any:
    """Decode one JSONL line (`read_json`); errors name the line."""
    if len(line) > MAX_LINE:
        raise InvalidInputError(f"line {number}: {len(line)} characters is longer than a command can be")
    return read_json(line, f"line {number}")


def read_json(text: str, where: str) -> Any:
    """A command (or a field of one) typed as JSON, read strictly: a key given twice, NaN or a
    lone surrogate is refused (`ledger.strict_json`), not read as one of its meanings. Every
    reader of a typed command uses this (apply, preview, the console's form); the refusal starts
    with ``where``."""
    try:
        return strict_json.loads(text, where=where)
    except strict_json.JsonInputError as error:
        raise InvalidInputError(str(error)) from None


def apply_lines(
    service: RefereeService,
    file: CommandFile,
    *,
    resume: bool = True,
    on_entry: Callable[[int, dict[str, Any]], None] | None = None,
) -> ApplyReport:
    """Record each line of a command file as one entry, stopping at the first refusal."""
    report = ApplyReport()
    lines = list(file.lines)
    texts = [_clean(number, raw) for number, raw in enumerate(lines, start=1)]
    if all(text is not None and (not text.strip() or text.lstrip().startswith("#")) for text in texts):
        raise InvalidInputError(
            f"{file.name} holds no commands (it is empty, or has only blank and comment lines); nothing was recorded"
        )
    plain = [text or "" for text in texts]
    prefixes = prefix_digests(plain)
    done = lines_to_skip(service, file, plain, report.notes) if resume else set()
    for number, raw in enumerate(lines, start=1):
        try:
            line = _decode(number, raw).rstrip("\n").rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            source = line_source(file.name, number, line, place=file.place, prefix=prefixes[number - 1])
            if number in done:
                report.skipped += 1
                continue
            entry = service.execute_json(parse_line(number, line), source=source)
        except (RulesError, LedgerError) as error:
            report.refused_line = number
            report.conflict = isinstance(error, ConflictError)
            message = str(error)
            report.reason = message if message.startswith(f"line {number}") else f"line {number}: {message}"
            return report
        report.applied.append(entry["number"])
        if on_entry:
            on_entry(number, entry)
    return report


def read_command_file(path: str) -> CommandFile:
    """The file as read: its name (recorded in each entry's source), its place and its lines.

    Only a regular file is read, and no more than `COMMAND_FILE_LIMIT` of it, no line longer
    than `LINE_LIMIT` (``/dev/zero`` was read until memory ran out); a byte-order mark some
    editors write is skipped."""
    try:
        read = bounded_lines(path, max_line=LINE_LIMIT, max_bytes=COMMAND_FILE_LIMIT, what="command file")
        lines = [line for _number, line in read]
    except InputFileError as error:
        raise InvalidInputError(str(error)) from None
    file = Path(path)
    place = _sha(str(file.resolve()))[:16]  # where it is, without recording the path itself
    return CommandFile(file.name, place, lines)


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
