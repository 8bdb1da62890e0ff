"""Bad input gets a clear error and changes nothing (DESIGN invariant 3)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from referee.commands import parse_command
from referee.common.errors import IllegalOrderError, InvalidInputError, RulesError
from referee.service import RefereeService

MakeService = Callable[..., RefereeService]

REFUSED = [
    (
        {"kind": "DebitSupplyPoints", "side": "Axis", "amount": 150, "reason": "this attack"},
        IllegalOrderError,
        "Axis SP pool holds 100; this attack costs 150",
    ),
    (
        {"kind": "CreditSupplyPoints", "side": "Allies", "amount": 5, "reason": "x"},
        IllegalOrderError,
        "no SP pool for 'Allies'",
    ),
    (
        {"kind": "CreditReplacementPoints", "nation": "Narnia", "type": "infantry", "amount": 1, "reason": "x"},
        IllegalOrderError,
        "no nation 'Narnia'",
    ),
    (
        {"kind": "CreditReplacementPoints", "nation": "Germany", "type": "cavalry", "amount": 1, "reason": "x"},
        IllegalOrderError,
        "Germany has no 'cavalry' replacement points",
    ),
    (
        {"kind": "DebitReplacementPoints", "nation": "USSR", "type": "armor", "amount": 1, "reason": "rebuild"},
        IllegalOrderError,
        "USSR holds 0 armor RP; rebuild needs 1",
    ),
    ({"kind": "SetWeather", "zone": "Q", "condition": "Mud"}, IllegalOrderError, "no weather zone 'Q'"),
    ({"kind": "SetWeather", "zone": "B", "condition": "Fog"}, IllegalOrderError, "'Fog' is not a weather condition"),
    (
        {"kind": "SpendBrp", "power": "Germany", "amount": 5, "category": "build", "reason": "x"},
        InvalidInputError,
        "SpendBrp is not a command of Revised Europa",
    ),
    (
        {"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [7, 1], "rolled_by": "Al"},
        InvalidInputError,
        "2D6 roll shows faces 1 to 6; 7 cannot be thrown",
    ),
    (
        {"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [3], "rolled_by": "Al"},
        InvalidInputError,
        "2D6 roll has 2 faces; got 1",
    ),
    (
        {"kind": "RecordRoll", "purpose": "fire", "dice": "1D10", "faces": [3], "rolled_by": "Al"},
        IllegalOrderError,
        "not 1D10",
    ),
    ({"kind": "ClearMarker", "name": "first_winter"}, IllegalOrderError, "no marker 'first_winter'"),
    (
        {"kind": "CreditSupplyPoints", "side": "Axis", "amount": -5, "reason": "x"},
        InvalidInputError,
        "amount: input should be greater than 0",
    ),
    (
        {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 10**18, "reason": "x"},
        InvalidInputError,
        "amount: input should be less than or equal to 100000",
    ),
    (
        {"kind": "CreditSupplyPoints", "side": "Axis", "amount": "10", "reason": "x"},
        InvalidInputError,
        "amount: input should be a valid integer",
    ),
    ({"kind": "CreditSupplyPoints", "side": "Axis", "amount": 10}, InvalidInputError, "reason is missing"),
    ({"kind": "AdvancePhase", "colour": "red"}, InvalidInputError, "colour is not a field of AdvancePhase"),
    ({"kind": "Teleport"}, InvalidInputError, "unknown command kind 'Teleport'"),
    (
        {"kind": "CreateCampaign", "scenario": "revised-europa/barbarossa", "name": "again"},
        IllegalOrderError,
        "already holds a campaign",
    ),
    ({"kind": "Rollback", "to": 5, "reason": "x"}, IllegalOrderError, "the record ends at #1"),
]


@pytest.mark.parametrize(("command", "error", "message"), REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_refusals_name_the_problem_and_leave_the_file_unchanged(
    make_service: MakeService, tmp_path: Path, command: dict[str, object], error: type[RulesError], message: str
) -> None:
    path = tmp_path / "refusal.db"
    make_service(str(path)).close()
    before = path.read_bytes()
    service = RefereeService.open(str(path))
    try:
        with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
            service.execute_json(command)
        assert service.head() == 1
    finally:
        service.close()
    assert path.read_bytes() == before
    assert not Path(str(path) + "-wal").exists() or Path(str(path) + "-wal").stat().st_size == 0


def test_parse_command_rejects_non_objects() -> None:
    with pytest.raises(InvalidInputError, match="JSON object with a 'kind'; got list"):
        parse_command([1, 2])
