"""What this machine vouches for about a campaign, kept outside its store.

A store can be edited by anyone who can write its file or database. Two things therefore live
in a private file of the user who runs turnledger, one per copy of a campaign
(``~/.turnledger/trust/<campaign id>-<place>.json``, or under ``$TURNLEDGER_TRUST_DIR``), never
in the store:

* the key of the cached states: a cached state (library snapshot) is used only when its MAC
  under this key matches, or when `verify` found it equal to the fold of the entries here (its
  digest is then listed as vouched), so a cache edited in the store, even with its digest
  recomputed, is never read; one written on another machine is read once `verify` vouched for it;
* the checkpoint: the last entry checked (or written) here, with its hash. Opening the
  campaign checks that it is still there with that hash (a cut or a rewrite since the last
  session is refused at once) and every entry after it;
* the fingerprint of the campaign file as it was when this machine last checked every entry
  (device, inode, size and the modification and change times of the file and its write-ahead
  log): while the file is unchanged, the entries up to the checkpoint need not be read again;
  once anything has written to it, opening checks the whole chain again (ledger/chain_scan.py),
  so an entry edited, deleted or swapped behind a cached state is found (issue 26). The change
  time cannot be set by a user, only by the system clock, so an edit that restores the
  modification time still changes it.

A campaign in memory has a key for the life of the process and no checkpoint.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from ledger import strict_json
from ledger.errors import PrivateFileError
from ledger.private_file import read_private, write_private

TRUST_DIR_VARIABLE = "TURNLEDGER_TRUST_DIR"


def trust_dir() -> Path:
    """Where this user's trust files are."""
    return Path(os.environ.get(TRUST_DIR_VARIABLE) or Path.home() / ".turnledger" / "trust")


@dataclass
class Checkpoint:
    """The last entry vouched for on this machine."""

    number: int
    hash: str


class LocalTrust:
    """The key and checkpoint of one campaign on this machine (``path`` None: in memory only)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.key = secrets.token_bytes(32)
        self.checkpoint: Checkpoint | None = None
        self.vouched: set[str] = set()
        """Digests of cached states `verify` found equal to the fold of the entries on this machine."""
        self.fingerprint: list[int] | None = None
        """The campaign file's `file_fingerprint` when every entry was last checked here."""
        self._saved = ""
        text = read_private(path) if path is not None else None
        if text is not None:
            try:
                data = strict_json.loads(text)  # a key given twice would read two ways
                self.key = bytes.fromhex(data["key"])
                mark = data.get("checkpoint")
                self.checkpoint = Checkpoint(int(mark["number"]), str(mark["hash"])) if mark else None
                self.vouched = {str(digest) for digest in data.get("vouched_caches", [])}
                printed = data.get("fingerprint")
                self.fingerprint = [int(part) for part in printed] if printed else None
            except (ValueError, KeyError, TypeError) as error:
                raise PrivateFileError(f"{path} is not a turnledger trust file ({error!r}); move it away") from None
            self._saved = text

    @classmethod
    def of(cls, campaign_id: str, place: str | None) -> LocalTrust:
        """The trust this user keeps for a campaign at one place (None: a store in memory).

        Each copy of a campaign (a backup, an import of its export, a file moved elsewhere) is
        trusted apart: copies of one campaign stand at different entries. ``place`` is where the
        store is, without credentials (an absolute file path, or host, port and database).
        """
        if place is None:
            return cls(None)
        where = hashlib.sha256(place.encode("utf-8")).hexdigest()[:16]
        return cls(trust_dir() / f"{campaign_id}-{where}.json")

    def mac(self, data: bytes) -> str:
        """HMAC-SHA256 of ``data`` under this machine's key."""
        return hmac.new(self.key, data, hashlib.sha256).hexdigest()

    def trusts(self, digest: str, mac: object) -> bool:
        """True for a cached state written here (its MAC) or vouched for by `verify` here."""
        return mac == self.mac(digest.encode()) or digest in self.vouched

    def vouch(self, number: int, hash_: str) -> None:
        """Entries up to ``number`` (ending in ``hash_``) have been checked or written here."""
        self.checkpoint = Checkpoint(number, hash_)

    def save(self) -> None:
        """Write the file if anything changed (private, atomic: ledger.private_file)."""
        if self.path is None:
            return
        mark = {"number": self.checkpoint.number, "hash": self.checkpoint.hash} if self.checkpoint else None
        text = json.dumps(
            {
                "key": self.key.hex(),
                "checkpoint": mark,
                "vouched_caches": sorted(self.vouched),
                "fingerprint": self.fingerprint,
            },
            sort_keys=True,
        )
        if text != self._saved:
            write_private(self.path, text)
            self._saved = text


def file_fingerprint(path: Path) -> list[int] | None:
    """What changes whenever anything writes to an SQLite file (None: it cannot be read): device,
    inode, size, modification and change times of the file, and of its write-ahead log when one
    holds anything. Reading the campaign changes none of them (an empty log is left out)."""
    try:
        main = path.stat()
    except OSError:
        return None
    parts = [main.st_dev, main.st_ino, main.st_size, main.st_mtime_ns, main.st_ctime_ns]
    try:
        log = Path(f"{path}-wal").stat()
    except OSError:
        return parts
    if log.st_size:
        parts += [log.st_ino, log.st_size, log.st_mtime_ns, log.st_ctime_ns]
    return parts
