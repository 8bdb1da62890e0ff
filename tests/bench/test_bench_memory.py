"""Smoke test of bench/memory.py: a small run measures all six operations on both campaigns and
ends with its name=value line. Only the form is checked: peak memory depends on the machine."""

from __future__ import annotations

from tests.bench.bench_run import run_bench

OPERATIONS = ("import", "export", "verify", "log", "audit", "console")


def test_the_memory_benchmark_runs_and_ends_with_its_figures() -> None:
    # one campaign (--scale 1) is measured once: the form is the same, half the processes
    lines, figures = run_bench("memory.py", "--entries", "60", "--scale", "1", timeout=300)
    names = {"entries", "large_entries", "memory_ratio"} | {
        f"{op}_{figure}" for op in OPERATIONS for figure in ("peak_mb", "peak_mb_large", "memory_ratio")
    }
    assert names <= set(figures)
    assert int(figures["large_entries"]) == int(figures["entries"]) == 60
    assert all(float(figures[name]) > 0 for name in names)
    assert any(line.strip().startswith("memory_ratio") for line in lines)  # the targets block
