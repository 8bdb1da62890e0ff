"""A scripted six-game-turn Barbarossa log driven through `turnledger apply` (issue #3).

tests/data/barbarossa-6-turns.jsonl runs from the surprise turn to the end of Aug II 1941.
The final figures below are derived by hand from the rules, turn by turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.cli_support import assert_each_state_is_the_replayed_one, entries_of, logged_campaign

from support import state_json

LOG = Path(__file__).resolve().parents[1] / "data" / "barbarossa-6-turns.jsonl"


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> str:
    return logged_campaign(str(tmp_path_factory.mktemp("barbarossa") / "barbarossa.db"), LOG, "--name", "Barbarossa")


def test_final_pools_and_tracks(campaign: str, capsys: pytest.CaptureFixture[str]) -> None:
    state = state_json(capsys, campaign)
    assert state["table"]["calendar"]["label"] == "Sep I 1941"
    pools = state["supply_pools"]
    # Axis: Aug II income 100 − 20 (all five border cities reached, B-14) = 80; 106 + 80 = 186,
    # cut to the cap 2 × 80 = 160 at the end of the Initial phase; then air 15, c/m 22,
    # attacks 2, artillery 2, exploitation 14: 160 − 55 = 105.
    assert (pools["Axis"]["stockpile"], pools["Axis"]["cap"], pools["Axis"]["special"]) == (105, 160, 0)
    # Soviet: 60 + 20 = 80 a turn from Aug I; capped at 160; then air 3, c/m 4, attack 1 = 152.
    assert (pools["Soviet"]["stockpile"], pools["Soviet"]["income"]) == (152, 80)
    ussr = state["replacement_tracks"]["USSR"]
    # Infantry: breakout 9 (20 − 10 − 1, released Jul II) + special 6 (24/4) + special 7 (30/4)
    # + regular 51 in Aug I and Aug II each (56 − Riga 2 − Dnepropetrovsk 3; besieged cities still produce).
    assert ussr["points"] == {"infantry": 9 + 6 + 7 + 51 + 51, "armor": 2 + 18, "artillery": 9}
    assert ussr["losses"] == {"infantry": 2, "armor": 2}  # remainders of the 1/4 ratio
    # The panzer division reduced to cadre in Jul I: 2 armor RPs, usable from Jul II (C-14, C-21).
    assert state["replacement_tracks"]["Germany"]["points"]["armor"] == 2
    resources = state["resource_points"]
    assert resources["Axis"]["stock"] == {"Poland": 32 + 10, "Romania": 4 + 5, "North": 4}
    assert resources["Soviet"]["stock"] == {"USSR": 25 + 5 * 2}


def test_every_intermediate_state_at_matches_a_second_computation_by_replay(
    campaign: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(entries_of(campaign)) == 135
    assert_each_state_is_the_replayed_one(capsys, campaign)


def test_every_income_entry_carries_its_derivation(campaign: str) -> None:
    incomes = [e for e in entries_of(campaign) if e["command"]["kind"] == "ReceiveSupplyIncome"]
    assert len(incomes) == 10
    mud = next(e for e in incomes if e["at"] == "Jul II 1941" and e["command"]["side"] == "Axis")
    texts = [step["text"] for step in mud["ruling"]["steps"]]
    assert "Axis base supply rate 100" in texts
    assert any("B Mud: 15% of 88 = 13.2 → −14" in text for text in texts)
    assert mud["events"][0]["amount"] == 74
