"""What the bench scripts share: loading a sibling script as a module, a scratch folder for the
campaigns a run builds, and printing figures against their targets followed by the one
``name=value`` line.

A sibling is loaded by path, not imported by name: run as ``python bench/x.py``, this folder comes
first on ``sys.path``, and bench/ledger.py would shadow the ``ledger`` package it measures.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent

Targets = dict[str, tuple[str, float]]
"""Figure name -> (">=" or "<=", target)."""

_LOADED: dict[str, ModuleType] = {}


def sibling(name: str) -> ModuleType:
    """bench/<name>.py as a module (loaded once)."""
    if name not in _LOADED:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _LOADED[name] = module
    return _LOADED[name]


@contextmanager
def scratch_folder(prefix: str) -> Iterator[Path]:
    """A new temporary folder for a run's campaigns and exports, removed with all it holds when the
    run ends, however it ends (a run leaves nothing behind: its campaigns can take gigabytes)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def met(value: float, sign: str, target: float) -> bool:
    """Whether ``value`` meets ``sign target``."""
    return value >= target if sign == ">=" else value <= target


def targets_block(figures: dict[str, float], targets: Targets) -> list[str]:
    """One line per target: the figure, the target and met or MISSED (absent figures are skipped)."""
    lines = []
    for name, (sign, target) in targets.items():
        if name in figures:
            verdict = "met" if met(figures[name], sign, target) else "MISSED"
            lines.append(f"  {name:<24} {figures[name]:10.4g}  target {sign} {target:<6g} {verdict}")
    return lines


def name_values(figures: dict[str, float], counts: tuple[str, ...] = ("entries", "large_entries", "units")) -> str:
    """The machine-readable line: ``name=value`` pairs, counts (named, or whole numbers) as
    integers, the rest to 4 digits."""
    return " ".join(
        f"{name}={int(value) if name in counts or isinstance(value, int) else format(value, '.4g')}"
        for name, value in figures.items()
    )


def report(figures: dict[str, float], targets: Targets) -> None:
    """Print the targets block, then the one ``name=value`` line: how every bench script ends, so
    that a run's figures are read one way (tests/bench/bench_run.py, docs/PERFORMANCE.md)."""
    print("\ntargets:")
    for line in targets_block(figures, targets):
        print(line)
    print(name_values(figures))


COMMON_OPTIONS: dict[str, tuple[type, Any, str]] = {
    "entries": (int, 10_000, "entries of the campaign (the smaller, where there are two)"),
    "scale": (int, 10, "the larger campaign is this many times as long"),
    "runs": (int, 5, "repetitions; figures are their medians"),
    "window": (int, 1000, "appends timed at each end"),
    "repeats": (int, 5, "timed repetitions of each figure (medians)"),
    "seed": (int, 1941, "seed of the command mix"),
}
"""The options several benches take, each said once: its type, default and meaning."""


def bench_options(doc: str | None, *names: str, **defaults: Any) -> argparse.ArgumentParser:
    """A bench's parser, titled by its docstring's first line, with the `COMMON_OPTIONS` named
    (``defaults`` overrides a default: ``entries=100_000``); the bench adds its own after."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0] if doc else None)
    for name in names:
        kind, default, meaning = COMMON_OPTIONS[name]
        default = defaults.get(name, default)
        parser.add_argument(f"--{name}", type=kind, default=default, help=f"{meaning} (default {default})")
    return parser
