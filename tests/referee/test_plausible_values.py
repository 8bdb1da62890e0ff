"""Typos caught (issue 12): values far outside what the rules allow are refused, or recorded with
the referee's reason in ``override``, which the ruling shows (referee/common/plausible.py)."""

from __future__ import annotations

import pytest

from referee.common.errors import IllegalOrderError
from referee.service import RefereeService
from tests.referee.europa.test_logistics_service import at_phase


def test_a_supply_credit_beyond_what_the_stockpile_may_hold_needs_a_reason(europa: RefereeService) -> None:
    """B-05 [000]: the Axis stockpile holds at most 2 × income 100; a credit of 99999 is a typo."""
    head = europa.head()
    credit = {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 99999, "reason": "income"}
    with pytest.raises(IllegalOrderError, match=r"a credit of 99999 SP is more than the Axis stockpile may hold \(200"):
        europa.execute_json(credit)
    assert europa.head() == head
    europa.execute_json({**credit, "amount": 200})  # at the bound: no question asked
    entry = europa.execute_json({**credit, "amount": 500, "override": "scenario bonus agreed by both players"})
    assert entry["command"]["override"] == "scenario bonus agreed by both players"
    step = entry["ruling"]["steps"][-1]
    assert "recorded over the book's check: a credit of 500 SP" in step["text"]
    assert "the referee's reason: scenario bonus agreed by both players" in step["text"]
    assert step["rule"] == "B-05 [000]"
    assert europa.state().supply_pools["Axis"].stockpile == 100 + 200 + 500


def test_a_replacement_credit_beyond_a_whole_turn_of_any_nation_needs_a_reason(europa: RefereeService) -> None:
    """C-35 [001], C-32 [000]: no nation receives more than 60 RPs in a game turn; a credit of
    600 infantry RPs is a typo unless the referee says why."""
    head = europa.head()
    credit = {"kind": "CreditReplacementPoints", "nation": "USSR", "type": "infantry", "amount": 600, "reason": "turn"}
    with pytest.raises(IllegalOrderError, match=r"a credit of 600 infantry RP is more than any nation receives"):
        europa.execute_json(credit)
    assert europa.head() == head
    europa.execute_json({**credit, "amount": 60})  # a whole Soviet turn at its most: no question asked
    entry = europa.execute_json({**credit, "override": "three turns of replacements recorded at once"})
    step = entry["ruling"]["steps"][-1]
    assert step["rule"] == "C-35 [001]" and "the referee's reason: three turns" in step["text"]
    assert europa.state().replacement_tracks["USSR"].points["infantry"] == 660


def test_resource_points_go_to_a_place_the_side_knows(europa: RefereeService) -> None:
    """B-50, B-52 [000]: "Polnad" is refused with the place it resembles; "poland" is Poland."""
    at_phase(europa, "Jun II 1941", "Axis", "Initial")
    europa.execute_json({"kind": "ReceiveSupplyIncome", "side": "Axis"})
    head = europa.head()
    buy = {"kind": "BuyResourcePoints", "side": "Axis", "count": 1}
    with pytest.raises(IllegalOrderError, match=r"Axis holds no Resource Points in 'Polnad' \(did you mean Poland\?\)"):
        europa.execute_json({**buy, "location": "Polnad"})
    assert europa.head() == head
    entry = europa.execute_json({**buy, "location": "poland"})
    assert entry["events"][1]["location"] == "Poland"
    assert europa.state().resource_points["Axis"].stock["Poland"] == 33
    assert "polnad" not in {place.lower() for place in europa.state().resource_points["Axis"].stock}
    entry = europa.execute_json({**buy, "location": "Hungary", "override": "placed in Hungary by agreement"})
    assert europa.state().resource_points["Axis"].stock["Hungary"] == 1
    assert "the referee's reason: placed in Hungary by agreement" in entry["ruling"]["steps"][-1]["text"]


def test_a_brp_grant_beyond_the_whole_base_needs_a_reason(third_reich: RefereeService) -> None:
    head = third_reich.head()
    base = third_reich.state().brp_economies["Italy"].base
    grant = {"kind": "GrantBrp", "power": "Italy", "amount": 10 * base, "category": "adjustment", "reason": "typo"}
    with pytest.raises(
        IllegalOrderError, match=f"a grant of {10 * base} BRPs is more than Italy's whole base of {base}"
    ):
        third_reich.execute_json(grant)
    assert third_reich.head() == head
    entry = third_reich.execute_json({**grant, "override": "house rule: Italian windfall"})
    assert "the referee's reason: house rule: Italian windfall" in entry["ruling"]["steps"][-1]["text"]
