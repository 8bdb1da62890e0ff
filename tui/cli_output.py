"""Where the command line prints: Rich for people, plain JSON for scripts, progress on a terminal."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

PIPED_WIDTH = 200
"""Columns when output goes to a file or a pipe (Rich would cut it at 80)."""

out = Console(width=None if sys.stdout.isatty() else PIPED_WIDTH)
err = Console(stderr=True, width=None if sys.stderr.isatty() else PIPED_WIDTH)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def print_json_items(items: Iterable[Any]) -> None:
    """``items`` as `print_json` prints a list of them, written one at a time: the same text, never
    held whole (`log --json` of a long record; a JSON text holds no raw line break but those of its
    indentation, so indenting each item's lines nests it as the list would)."""
    write = sys.stdout.write
    opened = False
    for item in items:
        write(",\n  " if opened else "[\n  ")
        write(json.dumps(item, indent=2, ensure_ascii=False).replace("\n", "\n  "))
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
