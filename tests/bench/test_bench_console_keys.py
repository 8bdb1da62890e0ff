"""Smoke test of bench/console_keys.py: a small run times every key and ends with its figures."""

from __future__ import annotations

from tests.bench.bench_run import run_bench


def test_the_console_key_benchmark_runs_and_ends_with_its_figures() -> None:
    lines, figures = run_bench("console_keys.py", "--entries", "300", "--repeats", "1", "--only", "left,x")
    assert {"entries", "units", "worst_key_ms", "worst_vs_new"} <= set(figures)
    assert int(figures["entries"]) == 300 and float(figures["worst_key_ms"]) >= 0
    assert any("replay step back" in line for line in lines)
    assert any(line.startswith("log filter keystroke") for line in lines)  # its untimed keys open the log first
    assert not any(line.startswith(("log (l)", "units (n)")) for line in lines)  # --only left,x
