"""How a digital roll is made, scheme by scheme: the message its faces are drawn from, and the faces.

DESIGN "Dice: physical and verifiable" and revision 3 ("A roll binds only what is fixed before
the word"); docs/dice.md gives the threats, docs/verifying.md "Digital dice" every byte. Roll *n*
of a period is HMAC-SHA256 under the period's seed of the canonical JSON of a message (with a
block number); the bytes become faces by rejection sampling. Each period names its scheme:

* scheme 1 (release 0.1.0 to 0.2.0): the campaign id, the period, *n*, the roll's purpose, the
  dice and the players' seeds;
* scheme 2 (release 0.3.0 before issue 27): also the number of the entry the roll is recorded
  in, the SHA-256 of the whole command as recorded and the witness word a player said at the
  moment of the roll. The command's free text was bound too, so a seed holder who heard the word
  before the wording was fixed could try wordings offline until the faces suited;
* scheme 3 (from issue 27): the campaign id, the period, *n*, the entry number, the dice, the
  witness word and the players' seeds, and the SHA-256 of the command's **bound fields**: every
  field it records but its free text (who entered it and for whom, who threw and who watched,
  the witness word field, prose such as a roll's stated purpose: referee/common/command_base.py).
  The roll records which fields it left unbound, so that this file recomputes the digest from an
  export alone; `turnledger verify` and `audit`, which know the commands, check that the list is
  exactly the command's free text.

What scheme 3 leaves out, and why:

* the **purpose** label the software derives: it is made from free text for most commands (a
  RecordRoll's purpose, the name a combat goes by at the table), so binding it would bind the
  wording again; *n* already tells the rolls of one command apart, and whatever rule-relevant it
  could say (the hex, the dice) is bound through the command's fields;
* the witness's **name** (``by``): like ``rolled_by`` it says who, not what; only the word is
  what nobody, seed holder included, can know before it is said.

Standard library only, like digital_dice.py beside it: the standalone verifier carries a copy.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from typing import Any

SIDES = {"1D6": (1, 6), "2D6": (2, 6), "1D10": (1, 10), "D10": (1, 10)}
"""Dice by name: how many, how many sides (the same names as referee/common/dice.py)."""


def canonical(value: Any) -> bytes:
    """The canonical JSON the ledger hashes with (DESIGN "Numbers and hashing")."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def commitment(seed: str) -> str:
    """SHA-256 of the seed's bytes (the seed is hex): what is recorded before any roll."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def roll_message(
    *, campaign: str, period: int, n: int, purpose: str, dice: str, player_seeds: dict[str, str]
) -> dict[str, Any]:
    """Scheme 1 (release 0.1.0 to 0.2.0): what roll *n* is bound to; relabelling it changes its faces."""
    return {
        "campaign": campaign,
        "period": period,
        "n": n,
        "purpose": purpose,
        "dice": dice,
        "player_seeds": player_seeds,
    }


def command_digest(command: dict[str, Any]) -> str:
    """Scheme 2: SHA-256 of the whole command as the entry records it, free text included."""
    return hashlib.sha256(canonical(command)).hexdigest()


def bound_message(
    *,
    campaign: str,
    period: int,
    n: int,
    entry: int,
    command: dict[str, Any],
    purpose: str,
    dice: str,
    witness: dict[str, Any],
    player_seeds: dict[str, str],
) -> dict[str, Any]:
    """Scheme 2: roll *n* bound to its entry, the whole command as recorded, the derived purpose
    and the witness word given at the moment of the roll."""
    return {
        "scheme": 2,
        "campaign": campaign,
        "period": period,
        "n": n,
        "entry": entry,
        "command": command_digest(command),
        "purpose": purpose,
        "dice": dice,
        "witness": witness,
        "player_seeds": player_seeds,
    }


def bound_fields(command: dict[str, Any], unbound: Iterable[str]) -> dict[str, Any]:
    """Scheme 3: the fields of a command as recorded that its rolls are bound to (all but ``unbound``)."""
    left_out = set(unbound)
    return {name: value for name, value in command.items() if name not in left_out}


def bound_digest(command: dict[str, Any], unbound: Iterable[str]) -> str:
    """Scheme 3: SHA-256 of the canonical JSON of the command's bound fields (a roll's ``command_digest``)."""
    return hashlib.sha256(canonical(bound_fields(command, unbound))).hexdigest()


def scheme_3_message(
    *,
    campaign: str,
    period: int,
    n: int,
    entry: int,
    command_digest: str,
    dice: str,
    word: str,
    player_seeds: dict[str, str],
) -> dict[str, Any]:
    """Scheme 3: roll *n* bound to what is fixed before the witness word is asked (its entry, the
    command's bound fields, the dice) and to the word itself; never to free text."""
    return {
        "scheme": 3,
        "campaign": campaign,
        "period": period,
        "n": n,
        "entry": entry,
        "command": command_digest,
        "dice": dice,
        "word": word,
        "player_seeds": player_seeds,
    }


def faces(seed: str, message: dict[str, Any]) -> list[int]:
    """The faces of one roll: HMAC-SHA256 blocks, bytes mapped to faces by rejection sampling."""
    count, sides = SIDES[message["dice"]]
    limit = 256 - 256 % sides
    key = bytes.fromhex(seed)
    result: list[int] = []
    block = 0
    while len(result) < count:
        digest = hmac.new(key, canonical({**message, "block": block}), hashlib.sha256).digest()
        for byte in digest:
            if byte < limit:
                result.append(byte % sides + 1)
                if len(result) == count:
                    break
        block += 1
    return result
