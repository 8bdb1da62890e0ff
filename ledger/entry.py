"""The entry: one accepted command, the unit of record, replay, undo and audit.

An entry holds the command as given, every die roll, the ruling with its derivation, the
domain events it caused and a hash chained to the previous entry. Its stored form is plain
JSON so that the standalone verifier needs nothing but the standard library.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ledger.canonical import entry_hash, entry_hash_of_text
from ledger.entry_line import ENTRY_KEYS


class Draft(BaseModel):
    """What the service hands the book: an entry without number, time or hash."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    actor: str
    on_behalf_of: str | None = None
    command: dict[str, Any]
    rolls: list[dict[str, Any]] = Field(default_factory=list)
    ruling: dict[str, Any] = Field(default_factory=dict)
    events: list[dict[str, Any]]
    source: dict[str, Any] | None = None


ENTRY_FIELDS = tuple(key for key in ENTRY_KEYS if key != "hash")
"""The hashed fields of an entry, in documentation order; ``hash`` covers all of them."""


def seal(draft: Draft, *, number: int, recorded_at: str, at: str, prev_hash: str) -> dict[str, Any]:
    """Turn a draft into the entry dict that is stored, with its chained hash.

    Args:
        draft: the command, rolls, ruling and events.
        number: the entry's sequence number (#1 is the campaign's creation).
        recorded_at: ISO 8601 UTC time the service accepted the command.
        at: calendar position label when the command was entered (for the log).
        prev_hash: hash of entry ``number - 1``.
    """
    content: dict[str, Any] = {
        "number": number,
        "recorded_at": recorded_at,
        "actor": draft.actor,
        "on_behalf_of": draft.on_behalf_of,
        "at": at,
        "command": draft.command,
        "rolls": draft.rolls,
        "ruling": draft.ruling,
        "events": draft.events,
        "source": draft.source,
        "prev_hash": prev_hash,
    }
    content["hash"] = entry_hash(prev_hash, content)
    return content


def content_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The hashed part of a stored entry (everything but ``hash``)."""
    return {key: value for key, value in entry.items() if key != "hash"}


def recompute_hash(entry: dict[str, Any]) -> str:
    """The hash the entry should carry, given its own ``prev_hash`` and content."""
    return entry_hash(str(entry.get("prev_hash", "")), content_of(entry))


def hash_holds(entry: dict[str, Any], text: str) -> bool:
    """True when ``entry`` (decoded from its stored ``text``) matches its own hash: computed from
    the text when the text is canonical, else by encoding the entry (`recompute_hash`)."""
    claimed = entry.get("hash")
    if entry_hash_of_text(text, entry) == claimed:
        return True
    return recompute_hash(entry) == claimed
