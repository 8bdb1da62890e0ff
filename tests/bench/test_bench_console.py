"""Smoke test of bench/console.py: a small run finishes and ends with its name=value line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_console_benchmark_runs_and_ends_with_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "console.py"), "--entries", "500", "--repeats", "1"],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    figures = dict(pair.split("=", 1) for pair in result.stdout.strip().splitlines()[-1].split(" "))
    assert {"entries", "open_ratio", "step_vs_state_read"} <= set(figures)
    assert float(figures["open_ratio"]) > 0 and float(figures["step_vs_state_read"]) > 0
