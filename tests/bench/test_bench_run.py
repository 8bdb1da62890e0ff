"""Smoke test of bench/run.py (`make bench`): a small run prints every figure of issue 17's table
and ends with one name=value line holding them all. The memory and PostgreSQL parts have their
own smoke tests (test_bench_memory.py, test_bench_postgres.py), so this run leaves them out."""

from __future__ import annotations

import pytest

from tests.bench.bench_run import run_bench

FIGURES = {
    "import_ratio",
    "replay_step_ratio",
    "state_scaling_ratio",
    "append_last_vs_first",
    "console_open_ratio",
    "verify_ratio",
    "verify_decode_ratio",
    "store_bytes_ratio",
    "imported_state_ratio",
}


@pytest.mark.slow
def test_the_whole_benchmark_runs_and_ends_with_every_figure() -> None:
    options = ("--entries", "200", "--scale", "2", "--units", "10", "--window", "40", "--runs", "1", "--repeats", "1")
    lines, figures = run_bench("run.py", *options, "--skip", "pg,memory", timeout=300)
    assert set(figures) >= FIGURES, lines[-1]
    assert (int(figures["entries"]), int(figures["large_entries"]), int(figures["units"])) == (200, 400, 10)
    assert all(float(figures[name]) > 0 for name in FIGURES)
    verdicts = {line.split()[0] for line in lines[:-1] if line.strip().endswith(("met", "MISSED"))}
    assert verdicts == FIGURES, lines


@pytest.mark.slow
def test_the_benchmark_runs_on_a_third_reich_campaign() -> None:
    """`--game reich`: the campaigns are bench/reich.py's (the 1939 campaign with year starts,
    BRP spending, rolls, notes); PostgreSQL is left out and says so; the console part, the same
    code on either game, is left to the Europa run above (the suite's time)."""
    options = ("--entries", "200", "--scale", "2", "--units", "10", "--window", "40", "--runs", "1", "--repeats", "1")
    lines, figures = run_bench("run.py", *options, "--game", "reich", "--skip", "memory,console", timeout=300)
    measured = FIGURES - {"replay_step_ratio", "console_open_ratio"}  # the console: the Europa test's
    assert set(figures) >= measured, lines[-1]
    assert all(float(figures[name]) > 0 for name in measured)
    assert any(line.startswith("built large: 400 entries") and "third reich" in line for line in lines), lines
    assert any("measured on the Europa mix only" in line for line in lines), lines
    assert "pg_import_ratio" not in figures
