"""Receipts: a short code of an entry that a player can read aloud, write down and take home.

Issue 27 (first part). No check of the file alone can tell a record cut short and rehashed, or a
backup restored and re-rolled, from an honest one: only something the players took home can. A
receipt is a code of ten characters derived from the campaign id, an entry's number and its hash
(docs/verifying.md "Receipts" gives the derivation and test vectors), so a list of receipts noted
at the table names any record that no longer holds those entries as they were.

The code: SHA-256 of ``turnledger receipt 1|<campaign id>|<number>|<hash>`` (UTF-8) read as a
big-endian integer, taken modulo 31⁹, written as nine characters of a 31-character alphabet
without look-alikes (Crockford's base 32 without S), most significant first, then a check
character: the sum of each character's value times its position (1 to 9), modulo 31. A prime
modulus and distinct weights catch any one character misread and any two neighbours swapped.
Shown as ``XXXXX-XXXXX``; read in any case, with spaces and dashes ignored, O as 0, I and L as
1 and S as 5. Standard library only, like the other files a verifier copies.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

ALPHABET = "0123456789ABCDEFGHJKMNPQRTVWXYZ"
"""Crockford's base-32 digits without S (too like 5): 31 symbols, so the check is modulo a prime."""
DIGITS = 9
BASE = len(ALPHABET)
READ_AS = {"O": "0", "I": "1", "L": "1", "S": "5"}
"""Look-alikes a person may write for a digit of the alphabet."""
SHAPE = re.compile(rf"^[{ALPHABET}]{{{DIGITS + 1}}}$")


def receipt_code(campaign_id: str, number: int, entry_hash: str) -> str:
    """The receipt of entry #number (carrying ``entry_hash``) of the campaign ``campaign_id``."""
    message = f"turnledger receipt 1|{campaign_id}|{number}|{entry_hash}".encode()
    value = int.from_bytes(hashlib.sha256(message).digest(), "big") % BASE**DIGITS
    digits = []
    for _ in range(DIGITS):
        value, digit = divmod(value, BASE)
        digits.append(ALPHABET[digit])
    body = "".join(reversed(digits))
    code = body + _check(body)
    return f"{code[:5]}-{code[5:]}"


def _check(body: str) -> str:
    return ALPHABET[sum(position * ALPHABET.index(char) for position, char in enumerate(body, 1)) % BASE]


def read_code(text: str) -> str | None:
    """A code as a person wrote it, in its shown form; None when it is not one (wrong length,
    a character outside the alphabet, or a check character that does not hold)."""
    cleaned = "".join(READ_AS.get(char, char) for char in text.upper() if char not in " -\t")
    if not SHAPE.match(cleaned) or _check(cleaned[:DIGITS]) != cleaned[DIGITS]:
        return None
    return f"{cleaned[:5]}-{cleaned[5:]}"


def looks_like_code(text: str) -> bool:
    """Whether ``text`` has the shape of a code (ten characters once dashes and spaces are gone),
    whether or not its check character holds: what `read_code` should then judge."""
    cleaned = "".join(char for char in text if char not in " -\t")
    return len(cleaned) == DIGITS + 1 and all(char.upper() in ALPHABET or char.upper() in READ_AS for char in cleaned)


ENTRY = re.compile(r"^#(\d{1,10})$")
ROLL = re.compile(r"^(\d{1,10})\.(\d{1,10})$")
FACES = re.compile(r"^\d{1,2}(\+\d{1,2})*$")


@dataclass
class ReceiptCheck:
    """What a list of receipts found in a record: each receipt found, and each problem named."""

    checked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass
class RecordView:
    """What checking receipts reads of a record (a store, or an export's lines): its campaign
    id, its last entry's number, one entry by number, and every entry's (number, hash)."""

    campaign: str
    head: int
    entry: Callable[[int], dict[str, Any]]
    hashes: Callable[[], Iterable[tuple[int, str]]]


def check_receipt_lines(record: RecordView, lines: Iterable[str], *, source: str) -> ReceiptCheck:
    """Check receipt lines (``head #N TIME CODE``, ``roll P.n #N FACES CODE``, or a code alone, in
    any case and spacing) against ``record`` (docs/verifying.md "Receipts")."""
    found = ReceiptCheck()
    codes: dict[str, int] | None = None
    for line_number, line in enumerate(lines, 1):
        words = line.split()
        if not words or words[0].startswith("//"):
            continue
        where = f"{source}, line {line_number}"
        written = next((word for word in reversed(words) if looks_like_code(word)), None)
        if written is None and len(words) >= 2 and looks_like_code(words[-2] + words[-1]):
            written = words[-2] + words[-1]  # written down as two groups of five
        if written is None:
            found.problems.append(f"{where}: no receipt code in {line.strip()[:80]!r} (ten characters, as XXXXX-XXXXX)")
            continue
        code = read_code(written)
        if code is None:
            found.problems.append(
                f"{where}: {written[:20]!r} is not a receipt: its last character does not check (a character "
                "misread or written wrong?)"
            )
            continue
        number = next((int(match.group(1)) for word in words if (match := ENTRY.match(word))), None)
        if number is None:
            if codes is None:
                codes = {receipt_code(record.campaign, n, hash_): n for n, hash_ in record.hashes()}
            if code in codes:
                found.checked.append(f"receipt {code} is entry #{codes[code]}, unchanged")
            else:
                found.problems.append(f"{where}: receipt {code} is not in the record: no entry of it has that receipt")
            continue
        problem = _check_at(record, number, code, words)
        if problem:
            found.problems.append(f"{where}: {problem}")
        else:
            found.checked.append(f"receipt {code} of #{number} is in the record, unchanged")
    return found


def _check_at(record: RecordView, number: int, code: str, words: list[str]) -> str:
    """The problem with receipt ``code`` noted for entry #number (empty: none)."""
    roll = next((word for word in words[1:] if ROLL.match(word)), None) if words[0].lower() == "roll" else None
    faces = next((word for word in words if FACES.match(word)), None) if roll else None
    label = f"roll {roll} receipt {code}" if roll else f"receipt {code} of #{number}"
    if not 1 <= number <= record.head:
        return f"{label} is not in the record: the record ends at #{record.head}, so it was cut short since"
    entry = record.entry(number)
    actual = receipt_code(record.campaign, number, str(entry.get("hash")))
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


def stated_receipt(
    campaign: str, stated_in: int, event: dict[str, Any], hash_at: Callable[[int], str | None]
) -> tuple[str, str]:
    """One ``ReceiptGiven`` event of entry #stated_in against the record: (line checked, problem);
    one of the two is empty. The head receipt it states must be the code of an earlier entry as
    the record holds it now (``hash_at(n)``: the hash of entry #n, None when there is none)."""
    number, code = event.get("entry"), event.get("code")
    if not isinstance(number, int) or isinstance(number, bool) or not isinstance(code, str):
        return "", f"entry #{stated_in}: a ReceiptGiven event without an entry number and a code"
    held = hash_at(number) if 1 <= number < stated_in else None
    actual = receipt_code(campaign, number, held) if held is not None else None
    if actual == code:
        return f"head receipt {code} of #{number} (stated in #{stated_in}): on the record", ""
    now = f"gives {actual}" if actual else "comes later, so no receipt could be given for it"
    return "", (
        f"entry #{stated_in} states head receipt {code} given at #{number}, but the record's #{number} {now}: "
        "the entries before it were rewritten"
    )


@dataclass
class StatedReceipts:
    """The head receipts a record states as given (``ReceiptGiven`` events), read entry by entry
    in record order, each with the campaign id in force where it was stated (a branch's entries
    before its branching state receipts under its parent's id)."""

    found: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)
    campaign: str = ""

    def read(self, entry: dict[str, Any]) -> None:
        """Note what one entry states (and a change of campaign id)."""
        for event in entry.get("events", []):
            kind = event.get("type")
            if kind == "CampaignOpened":
                state = event.get("state")
                identity = state.get("identity") if isinstance(state, dict) else None
                opened = event.get("campaign_id") or (
                    identity.get("campaign_id") if isinstance(identity, dict) else None
                )
                self.campaign = str(opened) if opened else self.campaign
            elif kind == "CampaignBranched":
                self.campaign = str(event.get("campaign_id"))
            elif kind == "ReceiptGiven":
                self.found.append((int(entry["number"]), event, self.campaign))

    def check(self, hash_at: Callable[[int], str | None]) -> tuple[list[str], list[str]]:
        """Each statement against the record as it is now (`stated_receipt`): (lines, problems)."""
        lines, problems = [], []
        for number, event, campaign in self.found:
            line, problem = stated_receipt(campaign, number, event, hash_at)
            lines += [line] if line else []
            problems += [problem] if problem else []
        return lines, problems
