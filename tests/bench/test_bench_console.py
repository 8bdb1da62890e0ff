"""Smoke test of bench/console.py: a small run finishes and ends with its name=value line."""

from __future__ import annotations

from tests.bench.bench_run import run_bench


def test_the_console_benchmark_runs_and_ends_with_its_figures() -> None:
    _lines, figures = run_bench("console.py", "--entries", "500", "--repeats", "1")
    assert {"entries", "open_ratio", "step_vs_state_read"} <= set(figures)
    assert float(figures["open_ratio"]) > 0 and float(figures["step_vs_state_read"]) > 0
