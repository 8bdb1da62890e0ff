"""A scripted Revised Third Reich log of 1939-1941 driven through `turnledger apply` (issue #4).

tests/data/reich-1939-1941.jsonl plays Fall 1939 to the Spring 1942 year start, with Germany
and the UK in detail. The final figures are derived by hand below, season by season.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import assert_each_state_is_the_replayed_one, entries_of, logged_campaign

from support import state_json

LOG = Path(__file__).resolve().parents[1] / "data" / "reich-1939-1941.jsonl"


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("reich") / "reich.db")
    return logged_campaign(path, LOG, "--scenario", "revised-third-reich/campaign-1939")


def test_germany_base_and_total_after_three_years(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    germany = state_json(capsys, campaign)["brp_economies"]["Germany"]
    # Spring 1940 (special): base 150 + Poland 20 = 170; total 126 left + 40% of 170 (68) = 194.
    # Spring 1941: 170 + Denmark 5 + Norway 5 + France 25 + growth 60% of 118 saved (70) − 10 bomber hits = 265.
    # Spring 1942: 265 + Yugoslavia 15 + Greece 10 + growth 60% of 175 saved (105) − 7 bomber hits = 388,
    # + the Axis minors, who joined Germany in Summer I 1941: Hungary 10 + Romania 15 + Bulgaria 5
    # + Finland 5 = 423.
    assert (germany["base"], germany["total"]) == (423, 423)
    # Cumulative bomber hits 4 + 6 + 7 = 17 crossed 15 in 1941: one 5-4 became 5 interceptors,
    # counted against 1942's interceptor limit (42 − 15).
    assert germany["force_pool_changes"] == [
        "5-4 air fleet → 5 interceptor factors (bomber hits reached a multiple of 15)"
    ]
    assert germany["sw_limits"] == {"submarines": 42, "interceptors": 27}


def test_uk_base_and_total_after_three_years(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    uk = state_json(capsys, campaign)["brp_economies"]["UK"]
    # Spring 1941: 125 + growth 60% of 86 saved (51) − 27 submarine hits of 1940 = 149.
    # Spring 1942: 149 + growth 60% of 114 saved (68) − 5 submarine hits of 1941 = 212.
    assert (uk["base"], uk["total"]) == (212, 212)
    # 6 + 9 + 12 = 27 ≥ 25 BRPs lost to submarines in 1940: a fleet became 9 ASW (G-64).
    assert uk["force_pool_changes"] == ["9-factor fleet → 9 ASW factors (27 BRPs lost to submarines in 1940)"]
    assert uk["sw_hits"] == {"1940": {"submarines": 27}, "1941": {"submarines": 5}}


def test_lend_lease_from_germany_reached_italy_after_its_year_start(
    campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    italy = state_json(capsys, campaign)["brp_economies"]["Italy"]
    assert (italy["base"], italy["saved"]) == (85, 95)  # 50 + 50% of 70 saved; 85 + 10 from Germany, unspent


def test_every_intermediate_state_at_matches_replay(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert_each_state_is_the_replayed_one(capsys, campaign)


def test_year_start_entries_carry_the_whole_calculation(campaign: str) -> None:
    starts = [e for e in entries_of(campaign) if e["command"]["kind"] == "PerformYearStart"]
    starts = [e for e in starts if e["command"]["power"] == "UK"]
    texts = [step["text"] for step in starts[1]["ruling"]["steps"]]
    assert "growth 60% × 86 saved = 51.6 → 51 (rounded down); the 86 are lost" in texts
    assert "−27 strategic-warfare hits of the past year" in texts
