"""Smoke test of bench/postgres.py: a small run on a throwaway server finishes and ends with its
name=value line (the form only: timings on a shared machine prove nothing here)."""

from __future__ import annotations

import pytest

from tests.bench.bench_run import run_bench

RATIOS = {"pg_import_ratio", "pg_append_ratio", "pg_append_last_vs_first"}
ABSOLUTE = {
    "pg_append_ms",
    "pg_append_last_ms",
    "pg_raw_insert_commit_ms",
    "pg_import_per_s",
    "pg_copy_rows_per_s",
    "pg_statements_per_append",
    "pg_round_trips_per_append",
}


@pytest.mark.slow
def test_the_postgres_benchmark_runs_and_ends_with_its_figures() -> None:
    lines, figures = run_bench(
        "postgres.py", "--entries", "150", "--scale", "2", "--runs", "1", "--window", "20", timeout=300
    )
    last = lines[-1]
    assert set(figures) >= {"entries", "large_entries"} | RATIOS | ABSOLUTE, last
    assert (int(figures["entries"]), int(figures["large_entries"])) == (150, 300)
    assert all(float(figures[name]) > 0 for name in RATIOS | ABSOLUTE), last
    targets = [line.split()[0] for line in lines[:-1] if line.strip().endswith(("met", "MISSED"))]
    assert set(targets) == RATIOS, lines
