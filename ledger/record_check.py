"""What opening a campaign and `verify` check of the whole record, beyond each entry read.

Opening (`check_at_open`): the record is still the one this machine last vouched for (its
checkpoint entry is there, with the hash it had: a cut or a rewrite since the last session here is
refused before anything is read), and every entry links and recomputes. The entries up to the
checkpoint are read again whenever the campaign file changed since they were last checked here
(always on PostgreSQL, which has no file to look at): a state read starts from a cached state, so
an entry behind it edited, deleted or swapped would otherwise never be read (issue 26). The first
time on a machine, every entry is checked. The reading itself is ledger/chain_scan.py's fast path.

`verify` adds `stray_row` (a row whose campaign id was edited is no entry as the campaign is read,
so the chain of what is left would check) and the noted head (`entry_hashes`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ledger.canonical import GENESIS_HASH
from ledger.chain_scan import carried_hash, entry_text_of_row, scan
from ledger.errors import TamperedError
from ledger.location import describe

if TYPE_CHECKING:
    from ledger.store import LedgerStore


def check_at_open(store: LedgerStore) -> None:
    """Raise `TamperedError` unless the record is the one this machine vouched for, and sound;
    then vouch for it as it is (its head and the file as it was opened)."""
    trust = store.trust
    assert trust is not None
    mark = trust.checkpoint
    head = store.head()
    where = describe(store.location)
    if mark is not None:
        if head < mark.number:
            raise TamperedError(
                f"{where} ends at #{head}, but it ran to #{mark.number} when last used on this machine: entries "
                "were removed. Run 'turnledger verify' to see what changed; 'turnledger verify --accept-rewrite "
                "REASON' accepts an older copy restored on purpose"
            )
        if store.hash_at(mark.number) != mark.hash:
            raise TamperedError(
                f"entry #{mark.number} of {where} no longer has the hash it had when last used on this machine: "
                "the record was rewritten. Run 'turnledger verify' to see what changed; 'turnledger verify "
                "--accept-rewrite REASON' accepts another copy chosen on purpose (a backup)"
            )
    opened = store.opened_fingerprint
    unchanged = mark is not None and opened is not None and trust.fingerprint == opened
    start, prev = (mark.number, mark.hash) if unchanged and mark is not None else (0, GENESIS_HASH)
    last, prev = _scan_chain(store, start, prev, head)
    if head:
        trust.vouch(last, prev)
        trust.fingerprint = opened


def _scan_chain(store: LedgerStore, after: int, prev: str, head: int) -> tuple[int, str]:
    """Entries ``after + 1``..``head`` checked on the fast path; an entry it cannot vouch for is
    checked the full way (`LedgerStore.entries`), which names what is wrong in the referee's words
    (or vouches for a text of an older shape, and the fast path goes on after it)."""
    while after < head:
        found = scan(_raw_rows(store, after=after, upto=head), after=after, prev=prev)
        after, prev = found.last, found.last_hash
        if found.stopped_at is None:
            break
        checked = next(store.entries(found.stopped_at, found.stopped_at, expect_prev=prev), None)
        if checked is None:
            break
        after, prev = int(checked["number"]), str(checked["hash"])
    if after != head:
        raise TamperedError(
            f"entry #{after + 1} of {describe(store.location)} is missing: the record jumps past it; run "
            "'turnledger verify' for the full report and restore the campaign"
        )
    return after, prev


def _raw_rows(store: LedgerStore, *, after: int, upto: int, page: int = 2000) -> Iterator[tuple[int, bytes]]:
    """(number, stored bytes) of entries ``after + 1``..``upto``, a page at a time."""
    position = after
    while position < upto:
        rows = store.app.recorder.select_events(store.campaign_id, gt=position, lte=upto, limit=page)
        if not rows:
            return
        for row in rows:
            yield row.originator_version, row.state
        position = rows[-1].originator_version


def stray_row(store: LedgerStore) -> int | None:
    """The number of the last row written to the store when it is not an entry of this campaign
    as the campaign is read (a row whose campaign id was edited), else None. A row another writer
    adds meanwhile is an entry."""
    recorder = store.app.recorder
    last = recorder.max_notification_id()
    rows = recorder.select_notifications(start=last, limit=1) if last else []
    if not rows:
        return None
    version = int(rows[0].originator_version)
    if store.is_empty:
        return version
    found = recorder.select_events(store.campaign_id, gt=version - 1, lte=version, limit=1)
    return None if found else version


def entry_hashes(store: LedgerStore, upto: int) -> Iterator[tuple[int, str]]:
    """(number, hash) of entries #1..upto as stored, without checking them (`verify` does)."""
    for number, state in _raw_rows(store, after=0, upto=upto):
        text = entry_text_of_row(state)
        carried = carried_hash(text, number) if text is not None else None
        if carried is None:
            carried = str(store.entry(number).get("hash"))
        yield number, carried
