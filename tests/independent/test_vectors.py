"""The test vectors of docs/verifying.md, recomputed by the independent verifier (written from the page alone).

Besides the vectors: the page's float table, its one-way reading examples, and the golden exports
(each verifies, and a rehashed copy with one die changed does not).
"""

from __future__ import annotations

import json
import random
import sqlite3
import struct
from pathlib import Path
from typing import Any

import pytest

from tests.independent.verifier import (
    GENESIS,
    LineError,
    canonical_json,
    command_digest,
    commitment,
    entry_hash,
    float_form,
    read_one_way,
    roll_block,
    roll_faces,
    roll_message,
    verify_export,
    verify_store,
)

EXPORTS = Path(__file__).resolve().parent.parent / "data" / "exports"
SEED = bytes([0x11]) * 32
CAMPAIGN = "00000000-0000-4000-8000-000000000e01"
WITNESS = {"by": "Ivan", "word": "owl"}
COMMAND = {
    "kind": "RecordRoll",
    "purpose": "weather",
    "dice": "2D6",
    "faces": "digital",
    "rolled_by": "referee",
    "witness_word": {"by": "Ivan", "word": "owl"},
    "v": 1,
}


def test_canonical_json_vector() -> None:
    """Canonical JSON of {"b": 1, "a": "Höhe", "c": [1, {"z": null, "y": true}]}."""
    encoded = canonical_json({"b": 1, "a": "Höhe", "c": [1, {"z": None, "y": True}]})
    assert encoded == '{"a":"Höhe","b":1,"c":[1,{"y":true,"z":null}]}'.encode()
    assert encoded.hex() == (
        "7b2261223a2248c3b66865222c2262223a312c2263223a5b312c7b2279223a747275652c227a223a6e756c6c7d5d7d"
    )


def _entry_one() -> dict[str, Any]:
    return {
        "number": 1,
        "recorded_at": "2026-11-25T00:00:00+00:00",
        "actor": "referee",
        "on_behalf_of": None,
        "at": "Jun II 1941",
        "command": {"kind": "AdvancePhase"},
        "rolls": [],
        "ruling": {"summary": "now Jun II 1941, Axis Air", "steps": []},
        "events": [],
        "source": None,
        "prev_hash": GENESIS,
    }


def test_entry_hash_vector() -> None:
    """Entry #1 of the page hashes to 1c3d5af9…; the line-cut shortcut gives the same bytes."""
    entry = _entry_one()
    assert entry_hash(entry) == "1c3d5af98b551040aa22d94df1ca1be7ec24368c158166a3bb69f1f027b2e030"
    entry["hash"] = entry_hash(entry)
    line = canonical_json(entry)
    cut = line.replace(b',"hash":"' + entry["hash"].encode() + b'"', b"")
    assert b'"events":[],"number":1' in cut
    assert cut == canonical_json({k: v for k, v in entry.items() if k != "hash"})


def test_entry_vector_as_an_export(tmp_path: Path) -> None:
    """The vector entry, written as a one-entry export, verifies (head noted by prefix)."""
    entry = _entry_one()
    entry["command"] = {"kind": "CreateCampaign"}
    entry["events"] = [{"type": "CampaignOpened", "campaign_id": CAMPAIGN, "v": 1}]
    entry["hash"] = entry_hash(entry)
    header = {
        "format": "turnledger-jsonl",
        "version": 1,
        "campaign_id": CAMPAIGN,
        "name": "vector",
        "entries": 1,
        "head_hash": entry["hash"],
    }
    path = tmp_path / "one.jsonl"
    path.write_bytes(canonical_json(header) + b"\n" + canonical_json(entry) + b"\n")
    verdict = verify_export(path, head=entry["hash"][:8])
    assert verdict.ok, verdict.problems
    assert not verify_export(path, head="0123abcd").ok


def test_commitment_vectors() -> None:
    """SHA-256 of the 32 seed bytes (not of their hex)."""
    assert commitment(SEED) == "02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc"
    assert commitment(bytes(32)) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"


def _message(dice: str) -> dict[str, Any]:
    return roll_message(
        scheme=2,
        campaign=CAMPAIGN,
        period=7,
        n=3,
        entry=12,
        command=command_digest(COMMAND),
        purpose="weather",
        dice=dice,
        witness=WITNESS,
        player_seeds={"Ivan": "snow"},
    )


def test_roll_command_digest_vector() -> None:
    """The digest of entry #12's command, its v included."""
    assert command_digest(COMMAND) == "35ace95a4f18194e85bfcc06e92e1bdc23e86edc9c085fbb2e8d8ec81d2be569"


def test_roll_message_vector() -> None:
    """Roll 7.3's block-0 message, byte for byte."""
    assert canonical_json({**_message("2D6"), "block": 0}) == (
        b'{"block":0,"campaign":"00000000-0000-4000-8000-000000000e01",'
        b'"command":"35ace95a4f18194e85bfcc06e92e1bdc23e86edc9c085fbb2e8d8ec81d2be569","dice":"2D6","entry":12,'
        b'"n":3,"period":7,"player_seeds":{"Ivan":"snow"},"purpose":"weather","scheme":2,'
        b'"witness":{"by":"Ivan","word":"owl"}}'
    )


def test_roll_2d6_vector() -> None:
    """Roll 7.3 as 2D6: HMAC e753d7ea…, faces [4, 6]."""
    message = _message("2D6")
    assert roll_block(SEED, message, 0).hex() == "e753d7eaad7a45ad65c2e3acac9b9f06b11a480b18a61036272ff521b8207f37"
    assert roll_faces(SEED, message, "2D6") == [4, 6]


def test_roll_1d10_vector() -> None:
    """Roll 7.3 as 1D10: HMAC f9db5eae…, faces [10] (0xf9 = 249 is below 250)."""
    message = _message("1D10")
    assert roll_block(SEED, message, 0).hex() == "f9db5eae1a2de350b3ac6d0d868109aeb66d0ffc42ea1aec19870699f51356fd"
    assert roll_faces(SEED, message, "1D10") == [10]


FLOATS = [
    ("4018000000000000", "6.0"),
    ("3ff8000000000000", "1.5"),
    ("3fb999999999999a", "0.1"),
    ("3fd3333333333334", "0.30000000000000004"),
    ("4059000000000000", "100.0"),
    ("3f1a36e2eb1c432d", "0.0001"),
    ("3ee4f8b588e368f1", "1e-05"),
    ("43118b54f22aeb00", "1234567890123456.0"),
    ("4341c37937e08000", "1e+16"),
    ("4345ee2a2eb5a5c4", "1.2345678901234568e+16"),
    ("7e41eb2d66005835", "1.5e+300"),
    ("0000000000000001", "5e-324"),
    ("7fefffffffffffff", "1.7976931348623157e+308"),
    ("8000000000000000", "-0.0"),
    ("be90c6f7a0b5ed8d", "-2.5e-07"),
    ("419d6f34547df3b6", "123456789.123"),
]


@pytest.mark.parametrize(("bits", "written"), FLOATS)
def test_float_table(bits: str, written: str) -> None:
    """Each row of the page's float table, from the IEEE 754 bits."""
    (value,) = struct.unpack(">d", bytes.fromhex(bits))
    assert float_form(value) == written
    assert canonical_json([value]) == f"[{written}]".encode()


def test_float_form_agrees_with_python() -> None:
    """The page's float rule, written out, agrees with repr on random doubles (the page's own claim)."""
    rng = random.Random(26)
    for _ in range(400):
        (value,) = struct.unpack(">d", rng.getrandbits(64).to_bytes(8, "big"))
        if value == value and abs(value) != float("inf"):
            assert float_form(value) == repr(value)


def test_canonical_agrees_with_json_dumps_on_strings() -> None:
    """The page's string rule (controls, quote, backslash; DEL and U+2028 as themselves) is json.dumps'."""
    text = "".join(chr(c) for c in range(0x40)) + "\x7f\u2028ü😀\\"
    assert canonical_json(text) == json.dumps(text, ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "text",
    [
        '{"kind":"AdvancePhase","kind":"Rollback"}',
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":-Infinity}',
        '{"a":1e999}',
        '{"a":"\\ud800"}',
        '{"\\udc00":1}',
        "[" * 101 + "]" * 101,
        '{"a":' + "1" * 4301 + "}",
    ],
)
def test_one_way_refusals(text: str) -> None:
    """The page's one-way reading rules refuse each of these."""
    with pytest.raises(LineError):
        read_one_way(text)


def test_one_way_limits_accepted() -> None:
    """100 deep, 4,300 digits and a surrogate pair are fine."""
    read_one_way("[" * 100 + "]" * 100)
    read_one_way('{"a":-' + "9" * 4300 + "}")
    assert read_one_way('"\\ud83d\\ude00"') == "😀"


@pytest.mark.parametrize("name", sorted(p.name for p in EXPORTS.glob("*.jsonl")))
def test_golden_export_verifies(name: str) -> None:
    """Every golden export verifies."""
    verdict = verify_export(EXPORTS / name)
    assert verdict.ok, verdict.problems


def test_golden_findings() -> None:
    """The open periods the page's rule 4 names in the golden exports."""
    verdict = verify_export(EXPORTS / "europa-barbarossa-0.1.0.jsonl")
    assert [f.split(" (")[0] for f in verdict.findings] == ["period 162 not yet revealed"]


def test_tampered_die_is_caught(tmp_path: Path) -> None:
    """A rehashed copy with one digital die changed passes the chain but not the dice (scheme 2)."""
    lines = (EXPORTS / "reich-1941-0.3.0.jsonl").read_bytes().split(b"\n")[:-1]
    header, entries = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    roll = entries[93]["rolls"][0]
    assert (roll["period"], roll["n"], roll["faces"]) == (86, 1, [1, 5])
    roll["faces"], roll["total"] = [2, 5], 7
    prev = GENESIS
    for entry in entries:
        entry["prev_hash"] = prev
        entry["hash"] = prev = entry_hash(entry)
    header["head_hash"] = prev
    out = tmp_path / "tampered.jsonl"
    out.write_bytes(b"".join(canonical_json(v) + b"\n" for v in [header, *entries]))
    verdict = verify_export(out)
    assert verdict.problems == ["line 95 (entry #94): roll 86.1 2D6 faces [2, 5] are not the dice's [1, 5]"]


def _rehashed(entries: list[dict[str, Any]], header: dict[str, Any]) -> bytes:
    prev = GENESIS
    for entry in entries:
        entry["prev_hash"] = prev
        entry["hash"] = prev = entry_hash(entry)
    header["head_hash"], header["entries"] = prev, len(entries)
    return b"".join(canonical_json(v) + b"\n" for v in [header, *entries])


def test_deleted_entry_rehashed_breaks_rule_1(tmp_path: Path) -> None:
    """Rule 1: after a deleted entry, renumbered and rehashed, the commitments no longer stand at their periods."""
    lines = (EXPORTS / "europa-barbarossa-0.1.0.jsonl").read_bytes().split(b"\n")[:-1]
    header, entries = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    del entries[99]
    for number, entry in enumerate(entries, start=1):
        entry["number"] = number
    out = tmp_path / "cut.jsonl"
    out.write_bytes(_rehashed(entries, header))
    assert verify_export(out).problems == [
        "line 139 (entry #138): DiceCommitted of period 139 stands in entry #138, not #139",
        "line 162 (entry #161): DiceCommitted of period 162 stands in entry #161, not #162",
    ]


def test_unrevealed_period_is_abandoned(tmp_path: Path) -> None:
    """Rule 4: a period without a reveal that is not the open one is abandoned, with its rolls listed."""
    lines = (EXPORTS / "europa-barbarossa-0.1.0.jsonl").read_bytes().split(b"\n")[:-1]
    header, entries = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    for entry in entries:
        entry["events"] = [e for e in entry["events"] if e["type"] != "DiceSeedRevealed"]
    out = tmp_path / "unrevealed.jsonl"
    out.write_bytes(_rehashed(entries, header))
    verdict = verify_export(out)
    assert verdict.ok, verdict.problems
    assert verdict.findings[0].startswith("period 139 abandoned")
    assert "entry #147 roll 139.1 1D6 [2]" in verdict.findings[0]
    assert "entry #151 roll 139.2 2D6 [1, 6]" in verdict.findings[0]


def test_golden_store_verifies_and_a_changed_byte_does_not(tmp_path: Path) -> None:
    """The golden 0.1.0 store (format 1) verifies; one space added to a row's state is named."""
    golden = EXPORTS / "europa-barbarossa-0.1.0.db"
    verdict = verify_store(golden)
    assert verdict.ok, verdict.problems
    copy = tmp_path / "store.db"
    copy.write_bytes(golden.read_bytes())
    with sqlite3.connect(copy) as connection:
        (state,) = connection.execute("SELECT state FROM stored_events WHERE originator_version = 5").fetchone()
        changed = state.replace(b'"entry_json":', b'"entry_json": ')
        connection.execute("UPDATE stored_events SET state = ? WHERE originator_version = 5", (changed,))
    connection.close()
    assert verify_store(copy).problems == [
        "entry #5: state is not exactly the row the page gives (timestamp, entry_json)"
    ]
