"""Smoke test of bench/audit.py: a small run audits its campaign clean and ends with its figures."""

from __future__ import annotations

from tests.bench.bench_run import run_bench


def test_the_audit_benchmark_runs_and_ends_with_its_figures() -> None:
    _lines, figures = run_bench("audit.py", "--entries", "300")
    assert {"entries", "readjudicated", "verify_s", "audit_s", "audit_vs_verify"} <= set(figures)
    assert int(figures["entries"]) >= 300 and int(figures["readjudicated"]) >= 290
