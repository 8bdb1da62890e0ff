"""Bad input to `turnledger apply`: each malformed line is refused by number, with the problem,
no traceback, and the store byte-for-byte unchanged (issue #2 acceptance)."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tui.cli_support import turnledger_process
from tui.cli import main

VALID = [
    {"kind": "AdvancePhase"},
    {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 5, "reason": "income"},
]

HAND_WRITTEN = [
    (b"not json at all", "not JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"[1, 2, 3]", "JSON object with a 'kind'"),
    (b"{}", "unknown command kind None"),
    (b'{"kind": "Teleport"}', "unknown command kind 'Teleport'"),
    (b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": "ten", "reason": "x"}', "amount"),
    (b'{"kind": "CreditSupplyPoints", "side": "Axis", "reason": "x"}', "amount is missing"),
    (b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": 5, "reason": "x", "bonus": 1}', "bonus is not a field"),
    (
        b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": 99999999999999999999, "reason": "x"}',
        "less than or equal to 100000",
    ),
    (b'{"kind": "DebitSupplyPoints", "side": "Axis", "amount": -3, "reason": "x"}', "greater than 0"),
    (
        b'{"kind": "DebitSupplyPoints", "side": "Axis", "amount": 100000, "reason": "attack"}',
        "Axis SP pool holds 105; attack costs 100000",
    ),
    (
        b'{"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [7, 1], "rolled_by": "Al"}',
        "7 cannot be thrown",
    ),
    (
        b'{"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [3, 3, 3], "rolled_by": "Al"}',
        "2D6 roll has 2 faces; got 3",
    ),
    (b'{"kind": "RecordRoll", "purpose": "CRT", "dice": "3D7", "faces": [3], "rolled_by": "Al"}', "dice"),
    (
        b'{"kind": "SetWeather", "zone": "B", "condition": "Mud", "nested": ' + b"[" * 60 + b"]" * 60 + b"}",
        "nested is not a field",
    ),
    (b'{"kind": "CreditSupplyPoints", "side": "' + b"A" * 5000 + b'", "amount": 1, "reason": "x"}', "side"),
    (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    (b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": 1.5, "reason": "x"}', "amount"),
    (b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": true, "reason": "x"}', "amount"),
]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a campaign with two valid entries after its creation."""
    path = tmp_path_factory.mktemp("template") / "t.db"
    assert main(["new", str(path)]) == 0
    lines = path.parent / "valid.jsonl"
    lines.write_text("".join(json.dumps(v) + "\n" for v in VALID))
    assert main(["apply", str(path), str(lines)]) == 0
    return path.read_bytes()


def campaign_from(template: bytes, folder: Path) -> Path:
    """A copy of the template at a new place: this machine's checkpoint is kept per campaign and
    place, so a copy at the place where an earlier example recorded an entry would (rightly) be
    refused as cut short (ledger/trust.py); every hypothesis example gets a place of its own."""
    path = folder / f"c-{uuid.uuid4().hex}.db"
    path.write_bytes(template)
    return path


def apply_in_process(capsys: pytest.CaptureFixture[str], store: Path, content: bytes, folder: Path) -> tuple[int, str]:
    orders = folder / "orders.jsonl"
    orders.write_bytes(content)
    capsys.readouterr()
    code = main(["apply", str(store), str(orders)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize(("line", "problem"), HAND_WRITTEN, ids=[str(i) for i in range(len(HAND_WRITTEN))])
def test_each_malformed_line_is_refused_by_number_and_changes_nothing(
    template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], line: bytes, problem: str
) -> None:
    store = campaign_from(template, tmp_path)
    code, output = apply_in_process(capsys, store, line + b"\n", tmp_path)
    assert code == 1
    assert "line 1" in output and problem in output.replace("\n", " ")
    assert "Traceback" not in output
    assert store.read_bytes() == template


def test_lines_before_a_bad_line_are_kept_and_it_is_named(
    template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = campaign_from(template, tmp_path)
    good = b"".join(json.dumps(v).encode() + b"\n" for v in VALID)
    code, output = apply_in_process(capsys, store, good + b'{"kind": "Nope"}\n' + good, tmp_path)
    assert code == 1 and "line 3" in output and "unknown command kind 'Nope'" in output
    capsys.readouterr()
    main(["log", str(store), "--json"])
    assert len(json.loads(capsys.readouterr().out)) == 3 + 2


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["side", "amount", "reason", "faces", "dice", "zone", "condition", "to", "entry", "kind"])


def mutated_valid_command() -> st.SearchStrategy[dict[str, object]]:
    base = st.sampled_from(
        [
            {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 5, "reason": "x"},
            {"kind": "RecordRoll", "purpose": "p", "dice": "2D6", "faces": [1, 2], "rolled_by": "r"},
            {"kind": "SetWeather", "zone": "B", "condition": "Mud"},
            {"kind": "Rollback", "to": 1, "reason": "x"},
        ]
    )
    return st.builds(lambda command, field, value: {**command, field: value}, base, FIELDS, JSON_VALUES)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    st.one_of(
        st.binary(min_size=1, max_size=200).filter(
            lambda b: (
                b"\n" not in b
                and b.decode("utf-8", "replace").strip()  # a line blank once decoded is skipped, as it should be
                and not b.strip().startswith(b"#")
            )
        ),
        JSON_VALUES.map(lambda v: json.dumps(v).encode()),
        mutated_valid_command().map(lambda v: json.dumps(v).encode()),
    )
)
def test_generated_lines_are_refused_cleanly_or_recorded(
    template: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], line: bytes
) -> None:
    """Random bytes, random JSON and mutated commands: either a valid entry, or a clean refusal that changes nothing."""
    store = campaign_from(template, tmp_path)
    code, output = apply_in_process(capsys, store, line + b"\n", tmp_path)
    assert "Traceback" not in output and "internal error" not in output
    if code == 0:
        assert "recorded 1 entry" in output
    else:
        # a line of only a byte-order mark leaves an empty file: refused as holding no commands
        assert code == 1 and ("line 1" in output or "holds no commands" in output)
        assert store.read_bytes() == template


def test_a_real_process_refuses_without_traceback(template: bytes, tmp_path: Path) -> None:
    store = campaign_from(template, tmp_path)
    orders = tmp_path / "bad.jsonl"
    orders.write_bytes(b'{"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [0, 9], "rolled_by": "Al"}\n')
    result = turnledger_process("apply", str(store), str(orders), env=None, timeout=60)
    assert result.returncode == 1
    assert "line 1" in result.stderr and "0 cannot be thrown" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert store.read_bytes() == template
