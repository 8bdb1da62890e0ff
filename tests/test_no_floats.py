"""No binary floats in what this release records (issue 26, docs/verifying.md "Numbers").

The record held ``"target_res": 6.0`` (ResolveBombardment, europa-001-0.5.0.jsonl) while the page
said it held no float, and a verifier in another language would write ``6`` and fail. Now no
command or event field takes a float (a half RE is the exact "13/2"); floats that older releases
recorded stay valid where they stand, written as Python's ``repr`` writes them, which the page
specifies with test vectors that this file recomputes.
"""

from __future__ import annotations

import json
import re
import struct
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from referee.commands import ALL, command_json, parse_command
from referee.common.errors import InvalidInputError
from referee.europa.bombardment.commands import ResolveBombardment
from referee.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
BOMBARD = {"kind": "ResolveBombardment", "side": "Axis", "hex": "2715", "air": []}


def number_fields(schema: Any, path: str = "") -> list[str]:
    """Where a JSON schema lets a float in (``"type": "number"``)."""
    found: list[str] = []
    if isinstance(schema, dict):
        if schema.get("type") == "number" or "number" in (schema.get("type") or []):
            found.append(path)
        for key, value in schema.items():
            found += number_fields(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += number_fields(value, f"{path}/{index}")
    return found


def test_no_command_or_event_of_this_release_takes_a_float() -> None:
    assert number_fields(ALL.adapter.json_schema()) == []
    for name, game in GAMES.items():
        assert number_fields(game.fold.catalog.adapter.json_schema()) == [], name


@pytest.mark.parametrize(
    ("given", "recorded"), [(6, 6), (6.0, 6), (6.5, "13/2"), ("13/2", "13/2"), ("6.5", "13/2"), ("12/2", 6), (0, 0)]
)
def test_target_res_is_recorded_exactly(given: Any, recorded: Any) -> None:
    recorded_json = command_json(parse_command({**BOMBARD, "target_res": given}))
    assert recorded_json["target_res"] == recorded and type(recorded_json["target_res"]) is type(recorded)
    assert recorded_json["v"] == 2
    assert "." not in json.dumps(recorded_json["target_res"])


@pytest.mark.parametrize("given", [6.25, "x", "1/3", -1, 101, float("nan"), True, None, "9" * 40])
def test_target_res_that_is_no_whole_or_half_number_of_res_is_refused_by_name(given: Any) -> None:
    with pytest.raises(InvalidInputError, match="target_res"):
        parse_command({**BOMBARD, "target_res": given})


def test_a_bombardment_recorded_with_a_float_by_release_0_5_0_is_upcast_to_the_same_number() -> None:
    lines = (ROOT / "tests" / "data" / "exports" / "europa-001-0.5.0.jsonl").read_text(encoding="utf-8").splitlines()
    recorded = [json.loads(line)["command"] for line in lines[1:] if '"target_res":' in line]
    assert [command["target_res"] for command in recorded] == [6.0, 4.0]
    for command in recorded:
        again = ALL.parse_stored(command)
        assert isinstance(again, ResolveBombardment) and again.target_res == int(command["target_res"])
        assert Fraction(str(again.target_res)) == Fraction(command["target_res"])


def test_the_float_vectors_of_docs_verifying_md_are_how_python_writes_them() -> None:
    page = (ROOT / "docs" / "verifying.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([0-9a-f]{16})` \| `([^`]+)` \|$", page, flags=re.MULTILINE)
    assert len(rows) >= 12
    for bits, written in rows:
        value = struct.unpack(">d", bytes.fromhex(bits))[0]
        assert json.dumps(value) == repr(value) == written
        assert struct.pack(">d", float(written)).hex() == bits
