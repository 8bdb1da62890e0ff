"""Receipts of a campaign: the head's and each digital roll's, and a list of them checked against
the record (issue 27, first part; the code itself is ledger/receipts.py).

A receipt line is what `turnledger receipt --all` prints and `turnledger verify --receipts` reads:

    head #135 2026-11-27T21:40:12+00:00 K7QXM-2PA9T
    roll 139.2 #151 1+6 4HD2R-PQ1ZW

A player's own list may hold the codes alone, one a line, in any case and spacing: a code with its
entry number is checked at that entry, one without it anywhere in the record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ledger.input_file import read_bounded_text
from ledger.receipts import looks_like_code, read_code, receipt_code
from ledger.record_check import entry_hashes
from referee.service import RefereeService

ENTRY = re.compile(r"^#(\d{1,10})$")
ROLL = re.compile(r"^(\d{1,10})\.(\d{1,10})$")
FACES = re.compile(r"^\d{1,2}(\+\d{1,2})*$")


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


@dataclass
class ReceiptCheck:
    """What `verify --receipts` found: each receipt found, and each problem named."""

    checked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def check_receipts(service: RefereeService, lines: Iterable[str], *, source: str) -> ReceiptCheck:
    """Check receipt lines (as `Receipt.line` writes them, or codes alone) against the record."""
    found = ReceiptCheck()
    campaign = str(service.campaign_id)
    head = service.store.head()
    codes: dict[str, int] | None = None
    for line_number, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("//"):
            continue
        where = f"{source}, line {line_number}"
        written = next((word for word in reversed(words) if looks_like_code(word)), None)
        if written is None and len(words) >= 2 and looks_like_code(words[-2] + words[-1]):
            written = words[-2] + words[-1]  # written down as two groups of five
        code = read_code(written) if written else None
        if written is None:
            found.problems.append(f"{where}: no receipt code in {line.strip()[:80]!r} (ten characters, as XXXXX-XXXXX)")
            continue
        if code is None:
            found.problems.append(
                f"{where}: {written[:20]!r} is not a receipt: its last character does not check (a character "
                "misread or written wrong?)"
            )
            continue
        number = next((int(match.group(1)) for word in words if (match := ENTRY.match(word))), None)
        if number is None:
            if codes is None:
                codes = {receipt_code(campaign, n, hash_): n for n, hash_ in entry_hashes(service.store, head)}
            if code in codes:
                found.checked.append(f"receipt {code} is entry #{codes[code]}, unchanged")
            else:
                found.problems.append(f"receipt {code} is not in the record: no entry of it has that receipt")
            continue
        found_problem = _check_at(service, campaign, head, number, code, words)
        if found_problem:
            found.problems.append(f"{where}: {found_problem}")
        else:
            found.checked.append(f"receipt {code} of #{number} is in the record, unchanged")
    return found


def _check_at(service: RefereeService, campaign: str, head: int, number: int, code: str, words: list[str]) -> str:
    """The problem with receipt ``code`` noted for entry #number (empty: none)."""
    roll = next((word for word in words[1:] if ROLL.match(word)), None) if words[0] == "roll" else None
    faces = next((word for word in words if FACES.match(word)), None) if roll else None
    label = f"roll {roll} receipt {code}" if roll else f"receipt {code} of #{number}"
    if not 1 <= number <= head:
        return f"{label} is not in the record: the record ends at #{head}, so it was cut short since"
    entry = service.store.entry(number)
    actual = receipt_code(campaign, number, str(entry["hash"]))
    if roll:
        held = [r for r in entry.get("rolls", []) if f"{r.get('period')}.{r.get('n')}" == roll]
        if not held:
            return f"{label} is not in the record: entry #{number} holds no roll {roll}"
        shown = "+".join(str(face) for face in held[0].get("faces", []))
        if actual != code or (faces is not None and faces != shown):
            return f"{label} is not in the record: the record shows roll {roll} at #{number} with faces {shown}"
        return ""
    if actual != code:
        return f"{label} is not in the record: entry #{number} now has receipt {actual} (the record was rewritten)"
    return ""


RECEIPT_FILE_LIMIT = 1 << 20
"""A list of receipts noted at the table: a megabyte is tens of thousands of them."""


def read_receipt_file(path: str) -> list[str]:
    """The lines of a receipts file (a regular file, UTF-8, at most `RECEIPT_FILE_LIMIT`)."""
    return read_bounded_text(path, max_bytes=RECEIPT_FILE_LIMIT, what="receipts file").splitlines()


def receipts_text(receipts: Iterable[Receipt]) -> list[str]:
    """Receipt lines, for printing or a file."""
    return [receipt.line() for receipt in receipts]


def as_json(receipt: Receipt) -> dict[str, Any]:
    """A receipt for `--json`."""
    data: dict[str, Any] = {"kind": receipt.kind, "entry": receipt.number, "code": receipt.code}
    if receipt.kind == "roll":
        data.update(roll=receipt.roll, faces=list(receipt.faces))
    else:
        data["recorded_at"] = receipt.recorded_at
    return data
