"""Smoke test of bench/console_opens.py: a small run opens the console in this process and in a
fresh one (the first frame from the process's start), and ends with its figures."""

from __future__ import annotations

from tests.bench.bench_run import run_bench


def test_the_opening_benchmark_runs_and_ends_with_its_figures() -> None:
    lines, figures = run_bench("console_opens.py", "--entries", "300", "--opens", "1", "--fresh", "1")
    assert {"entries", "open_ratio", "first_frame_ms", "first_frame_cpu_ms", "load"} <= set(figures)
    assert float(figures["first_frame_ms"]) > 0 and float(figures["first_frame_cpu_ms"]) > 0
    assert any(line.strip().startswith("CPU first frame") for line in lines)
