"""Running a bench/ script the way docs/PERFORMANCE.md does, for the smoke tests: its printed
lines and the figures of its last line (``name=value`` pairs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bench(script: str, *options: str, timeout: int = 300) -> tuple[list[str], dict[str, str]]:
    """Run ``bench/<script>`` with ``options``; it must exit 0. Returns (lines, figures)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *options],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    return lines, dict(pair.split("=", 1) for pair in lines[-1].split(" "))
