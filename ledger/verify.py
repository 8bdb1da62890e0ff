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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from eventsourcing.domain import EventSourcingError
from eventsourcing.persistence import MapperDeserialisationError
from eventsourcing.utils import TopicError, get_topic

from ledger.book import CampaignBook, cache_header, cached_state_data, digest_of, unpack_state_text
from ledger.canonical import GENESIS_HASH, read_entry_text
from ledger.entry import hash_holds
from ledger.entry_line import LineError
from ledger.errors import EditedCacheError, LedgerError, StaleCacheError, UntrustedCacheError
from ledger.folding import Fold, fold_for
from ledger.record_check import stray_row
from ledger.store import LedgerStore

Progress = Callable[[int, int], None]

BOOK_TOPIC = get_topic(CampaignBook)

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

    @property
    def ok(self) -> bool:
        """True when nothing was found wrong."""
        return not self.problems

    @property
    def first_bad_entry(self) -> int | None:
        """The number of the first entry found wrong."""
        return self.problems[0][0] if self.problems else None


def _check_row(store: LedgerStore, row: Any, expected: int, prev_hash: str) -> tuple[dict[str, Any] | None, str | None]:
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


def _not_an_entry(number: int, error: LineError) -> str:
    """The problem of a stored text that is not a valid entry (ledger/entry_line.py), in the words
    of the rule it breaks."""
    if error.kind == "entry":
        return f"entry #{number} has been edited: it is not an entry of the record's form ({error.reason})"
    return (
        f"entry #{number} has been edited: it is not stored in canonical form as one valid entry, so its bytes "
        f"could be read two ways ({error.reason})"
    )


def verify(store: LedgerStore, *, progress: Progress | None = None, page: int = 1000) -> VerifyReport:
    """Recompute the chain of ``store`` up to the head it has when called, and compare each
    snapshot it then had with the entries as the fold reaches it; a writer appending meanwhile
    changes nothing in it. Memory stays flat: one page of entries, the state and one cached state
    at a time (issue 17: keeping every cached state took 633 MB at 100,000 entries)."""
    report = VerifyReport()
    if store.is_empty:
        return report
    head = total = store.head()  # one view: entries and caches written after this are not read
    state: Any = None
    fold: Fold | None = None
    snapshot = store.next_snapshot_row(after=0, lte=head)
    prev_hash = GENESIS_HASH
    expected = 1
    while True:
        rows = store.stored_rows(gt=expected - 1, lte=head, limit=page)
        if not rows:
            break
        for row in rows:
            entry, problem = _check_row(store, row, expected, prev_hash)
            if problem is None and entry is not None:
                try:
                    if fold is None:
                        fold = fold_for(entry)
                        state = fold.open(entry)
                    else:
                        state = fold.apply(state, entry)
                except (LedgerError, ValueError, KeyError, TypeError) as error:
                    problem = f"entry #{expected} does not apply to the accounts: {error}"
            if problem is not None:
                report.problems.append((expected, problem))
                report.entries = expected - 1
                return report
            assert entry is not None and fold is not None
            if snapshot is not None and snapshot.originator_version == expected:
                if not _same_text(store, snapshot, fold, state, report):
                    _check_snapshot(store, snapshot, fold.encode(state), report)
                snapshot = store.next_snapshot_row(after=expected, lte=head)
            prev_hash = entry["hash"]
            report.entries = expected
            report.head_hash = prev_hash
            expected += 1
        if progress:
            progress(report.entries, total)
    stray = stray_row(store)
    if stray is not None:
        why = f"the store holds a row #{stray} that is not an entry of this campaign as it reads it"
        report.problems.append((stray, f"{why}: its campaign id was changed, so the chain checked may be partial"))
    report.state, report.fold = state, fold
    return report


def _same_text(store: LedgerStore, row: Any, fold: Fold, state: Any, report: VerifyReport) -> bool:
    """True when the cached state's text is exactly the folded state's, under its digest and this
    release's fold, and it is counted (vouched for here when written elsewhere): the common case,
    decided without decoding the cache (issue 17: decoding a roster of a thousand units for each
    cached state was a sixth of a verify). Anything else, False: `_check_snapshot` decides."""
    data = cached_state_data(row.state)
    if data is None:
        return False
    header = cache_header(data)
    if header["fold"] != fold.name or header["state_version"] != fold.state_version:
        return False
    text = unpack_state_text(data)
    if text is None or text != fold.encode_text(state) or data.get("digest") != digest_of(header, text):
        return False
    trust = store.trust
    report.snapshots += 1
    if trust is None or not trust.trusts(str(data["digest"]), data.get("mac")):
        report.untrusted_snapshots += 1
        store.vouch_cache(str(data["digest"]))
    return True


def _check_snapshot(store: LedgerStore, row: Any, folded: dict[str, Any], report: VerifyReport) -> None:
    """A cached state must be the fold of the entries up to it (``folded``). A cached state of an
    earlier release (stale by design: it is rebuilt, never read) is counted, not a problem; one
    whose digest does not match its content has been edited."""
    version = row.originator_version
    report.snapshots += 1
    try:
        snapshot: Any = store.app.mapper.to_domain_event(row)
        book = snapshot.state["book"]
        cached = book.fold.encode(book.state)
    except MapperDeserialisationError as error:
        cause = error.__cause__
        if isinstance(cause, UntrustedCacheError):  # not written here: compared, then vouched for
            report.untrusted_snapshots += 1
            claimed: Any = cause.book  # the BookState the untrusted cache holds
            cached = claimed.fold.encode(claimed.state)
            if cached == folded:
                store.vouch_cache(cause.digest)
        elif isinstance(cause, StaleCacheError) and not isinstance(cause, EditedCacheError):
            report.stale_snapshots += 1
            return
        else:
            cached = None
    except DAMAGE:
        cached = None
    if cached != folded:
        report.problems.append(
            (version, f"the cached state at #{version} does not match the entries (a snapshot was edited)")
        )
