"""The type checker passes on the two headless rooms (STYLE.md: mypy on ledger/ and referee/)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_passes_on_ledger_and_referee() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "ledger", "referee", "--ignore-missing-imports"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
