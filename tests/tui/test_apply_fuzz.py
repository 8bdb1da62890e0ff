"""Fuzzing `turnledger apply` with malformed lines.

Every malformed line must be refused the same way: exit code 1, a message on stderr that names
the line ("line N: ...") and the problem, no Python traceback, and a campaign file that is
byte-for-byte what it was before (lines before the bad one, if new, are recorded and kept;
the bad line and everything after it are not).

The generated part runs `tui.cli.main` in-process for speed; a handful of representative
cases run the real command in a subprocess.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.commands import ALL
from referee.service import RefereeService
from tests.tui.cli_support import turnledger_process as run_cli
from tui.cli import main

SCENARIO = "revised-europa/barbarossa"

# Lines that are valid on a fresh Barbarossa campaign, in this order (pools stay non-negative).
VALID_LINES: list[dict[str, Any]] = [
    {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 7, "reason": "fuzz credit"},
    {"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [3, 5], "rolled_by": "referee"},
    {"kind": "SetWeather", "zone": "B", "condition": "Mud"},
    {"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 4, "reason": "fuzz debit"},
]


def jsonl(*commands: dict[str, Any]) -> bytes:
    return b"".join(json.dumps(command).encode() + b"\n" for command in commands)


def command_line(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


# -- the hand-written table -----------------------------------------------------------------
# (id, the line's bytes, a fragment of the problem the message must name)

ROLL: dict[str, Any] = {"kind": "RecordRoll", "purpose": "CRT", "dice": "2D6", "faces": [3, 4], "rolled_by": "referee"}
CREDIT: dict[str, Any] = {"kind": "CreditSupplyPoints", "side": "Axis", "amount": 5, "reason": "income"}

HAND_WRITTEN: list[tuple[str, bytes, str]] = [
    # bytes that are not text, or text that is not JSON
    ("invalid-utf8", b"\xc3\x28\xa0\xa1 not text", "not UTF-8"),
    ("lone-continuation-byte", b'{"kind": "AdvancePhase"\x80}', "not UTF-8"),
    ("nul-and-control-bytes", b"\x00\x01\x02\x03", "not JSON"),
    ("plain-words", b"advance the phase please", "not JSON"),
    ("truncated-object", b'{"kind": "SetWeather", "zone": "B"', "not JSON"),
    ("trailing-garbage", b'{"kind": "AdvancePhase"} and more', "not JSON"),
    ("single-quotes", b"{'kind': 'AdvancePhase'}", "not JSON"),
    # JSON that is not an object
    ("json-array", b'[{"kind": "AdvancePhase"}]', "JSON object with a 'kind'"),
    ("json-string", b'"AdvancePhase"', "JSON object with a 'kind'"),
    ("json-number", b"42", "JSON object with a 'kind'"),
    ("json-null", b"null", "JSON object with a 'kind'"),
    ("json-false", b"false", "JSON object with a 'kind'"),
    # objects without a known kind
    ("empty-object", b"{}", "unknown command kind None"),
    ("unknown-kind", command_line(kind="Teleport", side="Axis"), "unknown command kind 'Teleport'"),
    ("kind-wrong-case", command_line(kind="advancephase"), "unknown command kind 'advancephase'"),
    ("kind-is-a-number", command_line(kind=7), "unknown command kind 7"),
    ("kind-is-a-list", command_line(kind=["AdvancePhase"]), "unknown command kind ['AdvancePhase']"),
    ("duplicate-kind", b'{"kind": "AdvancePhase", "kind": "Nope"}', 'key "kind" is given twice'),
    # missing, extra and wrongly typed fields
    ("missing-amount", command_line(kind="CreditSupplyPoints", side="Axis", reason="x"), "amount is missing"),
    ("missing-everything", command_line(kind="RecordRoll"), "faces is missing"),
    ("extra-field", command_line(**CREDIT, bonus=1), "bonus is not a field of CreditSupplyPoints"),
    (
        "extra-field-on-empty-command",
        command_line(kind="AdvancePhase", turns=3),
        "turns is not a field of AdvancePhase",
    ),
    ("amount-as-string", command_line(**{**CREDIT, "amount": "5"}), "amount: input should be a valid integer"),
    ("amount-as-float", command_line(**{**CREDIT, "amount": 5.0}), "amount: input should be a valid integer"),
    ("amount-as-bool", command_line(**{**CREDIT, "amount": True}), "amount: input should be a valid integer"),
    ("amount-as-null", command_line(**{**CREDIT, "amount": None}), "amount: input should be a valid integer"),
    (
        "amount-nan",
        b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": NaN, "reason": "x"}',
        "NaN is not a JSON number",
    ),
    (
        "amount-infinite",
        b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": 1e999, "reason": "x"}',
        "1e999 is too large",
    ),
    ("side-as-number", command_line(**{**CREDIT, "side": 1}), "side: input should be a valid string"),
    ("side-as-object", command_line(**{**CREDIT, "side": {"name": "Axis"}}), "side: input should be a valid string"),
    ("empty-side", command_line(**{**CREDIT, "side": ""}), "side: string should have at least 1 character"),
    ("faces-as-string", command_line(**{**ROLL, "faces": "3,4"}), "faces: input should be a valid list"),
    ("actor-null", command_line(kind="AdvancePhase", actor=None), "actor: input should be a valid string"),
    ("markup-in-the-kind", command_line(kind="[/x]"), "unknown command kind '[/x]'"),
    (
        "markup-in-a-refused-value",
        command_line(kind="SetWeather", zone="[/]", condition="Mud"),
        "no weather zone '[/]'",
    ),
    ("markup-in-a-wrong-type", command_line(**{**CREDIT, "amount": "[bold]5[/bold]"}), "(got '[bold]5[/bold]')"),
    ("markup-in-an-extra-field", command_line(**CREDIT, **{"[red]bonus": 1}), "[red]bonus is not a field"),
    # huge and negative numbers
    ("huge-amount", command_line(**{**CREDIT, "amount": 10**30}), "less than or equal to 100000"),
    (
        "integer-too-long-to-read",
        b'{"kind": "CreditSupplyPoints", "side": "Axis", "amount": ' + b"9" * 5000 + b', "reason": "x"}',
        "4300 digits",
    ),
    ("negative-amount", command_line(**{**CREDIT, "amount": -3}), "greater than 0"),
    ("zero-amount", command_line(**{**CREDIT, "amount": 0}), "greater than 0"),
    (
        "debit-beyond-pool",
        command_line(kind="DebitSupplyPoints", side="Axis", amount=100_000, reason="attack"),
        "Axis SP pool holds",
    ),
    ("negative-entry", command_line(kind="Annotate", entry=-5, text="x"), "greater than or equal to 1"),
    ("annotate-entry-not-there", command_line(kind="Annotate", entry=10**6, text="x"), "there is no entry"),
    (
        "annotate-entry-beyond-bound",
        command_line(kind="Annotate", entry=10**25, text="x"),
        "entry: input should be less",
    ),
    ("rollback-to-the-future", command_line(kind="Rollback", to=10**6, reason="x"), "the record ends at"),
    # impossible dice
    ("seven-on-2d6", command_line(**{**ROLL, "faces": [7, 1]}), "7 cannot be thrown"),
    ("zero-on-2d6", command_line(**{**ROLL, "faces": [0, 6]}), "0 cannot be thrown"),
    ("negative-face", command_line(**{**ROLL, "faces": [-1, 2]}), "-1 cannot be thrown"),
    ("huge-face", command_line(**{**ROLL, "faces": [10**20, 2]}), "cannot be thrown"),
    ("three-faces-for-2d6", command_line(**{**ROLL, "faces": [3, 3, 3]}), "2D6 roll has 2 faces; got 3"),
    ("one-face-for-2d6", command_line(**{**ROLL, "faces": [3]}), "2D6 roll has 2 faces; got 1"),
    ("no-faces", command_line(**{**ROLL, "faces": []}), "faces"),
    ("eleven-on-d10", command_line(**{**ROLL, "dice": "D10", "faces": [11]}), "11 cannot be thrown"),
    ("unknown-dice", command_line(**{**ROLL, "dice": "3D7"}), "dice"),
    ("dice-of-the-other-game", command_line(**{**ROLL, "dice": "1D10", "faces": [4]}), "not 1D10"),
    ("faces-as-floats", command_line(**{**ROLL, "faces": [3.0, 4.0]}), "faces"),
    # commands the rules refuse in this campaign
    ("no-such-zone", command_line(kind="SetWeather", zone="Z", condition="Mud"), "there is no weather zone 'Z'"),
    (
        "no-such-weather",
        command_line(kind="SetWeather", zone="B", condition="Lava"),
        "'Lava' is not a weather condition",
    ),
    ("no-such-side", command_line(**{**CREDIT, "side": "Martians"}), "there is no SP pool for 'Martians'"),
    (
        "second-campaign",
        command_line(kind="CreateCampaign", scenario=SCENARIO, name="again"),
        "already holds a campaign",
    ),
    # deeply nested JSON and very long lines
    ("deep-array", b"[" * 20_000 + b"]" * 20_000, "nested too deeply"),
    ("deep-object", b'{"a": ' * 5_000 + b"1" + b"}" * 5_000, "nested too deeply"),
    (
        "nested-inside-a-field",
        b'{"kind": "SetWeather", "zone": ' + b"[" * 500 + b"]" * 500 + b', "condition": "Mud"}',
        "zone: input should be a valid string",
    ),
    ("very-long-line", command_line(kind="SetMarker", name="m", value="x" * 70_000), "longer than a command can be"),
    ("very-long-garbage", b"z" * 200_000, "longer than a command can be"),
    (
        "long-but-under-the-limit",
        command_line(**{**CREDIT, "reason": "r" * 5_000}),
        "reason: string should have at most 500",
    ),
]


# -- helpers ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fresh_campaign(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a just-created Barbarossa campaign (entry #1 only)."""
    path = tmp_path_factory.mktemp("fuzz-template") / "template.db"
    assert main(["new", str(path), "--scenario", SCENARIO]) == 0
    assert not sidecars(path), "the campaign file should be complete once `new` has exited"
    return path.read_bytes()


def sidecars(store: Path) -> list[Path]:
    """SQLite side files (-wal, -shm, -journal) with something in them."""
    found = []
    for suffix in ("-wal", "-shm", "-journal"):
        side = store.with_name(store.name + suffix)
        if side.exists() and side.stat().st_size > 0:
            found.append(side)
    return found


def place(template: bytes, folder: Path, name: str = "game.db") -> Path:
    """A campaign file with exactly ``template``'s bytes (and no stale side files); this machine's
    checkpoint of the file it replaces goes too, as a referee restoring a copy runs 'verify'."""
    store = folder / name
    for suffix in ("", "-wal", "-shm", "-journal"):
        store.with_name(store.name + suffix).unlink(missing_ok=True)
    shutil.rmtree(os.environ["TURNLEDGER_TRUST_DIR"], ignore_errors=True)
    store.write_bytes(template)
    return store


def run_apply(capsys: pytest.CaptureFixture[str], store: Path, orders: Path, content: bytes) -> tuple[int, str, str]:
    """`turnledger apply STORE ORDERS` in-process; (exit code, stdout, stderr)."""
    orders.write_bytes(content)
    capsys.readouterr()
    code = main(["apply", str(store), str(orders)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def flat(text: str) -> str:
    """Console output with line breaks folded, for matching messages."""
    return " ".join(text.split())


def assert_refused(code: int, out: str, err: str, line: int, problem: str | None = None) -> None:
    """Exit 1, the line named on stderr with a problem, no traceback."""
    assert "Traceback" not in out + err, out + err
    assert "internal error" not in out + err, err
    assert code == 1, f"exit code {code}; stderr: {err}"
    message = flat(err)
    match = re.search(rf"\bline {line}: (\S.*)", message)
    assert match, f"stderr does not name line {line} with a problem: {err!r}"
    if problem is not None:
        assert flat(problem) in message, f"{problem!r} not in {err!r}"
    assert not re.search(rf"\bline {line + 1}\b:", message)


def assert_unchanged(store: Path, before: bytes) -> None:
    """The campaign file is byte-for-byte ``before`` and no side file holds pending writes."""
    assert not sidecars(store), f"left over: {sidecars(store)}"
    assert store.read_bytes() == before


def recorded(store: Path) -> tuple[int, list[tuple[int, str | None, int | None]]]:
    """(head, [(number, source file, source line)]) of a campaign."""
    service = RefereeService.open(str(store))
    try:
        rows = [
            (entry["number"], (entry.get("source") or {}).get("file"), (entry.get("source") or {}).get("line"))
            for entry in service.entries()
        ]
        return service.head(), rows
    finally:
        service.close()


# -- the table --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "problem"), [case[1:] for case in HAND_WRITTEN], ids=[case[0] for case in HAND_WRITTEN]
)
def test_a_malformed_first_line_is_refused_and_changes_nothing(
    fresh_campaign: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], line: bytes, problem: str
) -> None:
    store = place(fresh_campaign, tmp_path)
    code, out, err = run_apply(capsys, store, tmp_path / "orders.jsonl", line + b"\n")
    assert_refused(code, out, err, 1, problem)
    assert "recorded" not in out
    assert_unchanged(store, fresh_campaign)


@pytest.mark.parametrize(
    ("line", "problem"), [case[1:] for case in HAND_WRITTEN], ids=[case[0] for case in HAND_WRITTEN]
)
def test_a_malformed_line_after_recorded_lines_changes_nothing(
    fresh_campaign: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], line: bytes, problem: str
) -> None:
    """The valid lines were applied earlier; applying the file again with the bad line appended
    skips them, refuses the bad line by its number and writes nothing at all."""
    store = place(fresh_campaign, tmp_path)
    orders = tmp_path / "orders.jsonl"
    good = jsonl(*VALID_LINES)
    code, _out, err = run_apply(capsys, store, orders, good)
    assert code == 0, err
    before = store.read_bytes()
    code, out, err = run_apply(capsys, store, orders, good + line + b"\n" + jsonl(VALID_LINES[0]))
    assert_refused(code, out, err, len(VALID_LINES) + 1, problem)
    assert f"{len(VALID_LINES)} line(s) of orders.jsonl were already recorded" in flat(err)
    assert_unchanged(store, before)


@pytest.mark.parametrize(
    "case",
    [
        "invalid-utf8",
        "seven-on-2d6",
        "three-faces-for-2d6",
        "extra-field",
        "unknown-kind",
        "json-array",
        "deep-object",
        "very-long-line",
        "huge-amount",
    ],
)
def test_valid_lines_before_a_bad_one_are_kept_and_the_rest_is_not(
    fresh_campaign: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    line = next(bad for name, bad, _ in HAND_WRITTEN if name == case)
    store = place(fresh_campaign, tmp_path)
    # line 1 valid, 2 blank, 3 a comment, 4-6 valid, 7 bad, 8 valid
    content = (
        jsonl(VALID_LINES[0]) + b"\n# a comment line\n" + jsonl(*VALID_LINES[1:]) + line + b"\n" + jsonl(VALID_LINES[0])
    )
    code, out, err = run_apply(capsys, store, tmp_path / "orders.jsonl", content)
    assert_refused(code, out, err, 2 + len(VALID_LINES) + 1)
    assert "recorded 4 entries #2–#5" in flat(out)
    assert "entries up to #5 are kept" in flat(err)
    head, rows = recorded(store)
    assert head == 1 + len(VALID_LINES)
    assert rows == [(1, None, None)] + [
        (n, "orders.jsonl", line_no) for n, line_no in zip(range(2, 6), (1, 4, 5, 6), strict=False)
    ]
    assert not sidecars(store)


# -- generated lines --------------------------------------------------------------------------

# Any text but lone surrogates, with Rich markup ("[/x]", "[bold]") drawn often: the refusal
# quotes values back, and they must be printed, not read as markup.
CHARS = st.characters(exclude_categories=["Cs"])
TEXT = st.one_of(
    st.text(alphabet=CHARS, max_size=12),
    st.builds(
        lambda a, tag, b: a + tag + b,
        st.text(alphabet=CHARS, max_size=4),
        st.sampled_from(["[/]", "[/x]", "[bold]", "[/bold]", "[@click]", "[link=x]", "\\[", "[red"]),
        st.text(alphabet=CHARS, max_size=4),
    ),
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
)
JSON_VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4), max_leaves=15
)


def usable_line(raw: bytes) -> bool:
    """A line `apply` reads as a command: one line, not blank, not a comment."""
    if b"\n" in raw:
        return False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    text = text.rstrip("\r")
    return bool(text.strip()) and not text.lstrip().startswith("#")


RANDOM_BYTES = st.binary(min_size=1, max_size=300).filter(usable_line)

NOT_A_COMMAND = st.one_of(
    # any JSON value that is not an object
    JSON_VALUES.filter(lambda value: not isinstance(value, dict)),
    # objects whose kind is missing or unknown
    st.dictionaries(TEXT, JSON_VALUES, max_size=5).filter(lambda d: d.get("kind") not in ALL.kinds),
    st.builds(
        lambda kind, rest: {**rest, "kind": kind},
        JSON_VALUES.filter(lambda k: k not in ALL.kinds),
        st.dictionaries(TEXT, JSON_VALUES, max_size=3),
    ),
).map(lambda value: json.dumps(value).encode())

# Commands valid on a fresh campaign, with their required fields, their integer and string fields.
BASES: list[tuple[dict[str, Any], list[str], list[str], list[str]]] = [
    (CREDIT, ["side", "amount", "reason"], ["amount"], ["side", "reason"]),
    (
        {"kind": "DebitSupplyPoints", "side": "Soviet", "amount": 3, "reason": "move"},
        ["side", "amount", "reason"],
        ["amount"],
        ["side", "reason"],
    ),
    (ROLL, ["purpose", "dice", "faces", "rolled_by"], [], ["purpose", "rolled_by"]),
    ({"kind": "SetWeather", "zone": "A", "condition": "Frost"}, ["zone", "condition"], [], ["zone", "condition"]),
    ({"kind": "PayAirSupply", "side": "Axis", "fighters": 3, "others": 2}, ["side"], ["fighters", "others"], ["side"]),
    ({"kind": "SetMarker", "name": "fuzz", "value": "on"}, ["name", "value"], [], ["name", "value"]),
]


@st.composite
def broken_command(draw: st.DrawFn) -> dict[str, Any]:
    """A valid command with one change that makes it invalid whatever the values drawn."""
    base, required, ints, strings = draw(st.sampled_from(BASES))
    command = dict(base)
    fields = set(command) | {"actor", "on_behalf_of"}
    how = draw(st.sampled_from(["drop", "extra", "wrong-type", "out-of-range", "bad-dice", "kind", "empty-name"]))
    if how == "drop":
        del command[draw(st.sampled_from(required))]
    elif how == "extra":
        command[draw(TEXT.filter(lambda name: name not in fields and name != "kind"))] = draw(JSON_VALUES)
    elif how == "wrong-type":
        name = draw(st.sampled_from(sorted(set(command) - {"kind"})))
        if name in ints:
            wrong = st.one_of(st.none(), st.booleans(), st.floats(), TEXT, st.lists(st.integers(), max_size=3))
        elif name == "faces":
            wrong = st.one_of(
                st.none(), st.integers(), TEXT, st.lists(st.floats() | TEXT | st.booleans(), min_size=1, max_size=2)
            )
        elif name == "dice":
            wrong = st.one_of(st.none(), st.integers(), TEXT.filter(lambda d: d not in ("1D6", "2D6", "1D10", "D10")))
        else:
            wrong = st.one_of(
                st.none(),
                st.booleans(),
                st.integers(),
                st.floats(),
                st.lists(TEXT, max_size=2),
                st.dictionaries(TEXT, TEXT, max_size=2),
            )
        command[name] = draw(wrong)
    elif how == "out-of-range":
        if ints:
            command[draw(st.sampled_from(ints))] = draw(
                st.integers(max_value=-1)
                | st.integers(min_value=100_001)
                | st.integers(min_value=-(10**60), max_value=-1)
            )
        else:
            command["actor"] = draw(st.text(alphabet=CHARS, min_size=81, max_size=120))
    elif how == "bad-dice":
        command = dict(ROLL)
        spec = draw(st.sampled_from([("2D6", 2, 6), ("1D6", 1, 6), ("D10", 1, 10)]))
        dice, count, sides = spec
        command["dice"] = dice
        if draw(st.booleans()):  # the wrong number of faces
            size = draw(st.integers(min_value=1, max_value=10).filter(lambda n: n != count))
            command["faces"] = draw(st.lists(st.integers(1, sides), min_size=size, max_size=size))
        else:  # the right number, one of them impossible
            faces = draw(st.lists(st.integers(1, sides), min_size=count, max_size=count))
            faces[draw(st.integers(0, count - 1))] = draw(st.integers(max_value=0) | st.integers(min_value=sides + 1))
            command["faces"] = faces
    elif how == "kind":
        command["kind"] = draw(TEXT.filter(lambda k: k not in ALL.kinds))
    else:
        command[draw(st.sampled_from(strings))] = ""
    return command


BAD_LINES = st.one_of(RANDOM_BYTES, NOT_A_COMMAND, broken_command().map(lambda c: json.dumps(c).encode()))
# Lines `apply` passes over before the bad one: blank, whitespace, comments, a lone CR.
PADDING = st.lists(st.sampled_from([b"", b"   ", b"\t", b"\r", b"# a comment", b"  # indented comment"]), max_size=3)

FUZZ = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(padding=PADDING, line=BAD_LINES, ending=st.sampled_from([b"\n", b"\r\n", b""]))
def test_generated_malformed_lines_are_refused_by_number_and_change_nothing(
    fresh_campaign: bytes,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    padding: list[bytes],
    line: bytes,
    ending: bytes,
) -> None:
    store = place(fresh_campaign, tmp_path)
    content = b"".join(pad + b"\n" for pad in padding) + line + ending
    code, out, err = run_apply(capsys, store, tmp_path / "orders.jsonl", content)
    assert_refused(code, out, err, len(padding) + 1)
    assert_unchanged(store, fresh_campaign)


@FUZZ
@given(command=broken_command(), valid=st.integers(min_value=1, max_value=len(VALID_LINES)))
def test_generated_bad_commands_after_valid_lines_keep_exactly_the_lines_before(
    fresh_campaign: bytes,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: dict[str, Any],
    valid: int,
) -> None:
    store = place(fresh_campaign, tmp_path)
    content = jsonl(*VALID_LINES[:valid]) + jsonl(command) + jsonl(*VALID_LINES)
    code, out, err = run_apply(capsys, store, tmp_path / "orders.jsonl", content)
    assert_refused(code, out, err, valid + 1)
    head, rows = recorded(store)
    assert head == 1 + valid
    assert [line for _n, _f, line in rows[1:]] == list(range(1, valid + 1))
    assert not sidecars(store)


# -- real processes ---------------------------------------------------------------------------


@pytest.fixture
def real_campaign(fresh_campaign: bytes, tmp_path: Path) -> Iterator[Path]:
    """A new campaign for a real `turnledger apply` process (made once, in process: the process
    under test is the apply, and a `new` process per test cost a second each)."""
    yield place(fresh_campaign, tmp_path, "real.db")


@pytest.mark.parametrize(
    "case",
    [
        "invalid-utf8",
        "seven-on-2d6",
        "three-faces-for-2d6",
        "missing-amount",
        "deep-array",
        "very-long-garbage",
        "json-null",
    ],
)
def test_a_real_process_refuses_a_malformed_line(real_campaign: Path, tmp_path: Path, case: str) -> None:
    line, problem = next((bad, problem) for name, bad, problem in HAND_WRITTEN if name == case)
    before = real_campaign.read_bytes()
    orders = tmp_path / "orders.jsonl"
    orders.write_bytes(b"\n" + line + b"\n")
    result = run_cli("apply", str(real_campaign), str(orders))
    assert_refused(result.returncode, result.stdout, result.stderr, 2, problem)
    assert_unchanged(real_campaign, before)


def test_a_real_process_keeps_the_lines_before_the_bad_one(real_campaign: Path, tmp_path: Path) -> None:
    orders = tmp_path / "orders.jsonl"
    orders.write_bytes(
        jsonl(*VALID_LINES[:3]) + command_line(**{**ROLL, "faces": [6, 7]}) + b"\n" + jsonl(VALID_LINES[3])
    )
    result = run_cli("apply", str(real_campaign), str(orders))
    assert_refused(result.returncode, result.stdout, result.stderr, 4, "7 cannot be thrown")
    log = run_cli("log", str(real_campaign), "--json")
    assert log.returncode == 0, log.stderr
    rows = json.loads(log.stdout)
    assert [row["number"] for row in rows] == [1, 2, 3, 4]
    assert [row["kind"] for row in rows[1:]] == [command["kind"] for command in VALID_LINES[:3]]
    head, entries = recorded(real_campaign)
    assert head == 4 and [line for _n, _f, line in entries[1:]] == [1, 2, 3]
    assert run_cli("verify", str(real_campaign)).returncode == 0


# -- regressions: bugs this fuzzing found (Rich markup in refusals, over-long integers) -----------


@pytest.mark.parametrize(
    "line",
    [
        command_line(kind="[/x]"),
        command_line(kind="SetWeather", zone="[/]", condition="Mud"),
        command_line(**{**CREDIT, "amount": "[/bold]"}),
    ],
    ids=["in-the-kind", "in-a-refused-value", "in-a-wrongly-typed-value"],
)
def test_markup_in_a_refused_line_is_shown_not_crashed(real_campaign: Path, tmp_path: Path, line: bytes) -> None:
    """Text from the line that looks like Rich markup ("[/x]") must be printed, not interpreted."""
    before = real_campaign.read_bytes()
    orders = tmp_path / "orders.jsonl"
    orders.write_bytes(line + b"\n")
    result = run_cli("apply", str(real_campaign), str(orders))
    assert_refused(result.returncode, result.stdout, result.stderr, 1)
    assert "[/" in result.stderr  # the offending text is quoted back as it is
    assert_unchanged(real_campaign, before)


def test_an_integer_too_long_to_convert_is_refused_by_line(real_campaign: Path, tmp_path: Path) -> None:
    """JSON integers longer than Python's int conversion limit (4300 digits) are malformed input too."""
    before = real_campaign.read_bytes()
    orders = tmp_path / "orders.jsonl"
    orders.write_bytes(jsonl(VALID_LINES[0]).replace(b'"amount": 7', b'"amount": ' + b"9" * 5000))
    result = run_cli("apply", str(real_campaign), str(orders))
    assert_refused(result.returncode, result.stdout, result.stderr, 1)
    assert_unchanged(real_campaign, before)


def test_a_file_saved_with_a_byte_order_mark_applies(
    fresh_campaign: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Some editors start UTF-8 files with a byte-order mark: it is not part of the first command."""
    store = place(fresh_campaign, tmp_path)
    code, _out, err = run_apply(capsys, store, tmp_path / "orders.jsonl", b"\xef\xbb\xbf" + jsonl(*VALID_LINES))
    assert code == 0, err
    assert recorded(store)[0] == 1 + len(VALID_LINES)


def test_an_empty_file_is_refused_by_name(
    fresh_campaign: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = place(fresh_campaign, tmp_path)
    for content in (b"", b"\n\n", b"# only a comment\n"):
        code, _out, err = run_apply(capsys, store, tmp_path / "orders.jsonl", content)
        assert code == 1 and "orders.jsonl holds no commands" in flat(err)
        assert_unchanged(store, fresh_campaign)
