"""JSONL export and import: the full record, re-importable with identical hashes.

Line 1 is a header (format, version, campaign id, entry count, head hash); each further line
is one entry exactly as hashed. What a valid line is, ledger/entry_line.py says for every reader
(docs/verifying.md): import accepts exactly what `turnledger verify` and the standalone verifier
accept, and refuses a line they would refuse, by name, instead of re-encoding it.

A refused import writes nothing (issue 26: an export whose header promised 41 entries but held 36
was refused only after the 36 were written, leaving a campaign that verified). So the whole file
is read once before the store is created or opened (`survey`): every line, the chain, the header's
campaign and its promise (how many entries, ending in which hash). Only then are entries written,
in transactions of `IMPORT_BATCH`, each line the very line checked (a keyed fingerprint of it
taken by the survey: the file could change in between). What can still fail while writing
(entries that hash but do not fit the accounts, which only folding finds; a file changed
meanwhile; a full disk) removes the file this import created, whole. A store that an earlier,
interrupted import left holding a prefix of the file keeps the whole batches it holds, and an
import resumes there; a refusal found by the survey leaves it byte-identical. On PostgreSQL the
survey is what writes nothing: batches found unfit while writing stay (each whole and verifying).
"""

from __future__ import annotations

import gc
import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from uuid import UUID

import orjson

from ledger import entry_line, export_file
from ledger.canonical import GENESIS_HASH, canonical_bytes, read_entry_fast
from ledger.entry import hash_holds
from ledger.entry_line import FORMAT, FORMAT_VERSION, LineError
from ledger.errors import ChainError, LedgerError, MalformedRecordError, StoreNotFoundError
from ledger.folding import Fold, fold_for
from ledger.input_file import shown_path
from ledger.location import describe, is_memory, is_postgres
from ledger.output_file import check_store_target
from ledger.store import LedgerStore

__all__ = ["FORMAT", "FORMAT_VERSION", "IMPORT_BATCH", "checked_lines", "export_jsonl", "import_jsonl", "survey"]

IMPORT_BATCH = 1000
"""Entries per import transaction: a killed import loses at most one unfinished batch. A batch is
written with the cached states the cache plan asks for among its entries, in the same
transaction (ledger/sealed_rows.py), so an imported campaign holds them where a built one does
and reads a past state as fast; 1,000 rather than 500 halves the commits."""

Progress = Callable[[int, int], None]


def export_jsonl(
    store: LedgerStore, out: IO[str], *, name: str = "", exporter: str = "", progress: Progress | None = None
) -> int:
    """Write the whole record to ``out``; returns the number of entries written.

    Args:
        name: the campaign's name for the header (the book does not read its entries' content).
        exporter: the release writing it, for the header's ``exporter`` (left out when empty).
    """
    head, head_hash = store.head_position()
    header: dict[str, object] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "campaign_id": str(store.campaign_id),
        "name": name,
        "entries": head,
        "head_hash": head_hash,
    }
    if exporter:
        header[entry_line.EXPORTER_KEY] = exporter
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


@contextmanager
def _numbered_lines(path: str) -> Iterator[Iterator[tuple[int, str]]]:
    """The export's lines, numbered and framed (ledger/export_file.py); every refusal names ``path``."""
    try:
        handle = export_file.open_export(path)
    except LineError as error:
        raise _refusal(path, error) from None
    with handle:
        yield _named(path, export_file.export_lines(handle))


def _named(path: str, lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    try:
        yield from lines
    except LineError as error:
        raise _refusal(path, error) from None


def _refusal(path: str, error: LineError, line: int | None = None) -> MalformedRecordError:
    line = error.line if line is None else line
    where = shown_path(path) + (f", line {line}" if line is not None else "")
    return MalformedRecordError(f"{where}: {error.reason}")


def _header(path: str, lines: Iterator[tuple[int, str]]) -> dict[str, Any]:
    """The header (line 1) of an export, checked (ledger/entry_line.py `read_header`)."""
    number, text = next(lines)
    try:
        return entry_line.read_header(text)
    except LineError as error:
        raise _refusal(path, error, number) from None


def checked_lines(path: str, lines: Iterable[tuple[int, str]]) -> Iterator[tuple[dict[str, Any], str]]:
    """(entry, its text) for each numbered entry line: a valid entry line (ledger/entry_line.py,
    canonical form included: a line is never re-encoded), numbered 1, 2, 3 ..., linked to the
    hash before it and carrying its own hash."""
    for entry, text, _fast in _checked(path, lines):
        yield entry, text


def _checked(path: str, lines: Iterable[tuple[int, str]]) -> Iterator[tuple[dict[str, Any], str, bool]]:
    """`checked_lines`, and whether orjson read each line exactly (`read_entry_fast`)."""
    prev_hash = GENESIS_HASH
    expected = 1
    for number, text in lines:
        try:
            entry, fast = read_entry_fast(text)
        except LineError as error:
            raise _refusal(path, error, number) from None
        if entry["number"] != expected:
            raise ChainError(f"{shown_path(path)}, line {number}: holds entry #{entry['number']}, expected #{expected}")
        if entry["prev_hash"] != prev_hash:
            raise ChainError(
                f"{shown_path(path)}, line {number}: entry #{expected} does not follow #{expected - 1} (previous hash)"
            )
        if not hash_holds(entry, text):
            raise ChainError(f"{shown_path(path)}, line {number}: entry #{expected} was altered (hash does not match)")
        prev_hash = entry["hash"]
        expected += 1
        yield entry, text, fast


@dataclass(frozen=True)
class Survey:
    """What `survey` found: the header, and a fingerprint of each entry line (so that the writing
    pass knows each line it writes is the line checked, without checking it all again)."""

    header: dict[str, Any]
    key: bytes
    fingerprints: bytearray
    """`FINGERPRINT` bytes per entry line, in order (8 MB for a million entries)."""
    read_slowly: frozenset[int]
    """Entries only the standard library reads exactly (`read_entry_fast`); orjson reads the rest."""

    def holds(self, index: int, text: str) -> bool:
        """Whether ``text`` is the entry line at ``index`` (0: entry #1) that was checked."""
        at = index * FINGERPRINT
        return self.fingerprints[at : at + FINGERPRINT] == _fingerprint(self.key, text)


FINGERPRINT = 8
"""Bytes of keyed BLAKE2b per line: the key is drawn for each import, so a line changed between
the passes cannot be made to match (one chance in 2**64)."""


def _fingerprint(key: bytes, text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=FINGERPRINT, key=key).digest()


def survey(path: str) -> Survey:
    """Read the whole export once, writing nothing: every line valid, the chain whole, the header
    naming the campaign its entries record (the opening's id, or the last branching's) and
    promising exactly the entries that follow.

    Raises:
        MalformedRecordError / ChainError: the file is damaged or is not an export (names the
            line); LedgerError: no installed game reads the campaign.
    """
    fold: Fold | None = None
    named: str | None = None
    last, last_hash = 0, None
    key, prints, slowly = secrets.token_bytes(16), bytearray(), set()
    with _numbered_lines(path) as lines:
        header = _header(path, lines)
        for entry, text, fast in _checked(path, lines):
            if not fast:
                slowly.add(entry["number"])
            if fold is None:
                fold = fold_for(entry)
            named = _campaign_named(path, fold, entry) or named
            last, last_hash = entry["number"], entry["hash"]
            prints += _fingerprint(key, text)
    if named is not None and named != header["campaign_id"]:
        raise MalformedRecordError(
            f"{shown_path(path)}, line 1: field campaign_id says {header['campaign_id']}, but the entries record "
            f"campaign {named}; the header was changed, so nothing was imported"
        )
    if last != header["entries"] or last_hash != header["head_hash"]:
        raise ChainError(
            f"{shown_path(path)}: the header promises {header['entries']} entries ending in "
            f"{header['head_hash'][:16]}…, but the file ends at #{last}; the export is cut short or altered, so "
            "nothing was imported"
        )
    return Survey(header, key, prints, frozenset(slowly))


def _campaign_named(path: str, fold: Fold, entry: dict[str, Any]) -> str | None:
    """The campaign id the entry names (its opening, a branching), if any."""
    try:
        return fold.campaign_named(entry)
    except (AttributeError, KeyError, TypeError, ValueError):
        raise MalformedRecordError(
            f"{shown_path(path)}, line {entry['number'] + 1}: entry #{entry['number']} names its campaign in a form "
            "no release writes"
        ) from None


def import_jsonl(path: str, location: str, *, progress: Progress | None = None) -> LedgerStore:
    """Import an export into a new store, or resume an interrupted import into ``location``.

    The whole file is checked before the store is created or opened (`survey`), so that a damaged
    export writes nothing; a failure while writing removes the store this import created.

    Raises:
        MalformedRecordError / ChainError: the file is damaged (names the line); nothing is
            written.
        OutputFileError: ``location`` is no place for a new campaign (ledger/output_file.py).
        LedgerError: the store holds a different campaign, or the entries do not fit the accounts.
    """
    check_store_target(location, resume=True)
    with _fewer_collections():
        surveyed = survey(path)
        store, created = _open_or_create(location)
        _write_all(store, created, path, location, surveyed, progress)
    return store


COLLECT_AFTER = 20_000
"""The collector's first threshold while importing (Python's is 700): an import allocates and
frees an entry's objects by the thousand, nearly none of them in cycles, and each collection walks
the young objects, and now and then the game's whole state (a thousand units): 12-20% of an
import's time at 20,000 entries, 0.2% with this (docs/PERFORMANCE.md, "Import, second pass")."""


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect cycles less often for the while (never more often than the process does already)."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], COLLECT_AFTER), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _write_all(
    store: LedgerStore, created: bool, path: str, location: str, surveyed: Survey, progress: Progress | None
) -> None:
    """`_import_into`; a refusal removes the store this import created, an interruption leaves
    whole batches to resume from."""
    try:
        _import_into(store, path, location, surveyed, progress)
    except LedgerError:  # refused: a file this import created goes, whatever it holds, and so does
        store.close(keep_trust=not created)  # this machine's memory of it
        if created:
            _remove_sqlite_file(location)
        raise
    except BaseException:  # interrupted: whole batches stay, for the import to resume
        empty = store.is_empty
        store.close(keep_trust=not (created and empty))
        if created and empty:
            _remove_sqlite_file(location)
        raise
    if created:  # every entry was checked and written here, just now (a resumed store holds older ones)
        store.vouch_file_when_closed()


def _import_into(store: LedgerStore, path: str, location: str, surveyed: Survey, progress: Progress | None) -> None:
    """Write the export's entries after those already in ``store`` (an interrupted import). Each
    line must be the one `survey` checked (its fingerprint); it is read by the reader that read it
    exactly there (as the book reads a stored text, `read_json`), so that the state folded now is
    the state a replay folds later."""
    header = surveyed.header
    campaign_id = UUID(header["campaign_id"])
    total = int(header["entries"])
    done, done_hash = store.head_position()
    if done and store.campaign_id != campaign_id:
        raise LedgerError(f"{describe(location)} holds another campaign ({store.campaign_id}); import into a new file")
    if done > total:
        raise LedgerError(
            f"{describe(location)} holds {done} entries, more than the {total} of {shown_path(path)}; import into a "
            "new file"
        )
    batch: list[dict[str, Any]] = []
    texts: list[str] = []
    changed = ChainError(f"{shown_path(path)} changed while it was imported; import it again")
    with _numbered_lines(path) as lines:
        if _header(path, lines) != header:
            raise changed
        number = 0
        for number, (_line, text) in enumerate(lines, start=1):
            if number > total or not surveyed.holds(number - 1, text):
                raise changed
            if number < done:
                continue
            entry = json.loads(text) if number in surveyed.read_slowly else orjson.loads(text)
            if number == done:
                if entry["hash"] != done_hash:
                    raise LedgerError(
                        f"{describe(location)} differs from {shown_path(path)} at entry #{done}; import into a new file"
                    )
                continue
            batch.append(entry)
            texts.append(text)
            if len(batch) >= IMPORT_BATCH:
                _append(store, path, batch, texts, campaign_id)
                batch, texts = [], []
                if progress:
                    progress(number, total)
    if number != total:
        raise changed
    if batch:
        _append(store, path, batch, texts, campaign_id)
    if progress:
        progress(total, total)


FOLD_ERRORS = (ValueError, KeyError, TypeError, AttributeError, IndexError)
"""What a game's fold raises on events it cannot read (pydantic's ValidationError is a ValueError)."""


def _append(store: LedgerStore, path: str, batch: list[dict[str, Any]], texts: list[str], campaign_id: UUID) -> None:
    """One batch in one transaction. Entries whose hashes hold but whose events do not fit the
    accounts (an export altered with its hashes recomputed, or one no installed game reads so)
    are refused like any damaged export, not an internal error; the batch is not written."""
    try:
        store.append_sealed(batch, campaign_id=campaign_id, texts=texts)
    except FOLD_ERRORS as error:
        raise _unfit(path, batch, error) from None


def _unfit(path: str, batch: list[dict[str, Any]], error: BaseException) -> MalformedRecordError:
    first, last = batch[0]["number"], batch[-1]["number"]
    said = (str(error).splitlines() or [""])[0][:100]
    return MalformedRecordError(
        f"{shown_path(path)}: an entry among #{first}–#{last} does not fit the accounts ({type(error).__name__}: "
        f"{said}); its hash holds, so the export was altered and rehashed, or written by a release that reads it "
        "otherwise"
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
