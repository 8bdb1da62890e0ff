"""The receipts this machine gave for a campaign, kept beside its trust files (issue 27).

A receipt shown to the players (ledger/receipts.py) is only worth something if a record that
no longer holds it is named. The players' own notes do that when they bring them to
`turnledger verify --receipts`; this log does it on the referee's machine without them: every
receipt shown here is written to ``<receipts folder>/<campaign id>.json`` (private, atomic:
ledger/private_file.py), and opening any copy of the campaign (any place: a restored backup at
another path is the case that matters) names the receipts its record no longer holds.

The receipts folder is ``receipts`` in the trust folder, or the folder ``$TURNLEDGER_RECEIPTS_DIR``
names: a club that wants the log out of reach of whoever restores the referee's backups keeps it
elsewhere (a folder the backup does not cover, another disk).

The log is one file per campaign id, not per place as the trust files are, because a receipt
is about the campaign, whichever copy showed it. Head receipts also wait here until the next
entry records them ("receipt given at #N", referee/common/receipt_events.py), so a later
record that lacks #N says so itself, on every machine.

Only the last receipt needs checking at each open: entries are chained, so a record that still
holds the highest-numbered receipt with its hash holds every earlier one too. The others are
read only to name them once something is wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ledger import strict_json
from ledger.errors import PrivateFileError
from ledger.private_file import read_private, write_private
from ledger.trust import trust_dir

KEPT_KINDS = ("head", "roll")
RECEIPTS_DIR_VARIABLE = "TURNLEDGER_RECEIPTS_DIR"


def receipts_dir() -> Path:
    """Where this user's receipt logs are."""
    return Path(os.environ.get(RECEIPTS_DIR_VARIABLE) or trust_dir() / "receipts")


@dataclass(frozen=True)
class GivenReceipt:
    """One receipt shown here: of the head, or of the entry holding a digital roll."""

    kind: str
    number: int
    hash: str
    code: str
    given_at: str
    roll: str = ""
    recorded: bool = False
    """A head receipt: recorded in a later entry as given (rolls are in their own entry already)."""
    accepted_away: int = 0
    """The entry recording why a record without this receipt was accepted (`verify --accept-rewrite`)."""


@dataclass(frozen=True)
class MissingReceipt:
    """A receipt given here that the record no longer holds: cut short before it, or different at it."""

    receipt: GivenReceipt
    head: int
    found: str | None
    """The hash the record holds at the receipt's entry (None: the record ends before it)."""

    def describe(self) -> str:
        """In table language."""
        given = self.receipt
        what = f"roll {given.roll} receipt" if given.kind == "roll" else "head receipt"
        if self.found is None:
            where = f"the record ends at #{self.head}, before #{given.number}"
        else:
            where = (
                f"entry #{given.number} is not the entry it was then (hash {self.found[:12]}…, was {given.hash[:12]}…)"
            )
        return f"{what} {given.code} of #{given.number}, given on this machine at {given.given_at}: {where}"


class ReceiptLog:
    """The receipts given for one campaign on this machine (``path`` None: kept in memory only)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.given: list[GivenReceipt] = []
        self._reload()

    def _reload(self) -> None:
        """Read the file again: another process (a served read-only view, a second console) may
        have noted receipts since, and each change is made to what the file holds now."""
        text = read_private(self.path) if self.path is not None else None
        if text is None:
            return
        try:
            data = strict_json.loads(text)
            given = [GivenReceipt(**item) for item in data["receipts"]]
            if any(item.kind not in KEPT_KINDS for item in given):
                raise ValueError("a receipt of an unknown kind")
        except (ValueError, KeyError, TypeError) as error:
            raise PrivateFileError(f"{self.path} is not a turnledger receipts file ({error!r}); move it away") from None
        self.given = given

    @classmethod
    def of(cls, campaign_id: str, *, in_memory: bool = False) -> ReceiptLog:
        """The log of the campaign ``campaign_id`` (a campaign in memory keeps none on disk)."""
        return cls(None if in_memory else receipts_dir() / f"{campaign_id}.json")

    def add(self, receipts: Iterable[GivenReceipt]) -> None:
        """Note receipts just shown (one already noted for the same entry and kind is kept once)."""
        self._reload()
        known = {(item.kind, item.number, item.roll) for item in self.given}
        fresh = [item for item in receipts if (item.kind, item.number, item.roll) not in known]
        if fresh:
            self.given.extend(fresh)
            self._save()

    def waiting(self, head: int, hash_at: Callable[[int], str | None]) -> list[GivenReceipt]:
        """Head receipts of this record not yet recorded as given (those of another record, a
        copy that went on differently, are not this record's to state)."""
        return [
            item
            for item in self.given
            if item.kind == "head" and not item.recorded and item.number <= head and hash_at(item.number) == item.hash
        ]

    def mark_recorded(self, receipts: Iterable[GivenReceipt]) -> None:
        """These head receipts are now stated in an entry of the record."""
        done = {(item.number, item.hash) for item in receipts}
        if done:
            self._reload()
            self.given = [
                GivenReceipt(**{**asdict(item), "recorded": True}) if (item.number, item.hash) in done else item
                for item in self.given
            ]
            self._save()

    def missing(self, head: int, hash_at: Callable[[int], str | None]) -> list[MissingReceipt]:
        """The receipts given here that a record ending at ``head`` no longer holds, in order.

        ``hash_at(n)`` is the record's hash of entry #n. Only the last receipt is read when all
        is well (entries are chained: holding the last, the record holds every earlier one).
        """
        standing = [item for item in self.given if not item.accepted_away]
        if not standing:
            return []
        last = max(standing, key=lambda item: item.number)
        if last.number <= head and hash_at(last.number) == last.hash:
            return []
        found: list[MissingReceipt] = []
        for item in sorted(standing, key=lambda item: (item.number, item.kind, item.roll)):
            held = hash_at(item.number) if item.number <= head else None
            if held != item.hash:
                found.append(MissingReceipt(item, head, held))
        return found

    def accept_away(self, lost: Iterable[MissingReceipt], note: int) -> None:
        """The referee accepted a record without these receipts; entry #``note`` says why."""
        gone = {(item.receipt.kind, item.receipt.number, item.receipt.roll, item.receipt.hash) for item in lost}
        if gone:
            self._reload()
            self.given = [
                GivenReceipt(**{**asdict(item), "accepted_away": note})
                if (item.kind, item.number, item.roll, item.hash) in gone
                else item
                for item in self.given
            ]
            self._save()

    def _save(self) -> None:
        if self.path is None:
            return
        items: list[dict[str, Any]] = [asdict(item) for item in self.given]
        write_private(self.path, json.dumps({"receipts": items}, sort_keys=True, indent=1))
