"""Smoke test of bench/ledger.py: a small run finishes and ends with its name=value line."""

from __future__ import annotations

import pytest

from tests.bench.bench_run import run_bench

KEYS = {"entries", "import_ratio", "state10_ratio", "state_half_ratio", "state_last_ratio", "append_last_vs_first"}


@pytest.mark.slow
def test_the_ledger_benchmark_runs_and_ends_with_its_figures() -> None:
    lines, figures = run_bench("ledger.py", "--entries", "300", timeout=120)
    last = lines[-1]
    assert set(figures) >= KEYS, last
    values = {name: float(figures[name]) for name in KEYS}
    assert values["entries"] == 300
    assert all(value > 0 for value in values.values()), last
