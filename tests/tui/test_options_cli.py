"""Options chosen and listed from the command line: `new --option NAME=READING` pins a reading,
`turnledger options` lists every option with its readings, default, rule and a campaign's choice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tui.cli_support import THIRD_REICH_OPTIONS
from tui.cli import main


def test_new_with_options_pins_them_and_options_lists_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "game.db")
    assert main(["new", store, "--option", "weather_rounding=received_up", "--option", "odds_rounding=down"]) == 0
    capsys.readouterr()
    assert main(["options", store, "--json"]) == 0
    rows = {row["option"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["weather_rounding"]["chosen"] == "received_up" and rows["weather_rounding"]["source"] == "J-14"
    assert rows["odds_rounding"] == {
        "option": "odds_rounding",
        "readings": ["nearest_linear", "nearest_log", "down"],
        "default": "nearest_linear",
        "source": "J-06",
        "chosen": "down",
    }
    assert rows["finland_front"]["chosen"] == rows["finland_front"]["default"] == "full"


def test_options_of_a_new_third_reich_campaign(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "--scenario", "revised-third-reich/campaign-1939", "--json"]) == 0
    rows = {row["option"]: row for row in json.loads(capsys.readouterr().out)}
    assert set(rows) == set(THIRD_REICH_OPTIONS)
    assert rows["us_growth"]["readings"] == ["70", "60"] and rows["us_growth"]["chosen"] is None


@pytest.mark.parametrize(
    ("option", "said", "code"),
    [("nonsense=1", "unknown option 'nonsense'", 1), ("odds_rounding=sideways", "readings nearest_linear", 1)],
)
def test_a_wrong_option_is_refused_and_no_campaign_made(
    option: str, said: str, code: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "game.db"
    assert main(["new", str(store), "--option", option]) == code
    assert said in capsys.readouterr().err and not store.exists()


def test_an_option_without_a_reading_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["new", str(tmp_path / "game.db"), "--option", "weather_rounding"])
    assert exited.value.code == 2 and "NAME=READING" in capsys.readouterr().err
