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
