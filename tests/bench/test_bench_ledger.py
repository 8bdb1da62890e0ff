"""Smoke test of bench/ledger.py: a small run finishes and ends with its name=value line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"entries", "import_ratio", "state10_ratio", "state_half_ratio", "state_last_ratio", "append_last_vs_first"}


@pytest.mark.slow
def test_the_ledger_benchmark_runs_and_ends_with_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "ledger.py"), "--entries", "300"],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    figures = dict(pair.split("=", 1) for pair in last.split(" "))
    assert set(figures) >= KEYS, last
    values = {name: float(figures[name]) for name in KEYS}
    assert values["entries"] == 300
    assert all(value > 0 for value in values.values()), last
