"""Two referees on one campaign file: a decision made on a stale state is refused, not merged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ledger.errors import ConflictError
from ledger.verify import verify
from referee.service import RefereeService

MakeService = Callable[..., RefereeService]


def test_a_second_writer_sees_the_first_writers_entries(make_service: MakeService, tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    first = make_service(path)
    second = RefereeService.open(path)
    try:
        first.execute_json({"kind": "DebitSupplyPoints", "side": "Axis", "amount": 80, "reason": "attack A"})
        with pytest.raises(Exception, match="Axis SP pool holds 20; attack B costs 50"):
            second.execute_json({"kind": "DebitSupplyPoints", "side": "Axis", "amount": 50, "reason": "attack B"})
        second.execute_json({"kind": "CreditSupplyPoints", "side": "Axis", "amount": 5, "reason": "income"})
        assert first.state().supply_pools["Axis"].stockpile == 25
        assert verify(first.store).ok
    finally:
        second.close()


def test_an_append_decided_on_a_stale_head_is_a_conflict(make_service: MakeService, tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    first = make_service(path)
    second = RefereeService.open(path)
    try:
        from ledger.entry import Draft

        stale_head = second.head()
        first.execute_json({"kind": "CreditSupplyPoints", "side": "Axis", "amount": 1, "reason": "first"})
        draft = Draft(actor="referee", command={"kind": "AdvancePhase"}, events=[])
        with pytest.raises(ConflictError, match="entry #2 was recorded by someone else"):
            second.store.append(draft, recorded_at="1941-06-22T04:00:00+00:00", at="Jun", expected_head=stale_head)
        assert second.head() == 2
    finally:
        second.close()
