"""Canonical JSON and the hash chain.

DESIGN.md fixes the canonical form as Python's standard ``json.dumps`` with sorted keys,
compact separators and ``ensure_ascii=False``, UTF-8 encoded, so that anyone can recompute a
hash with the standard library alone: `canonical_bytes` and `canonical_text` are that
definition, and every entry is sealed with them.

Reading a long record re-encodes nothing it need not (issue 17: re-encoding each entry for its
hash was a quarter of an import's time): `read_canonical` decodes with orjson and compares the
text with orjson's sorted encoding of what it read, and `entry_hash_of_text` hashes a canonical
text with its hash member cut out instead of encoding the entry again. orjson's
bytes equal the standard library's except for some floats (a negative exponent, or a small
number orjson writes in full), so any text holding such a number is checked by the standard
library instead (tests/ledger/test_canonical_fast.py compares the two on every golden export and
on generated values); and a fast comparison that fails is always retried with the standard
library, so orjson can make a check faster, never decide one differently.

`read_entry_text` is how the book reads an entry it is asked to judge (import, verify): the one
definition of a valid entry is ledger/entry_line.py (standard library only, shared with the
standalone verifier); orjson decides here only the texts it reads back byte for byte, which that
definition accepts too (orjson refuses NaN, Infinity and lone surrogates, a key given twice or a
number written another way does not give the text back), and everything else is judged there.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import orjson

from ledger import entry_line

GENESIS_HASH = "0" * 64
"""The 'previous hash' of entry #1: there is nothing before it."""

_OTHER_FLOATS = re.compile(rb"0\.0000[0-9]|[0-9][eE]-")
"""Where orjson's float text can differ from the standard library's: ``1e-07`` (orjson: ``1e-7``)
and ``9e-05`` (orjson: ``0.00009``). Strings that merely look like these send the check the slow,
exact way; nothing else differs (tests/ledger/test_canonical_fast.py)."""


def _may_differ(encoded: bytes) -> bool:
    """Whether orjson's ``encoded`` may hold a float the standard library writes otherwise (the
    substring tests first: a regular expression over every text costs as much as encoding it)."""
    suspect = b".0000" in encoded or b"e-" in encoded or b"E-" in encoded
    return suspect and _OTHER_FLOATS.search(encoded) is not None


def canonical_bytes(obj: Any) -> bytes:
    """Return the canonical UTF-8 JSON encoding of ``obj`` (plain JSON types only)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def entry_hash(prev_hash: str, content: dict[str, Any]) -> str:
    """Return ``sha256(prev_hash + canonical(content))`` as hex.

    Args:
        prev_hash: hex hash of the previous entry (``GENESIS_HASH`` for #1).
        content: the entry without its own ``hash`` field.
    """
    digest = hashlib.sha256()
    digest.update(prev_hash.encode("ascii"))
    digest.update(canonical_bytes(content))
    return digest.hexdigest()


def canonical_text(obj: Any) -> str:
    """The canonical JSON of ``obj`` as text (what an export line holds)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def read_canonical(text: str) -> tuple[Any, bool]:
    """``json.loads(text)``, and whether ``text`` is exactly that value's canonical JSON.

    orjson reads and re-encodes the text; when its sorted encoding gives the text back byte for
    byte (and holds no float it writes otherwise), the value is exact: an integer beyond 64 bits,
    which orjson reads as a float, or NaN, which it refuses, would not give the text back. Any
    other text is read and judged by the standard library.
    """
    value = _exact(text)
    if value is not None:
        return value, True
    value = json.loads(text)
    return value, canonical_text(value) == text


def _exact(text: str) -> Any:
    """orjson's reading of ``text`` when its sorted encoding gives the text back byte for byte
    (and holds no float the standard library writes otherwise), else None."""
    try:
        value = orjson.loads(text)
        again = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        same = again == text.encode("utf-8")
    except (orjson.JSONDecodeError, orjson.JSONEncodeError, TypeError, UnicodeEncodeError):
        return None
    return value if same and not _may_differ(again) else None


def read_entry_text(text: str) -> dict[str, Any]:
    """The entry ``text`` holds, judged by ledger/entry_line.py (canonical, read one way, exactly
    the entry's keys and types, at most `entry_line.MAX_DEPTH` deep); orjson reads the common case.

    Raises:
        entry_line.LineError: what is wrong with the text (without its place).
    """
    return read_entry_fast(text)[0]


def read_entry_fast(text: str) -> tuple[dict[str, Any], bool]:
    """`read_entry_text`, and whether orjson read it (False: the standard library had to, and
    only it reads the text exactly: an integer beyond 64 bits, a float orjson writes otherwise)."""
    entry_line.check_size(text)
    value = _exact(text)
    if value is None:  # judged slowly, and the fault named
        return entry_line.read_entry(text), False
    if text.count("[") + text.count("{") > entry_line.MAX_DEPTH:
        entry_line.check_depth(value)
    return entry_line.check_entry(value), True


def read_json(text: str) -> Any:
    """``json.loads(text)``, faster for the canonical texts a store holds (`read_canonical`)."""
    return read_canonical(text)[0]


def entry_hash_of_text(text: str, entry: dict[str, Any]) -> str | None:
    """The hash of ``entry`` computed from ``text``, its canonical JSON, without encoding it again:
    the canonical content is the text without its top-level hash member (keys are sorted, so that
    member sits just before ``"number"``). None when that member cannot be found exactly once;
    then the caller encodes the content (`entry_hash`).

    A text that is not canonical gives a hash its entry does not carry, never a false match for
    an honest record; `ledger.verify` checks canonical form itself (`read_canonical`).
    """
    claimed, number, prev = entry.get("hash"), entry.get("number"), entry.get("prev_hash")
    if not isinstance(claimed, str) or type(number) is not int or not isinstance(prev, str) or not prev.isascii():
        return None
    member = f',"hash":"{claimed}"'
    marker = f'{member},"number":{number},"on_behalf_of":'
    at = text.find(marker)
    if at < 0 or text.find(marker, at + 1) >= 0:
        return None
    digest = hashlib.sha256(prev.encode("ascii"))
    try:
        digest.update(text[:at].encode("utf-8"))
        digest.update(text[at + len(member) :].encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate: the standard library's encoding refuses it too
        return None
    return digest.hexdigest()
