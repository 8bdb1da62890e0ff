"""Dice that cannot be fished (docs/dice.md): each attack on the digital dice, and what stops or shows it."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from referee.common.errors import IllegalOrderError
from referee.dice import digital_dice
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.referee.test_digital_dice import ROLL

WORD = ROLL["witness_word"]


def snapshot(service: RefereeService) -> tuple[int, dict[str, Any]]:
    return service.head(), service.state().to_json()


def test_a_rollback_never_gives_a_roll_number_twice_and_the_undone_roll_stays_visible(
    make_service: Any, tmp_path: Path
) -> None:
    """Roll, undo, roll again: the second roll is a new number; the first is 'rolled, then undone'."""
    service = make_service(str(tmp_path / "undo.db"))
    service.execute_json({"kind": "CommitDice"})
    before = service.head()
    first = service.execute_json(ROLL)
    undo = service.execute_json({"kind": "Rollback", "to": before, "reason": "did not like it"})
    again = service.execute_json(ROLL)
    assert [first["rolls"][0]["n"], again["rolls"][0]["n"]] == [1, 2]
    at_phase(service, "Jun II 1941", "Axis", "Initial")  # the turn ends: the seed is revealed
    lines, problems = digital_dice.check_entries(service.entries())
    assert problems == []
    assert any(f"entry #{first['number']}: roll" in line and f"undone by #{undo['number']}" in line for line in lines)


def test_a_roll_number_given_twice_is_a_problem_under_scheme_2() -> None:
    """The verifier's side: two recorded rolls with one number cannot both be honest."""
    seed = "cd" * 32
    command = {"kind": "RecordRoll", "actor": "referee"}
    entries = [
        {"number": 1, "events": [{"type": "CampaignOpened", "campaign_id": "c"}]},
        {
            "number": 2,
            "events": [
                {
                    "type": "DiceCommitted",
                    "period": 2,
                    "commitment": digital_dice.commitment(seed),
                    "player_seeds": {},
                    "scheme": 2,
                }
            ],
        },
    ]
    for number in (3, 4):
        message = digital_dice.bound_message(
            campaign="c",
            period=2,
            n=1,
            entry=number,
            command=command,
            purpose="weather",
            dice="2D6",
            witness=WORD,
            player_seeds={},
        )
        roll = {
            "method": "digital",
            "scheme": 2,
            "period": 2,
            "n": 1,
            "purpose": "weather",
            "dice": "2D6",
            "witness": WORD,
            "faces": digital_dice.faces(seed, message),
        }
        entries.append({"number": number, "command": command, "rolls": [roll], "events": []})
    entries.append({"number": 5, "events": [{"type": "DiceSeedRevealed", "period": 2, "seed": seed}]})
    _, problems = digital_dice.check_entries(entries)
    assert problems == ["entry #4: roll 2.1 was already rolled in entry #3"]


def test_a_roll_is_bound_to_its_command_and_entry_not_to_a_purpose_the_referee_types() -> None:
    """Scheme 2: changing anything the roll was made for (a parameter, the entry, the word) changes
    its faces; so did its free text (the combat's name here), which scheme 3 leaves out
    (tests/referee/test_dice_scheme_3.py)."""
    base: dict[str, Any] = {
        "campaign": "c",
        "period": 2,
        "n": 1,
        "entry": 3,
        "command": {"kind": "ResolveCombat", "what": "Brest"},
        "purpose": "combat: Brest",
        "dice": "2D6",
        "witness": WORD,
        "player_seeds": {},
    }
    seed = "ef" * 32

    def faces_for(**change: Any) -> list[list[int]]:
        return [
            digital_dice.faces(seed, digital_dice.bound_message(**{**base, **change, "n": n})) for n in range(1, 21)
        ]

    same = faces_for()
    assert same == faces_for()  # deterministic
    for change in (
        {"command": {"kind": "ResolveCombat", "what": "Lvov"}},
        {"entry": 4},
        {"witness": {"by": "Boris", "word": "cat"}},
        {"campaign": "other"},
    ):
        assert faces_for(**change) != same, change


def test_a_digital_roll_needs_a_witness_word_from_someone_other_than_the_one_entering(
    europa: RefereeService,
) -> None:
    europa.execute_json({"kind": "CommitDice"})
    before = snapshot(europa)
    with pytest.raises(IllegalOrderError, match="need a witness word"):
        europa.execute_json({**ROLL, "witness_word": None})
    with pytest.raises(IllegalOrderError, match="someone other than whoever enters"):
        europa.execute_json({**ROLL, "witness_word": {"by": "referee", "word": "owl"}})
    assert snapshot(europa) == before
    roll = europa.execute_json(ROLL)["rolls"][0]
    assert (roll["scheme"], roll["witness"], roll["entered_by"]) == (3, WORD, "referee")


def test_an_offline_copy_with_the_seed_cannot_tell_the_roll_before_the_word(make_service: Any, tmp_path: Path) -> None:
    """A copy of the campaign and its secrets file rolls the same number with another word: other faces."""
    service = make_service(str(tmp_path / "real.db"))
    service.execute_json({"kind": "CommitDice"})
    service.close()
    for suffix in ("", ".dice-secrets.json"):
        shutil.copy(tmp_path / f"real.db{suffix}", tmp_path / f"copy.db{suffix}")
    real, copy = RefereeService.open(str(tmp_path / "real.db")), RefereeService.open(str(tmp_path / "copy.db"))
    try:
        guesses = [copy.execute_json({**ROLL, "witness_word": {"by": "Boris", "word": f"try {i}"}}) for i in range(12)]
        said = real.execute_json({**ROLL, "witness_word": {"by": "Boris", "word": "the word at the table"}})
        offline = [entry["rolls"][0]["faces"] for entry in guesses]
        assert said["rolls"][0]["n"] == 1 and guesses[0]["rolls"][0]["n"] == 1
        # The offline tries differ among themselves: the word, not the seed alone, decides the roll.
        assert len({tuple(faces) for faces in offline}) > 3
    finally:
        real.close()
        copy.close()


def test_a_seed_swapped_in_the_secrets_file_is_refused_before_any_roll(make_service: Any, tmp_path: Path) -> None:
    service = make_service(str(tmp_path / "swap.db"))
    service.execute_json({"kind": "CommitDice"})
    period = service.state().table.dice.period
    service.close()
    secrets_file = tmp_path / "swap.db.dice-secrets.json"
    data = json.loads(secrets_file.read_text(encoding="utf-8"))
    data["seeds"][str(period)] = "00" * 32  # a seed whose rolls the swapper has worked out
    secrets_file.write_text(json.dumps(data), encoding="utf-8")
    os.chmod(secrets_file, 0o600)
    reopened = RefereeService.open(str(tmp_path / "swap.db"))
    try:
        before = snapshot(reopened)
        with pytest.raises(IllegalOrderError, match="does not match the commitment"):
            reopened.execute_json(ROLL)
        assert snapshot(reopened) == before
    finally:
        reopened.close()


def test_a_rollback_past_a_reveal_keeps_the_period_closed_on_any_machine(make_service: Any, tmp_path: Path) -> None:
    """The record, not this machine's secrets file, says the seed is out: a copy without it refuses too."""
    service = make_service(str(tmp_path / "a.db"))
    service.execute_json({"kind": "CommitDice"})
    mark = service.execute_json(ROLL)["number"]
    at_phase(service, "Jun II 1941", "Axis", "Initial")
    service.close()
    shutil.copy(tmp_path / "a.db", tmp_path / "b.db")  # the other machine has no secrets file
    other = RefereeService.open(str(tmp_path / "b.db"))
    try:
        other.execute_json({"kind": "Rollback", "to": mark, "reason": "wrong turn"})
        assert other.state().table.dice.revealed
        with pytest.raises(IllegalOrderError, match="already in the record"):
            other.execute_json(ROLL)
    finally:
        other.close()


def test_a_branch_made_after_a_reveal_checks_its_parents_rolls(make_service: Any, tmp_path: Path) -> None:
    """Rolls made before the branch point were made by the parent: they check with the parent's id."""
    service = make_service(str(tmp_path / "parent.db"))
    service.execute_json({"kind": "CommitDice"})
    service.execute_json(ROLL)
    at_phase(service, "Jun II 1941", "Axis", "Initial")
    branch = service.branch(service.head(), str(tmp_path / "branch.db"))
    try:
        lines, problems = digital_dice.check_entries(branch.entries(), branch.campaign_id)
        assert problems == [] and any("checks" in line for line in lines)
    finally:
        branch.close()


def test_physical_dice_record_who_entered_threw_and_watched(europa: RefereeService) -> None:
    entry = europa.execute_json(
        {**ROLL, "faces": [3, 4], "rolled_by": "Anna", "witnesses": ["Boris"], "witness_word": None, "actor": "Clara"}
    )
    roll = entry["rolls"][0]
    assert (roll["method"], roll["entered_by"], roll["rolled_by"], roll["witnesses"]) == (
        "physical",
        "Clara",
        "Anna",
        ["Boris"],
    )
