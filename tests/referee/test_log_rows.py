"""Log rows (issue 12): the calendar position ("at") and the player turn and phase of a row are
the same moment, the one the entry was made in; where the entry left the game is beside it."""

from __future__ import annotations

from itertools import pairwise

from referee.common.log import log_rows
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase


def test_an_advance_is_listed_in_the_phase_it_ended(europa: RefereeService) -> None:
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    rows = log_rows(europa.entries())
    advances = [row for row in rows if row["kind"] == "AdvancePhase"]
    into_june = next(row for row in advances if row["player_after"] == "Axis" and row["phase_after"] == "Initial")
    # made in the surprise turn's last phase, which its "at" names too; it left the game in Jun II
    assert into_june["at"] == "Surprise turn 1941"
    assert (into_june["player"], into_june["phase"]) != (into_june["player_after"], into_june["phase_after"])
    assert into_june["player"] == "Axis"
    for earlier, later in pairwise(rows):
        assert (later["player"], later["phase"]) == (earlier["player_after"], earlier["phase_after"])


def test_a_slice_of_rows_matches_the_whole_record_once_it_knows_the_calendar(europa: RefereeService) -> None:
    """A slice (the dashboard's last entries) learns the position from its first advance."""
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    whole = log_rows(europa.entries())
    part = log_rows(europa.entries(5))
    known = next(index for index, row in enumerate(part) if row["kind"] == "AdvancePhase") + 1
    assert known < len(part) - 3
    assert [(r["player"], r["phase"]) for r in part[known:]] == [(r["player"], r["phase"]) for r in whole[4 + known :]]


def test_the_open_disputes_on_an_entry_come_from_the_chain(europa: RefereeService) -> None:
    """What the console's report offers to settle: disputes not yet settled, oldest first."""
    europa.execute_json({"kind": "RecordRoll", "purpose": "attack", "dice": "2D6", "faces": [1, 1], "rolled_by": "A"})
    first = europa.execute_json({"kind": "Annotate", "entry": 2, "text": "cocked die", "disputed": True})["number"]
    second = europa.execute_json({"kind": "Annotate", "entry": 2, "text": "rolled early", "disputed": True})["number"]
    assert europa.open_disputes_on(2) == [first, second]
    europa.execute_json({"kind": "SettleDispute", "entry": 2, "dispute": first, "ruling": "the die was flat"})
    assert europa.open_disputes_on(2) == [second] and europa.open_disputes_on(1) == []


def test_last_and_kind_keep_only_the_rows_shown_with_the_marks_later_entries_set(europa: RefereeService) -> None:
    """Issue 17: `log --last N` (and `--kind`) keep only those rows while the record streams by;
    each is the row the whole log has, undo marks and notes from later entries included."""
    roll = {"kind": "RecordRoll", "purpose": "attack", "dice": "2D6", "rolled_by": "A"}
    for faces in ([1, 2], [3, 4], [5, 6]):
        europa.execute_json({**roll, "faces": faces})
    europa.execute_json({"kind": "Annotate", "entry": 4, "text": "cocked die", "disputed": True})
    europa.execute_json({"kind": "Rollback", "to": 3, "reason": "a roll too many"})
    europa.execute_json({**roll, "faces": [2, 2]})
    whole = log_rows(europa.entries())
    assert log_rows(europa.entries(), last=4) == whole[-4:]
    rolls = log_rows(europa.entries(), kind="RecordRoll", last=3)
    assert rolls == [row for row in whole if row["kind"] == "RecordRoll"][-3:]
    assert [(row["number"], row["undone_by"], row["notes"], row["disputed"]) for row in rolls] == [
        (3, None, 0, False),
        (4, 6, 1, True),
        (7, None, 0, False),
    ]
