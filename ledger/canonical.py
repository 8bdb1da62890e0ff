"""Canonical JSON and the hash chain.

DESIGN.md fixes the canonical form as Python's standard ``json.dumps`` with sorted keys,
compact separators and ``ensure_ascii=False``, UTF-8 encoded, so that anyone can recompute a
hash with the standard library alone. Only the standard library is imported here for that reason.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS_HASH = "0" * 64
"""The 'previous hash' of entry #1: there is nothing before it."""


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
