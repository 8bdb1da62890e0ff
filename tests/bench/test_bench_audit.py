"""Smoke test of bench/audit.py: a small run audits its campaign clean and ends with its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_audit_benchmark_runs_and_ends_with_its_figures() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "audit.py"), "--entries", "300"],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    figures = dict(pair.split("=", 1) for pair in result.stdout.strip().splitlines()[-1].split(" "))
    assert {"entries", "readjudicated", "verify_s", "audit_s", "audit_vs_verify"} <= set(figures)
    assert int(figures["entries"]) >= 300 and int(figures["readjudicated"]) >= 290
