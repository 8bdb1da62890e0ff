"""The fast chain check at open (ledger/chain_scan.py) vouches for exactly the sealed texts."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.canonical import GENESIS_HASH, canonical_text
from ledger.chain_scan import carried_hash, scan, sealed_hash
from ledger.entry import Draft, seal


def _entries(count: int) -> list[tuple[dict[str, object], str]]:
    prev, out = GENESIS_HASH, []
    for number in range(1, count + 1):
        draft = Draft(actor="referee", command={"kind": "Add", "text": f"note {number} Höhe"}, events=[])
        entry = seal(draft, number=number, recorded_at="2026-11-27T00:00:00+00:00", at="Jun I 1941", prev_hash=prev)
        prev = str(entry["hash"])
        out.append((entry, canonical_text(entry)))
    return out


def _row(text: str) -> bytes:
    return json.dumps({"timestamp": {"_type_": "datetime_iso", "_data_": "x"}, "entry_json": text}).encode()


def test_an_honest_chain_is_vouched_for_to_its_last_entry() -> None:
    entries = _entries(5)
    found = scan(((n, _row(text)) for n, (_e, text) in enumerate(entries, 1)), after=0, prev=GENESIS_HASH)
    assert (found.last, found.last_hash, found.stopped_at) == (5, entries[-1][0]["hash"], None)
    assert [carried_hash(text, n) for n, (_e, text) in enumerate(entries, 1)] == [e["hash"] for e, _t in entries]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_changed_byte_of_a_sealed_text_is_not_vouched_for(data: st.DataObject) -> None:
    entry, text = _entries(1)[0]
    at = data.draw(st.integers(0, len(text) - 1))
    replacement = data.draw(st.characters(codec="utf-8").filter(lambda ch: ch != text[at]))
    changed = text[:at] + replacement + text[at + 1 :]
    assert sealed_hash(changed, 1, GENESIS_HASH) is None
    assert sealed_hash(text, 1, GENESIS_HASH) == entry["hash"]


def test_a_second_hash_member_planted_to_be_cut_instead_is_not_judged_here() -> None:
    """A text with the marker twice is ambiguous: the caller checks it the full way."""
    entry, text = _entries(1)[0]
    planted = text.replace(
        '"command":{', f'"command":{{"x":{{"hash":"{entry["hash"]}","number":1,"on_behalf_of":0}},', 1
    )
    assert sealed_hash(planted, 1, GENESIS_HASH) is None


def test_a_row_out_of_place_stops_the_scan_where_it_is_missing() -> None:
    entries = _entries(4)
    rows = [(n, _row(text)) for n, (_e, text) in enumerate(entries, 1) if n != 3]
    found = scan(rows, after=0, prev=GENESIS_HASH)
    assert (found.last, found.stopped_at) == (2, 3)
