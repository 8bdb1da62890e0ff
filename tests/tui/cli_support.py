"""Running the `turnledger` command line in-process, as a script would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from ledger.folding import replayed
from referee.service import RefereeService
from tui.cli import main

from support import state_json


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The exit code and everything printed (standard output, then standard error)."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


ROOT = Path(__file__).resolve().parents[2]
CHILD_ENV = {**{k: v for k, v in os.environ.items() if k != "TURNLEDGER_DEBUG"}, "COLUMNS": "200"}
"""This machine's variables for a child `turnledger`: no debug tracebacks, 200 columns wide."""


def turnledger_process(
    *argv: str, env: Mapping[str, str] | None = CHILD_ENV, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """The real `turnledger` command in a subprocess from the project's root, run to completion
    (``env``: another machine's variables; None: this process's, as they are)."""
    command = [sys.executable, "-m", "tui.cli", *argv]
    return subprocess.run(command, check=False, capture_output=True, text=True, cwd=ROOT, timeout=timeout, env=env)


def logged_campaign(path: str, log: Path, *new_options: str) -> str:
    """A campaign made by `turnledger new PATH [new_options]` and played by `turnledger apply PATH
    LOG`, both of which must succeed; its path."""
    assert main(["new", path, *new_options]) == 0
    assert main(["apply", path, str(log)]) == 0
    return path


def entries_of(location: str) -> list[dict[str, Any]]:
    """Every entry of the campaign at ``location``, the file closed again."""
    service = RefereeService.open(location)
    try:
        return list(service.entries())
    finally:
        service.close()


def assert_each_state_is_the_replayed_one(capsys: pytest.CaptureFixture[str], location: str) -> int:
    """`turnledger state --at N` at every entry equals a second computation by replaying the entries
    up to N; how many entries there are."""
    entries = entries_of(location)
    for entry, folded in zip(entries, replayed(entries), strict=True):
        assert state_json(capsys, location, entry["number"]) == folded.to_json(), f"entry #{entry['number']}"
    return len(entries)


THIRD_REICH_OPTIONS = [
    "us_growth",
    "us_entry",
    "murmansk_timing",
    "half_limit_counts",
    "sw_start",
    "fortified_add",
    "attrition_column_4",
    "half_unit_infantry",
    "six_up_privilege",
    "air_naval_fire",
    "interception_die",
    "interception_bands",
    "escort_rule",
    "beachhead_removal",
    "allies_drawn_in",
    "uk_tank_corps",
    "rm_pact_value",
    "vichy_values",
    "lend_lease_placement",
]
"""The options a Revised Third Reich campaign offers, in the order the scenario lists them (what
`turnledger options` and the new-campaign form must both show)."""
