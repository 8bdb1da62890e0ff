"""Errors raised by the ledger, each with a message a referee can act on.

Infrastructure errors (sqlite3, psycopg, eventsourcing) are translated into these at the
edge of the store so that callers never see a storage library's exception types.
"""

from __future__ import annotations


class LedgerError(Exception):
    """Base class of everything the ledger refuses or cannot do."""


class StoreNotFoundError(LedgerError):
    """The campaign store does not exist or holds no campaign."""


class StoreExistsError(LedgerError):
    """A new campaign was asked for where one already exists."""


class EntryNotFoundError(LedgerError):
    """An entry number outside the campaign's record was named."""


class NegativeBalanceError(LedgerError):
    """A debit would take a pool, track or account below zero (invariant 5)."""


class UnknownAccountError(LedgerError):
    """An event names a side, nation, power or unit the campaign does not have."""


class ConflictError(LedgerError):
    """Someone else wrote to the campaign first; reload and try again."""


class ChainError(LedgerError):
    """An entry does not fit the hash chain (wrong number, wrong previous hash, bad hash)."""


class MalformedRecordError(LedgerError):
    """A stored or imported record cannot be read; the message names where."""


class StaleCacheError(LedgerError):
    """A cached state does not match the entries (edited, damaged, or of another state version):
    it is not used; the state is rebuilt from the entries."""


class StoreFormatError(LedgerError):
    """The store was written in a format this release cannot read (a newer turnledger's)."""


class EditedCacheError(StaleCacheError):
    """A cached state's content does not match its own digest: it was edited."""


class TamperedError(LedgerError):
    """The stored record no longer matches what it said when written or last checked here: an
    entry was edited, removed or rewritten. Nothing is shown from it; `verify` reports it in full."""


class PrivateFileError(LedgerError):
    """A file that must stay private (keys, dice seeds) can be read by other users, or cannot be read."""


class UntrustedCacheError(StaleCacheError):
    """A cached state whose key does not match this machine's: written elsewhere, or forged with
    its digest redone. It is not used; ``book`` holds what it claims, for `verify` to compare."""

    def __init__(self, message: str, book: object, digest: str) -> None:
        super().__init__(message)
        self.book = book
        self.digest = digest
