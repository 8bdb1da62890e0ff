"""Where the command line prints: Rich for people, plain JSON for scripts, progress on a terminal;
and the argument types that mark a file a command writes (checked by referee/files/outputs.py)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from tui.render import CONTROL

PIPED_WIDTH = 200
"""Columns when output goes to a file or a pipe (Rich would cut it at 80)."""

out = Console(width=None if sys.stdout.isatty() else PIPED_WIDTH)
err = Console(stderr=True, width=None if sys.stderr.isatty() else PIPED_WIDTH)


def output_file(text: str) -> str:
    """The argument type of a file a command writes (``--out``, ``--markdown``, ``--jsonl``,
    ``--sqlite``): checked by referee/files/outputs.py before a byte is written, replaced only with
    ``--force`` and only by a file of its own kind. The type marks the argument, so that
    tests/tui/test_output_files.py finds every output flag in the parser."""
    return text


def new_store(text: str) -> str:
    """The argument type of a new campaign's location (`new`, `branch --to`): never an existing
    campaign, side file or file of another kind (referee/files/outputs.py `check_store_target`)."""
    return text


def json_text(data: Any) -> str:
    """``data`` as JSON that cannot steer a terminal: `json.dumps` escapes C0 controls but leaves
    DEL, the C1 set and bidi overrides (U+202E) raw with ``ensure_ascii=False``; they are written
    as ``\\uXXXX`` escapes here, which read back as the same value (docs/security.md)."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def print_json(data: Any) -> None:
    sys.stdout.write(json_text(data) + "\n")


def print_json_items(items: Iterable[Any]) -> None:
    """``items`` as `print_json` prints a list of them, written one at a time: the same text, never
    held whole (`log --json` of a long record; a JSON text holds no raw line break but those of its
    indentation, so indenting each item's lines nests it as the list would)."""
    write = sys.stdout.write
    opened = False
    for item in items:
        write(",\n  " if opened else "[\n  ")
        write(json_text(item).replace("\n", "\n  "))
        opened = True
    write("\n]\n" if opened else "[]\n")


@contextmanager
def progress(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on a terminal; silent when output is piped."""
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total or None)

        yield update
