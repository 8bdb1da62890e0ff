"""Smoke test of bench/verify_memory.py: a small run finishes and ends with its name=value line."""

from __future__ import annotations

from tests.bench.bench_run import run_bench


def test_the_verify_memory_benchmark_runs_and_ends_with_its_figures() -> None:
    _lines, figures = run_bench("verify_memory.py", "--entries", "120", "--scale", "2")
    assert {"entries", "large_entries", "verify_peak_mb", "verify_memory_ratio"} <= set(figures)
    assert int(figures["large_entries"]) == 2 * int(figures["entries"])
    assert float(figures["verify_memory_ratio"]) > 0
