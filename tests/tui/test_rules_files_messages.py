"""Wrong rules files are refused in table language (issue 12): a chart of the other game is called
what it is; a ruleset given as a path does not list the files beside it; nothing is created."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import run

CHARTS = Path(__file__).resolve().parents[2] / "scenarios" / "charts"


@pytest.mark.parametrize(
    ("scenario", "chart", "expected"),
    [
        (
            "revised-third-reich/campaign-1939",
            "europa-combat.toml",
            "this is a Revised Europa combat chart; a Revised Third Reich campaign reads a fire chart",
        ),
        (
            "revised-europa/barbarossa",
            "third-reich-fire.toml",
            "this is a Revised Third Reich fire chart; a Revised Europa campaign reads a combat chart",
        ),
    ],
)
def test_a_chart_of_the_other_game_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, chart: str, expected: str
) -> None:
    campaign = tmp_path / "wrong-chart.db"
    code, out = run(capsys, "new", str(campaign), "--scenario", scenario, "--charts", str(CHARTS / chart))
    assert code != 0
    assert expected in out and "field" not in out
    assert not campaign.exists()


def test_a_broken_chart_of_no_game_still_names_its_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "mine.toml"
    chart.write_text('title = "mine"\ncolumns = ["1-1"]\n', encoding="utf-8")
    code, out = run(capsys, "new", str(tmp_path / "c.db"), "--charts", str(chart))
    assert code != 0 and "field" in out and "this is a" not in out


def test_a_ruleset_given_as_a_file_lists_the_bundled_rulesets_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "private-notes.toml").write_text("x = 1\n", encoding="utf-8")
    code, out = run(capsys, "new", str(tmp_path / "c.db"), "--ruleset", "rules/mine.toml")
    assert code != 0
    assert "a ruleset is named by its id, not by a file" in out
    assert "bundled rulesets: europa-000, europa-001, europa-002, europa-003, third-reich-revised" in out
    assert "private-notes" not in out
    code, out = run(capsys, "new", str(tmp_path / "c.db"), "--ruleset", "europa-00")
    assert code != 0 and "no ruleset 'europa-00' (bundled rulesets: europa-000" in out
    assert not (tmp_path / "c.db").exists()


def test_values_too_long_for_a_campaign_are_refused_not_crashed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 100-character ruleset or name was an internal error; a long file name is shortened."""
    code, out = run(capsys, "new", str(tmp_path / "c.db"), "--ruleset", "r" * 100)
    assert code != 0 and "internal error" not in out
    assert "ruleset: string should have at most 80 characters" in out
    long_name = tmp_path / ("campaign-" + "x" * 120 + ".db")
    code, out = run(capsys, "new", str(long_name))
    assert code == 0, out
