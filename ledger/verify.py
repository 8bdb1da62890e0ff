"""Verification: recompute the hash chain from the stored bytes and name the first bad entry.

Checks, entry by entry: the row decodes; its bytes are exactly what the store would write
for the decoded event (so no byte can change unnoticed, envelope included); the entry's text is
a valid entry by the definition import and the standalone verifier share (ledger/entry_line.py:
its canonical JSON, read one way only, with exactly an entry's keys and types); it sits at its
own number; it names the previous entry's hash; its own hash recomputes; it folds into the
state. Then every cached snapshot is compared with the state folded from the entries.

A record cut short at the end cannot be told from a shorter record by the chain alone: opening
the campaign compares it with this machine's checkpoint (ledger/trust.py), and the printed
head (number and hash) can be compared with one noted earlier or with an export. A clean
verification moves this machine's checkpoint to the head it verified.

The walk (`walk`) starts where a `Cursor` stands, so that ledger/verify_parallel.py can run it on
stretches of the record in several processes, each from a cached state, to the same report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from eventsourcing.domain import EventSourcingError
from eventsourcing.persistence import MapperDeserialisationError
from eventsourcing.utils import TopicError, get_topic

from ledger.book import CampaignBook, cache_header, cached_state_data, digest_of, unpack_state_text
from ledger.canonical import GENESIS_HASH, read_entry_text
from ledger.chain_scan import entry_text_of_row
from ledger.entry import hash_holds
from ledger.entry_line import LineError
from ledger.errors import EditedCacheError, LedgerError, StaleCacheError, UntrustedCacheError
from ledger.folding import Fold, fold_for
from ledger.record_check import stray_row
from ledger.store import LedgerStore

Progress = Callable[[int, int], None]

BOOK_TOPIC = get_topic(CampaignBook)
ENTRY_TOPIC = CampaignBook.EntryRecorded.TOPIC
SHORT_ROWS = getattr(CampaignBook.EntryRecorded, "class_version", 1) == 1
"""A later version of the event is upcast by the library on reading: its rows go the long way."""

DAMAGE = (ValueError, KeyError, TypeError, AttributeError, IndexError, TopicError, EventSourcingError, LedgerError)
"""What reading an edited or damaged row can raise: bad JSON or UTF-8, a missing or mistyped
field, an unknown topic, a state that no longer validates."""


@dataclass
class VerifyReport:
    """The outcome of a verification."""

    entries: int = 0
    head_hash: str = GENESIS_HASH
    snapshots: int = 0
    stale_snapshots: int = 0
    untrusted_snapshots: int = 0
    """Cached states not keyed by this machine (written elsewhere, or by release 0.2.0): compared
    with the entries like the others and, when equal, vouched for on this machine from then on."""
    problems: list[tuple[int, str]] = field(default_factory=list)
    state: Any = None
    fold: Fold | None = None
    processes: int = 1
    """The processes the chain was checked on (ledger/verify_parallel.py; 1 where it verified
    serially: a short record, one in memory, no cached state to cut at, a worker that failed)."""

    @property
    def ok(self) -> bool:
        """True when nothing was found wrong."""
        return not self.problems

    @property
    def first_bad_entry(self) -> int | None:
        """The number of the first entry found wrong."""
        return self.problems[0][0] if self.problems else None


def _check_row(store: LedgerStore, row: Any, expected: int, prev_hash: str) -> tuple[dict[str, Any] | None, str | None]:
    if row.originator_version == expected and expected > 1 and row.topic == ENTRY_TOPIC and SHORT_ROWS:
        entry = _sound_row(store, row, expected, prev_hash)
        if entry is not None:
            return entry, None
    if row.originator_version != expected:
        return None, (
            f"entry #{expected} is missing: the record jumps from #{expected - 1} to #{row.originator_version}"
        )
    try:
        event = store.decode_row(row)
        text = event.entry_json
    except DAMAGE as error:
        return None, f"entry #{expected} cannot be read: its stored bytes are damaged ({type(error).__name__})"
    try:
        again = store.encode_event(event)
    except DAMAGE as error:
        return None, f"entry #{expected} has been edited: it cannot be re-encoded ({type(error).__name__})"
    if again.state != row.state or again.topic != row.topic:
        return None, f"entry #{expected} has been edited: its stored bytes differ from the entry's own record"
    try:
        entry = read_entry_text(text) if isinstance(text, str) else None
    except LineError as error:
        return None, _not_an_entry(expected, error)
    if entry is None:
        return None, f"entry #{expected} has been edited: its stored text is not text"
    if entry["number"] != expected:
        return None, f"entries out of order: position #{expected} holds entry #{entry['number']}"
    if entry["prev_hash"] != prev_hash:
        return None, f"entry #{expected} does not follow #{expected - 1}: its previous-hash link is wrong"
    if not hash_holds(entry, text):
        return None, f"entry #{expected} has been altered: its content no longer matches its hash"
    if expected == 1 and getattr(event, "originator_topic", None) != BOOK_TOPIC:
        return None, "entry #1 has been edited: it no longer names the campaign book it opens"
    timestamp = getattr(event, "timestamp", None)
    if timestamp is None or not hasattr(timestamp, "isoformat") or timestamp.isoformat() != entry["recorded_at"]:
        return None, f"entry #{expected} has been edited: its stored time differs from its recorded time"
    return entry, None


def _sound_row(store: LedgerStore, row: Any, expected: int, prev_hash: str) -> dict[str, Any] | None:
    """The entry of a row that passes every check of `_check_row`, found the short way, or None:
    the long way then names what is wrong. The same guarantee: the bytes must be exactly those the
    store writes for an event of this entry's text and recorded time, so the row holds that time
    and text and nothing else; what is saved is the library's event object and the campaign id
    parsed into a UUID for each row, both read only to be written back (issue 31: about 5 % of
    a row's check, docs/PERFORMANCE.md)."""
    text = entry_text_of_row(row.state)
    if text is None:
        return None
    try:
        entry = read_entry_text(text)
        stamp = datetime.fromisoformat(entry["recorded_at"])
    except (LineError, ValueError, TypeError):
        return None
    held = entry["number"] == expected and entry["prev_hash"] == prev_hash and stamp.isoformat() == entry["recorded_at"]
    if not held or not hash_holds(entry, text):
        return None
    event = object.__new__(CampaignBook.EntryRecorded)
    fields = {"timestamp": stamp, "entry_json": text, "originator_id": row.originator_id}
    object.__setattr__(event, "__dict__", {**fields, "originator_version": expected})
    again = store.encode_event(event)
    return entry if again.state == row.state and again.topic == row.topic else None


def _not_an_entry(number: int, error: LineError) -> str:
    """The problem of a stored text that is not a valid entry (ledger/entry_line.py), in the words
    of the rule it breaks."""
    if error.kind == "entry":
        return f"entry #{number} has been edited: it is not an entry of the record's form ({error.reason})"
    return (
        f"entry #{number} has been edited: it is not stored in canonical form as one valid entry, so its bytes "
        f"could be read two ways ({error.reason})"
    )


@dataclass
class Cursor:
    """Where a walk along the chain stands: after entry ``after``, whose hash is ``prev_hash``,
    with ``state`` folded by ``fold`` (None before #1). A walk may start at a cached state proved
    by the walk before it (ledger/verify_parallel.py), so it is a value, not the walk's locals."""

    after: int = 0
    prev_hash: str = GENESIS_HASH
    fold: Fold | None = None
    state: Any = None
    proved: tuple[int, str] | None = None
    """The last cached state found equal to the fold: its entry number and digest."""


def verify(store: LedgerStore, *, progress: Progress | None = None, page: int = 1000) -> VerifyReport:
    """Recompute the chain of ``store`` up to the head it has when called, and compare each
    snapshot it then had with the entries as the fold reaches it; a writer appending meanwhile
    changes nothing in it. Memory stays flat: one page of entries, the state and one cached state
    at a time (issue 17: keeping every cached state took 633 MB at 100,000 entries)."""
    report = VerifyReport()
    if store.is_empty:
        return report
    head = store.head()  # one view: entries and caches written after this are not read
    cursor = Cursor()
    if walk(store, report, cursor, upto=head, vouch=store.vouch_cache, progress=progress, page=page):
        finish(store, report, cursor)
    return report


def walk(
    store: LedgerStore,
    report: VerifyReport,
    cursor: Cursor,
    *,
    upto: int,
    vouch: Callable[[str], None],
    progress: Progress | None = None,
    page: int = 1000,
) -> bool:
    """Check entries ``cursor.after + 1``..``upto`` and the cached states among them into
    ``report``, moving ``cursor`` along; ``vouch`` gets the digest of each cached state written
    elsewhere found equal to the fold. False when an entry is wrong: the report then ends before
    it, as a verification stops at the first bad entry."""
    expected = cursor.after + 1
    snapshot = store.next_snapshot_row(after=cursor.after, lte=upto)
    while expected <= upto:
        rows = store.stored_rows(gt=expected - 1, lte=upto, limit=page)
        if not rows:
            break
        for row in rows:
            entry, problem = _check_row(store, row, expected, cursor.prev_hash)
            if problem is None and entry is not None:
                try:
                    if cursor.fold is None:
                        cursor.fold = fold_for(entry)
                        cursor.state = cursor.fold.open(entry)
                    else:
                        cursor.state = cursor.fold.apply(cursor.state, entry)
                except (LedgerError, ValueError, KeyError, TypeError) as error:
                    problem = f"entry #{expected} does not apply to the accounts: {error}"
            if problem is not None:
                report.problems.append((expected, problem))
                report.entries = expected - 1
                return False
            assert entry is not None and cursor.fold is not None
            if snapshot is not None and snapshot.originator_version == expected:
                digest = _same_text(store, snapshot, cursor.fold, cursor.state, report, vouch)
                if digest is None:
                    digest = _check_snapshot(store, snapshot, cursor.fold.encode(cursor.state), report, vouch)
                if digest is not None:
                    cursor.proved = (expected, digest)
                snapshot = store.next_snapshot_row(after=expected, lte=upto)
            cursor.prev_hash = entry["hash"]
            cursor.after = report.entries = expected
            report.head_hash = cursor.prev_hash
            expected += 1
        if progress:
            progress(report.entries, upto)
    return True


def finish(store: LedgerStore, report: VerifyReport, cursor: Cursor) -> None:
    """The end of a verification that reached the head: a row re-keyed away from the campaign is
    named, and the state folded is kept in the report."""
    stray = stray_row(store)
    if stray is not None:
        why = f"the store holds a row #{stray} that is not an entry of this campaign as it reads it"
        report.problems.append((stray, f"{why}: its campaign id was changed, so the chain checked may be partial"))
    report.state, report.fold = cursor.state, cursor.fold


def _same_text(
    store: LedgerStore, row: Any, fold: Fold, state: Any, report: VerifyReport, vouch: Callable[[str], None]
) -> str | None:
    """The cached state's digest when its text is exactly the folded state's, under its digest and
    this release's fold, and it is counted (vouched for here when written elsewhere): the common
    case, decided without decoding the cache (issue 17: decoding a roster of a thousand units for
    each cached state was a sixth of a verify). Anything else, None: `_check_snapshot` decides."""
    data = cached_state_data(row.state)
    if data is None:
        return None
    header = cache_header(data)
    if header["fold"] != fold.name or header["state_version"] != fold.state_version:
        return None
    text = unpack_state_text(data)
    if text is None or text != fold.encode_text(state) or data.get("digest") != digest_of(header, text):
        return None
    trust = store.trust
    report.snapshots += 1
    digest = str(data["digest"])
    if trust is None or not trust.trusts(digest, data.get("mac")):
        report.untrusted_snapshots += 1
        vouch(digest)
    return digest


def _check_snapshot(
    store: LedgerStore, row: Any, folded: dict[str, Any], report: VerifyReport, vouch: Callable[[str], None]
) -> str | None:
    """A cached state must be the fold of the entries up to it (``folded``). A cached state of an
    earlier release (stale by design: it is rebuilt, never read) is counted, not a problem; one
    whose digest does not match its content has been edited. Its digest when it is equal."""
    version = row.originator_version
    report.snapshots += 1
    digest: str | None = None
    try:
        snapshot: Any = store.app.mapper.to_domain_event(row)
        book = snapshot.state["book"]
        cached = book.fold.encode(book.state)
        data = cached_state_data(row.state)
        digest = str(data.get("digest")) if data is not None else None
    except MapperDeserialisationError as error:
        cause = error.__cause__
        if isinstance(cause, UntrustedCacheError):  # not written here: compared, then vouched for
            report.untrusted_snapshots += 1
            claimed: Any = cause.book  # the BookState the untrusted cache holds
            cached = claimed.fold.encode(claimed.state)
            digest = cause.digest
            if cached == folded:
                vouch(cause.digest)
        elif isinstance(cause, StaleCacheError) and not isinstance(cause, EditedCacheError):
            report.stale_snapshots += 1
            return None
        else:
            cached = None
    except DAMAGE:
        cached = None
    if cached != folded:
        report.problems.append(
            (version, f"the cached state at #{version} does not match the entries (a snapshot was edited)")
        )
        return None
    return digest
