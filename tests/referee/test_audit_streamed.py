"""The audit reads the record once and holds no entry (issue 17): its dice statistics, gathered
from what each roll leaves (its group and faces), are those `dice_groups` gives over every roll
recorded and not undone, the undone rolls are listed apart, and the whole report is the same
whether the entries are handed over as a stream or as a list."""

from __future__ import annotations

from typing import Any

import pytest

from referee.audit.report import audit, report_data
from referee.dice.stats import PURPOSES, dice_groups, purpose_group
from referee.service import RefereeService

ROLL = {"kind": "RecordRoll", "dice": "2D6"}


def rolled(europa: RefereeService) -> None:
    """Rolls of several purposes, players and dice (a D10 the statistics leave out), and one undone."""
    for faces, purpose, by in (
        ([1, 2], "attack on Kiev", "Axis"),
        ([3, 4], "isolation attrition", "Soviet"),
        ([5, 6], "u-boat warfare", "Axis"),
        ([6, 6], "weather", "referee"),
        ([2, 5], "combat", "Soviet"),
        ([4, 4], "attack on Minsk", "Axis"),
    ):
        europa.execute_json({**ROLL, "faces": faces, "purpose": purpose, "rolled_by": by})
    europa.execute_json({"kind": "RecordRoll", "dice": "1D6", "faces": [3], "purpose": "attack", "rolled_by": "Axis"})
    europa.execute_json({"kind": "Rollback", "to": 7, "reason": "the last roll again"})
    europa.execute_json({"kind": "RecordRoll", "dice": "D10", "faces": [7], "purpose": "combat", "rolled_by": "Soviet"})


def test_purpose_groups_are_named_as_themselves() -> None:
    """The audit keeps each roll under its group's name and hands it back to `dice_groups` so."""
    assert [purpose_group(name) for name in PURPOSES] == list(PURPOSES)


def test_the_dice_statistics_are_those_of_every_roll_not_undone(europa: RefereeService) -> None:
    rolled(europa)
    undone = europa.undone()
    kept = [roll for entry in europa.entries() if entry["number"] not in undone for roll in entry["rolls"]]
    report = audit(europa)
    assert report.ok
    assert report.dice == dice_groups(kept)
    assert len(report.dice) == 5 and sum(group.rolls for group in report.dice) == 6  # the D10 left out
    assert [(roll["entry"], roll["faces"], roll["undone_by"]) for roll in report.undone_rolls] == [(8, [3], 9)]
    assert report.rollbacks == [{"entry": 9, "to": 7, "undid": [8], "reason": "the last roll again"}]


def test_the_report_is_the_same_from_a_list_of_entries(europa: RefereeService, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the audit said when it held every entry in a list, it says reading them as they come."""
    rolled(europa)
    europa.execute_json({"kind": "Annotate", "entry": 3, "text": "cocked die", "disputed": True})
    streamed = report_data(audit(europa))
    entries = europa.entries

    def listed(start: int = 1, stop: int | None = None) -> Any:
        return list(entries(start, stop))

    monkeypatch.setattr(europa, "entries", listed)
    assert report_data(audit(europa)) == streamed
