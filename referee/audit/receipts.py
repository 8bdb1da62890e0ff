"""Receipts of a campaign: the head's and each digital roll's, and a list of them checked against
the record (issue 27, first part; the code itself is ledger/receipts.py).

A receipt line is what `turnledger receipt --all` prints and `turnledger verify --receipts` reads:

    head #135 2026-11-27T21:40:12+00:00 K7QXM-2PA9T
    roll 139.2 #151 1+6 4HD2R-PQ1ZW

A player's own list may hold the codes alone, one a line, in any case and spacing: a code with its
entry number is checked at that entry, one without it anywhere in the record.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from ledger.input_file import read_bounded_text
from ledger.receipt_log import GivenReceipt, MissingReceipt
from ledger.receipts import ReceiptCheck, RecordView, StatedReceipts, check_receipt_lines, receipt_code
from ledger.record_check import entry_hashes
from referee.service import RefereeService


@dataclass(frozen=True)
class Receipt:
    """One receipt: of the head, or of the entry holding a digital roll."""

    kind: str
    number: int
    code: str
    recorded_at: str = ""
    roll: str = ""
    faces: tuple[int, ...] = ()

    def line(self) -> str:
        """The receipt as one line of `receipt --all`."""
        if self.kind == "roll":
            return f"roll {self.roll} #{self.number} {'+'.join(map(str, self.faces))} {self.code}"
        return f"head #{self.number} {self.recorded_at} {self.code}"


def head_receipt(service: RefereeService) -> Receipt:
    """The receipt of the record's last entry."""
    number, hash_ = service.store.head_position()
    entry = service.store.entry(number)
    return Receipt("head", number, receipt_code(str(service.campaign_id), number, hash_), str(entry["recorded_at"]))


def roll_receipts(service: RefereeService) -> Iterator[Receipt]:
    """A receipt for every digital roll of the record, in record order."""
    campaign = str(service.campaign_id)
    for entry in service.entries():
        for roll in entry.get("rolls", []):
            if roll.get("method") == "digital":
                yield Receipt(
                    "roll",
                    int(entry["number"]),
                    receipt_code(campaign, int(entry["number"]), str(entry["hash"])),
                    roll=f"{roll.get('period')}.{roll.get('n')}",
                    faces=tuple(int(face) for face in roll.get("faces", [])),
                )


def give_receipts(service: RefereeService, receipts: Sequence[Receipt]) -> None:
    """Note that ``receipts`` were just shown to the players: this machine's receipt log keeps
    them (ledger/receipt_log.py), and the next entry states each head receipt as given
    (referee/common/receipt_events.py). Only receipts of entries the record holds are noted."""
    given_at = service.clock().astimezone(UTC).isoformat(timespec="seconds")
    kept = []
    for receipt in receipts:
        hash_ = service.store.hash_at(receipt.number)
        if hash_ is not None:
            kept.append(GivenReceipt(receipt.kind, receipt.number, hash_, receipt.code, given_at, roll=receipt.roll))
    service.receipt_log.add(kept)


def receipts_not_held(service: RefereeService) -> list[MissingReceipt]:
    """The receipts this machine gave that the record no longer holds (cut short before them, or
    another entry at their number): a restored backup, a record rolled back by hand."""
    return service.receipt_log.missing(service.store.head(), service.store.hash_at)


def receipts_given_in_record(service: RefereeService, start: int = 1) -> Iterator[tuple[int, Receipt]]:
    """The head receipts the record states as given: (the entry stating it, the receipt), in order."""
    for entry in service.entries(start):
        for event in entry.get("events", []):
            if event.get("type") == "ReceiptGiven":
                receipt = Receipt("head", int(event["entry"]), str(event["code"]), str(event["given_at"]))
                yield int(entry["number"]), receipt


def all_receipts(service: RefereeService) -> list[Receipt]:
    """Every receipt given so far, in record order: each digital roll's, each head receipt the
    record states as given, then the head's as it is now (what `receipt --all` prints)."""
    rolls = [(receipt.number, 0, receipt) for receipt in roll_receipts(service)]
    heads = [(receipt.number, 1, receipt) for _, receipt in receipts_given_in_record(service)]
    listed = [receipt for _, _, receipt in sorted(rolls + heads, key=lambda item: (item[0], item[1]))]
    return [*listed, head_receipt(service)]


def stated_receipts(entries: Iterable[dict[str, Any]], into: StatedReceipts) -> Iterator[dict[str, Any]]:
    """The ``entries``, passed on unchanged, noting ``into`` the head receipts they state as given
    (ledger/receipts.py `StatedReceipts`), gathered in a pass made anyway."""
    for entry in entries:
        into.read(entry)
        yield entry


def check_stated(service: RefereeService, stated: StatedReceipts) -> tuple[list[str], list[str]]:
    """Each head receipt the record states as given must be the code of the entry it names, as
    the record holds it now: (lines checked, problems)."""
    return stated.check(service.store.hash_at)


def check_given_in_record(service: RefereeService) -> tuple[list[str], list[str]]:
    """`check_stated` over the whole record (one pass of its own)."""
    stated = StatedReceipts()
    for _ in stated_receipts(service.entries(), stated):
        pass
    return check_stated(service, stated)


def check_receipts(service: RefereeService, lines: Iterable[str], *, source: str) -> ReceiptCheck:
    """Check receipt lines (as `Receipt.line` writes them, or codes alone) against the record."""
    head = service.store.head()
    record = RecordView(
        campaign=str(service.campaign_id),
        head=head,
        entry=service.store.entry,
        hashes=lambda: entry_hashes(service.store, head),
    )
    return check_receipt_lines(record, lines, source=source)


RECEIPT_FILE_LIMIT = 1 << 20
"""A list of receipts noted at the table: a megabyte is tens of thousands of them."""


def read_receipt_file(path: str) -> list[str]:
    """The lines of a receipts file (a regular file, UTF-8, at most `RECEIPT_FILE_LIMIT`)."""
    return read_bounded_text(path, max_bytes=RECEIPT_FILE_LIMIT, what="receipts file").splitlines()


def as_json(receipt: Receipt) -> dict[str, Any]:
    """A receipt for `--json`."""
    data: dict[str, Any] = {"kind": receipt.kind, "entry": receipt.number, "code": receipt.code}
    if receipt.kind == "roll":
        data.update(roll=receipt.roll, faces=list(receipt.faces))
    else:
        data["recorded_at"] = receipt.recorded_at
    return data


def entry_roll_receipts(campaign_id: str, entry: dict[str, Any]) -> list[tuple[Receipt, dict[str, Any]]]:
    """Each digital roll of one entry with its receipt, in the entry's order: what the console
    shows as the roll is recorded, and `log` and `show` beside each roll. No other entry is read."""
    number = int(entry["number"])
    code = receipt_code(campaign_id, number, str(entry.get("hash")))
    return [
        (
            Receipt(
                "roll",
                number,
                code,
                roll=f"{roll.get('period')}.{roll.get('n')}",
                faces=tuple(face for face in _listed(roll.get("faces")) if isinstance(face, int)),
            ),
            roll,
        )
        for roll in _listed(entry.get("rolls"))
        if isinstance(roll, dict) and roll.get("method") == "digital"
    ]


def _listed(value: Any) -> list[Any]:
    """``value`` when it is a list, else none (a malformed imported roll is shown, never an error)."""
    return value if isinstance(value, list) else []
