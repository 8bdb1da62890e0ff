"""Referee-stated facts: what the rules read off the map is stated as an entry, checked against
what the game declares, disputable like any entry, and cited by the rule that reads it."""

from __future__ import annotations

from typing import Any

import pytest

from referee.common.errors import IllegalOrderError, InvalidInputError
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase
from tests.referee.test_isolation import soviet_isolation


def statement(fact: str, subject: str, value: str, **more: str) -> dict[str, Any]:
    """StateFact: the referee (or ``actor``) states ``fact`` of ``subject``."""
    return {"kind": "StateFact", "fact": fact, "subject": subject, "value": value, **more}


def test_a_fact_is_checked_against_the_game_and_recorded_with_who_stated_it(europa: RefereeService) -> None:
    entry = europa.execute_json(statement("out_of_supply_since", "Bialystok pocket", "1", actor="Anna"))
    assert entry["ruling"]["summary"] == "stated: out_of_supply_since of Bialystok pocket = 1"
    fact = europa.state().table.facts["out_of_supply_since:Bialystok pocket"]
    assert (fact.value, fact.entry, fact.stated_by) == ("1", entry["number"], "Anna")
    again = europa.execute_json(statement("out_of_supply_since", "Bialystok pocket", "2"))
    assert any(f"stated at #{entry['number']} by Anna" in step["text"] for step in again["ruling"]["steps"])


@pytest.mark.parametrize(
    ("fact", "value", "message"),
    [
        ("fortified", "yes", "Revised Europa reads no fact 'fortified' off the map; its facts: out_of_supply_since"),
        ("out_of_supply_since", "soon", "out_of_supply_since is a whole number; not 'soon'"),
        ("retreat_blocked", "maybe", "retreat_blocked is yes or no; not 'maybe'"),
        ("terrain", "lava", "terrain is one of clear, rough"),
    ],
)
def test_a_fact_the_game_does_not_read_or_a_bad_value_is_refused(
    europa: RefereeService, fact: str, value: str, message: str
) -> None:
    head = europa.head()
    with pytest.raises(IllegalOrderError, match=message):
        europa.execute_json(statement(fact, "x", value))
    assert europa.head() == head


def test_the_third_reich_declares_its_own_facts(third_reich: RefereeService) -> None:
    third_reich.execute_json(statement("fortified", "Maginot", "yes"))
    assert third_reich.state().table.facts["fortified:Maginot"].value == "yes"
    with pytest.raises(InvalidInputError, match="missing"):
        third_reich.execute_json({"kind": "StateFact", "fact": "fortified", "subject": "Maginot"})


def test_isolation_attrition_reads_the_stated_turn_the_hex_went_out_of_supply(europa: RefereeService) -> None:
    """D-104: from the 2nd consecutive unsupplied turn; the turn count comes from the statement
    and the derivation cites it (who stated it, in which entry)."""
    at_phase(europa, "Jun II 1941", "Soviet", "Initial")
    turn = europa.state().table.calendar.turn
    command = soviet_isolation("Minsk pocket", 8, [6, 6])
    stated = europa.execute_json(statement("out_of_supply_since", "Minsk pocket", str(turn), actor="Anna"))
    with pytest.raises(IllegalOrderError, match=rf"in its 1st \(out_of_supply_since of Minsk pocket = {turn}, stated"):
        europa.execute_json(command)
    europa.execute_json(statement("out_of_supply_since", "Minsk pocket", str(turn - 1)))
    entry = europa.execute_json(command)
    assert entry["ruling"]["steps"][0]["text"].startswith(
        f"unsupplied turn 2: out_of_supply_since of Minsk pocket = {turn - 1}"
    )
    assert entry["ruling"]["steps"][0]["text"].endswith(f"stated at #{stated['number'] + 1} by referee")
    typed = europa.execute_json({**command, "hex": "Minsk pocket", "turns_unsupplied": 3, "faces": [6, 5]})
    assert not typed["ruling"]["steps"][0]["text"].startswith("unsupplied turn")  # typed: no statement read
