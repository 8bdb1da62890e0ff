"""JSONL export and import: the full record, re-importable with identical hashes.

Line 1 is a header (format, version, campaign id, entry count, head hash); each further line
is one entry exactly as hashed. Import checks every line against the chain before writing,
writes whole entries in transactions of `IMPORT_BATCH`, and resumes a store that an
interrupted import left holding a prefix of the file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any
from uuid import UUID

from ledger.canonical import GENESIS_HASH, canonical_bytes, canonical_text, read_canonical
from ledger.entry import ENTRY_FIELDS, hash_holds
from ledger.errors import ChainError, LedgerError, MalformedRecordError, StoreNotFoundError
from ledger.folding import fold_for
from ledger.location import is_memory, is_postgres
from ledger.store import LedgerStore

FORMAT = "turnledger-jsonl"
FORMAT_VERSION = 1
IMPORT_BATCH = 1000
"""Entries per import transaction: a killed import loses at most one unfinished batch. Each batch
ends with one cached state: 1,000 rather than 500 halves the commits and the cached states an
import writes (a tenth of its time at 100,000 entries: bench/ledger.py), and a state read of an
imported campaign still folds at most 999 entries."""

Progress = Callable[[int, int], None]


def export_jsonl(store: LedgerStore, out: IO[str], *, name: str = "", progress: Progress | None = None) -> int:
    """Write the whole record to ``out``; returns the number of entries written.

    Args:
        name: the campaign's name for the header (the book does not read its entries' content).
    """
    head, head_hash = store.head_position()
    header = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "campaign_id": str(store.campaign_id),
        "name": name,
        "entries": head,
        "head_hash": head_hash,
    }
    out.write(canonical_bytes(header).decode("utf-8") + "\n")
    written = 0
    for _entry, text in store.entry_texts(1, head):  # the entries the header promises, whoever writes meanwhile
        out.write(text + "\n")  # stored as its canonical JSON (verify checks that), so written as stored
        written += 1
        if progress and written % 1000 == 0:
            progress(written, head)
    if progress:
        progress(written, head)
    return written


def _parse_line(path: str, number: int, line: str) -> dict[str, Any]:
    return _parse_canonical(path, number, line)[0]


def _parse_canonical(path: str, number: int, line: str) -> tuple[dict[str, Any], bool]:
    """The line's object, and whether the line (without its line end) is its canonical JSON."""
    try:
        data, canonical = read_canonical(_without_line_end(line))
    except json.JSONDecodeError as error:
        raise MalformedRecordError(f"{path}, line {number}: not JSON ({error.msg} at column {error.colno})") from None
    except RecursionError:
        raise MalformedRecordError(f"{path}, line {number}: JSON nested too deeply") from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise MalformedRecordError(f"{path}, line {number}: not readable ({str(error).split(';')[0]})") from None
    if not isinstance(data, dict):
        raise MalformedRecordError(f"{path}, line {number}: expected a JSON object")
    return data, canonical


def _without_line_end(line: str) -> str:
    return line.rstrip("\n").rstrip("\r")


def read_header(path: str, line: str) -> dict[str, Any]:
    """Check the first line of an export."""
    header = _parse_line(path, 1, line)
    if header.get("format") != FORMAT:
        raise MalformedRecordError(f"{path}, line 1: not a turnledger export (format {header.get('format')!r})")
    if header.get("version") != FORMAT_VERSION:
        raise MalformedRecordError(f"{path}, line 1: export version {header.get('version')!r} is not {FORMAT_VERSION}")
    try:
        UUID(str(header.get("campaign_id")))
    except ValueError:
        raise MalformedRecordError(
            f"{path}, line 1: field campaign_id: {header.get('campaign_id')!r} is not a UUID"
        ) from None
    return header


def checked_lines(path: str, lines: Iterable[str], *, first_line: int = 2) -> Iterator[tuple[dict[str, Any], str]]:
    """(entry, its canonical JSON) from export lines, each checked against the chain."""
    prev_hash = GENESIS_HASH
    expected = 1
    for offset, line in enumerate(lines):
        number = first_line + offset
        if not line.strip():
            continue
        entry, canonical = _parse_canonical(path, number, line)
        missing = [name for name in (*ENTRY_FIELDS, "hash") if name not in entry]
        if missing:
            raise MalformedRecordError(f"{path}, line {number}: entry lacks field(s) {', '.join(missing)}")
        if entry["number"] != expected:
            raise ChainError(f"{path}, line {number}: holds entry #{entry['number']}, expected #{expected}")
        if entry["prev_hash"] != prev_hash:
            raise ChainError(
                f"{path}, line {number}: entry #{expected} does not follow #{expected - 1} (previous hash)"
            )
        text = _without_line_end(line)
        if not canonical:  # spaced or reordered by hand: stored in canonical form
            text = canonical_text(entry)
            entry = read_canonical(text)[0]  # folded as its stored text decodes (the same key order)
        if not hash_holds(entry, text):
            raise ChainError(f"{path}, line {number}: entry #{expected} was altered (hash does not match)")
        prev_hash = entry["hash"]
        expected += 1
        yield entry, text


def import_jsonl(path: str, location: str, *, progress: Progress | None = None) -> LedgerStore:
    """Import an export into a new store, or resume an interrupted import into ``location``.

    Raises:
        MalformedRecordError / ChainError: the file is damaged (names the line); nothing of
            the damaged part is written, and a store this import created and could not fill is
            removed again.
        LedgerError: the store holds a different campaign.
    """
    with _opened(path) as handle:
        first = handle.readline()
        if not first:
            raise MalformedRecordError(f"{path}: the file is empty")
        header = read_header(path, first)
        _check_header_campaign(path, header)
        store, created = _open_or_create(location)
        try:
            _import_into(store, path, location, handle, header, progress)
        except BaseException:
            empty = store.is_empty
            store.close()
            if created and empty:  # nothing of it was written: leave nothing behind
                _remove_sqlite_file(location)
            raise
    return store


def _import_into(
    store: LedgerStore, path: str, location: str, lines: IO[str], header: dict[str, Any], progress: Progress | None
) -> None:
    """Write the export's entries after those already in ``store`` (an interrupted import)."""
    campaign_id = UUID(header["campaign_id"])
    done = store.head()
    if done and store.campaign_id != campaign_id:
        raise LedgerError(f"{location} holds another campaign ({store.campaign_id}); import into a new file")
    total = int(header.get("entries", 0))
    batch: list[dict[str, Any]] = []
    texts: list[str] = []
    for entry, text in checked_lines(path, lines):
        number = entry["number"]
        if number <= done:
            if number == done and store.head_position()[1] != entry["hash"]:
                raise LedgerError(f"{location} differs from {path} at entry #{done}; import into a new file")
            continue
        batch.append(entry)
        texts.append(text)
        if len(batch) >= IMPORT_BATCH:
            store.append_sealed(batch, campaign_id=campaign_id, texts=texts)
            batch, texts = [], []
            if progress:
                progress(number, total)
    store.append_sealed(batch, campaign_id=campaign_id, texts=texts)
    if progress:
        progress(total, total)
    last, last_hash = store.head_position()
    if last != total or last_hash != header.get("head_hash"):
        raise ChainError(
            f"{path}: the header promises {total} entries ending in {str(header.get('head_hash'))[:16]}…, "
            f"but the file ends at #{last}; the export is cut short or altered"
        )


def _opened(path: str) -> IO[str]:
    """The export as text; a byte-order mark some editors put first is skipped."""
    try:
        return Path(path).open(encoding="utf-8-sig")
    except OSError as error:
        raise MalformedRecordError(f"{path}: cannot be read ({error.strerror})") from None


def _check_header_campaign(path: str, header: dict[str, Any]) -> None:
    """The header must name the campaign its entries record (the opening's id, or the last
    branching's), so that a changed header is refused with its one cause before anything is
    written. The whole file is read only when the opening names another campaign (a branch)."""
    with _opened(path) as lines:
        lines.readline()
        second = lines.readline()
        if not second.strip():
            return
        first = _parse_line(path, 2, second)
        fold = fold_for(first)
        named = fold.campaign_named(first)
        if named is None or named == header["campaign_id"]:
            return
        for offset, line in enumerate(lines, start=3):
            if line.strip():
                named = fold.campaign_named(_parse_line(path, offset, line)) or named
    if named != header["campaign_id"]:
        raise MalformedRecordError(
            f"{path}, line 1: field campaign_id says {header['campaign_id']}, but the entries record campaign "
            f"{named}; the header was changed, so nothing was imported"
        )


def _open_or_create(location: str) -> tuple[LedgerStore, bool]:
    """The store to import into, and whether this import created it."""
    if not is_memory(location) and not is_postgres(location):
        if not Path(location).exists():
            return LedgerStore(location, create=True), True
        try:
            return LedgerStore(location), False
        except StoreNotFoundError:  # an import killed at once left empty tables: filled now; others refused
            return LedgerStore(location, create=True), False
    try:
        return LedgerStore(location), False
    except StoreNotFoundError:
        return LedgerStore(location, create=True), False  # tables in an existing database stay


def _remove_sqlite_file(location: str) -> None:
    if is_memory(location) or is_postgres(location):
        return
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(location + suffix).unlink(missing_ok=True)
