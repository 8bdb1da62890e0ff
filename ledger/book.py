"""The eventsourcing aggregate that holds a campaign's entries, and its cached-state transcoding.

One `CampaignBook` per campaign store; its version is the entry number (#1 opens it). Each
stored event carries one whole entry as its canonical JSON text, so one entry is exactly one
stored row written in one transaction, and ``repository.get(id, version=N)`` is the state as of
entry #N, rebuilt from the nearest library snapshot. The event's library timestamp is the
entry's ``recorded_at``, so that every byte of a stored row is covered by verification.

The book folds entries with the game's `Fold` (ledger.folding); it checks only what is the
book's: each entry follows the one before (number and previous hash).

Snapshots are caches, never the truth: each carries the fold's name and state version, the
chain position it reflects and a digest of its content; a snapshot whose digest, version or
chain position does not match is refused (`StaleCacheError`) and the store rebuilds from the
entries. Topics are explicit so that moving this module never breaks a stored campaign.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import Mapper, StoredEvent, Transcoding

from ledger.canonical import GENESIS_HASH, canonical_bytes, read_json
from ledger.errors import ChainError, EditedCacheError, StaleCacheError, UntrustedCacheError
from ledger.folding import Fold, fold_for, fold_named
from ledger.trust import LocalTrust


@dataclass
class BookState:
    """What the book holds: the game's folded state and the chain position it reflects."""

    fold: Fold
    state: Any
    last_number: int = 0
    head_hash: str = GENESIS_HASH

    def fold_in(self, entry: dict[str, Any]) -> None:
        """Fold the next entry (checked to follow the last one) into the state."""
        number = entry.get("number")
        if number != self.last_number + 1 or entry.get("prev_hash") != self.head_hash:
            raise ChainError(
                f"entry #{number} does not follow #{self.last_number} (its previous-hash link or number is wrong)"
            )
        self.state = self.fold.apply(self.state, entry)
        self.last_number = int(entry["number"])
        self.head_hash = str(entry["hash"])


class CampaignBook(Aggregate):
    """A campaign's record: the folded state plus nothing that grows with the entries."""

    TOPIC = "turnledger:CampaignBook"
    class_version = 1

    class Created(Aggregate.Created):
        """Entry #1: the campaign was created."""

        TOPIC = "turnledger:CampaignBook.Opened"
        entry_json: str

        @property
        def entry(self) -> dict[str, Any]:
            """The entry as a dict."""
            return _decoded(self.entry_json)

    class EntryRecorded(Aggregate.Event):
        """Entry #2 onwards."""

        TOPIC = "turnledger:CampaignBook.EntryRecorded"
        entry_json: str
        decoded: dict[str, Any] | None = None
        """In memory only (`BookMapper` never stores it): ``entry_json`` already decoded by whoever
        recorded the entry, so an import does not decode each line twice (bench/ledger.py)."""

        @property
        def entry(self) -> dict[str, Any]:
            """The entry as a dict."""
            return self.decoded if self.decoded is not None else _decoded(self.entry_json)

        def apply(self, aggregate: Any) -> None:  # library hook: runs on record and on replay
            aggregate.book.fold_in(self.entry)

    def __init__(self, entry_json: str) -> None:
        first = _decoded(entry_json)
        if first.get("number") != 1 or first.get("prev_hash") != GENESIS_HASH:
            raise ChainError("the first entry must be #1 and follow nothing")
        fold = fold_for(first)
        self.book = BookState(fold=fold, state=fold.open(first), last_number=1, head_hash=str(first["hash"]))

    @classmethod
    def open(cls, campaign_id: Any, entry: dict[str, Any], entry_json: str) -> CampaignBook:
        """Create the book from entry #1 (the campaign's creation)."""
        return cls._create(cls.Created, id=campaign_id, entry_json=entry_json, timestamp=entry_timestamp(entry))

    def record(self, entry: dict[str, Any], entry_json: str) -> None:
        """Append one sealed entry; raises a LedgerError (and records nothing) if it does not fold.

        ``entry_json`` is the entry's canonical JSON, stored as is; ``entry`` must be exactly its
        decoding (same key order), so that a state folded live and one replayed from the store
        are identical.
        """
        self.trigger_event(self.EntryRecorded, entry_json=entry_json, decoded=entry, timestamp=entry_timestamp(entry))


def _decoded(text: str) -> dict[str, Any]:
    value = read_json(text)
    if not isinstance(value, dict):
        raise ChainError("a stored entry is not a JSON object")
    return value


def entry_timestamp(entry: dict[str, Any]) -> datetime:
    """The library timestamp of an entry's event: its ``recorded_at``."""
    return datetime.fromisoformat(entry["recorded_at"])


def digest_of(header: dict[str, Any], state_json: str) -> str:
    """The sha256 binding a cached state's text to its fold, version and chain position."""
    digest = hashlib.sha256(canonical_bytes(header))
    digest.update(state_json.encode("utf-8"))
    return digest.hexdigest()


CACHE_HEADER = ("fold", "state_version", "last_number", "head_hash")
"""What a cached state's digest binds to its text, besides the text."""


def cache_header(data: dict[str, Any]) -> dict[str, Any]:
    """The header of a cached state's stored data (`digest_of` hashes it with the text)."""
    return {key: data.get(key) for key in CACHE_HEADER}


def cached_state_data(stored: bytes) -> dict[str, Any] | None:
    """A stored cached-state row's own data (fold, chain position, text, digest, MAC) read
    without decoding the state, or None when the row is not of that shape (the library's
    envelope: ``{"state": {"book": {"_type_": ..., "_data_": DATA}}}``)."""
    try:
        data = orjson.loads(stored)["state"]["book"]["_data_"]
    except (orjson.JSONDecodeError, KeyError, TypeError):
        return None
    return data if isinstance(data, dict) else None


PACK_FROM = 4096
"""Cached states of this many characters or more are stored compressed (issue 17: a roster of a
thousand units made each cached state 80-90 KB, more than the entries between two of them)."""


def pack_state_text(state_json: str) -> dict[str, str]:
    """A cached state's text as stored: as it is when short, else zlib-compressed (level 1: a
    sixth of the size at a fraction of a millisecond) in base64 under ``state_zlib``."""
    if len(state_json) < PACK_FROM:
        return {"state_json": state_json}
    packed = zlib.compress(state_json.encode("utf-8"), 1)
    return {"state_zlib": base64.b64encode(packed).decode("ascii")}


def unpack_state_text(data: dict[str, Any]) -> str | None:
    """The cached state's text from either stored form (None when neither is readable: the
    digest check then names the cache edited)."""
    text = data.get("state_json")
    if isinstance(text, str) or "state_zlib" not in data:
        return text if isinstance(text, str) else None
    try:
        return zlib.decompress(base64.b64decode(str(data["state_zlib"]), validate=True)).decode("utf-8")
    except (ValueError, zlib.error):
        return None


class BookStateTranscoding(Transcoding):
    """Cached states (library snapshots): versioned, digested, keyed, refused when they do not match.

    The state is kept as its JSON text, so checking the digest hashes the text as stored
    instead of encoding the decoded state again (bench/ledger.py: state as of #N). The digest
    shows damage; the ``mac``, under a key that never leaves this machine (`LocalTrust`), shows
    that this machine wrote it: a cache forged in the store with its digest redone, or written
    elsewhere and not vouched for by `verify` here, is not read (`UntrustedCacheError`) and the
    state is rebuilt from the newest cache that is trusted, or from the entries.
    """

    type = BookState
    name = "turnledger_book_state"

    def __init__(self) -> None:
        self.trust: LocalTrust | None = None
        """Set by the store once it knows its campaign; without it no cache is trusted."""
        self.last_size = 0
        """The stored size of the state text last encoded (the store's `CachePlan` weighs it)."""

    def encode(self, obj: BookState) -> dict[str, Any]:  # library hook
        header = {
            "fold": obj.fold.name,
            "state_version": obj.fold.state_version,
            "last_number": obj.last_number,
            "head_hash": obj.head_hash,
        }
        state_json = obj.fold.encode_text(obj.state)
        digest = digest_of(header, state_json)
        if self.trust is None:
            raise StaleCacheError("no cached state is written before the campaign's trust is known")
        held = pack_state_text(state_json)
        self.last_size = len(next(iter(held.values())))
        return {**header, **held, "digest": digest, "mac": self.trust.mac(digest.encode())}

    def decode(self, data: dict[str, Any]) -> BookState:  # library hook
        header = cache_header(data)
        state_json = unpack_state_text(data)
        digest = data.get("digest")
        if not isinstance(state_json, str) or digest != digest_of(header, state_json):
            raise EditedCacheError("a cached state does not match its digest")
        fold = fold_named(str(data["fold"]))
        if data.get("state_version") != fold.state_version:
            raise StaleCacheError(f"a cached state of {fold.name} state version {data.get('state_version')} is stale")
        book = BookState(
            fold=fold,
            state=fold.decode_text(state_json),
            last_number=int(data["last_number"]),
            head_hash=str(data["head_hash"]),
        )
        if self.trust is None or not self.trust.trusts(str(digest), data.get("mac")):
            raise UntrustedCacheError("a cached state not written on this machine is not used", book, str(digest))
        return book


class LegacyStateTranscoding(Transcoding):
    """Cached states written by release 0.1.0 (format 1): never read, always rebuilt."""

    type = type("LegacyGameState", (), {})
    name = "turnledger_game_state"

    def encode(self, obj: Any) -> dict[str, Any]:  # library hook; nothing encodes this type
        raise StaleCacheError("format-1 cached states are not written any more")

    def decode(self, data: dict[str, Any]) -> Any:  # library hook
        raise StaleCacheError("a cached state of release 0.1.0 is stale")


class BookMapper(Mapper[UUID]):
    """The library's mapper, leaving out what an event holds in memory only (``decoded``), and
    writing and reading the common row (an entry after #1) without the library's generic JSON
    walk: the same bytes, built directly (issue 17: the mapper re-encoding each entry's text was a
    tenth of an import). Any other event, or a row not of exactly that shape, goes the library's way;
    tests/ledger/test_book_mapper.py holds the two ways to the same bytes and events."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:  # library hook
        fast = _entry_row(domain_event)
        if fast is not None:
            return fast
        held = vars(domain_event).pop("decoded", None)
        try:
            return super().to_stored_event(domain_event)
        finally:
            if held is not None:
                vars(domain_event)["decoded"] = held

    def to_domain_event(self, stored_event: StoredEvent) -> Any:  # library hook
        fast = stored_event.topic == CampaignBook.EntryRecorded.TOPIC and _ENTRY_CLASS_VERSION == 1
        if fast and not (self.compressor or self.cipher):
            event_state = _entry_state(stored_event.state)
            if event_state is not None:
                originator_id = stored_event.originator_id
                event_state["originator_id"] = (
                    originator_id if type(originator_id) is UUID else UUID(str(originator_id))
                )
                event_state["originator_version"] = stored_event.originator_version
                event = object.__new__(CampaignBook.EntryRecorded)
                object.__setattr__(event, "__dict__", event_state)
                return event
        return super().to_domain_event(stored_event)


_ENTRY_ROW_KEYS = ["timestamp", "entry_json"]
_ENTRY_CLASS_VERSION = getattr(CampaignBook.EntryRecorded, "class_version", 1)
"""A later version of the event is upcast by the library: rows of it go the library's way."""
_OUT_OF_ROW = frozenset(("originator_id", "originator_version", "decoded"))
_ENCODE_STRING = json.encoder.encode_basestring  # the library's encoder with ensure_ascii=False uses it
_ROW_HEAD = '{"timestamp":{"_type_":"datetime_iso","_data_":'


def _entry_row(event: Any) -> StoredEvent | None:
    """The stored row of an `EntryRecorded` event, as the library's JSON transcoder writes it
    (``{"timestamp":{"_type_":"datetime_iso","_data_":ISO},"entry_json":TEXT}``), or None when
    the event is of any other shape."""
    if type(event) is not CampaignBook.EntryRecorded or _ENTRY_CLASS_VERSION != 1:
        return None
    state = vars(event)
    names = [name for name in state if name not in _OUT_OF_ROW]
    timestamp, text = state.get("timestamp"), state.get("entry_json")
    if names != _ENTRY_ROW_KEYS or type(timestamp) is not datetime or type(text) is not str:
        return None
    return StoredEvent(
        originator_id=state["originator_id"],
        originator_version=state["originator_version"],
        topic=CampaignBook.EntryRecorded.TOPIC,
        state=entry_row_state(timestamp, text),
    )


def entry_row_state(timestamp: datetime, text: str) -> bytes:
    """The stored state of an `EntryRecorded` row (its timestamp and the entry's text), as the
    library's JSON transcoder writes it: a bulk write (import, branch) builds each row with it
    directly, without an event object (ledger/sealed_rows.py)."""
    return f'{_ROW_HEAD}{_ENCODE_STRING(timestamp.isoformat())}}},"entry_json":{_ENCODE_STRING(text)}}}'.encode()


def _entry_state(stored: bytes) -> dict[str, Any] | None:
    """The event state of a stored `EntryRecorded` row, or None to let the library read it (and
    name what is wrong with it)."""
    try:
        data = orjson.loads(stored)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict or list(data) != _ENTRY_ROW_KEYS:
        return None
    stamp, text = data["timestamp"], data["entry_json"]
    if type(stamp) is not dict or list(stamp) != ["_type_", "_data_"] or stamp["_type_"] != "datetime_iso":
        return None
    if type(stamp["_data_"]) is not str or type(text) is not str:
        return None
    try:
        return {"timestamp": datetime.fromisoformat(stamp["_data_"]), "entry_json": text}
    except ValueError:
        return None
