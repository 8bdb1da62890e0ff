"""Smoke test of bench/club.py: a small club (3 campaigns, 3 referees, 2 of them sharing a
campaign, a reader) on a throwaway server finishes, ends with its name=value line, and finds every
referee's entries in its campaign exactly once; and the check it relies on does see a lost and a
doubled entry (timings on a shared machine prove nothing here)."""

from __future__ import annotations

import pytest

from bench.club import check, make_campaigns
from bench.club_workers import RefereeResult
from referee.service import RefereeService
from tests.bench.bench_run import run_bench

FIGURES = {
    "club_appends_per_s",
    "club_append_p50_ms",
    "club_append_p99_ms",
    "alone_append_p50_ms",
    "alone_append_p99_ms",
    "club_p99_ratio",
    "club_connections_peak",
    "club_connections_per_process",
    "bytes_per_entry",
}
TARGETS = {"club_p99_ratio", "club_connections_per_process", "club_lost", "club_doubled"}


@pytest.mark.slow
def test_the_club_benchmark_runs_and_loses_or_doubles_nothing() -> None:
    lines, figures = run_bench(
        "club.py", "--campaigns", "3", "--referees", "3", "--shared", "2", "--appends", "20", timeout=300
    )
    last = lines[-1]
    assert set(figures) >= FIGURES | TARGETS, last
    assert all(float(figures[name]) > 0 for name in FIGURES), last
    assert (figures["club_lost"], figures["club_doubled"], figures["club_verify_problems"]) == ("0", "0", "0"), last
    appends = int(figures["appends"])
    assert appends >= 3 * 20, last  # a refused advance takes its income first: one more entry
    assert int(figures["entries"]) == 3 + appends, last  # each campaign's #1, then every append once
    assert int(figures["club_conflicts"]) >= int(figures["club_conflicts_resolved"]), last
    targets = [line.split()[0] for line in lines[:-1] if line.strip().endswith(("met", "MISSED"))]
    assert set(targets) == TARGETS, lines


def test_the_check_counts_a_lost_and_a_doubled_entry(postgres_server: str) -> None:
    (url,) = make_campaigns(postgres_server, ["club_check"])
    service = RefereeService.open(url)
    try:
        made = [service.execute_json({"kind": "Annotate", "entry": 1, "text": "n", "actor": "r1"}) for _ in range(3)]
    finally:
        service.close()
    told = [(int(entry["number"]), str(entry["hash"])) for entry in made]
    sound = RefereeResult("r1", url, entries=list(told))
    assert check([url], [sound]) == {"lost": 0, "doubled": 0, "entries": 4, "problems": []}
    # #3 recorded under r1 but never returned to it (written, then taken for a conflict and entered
    # again) and #4 returned twice: doubled; #99, returned but not in the record: lost
    damaged = RefereeResult("r1", url, entries=[told[0], told[2], told[2], (99, "0" * 64)])
    found = check([url], [damaged])
    assert (found["lost"], found["doubled"]) == (1, 2)
