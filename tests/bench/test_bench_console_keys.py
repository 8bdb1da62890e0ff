"""Smoke test of bench/console_keys.py: a small run times every key and ends with its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_console_key_benchmark_runs_and_ends_with_its_figures() -> None:
    options = ["--entries", "300", "--repeats", "1", "--only", "left,x"]
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "console_keys.py"), *options],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    figures = dict(pair.split("=", 1) for pair in lines[-1].split(" "))
    assert {"entries", "units", "worst_key_ms", "worst_vs_new"} <= set(figures)
    assert int(figures["entries"]) == 300 and float(figures["worst_key_ms"]) >= 0
    assert any("replay step back" in line for line in lines)
    assert any(line.startswith("log filter keystroke") for line in lines)  # its untimed keys open the log first
    assert not any(line.startswith(("log (l)", "units (n)")) for line in lines)  # --only left,x
