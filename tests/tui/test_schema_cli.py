"""`turnledger schema` names commands and their parts in any case; a wrong literal is quoted as the
book spells it (issue 12: "input should be 'lendleasegrant' (got 'lendleasegrant')")."""

from __future__ import annotations

import json

import pytest

from referee.commands import parse_command
from referee.common.errors import InvalidInputError
from tests.tui.cli_support import run


def test_schema_of_a_part_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "schema", "--kind", "lendleasegrant")
    assert code == 0
    schema = json.loads(out)["LendLeaseGrant"]
    assert schema["used_by"] == ["PerformYearStart"]
    assert set(schema["required"]) == {"route", "amount"}
    code, out = run(capsys, "schema", "--kind", "resolvecombat")
    assert code == 0 and "ResolveCombat" in json.loads(out)


def test_an_unknown_schema_name_lists_commands_and_parts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "schema", "--kind", "LendLease")
    assert code == 1
    assert "no command or part 'LendLease'" in out and "parts: " in out and "LendLeaseGrant" in out


def test_a_wrong_literal_is_quoted_as_the_book_spells_it() -> None:
    line = {"kind": "PerformYearStart", "power": "USA", "lend_lease": [{"kind": "lendleasegrant", "route": "Murmansk"}]}
    with pytest.raises(InvalidInputError) as refused:
        parse_command(line)
    message = str(refused.value)
    assert "lend_lease.0.kind: input should be 'LendLeaseGrant' (got 'lendleasegrant')" in message
    assert "lend_lease.0.amount is missing" in message
