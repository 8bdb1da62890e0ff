"""The fast readings of ledger/canonical.py decide exactly as the standard library would.

The canonical form is the standard library's (DESIGN.md); orjson only makes reading and checking
faster. These tests hold the two to the same bytes and values on every golden export and on
generated values, including the floats orjson writes otherwise and texts that are not canonical.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.canonical import GENESIS_HASH, canonical_text, entry_hash, entry_hash_of_text, read_canonical, read_json
from ledger.entry import Draft, hash_holds, recompute_hash, seal

EXPORTS = sorted((Path(__file__).resolve().parents[1] / "data" / "exports").glob("*.jsonl"))

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


def ordered(value: Any) -> str:
    """A value's JSON with its keys in their own order (so that key order is compared too)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=True)


@pytest.mark.parametrize("export", EXPORTS, ids=lambda path: path.name)
def test_every_golden_line_reads_checks_and_hashes_as_the_standard_library_does(export: Path) -> None:
    lines = export.read_text(encoding="utf-8").splitlines()[1:]
    assert lines
    for line in lines:
        (fast, canonical), reference = read_canonical(line), json.loads(line)
        assert ordered(fast) == ordered(reference)
        assert canonical
        assert canonical_text(reference) == line
        assert entry_hash_of_text(line, fast) == recompute_hash(reference) == fast["hash"]


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_generated_values_are_read_and_judged_canonical_exactly_as_the_standard_library_does(value: Any) -> None:
    text = canonical_text(value)
    read, canonical = read_canonical(text)
    assert ordered(read) == ordered(json.loads(text))
    assert canonical
    spaced = json.dumps(value, sort_keys=True, ensure_ascii=False)
    read, canonical = read_canonical(spaced)
    assert ordered(read) == ordered(json.loads(spaced))
    assert canonical == (spaced == text)


@pytest.mark.parametrize(
    "number", [1e-7, -5.5e-08, 9e-05, 0.0001, 1e-4, 1e16, 1.5e300, 5e-324, 1e22, 123456789.123, -0.0, 2.5]
)
def test_floats_orjson_writes_otherwise_are_judged_by_the_standard_library(number: float) -> None:
    text = canonical_text({"a": [number]})
    assert read_canonical(text) == ({"a": [number]}, True)
    orjson_form = text.replace("e-0", "e-").replace("9e-5", "0.00009")
    if orjson_form != text:  # as orjson would write it: read exactly, and not canonical
        assert read_canonical(orjson_form) == ({"a": [number]}, False)


def test_nan_and_huge_integers_are_read_by_the_standard_library() -> None:
    value, canonical = read_canonical('{"x":NaN}')
    assert math.isnan(value["x"]) and canonical
    big = 2**64
    assert read_canonical(f'{{"x":{big}}}') == ({"x": big}, True)  # orjson alone would give a float
    assert type(read_json(f'{{"x":{-big}}}')["x"]) is int


def _sealed(command: dict[str, Any], events: list[dict[str, Any]]) -> tuple[dict[str, Any], str]:
    draft = Draft(actor="referee", command=command, events=events)
    entry = seal(draft, number=7, recorded_at="1941-06-22T03:15:00+00:00", at="Jun II 41", prev_hash=GENESIS_HASH)
    return entry, canonical_text(entry)


def test_the_hash_from_the_text_is_the_hash_of_the_content_even_with_hash_keys_inside() -> None:
    entry, text = _sealed(
        {"kind": "CommitDice", "hash": "ab" * 32, "number": 7},
        [{"type": "Committed", "hash": "cd" * 32, "number": 7, "on_behalf_of": None}],
    )
    expected = entry_hash(GENESIS_HASH, {k: v for k, v in entry.items() if k != "hash"})
    assert entry_hash_of_text(text, entry) == expected == entry["hash"]
    assert hash_holds(entry, text)


def test_an_altered_text_does_not_hash_to_its_entry_and_an_ambiguous_one_is_left_to_the_encoder() -> None:
    entry, text = _sealed({"kind": "Annotate", "text": "checked"}, [])
    altered = text.replace("checked", "chequed")
    assert entry_hash_of_text(altered, read_json(altered)) != entry["hash"]
    assert not hash_holds(read_json(altered), altered)
    member = f',"hash":"{entry["hash"]}","number":7,"on_behalf_of":'
    quoted, quoted_text = _sealed({"kind": "Annotate", "text": member, "n": {"hash": "x", "number": 7}}, [])
    assert entry_hash_of_text(text + member, entry) is None  # the marker twice: not decided from the text
    assert hash_holds(quoted, quoted_text)


def test_a_spaced_text_is_not_canonical_but_its_entry_still_holds_its_hash() -> None:
    entry, text = _sealed({"kind": "Annotate", "text": "é 😀 \u2028 \x7f"}, [])
    spaced = json.dumps(entry, sort_keys=True, ensure_ascii=False, indent=1)
    assert read_canonical(text) == (entry, True) and read_canonical(spaced) == (entry, False)
    assert hash_holds(read_json(spaced), spaced)  # decided by encoding the entry, not from the text


def test_an_export_line_spaced_by_hand_is_refused_by_name_and_nothing_is_written(tmp_path: Path) -> None:
    """A line an editor re-spaced still holds its hash (the hash is of the content), and import used
    to store it re-encoded; both verifiers refuse such a line, so import now refuses it too, naming
    the line and the first place it differs (issue 26: one definition of a valid line,
    ledger/entry_line.py; the promise to re-encode a hand-spaced line is withdrawn)."""
    from ledger.errors import MalformedRecordError
    from ledger.exchange import import_jsonl

    golden = next(path for path in EXPORTS if path.name.startswith("europa-barbarossa"))
    lines = golden.read_text(encoding="utf-8").splitlines()
    spaced = json.dumps(json.loads(lines[3]), ensure_ascii=False, indent=2).replace("\n", " ")
    assert spaced != lines[3] and hash_holds(read_json(spaced), spaced)
    edited = tmp_path / "spaced.jsonl"
    edited.write_text("\n".join([*lines[:3], spaced, *lines[4:]]) + "\n", encoding="utf-8")
    with pytest.raises(MalformedRecordError, match=r"spaced.jsonl, line 4: not written in canonical form"):
        import_jsonl(str(edited), str(tmp_path / "copy.db"))
    assert list(tmp_path.iterdir()) == [edited]
