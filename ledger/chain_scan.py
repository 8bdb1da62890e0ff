"""The whole chain checked fast: every stored entry text hashed and linked, nothing decoded.

Opening a campaign must notice an entry edited, deleted or swapped anywhere in the record, not
only after this machine's checkpoint: a state read starts from the newest cached state, so an
entry behind it is never read again, and an edit there would otherwise pass unseen (issue 26).
Only reading the bytes can tell, so the open reads them all, as cheaply as it can: for each row,
the entry text is taken from the stored row, its hash member is found by its fixed neighbours
(keys are sorted: ``,"hash":"…","number":N,"on_behalf_of":``), and the SHA-256 of the previous
hash and the text without that member must equal the hash the text carries, which the next
entry's text (covered by its own hash) must name as its previous hash, up to the last entry.

Why this is exact: each text is hashed whole but for the one member cut out, so a text that
passes is the text that was sealed, byte for byte (a second member placed to be cut instead
would make the marker ambiguous, which sends the row to the full check). Anything that does not
fit the fast path (a text of an older shape, an ambiguous marker) is not judged here: the
caller checks the record the full way from that entry (`LedgerStore.entries`), which names
what is wrong in the referee's words.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

import orjson

_HASH_MEMBER = b',"hash":"'
_HEX = frozenset(b"0123456789abcdef")


@dataclass
class ScanResult:
    """How far the fast scan got: the last entry it vouches for, and where it stopped."""

    last: int
    """The number of the last entry found sound (0: none)."""
    last_hash: str
    stopped_at: int | None = None
    """The first entry the fast path could not vouch for (None: every row read was sound)."""


def entry_text_of_row(state: bytes) -> str | None:
    """The entry's stored text inside a stored row (ledger/book.py BookMapper), or None when the
    row is not of the plain entry shape."""
    try:
        data = orjson.loads(state)
    except orjson.JSONDecodeError:
        return None
    text = data.get("entry_json") if type(data) is dict else None
    return text if type(text) is str else None


def sealed_hash(text: str, number: int, prev: str) -> str | None:
    """The hash ``text`` (entry #number's canonical JSON, following ``prev``) carries, when it
    recomputes from the text; None when it does not, or the text is not of the plain shape."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: never in a sealed text
        return None
    marker = b'","number":%d,"on_behalf_of":' % number
    at = data.find(marker)
    member_start = at - 64 - len(_HASH_MEMBER)
    if member_start < 0 or data.find(marker, at + 1) >= 0:
        return None
    claimed = data[at - 64 : at]
    if data[member_start : at - 64] != _HASH_MEMBER or not _HEX.issuperset(claimed):
        return None
    if data.find(b'"prev_hash":"%s","recorded_at":' % prev.encode("ascii"), at) < 0:
        return None
    view = memoryview(data)
    digest = hashlib.sha256(prev.encode("ascii"))
    digest.update(view[:member_start])
    digest.update(view[at + 1 :])
    sealed = digest.hexdigest()
    return sealed if sealed.encode("ascii") == claimed else None


def scan(rows: Iterable[tuple[int, bytes]], *, after: int, prev: str) -> ScanResult:
    """Check stored rows ``(number, state)`` in order, from entry ``after + 1`` following ``prev``.

    Stops at the first row that is out of place or does not recompute on the fast path.
    """
    result = ScanResult(last=after, last_hash=prev)
    expected = after + 1
    for number, state in rows:
        if number != expected:
            result.stopped_at = expected
            return result
        text = entry_text_of_row(state)
        sealed = sealed_hash(text, number, result.last_hash) if text is not None else None
        if sealed is None:
            result.stopped_at = number
            return result
        result.last, result.last_hash = number, sealed
        expected += 1
    return result


def carried_hash(text: str, number: int) -> str | None:
    """The hash entry #number's canonical ``text`` carries (found by its neighbours, not checked),
    or None when the text is not of the plain shape."""
    marker = f'","number":{number},"on_behalf_of":'
    at = text.find(marker)
    if at < 64 or text.find(marker, at + 1) >= 0 or text[at - 64 - 9 : at - 64] != ',"hash":"':
        return None
    return text[at - 64 : at]
