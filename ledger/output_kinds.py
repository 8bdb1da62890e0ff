"""What an existing file is, found without writing to it: the kinds of output a command writes
(`OutputKind`), and `describe` for the message that refuses to replace anything else.

Why by content: a file's name says nothing of what it holds (`audit g.db --markdown g.db` once
replaced a campaign with a Markdown page), so ledger/output_file.py replaces a file only when this
module recognises it as the kind the command writes, each by what its writer puts first:

* JSONL export (`export --jsonl`): line 1 is a JSON object with ``"format": "turnledger-jsonl"``
  (referee/files/outputs.py, from ledger/exchange.py's header);
* read model (`export --sqlite`): an SQLite file with a ``projection`` table and no campaign
  tables; its Datasette sidecar ``NAME.metadata.json``: a JSON object whose ``title`` begins
  ``turnledger read model: `` (ledger/readmodel.py). An existing read model of the same campaign
  and history is brought up to date (a projection) without ``--force``;
* audit page (`audit --markdown`): begins ``# Audit of NAME``, a blank line, then
  ``- campaign `ID`, N entries, head `HASH``` (tui/cli_audit.py);
* entry page (`report --out`): begins ``# Entry #N of NAME: KIND``, a blank line, ``- recorded``,
  ``- entered by``, ``- hash `HASH```` (tui/cli_report.py);
* chart schema (`charts schema --out`): a JSON object whose ``$id`` is
  ``https://turnledger.invalid/charts/...`` (tui/cli_charts.py).

A file is only opened for reading, and only its first `PEEK` bytes are read (an SQLite file's
tables are read through ledger/foreign.py, read-only).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ledger.errors import StoreNotFoundError
from ledger.foreign import CAMPAIGN_TABLES, tables_in

SQLITE_MAGIC = b"SQLite format 3\x00"
PEEK = 64 * 1024
"""Bytes read to recognise a file: its first line, or all of a small JSON document."""


@dataclass(frozen=True)
class OutputKind:
    """What a command writes: ``what`` names it in messages ("a JSONL export"); ``recognise``
    says whether an existing file is one (read without writing)."""

    what: str
    recognise: Callable[[Path], bool]


def text_kind(what: str, opening: re.Pattern[str]) -> OutputKind:
    """A text file whose beginning matches ``opening``."""
    return OutputKind(what, lambda path: opening.match(_peek_text(path)) is not None)


def json_kind(what: str, test: Callable[[Any], bool]) -> OutputKind:
    """A small JSON document for which ``test`` holds."""

    def recognise(path: Path) -> bool:
        found = _peek_json(path)
        return found is not None and test(found[0])

    return OutputKind(what, recognise)


def first_line_kind(what: str, test: Callable[[Any], bool]) -> OutputKind:
    """A text file whose first line is JSON for which ``test`` holds (a JSONL header)."""

    def recognise(path: Path) -> bool:
        found = _loads(_peek_text(path).split("\n", 1)[0])
        return found is not None and test(found[0])

    return OutputKind(what, recognise)


def sqlite_kind(what: str, test: Callable[[set[str]], bool]) -> OutputKind:
    """An SQLite file whose table names pass ``test``."""

    def recognise(path: Path) -> bool:
        tables = sqlite_tables(path)
        return tables is not None and test(tables)

    return OutputKind(what, recognise)


def describe(path: Path) -> str:
    """What an existing file is, for a message ("a turnledger campaign", "a dice secrets file" ...)."""
    tables = sqlite_tables(path)
    if tables is not None:
        if tables & CAMPAIGN_TABLES:
            return "a turnledger campaign"
        if "projection" in tables:
            return "a turnledger read model"
        return f"an SQLite database ({', '.join(sorted(tables)) or 'no tables'})"
    found = _peek_json(path)
    if found is not None and isinstance(found[0], dict):
        data = found[0]
        if "seeds" in data:
            return "a dice secrets file"
        if "key" in data and "checkpoint" in data:
            return "a trust file"
        if "bookmarks" in data:
            return "a bookmarks file"
    try:
        size = path.stat().st_size
    except OSError:
        return "a file that cannot be read"
    return f"a file of {size:,} byte{'' if size == 1 else 's'}"


def _peek(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(PEEK)
    except OSError:
        return b""


def _peek_text(path: Path) -> str:
    return _peek(path).decode("utf-8", errors="replace").removeprefix("\ufeff")


def _loads(text: str) -> tuple[Any] | None:
    """``(value,)`` of a JSON text, None when it is not one."""
    try:
        return (json.loads(text),)
    except ValueError:
        return None


def _peek_json(path: Path) -> tuple[Any] | None:
    data = _peek(path)
    if len(data) >= PEEK:
        return None  # larger than any small JSON document a command writes or keeps
    return _loads(data.decode("utf-8", errors="replace").removeprefix("\ufeff"))


def holds_campaign(path: Path) -> bool:
    """An SQLite file with a campaign's tables (ledger/foreign.py), whatever else it holds."""
    return bool((sqlite_tables(path) or set()) & CAMPAIGN_TABLES)


def sqlite_tables(path: Path) -> set[str] | None:
    """The tables of an SQLite file (None: not one; read-only, ledger/foreign.py)."""
    if not _peek(path).startswith(SQLITE_MAGIC):
        return None
    try:
        return tables_in(path)
    except StoreNotFoundError:
        return set()
