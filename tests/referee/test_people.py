"""The people at the table (issue 12: "Hans" and "Axis player" counted as two people): once
players are seated, a command names seated people or the referee, in any case, or is refused."""

from __future__ import annotations

import pytest

from referee.common.errors import IllegalOrderError
from referee.common.log import log_rows
from referee.service import RefereeService

ROLL = {"kind": "RecordRoll", "purpose": "attack on Brest", "dice": "2D6", "faces": [3, 4]}


def test_with_nobody_seated_any_name_is_taken(europa: RefereeService) -> None:
    """Every campaign of earlier releases has nobody seated: nothing changes for it."""
    entry = europa.execute_json({**ROLL, "rolled_by": "Anyone", "witnesses": ["Someone else"]})
    assert entry["command"]["rolled_by"] == "Anyone"


def test_seated_names_are_spelled_as_seated_and_strangers_refused(europa: RefereeService) -> None:
    europa.execute_json({"kind": "SeatPlayer", "name": "Hans", "side": "axis"})
    europa.execute_json({"kind": "SeatPlayer", "name": "Ivan", "side": "Soviet"})
    assert europa.state().chain.people == {"Hans": "Axis", "Ivan": "Soviet"}
    entry = europa.execute_json({**ROLL, "rolled_by": "hans", "witnesses": ["IVAN"], "on_behalf_of": "axis"})
    assert (entry["command"]["rolled_by"], entry["command"]["witnesses"]) == ("Hans", ["Ivan"])
    assert entry["command"]["on_behalf_of"] == "Axis"
    head = europa.head()
    with pytest.raises(
        IllegalOrderError, match=r"rolled_by: 'Hnas' is not seated at this table \(did you mean Hans\?\)"
    ):
        europa.execute_json({**ROLL, "rolled_by": "Hnas"})
    with pytest.raises(IllegalOrderError, match=r"actor: 'Axis player' is not seated.*Hans \(Axis\), Ivan \(Soviet\)"):
        europa.execute_json({**ROLL, "rolled_by": "Hans", "actor": "Axis player"})
    with pytest.raises(IllegalOrderError, match=r"witness_word\.by: 'Boris' is not seated"):
        europa.execute_json(
            {**ROLL, "rolled_by": "Hans", "faces": "digital", "witness_word": {"by": "Boris", "word": "owl"}}
        )
    assert europa.head() == head
    entry = europa.execute_json({**ROLL, "rolled_by": "Hans", "actor": "Referee"})
    assert entry["actor"] == "referee"


def test_seating_is_record_keeping_a_rollback_keeps_it(europa: RefereeService) -> None:
    europa.execute_json({"kind": "AdvancePhase"})
    seat = europa.execute_json({"kind": "SeatPlayer", "name": "Anna", "side": "Soviet"})["number"]
    europa.execute_json({"kind": "Rollback", "to": 1, "reason": "the advance was early"})
    assert europa.state().chain.people == {"Anna": "Soviet"}
    assert log_rows(europa.entries())[seat - 1]["undone_by"] is None
    with pytest.raises(IllegalOrderError, match="Anna is seated for Soviet already"):
        europa.execute_json({"kind": "SeatPlayer", "name": "Anna", "side": "soviet"})
    with pytest.raises(IllegalOrderError, match=r"Anna is seated already \(Soviet\)"):
        europa.execute_json({"kind": "SeatPlayer", "name": "anna", "side": "Axis"})
    with pytest.raises(IllegalOrderError, match="the referee is always at the table"):
        europa.execute_json({"kind": "SeatPlayer", "name": "Referee", "side": "Axis"})
    with pytest.raises(IllegalOrderError, match="there is no side 'Allies'"):
        europa.execute_json({"kind": "SeatPlayer", "name": "Bob", "side": "Allies"})
    moved = europa.execute_json({"kind": "SeatPlayer", "name": "Anna", "side": "Axis"})
    assert moved["ruling"]["summary"] == "Anna plays Axis (was Soviet)"
