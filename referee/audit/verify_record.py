"""`turnledger verify`: the chain, the dice, the head noted at the table, and what this machine saw.

A chain that recomputes proves only that the record is consistent, not that it is the record
the table played: a copy cut short, or rewritten with every hash redone, checks too (issue 26).
Two things outside the file can tell:

* the head noted at the table (``--head``, a hash or its first characters, as the standalone
  verifier takes it): the record must still hold that entry, and so everything before it;
* this machine's checkpoint (ledger/trust.py): the last entry it checked or wrote, with its
  hash. A record that ends before it, or holds another entry at its number, replaces what this
  machine saw: `verify` names both heads and refuses it, and accepts it only when the referee
  says why (``--accept-rewrite REASON``); the reason is then recorded in the record itself, as a
  note on its head, so that everyone who reads it later sees that a rewrite was accepted.

Receipts (issue 27) reach further than the checkpoint: the receipts this machine showed the
players (ledger/receipt_log.py) are kept per campaign, not per copy, so a backup restored at
another path, with this machine's trust file restored too, is still named when it lacks a receipt
given here; and each head receipt the record states as given must still be the code of the entry
it names. A record without receipts given here is refused like a rewrite, and accepted the same
way (the receipts then stop being asked for on this machine).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ledger.receipt_log import MissingReceipt
from ledger.receipts import StatedReceipts, looks_like_code
from ledger.record_check import entry_hashes
from ledger.verify import VerifyReport
from referee import commands as c
from referee.audit.receipts import check_receipts, check_stated, receipts_not_held, stated_receipts
from referee.common.errors import InvalidInputError
from referee.dice.binding import free_text_of
from referee.dice.digital_dice import DiceCheck, check_record
from referee.service import RefereeService

Progress = Callable[[int, int], None]

SHORTEST_PREFIX = 8
"""The fewest hex characters of a noted head that are taken (a prefix that short is already
unlikely to match by chance in a record of a million entries: 16^8 is four billion)."""

REASON_LENGTH = 200


@dataclass
class RecordVerdict:
    """Everything `turnledger verify` found."""

    chain: VerifyReport
    dice: DiceCheck = field(default_factory=DiceCheck)
    head_lines: list[str] = field(default_factory=list)
    head_problems: list[str] = field(default_factory=list)
    replaced: str | None = None
    """What this record replaces of what this machine last saw (None: nothing)."""
    receipts_lost: list[MissingReceipt] = field(default_factory=list)
    """Receipts this machine gave that the record no longer holds."""
    accepted: dict[str, Any] | None = None
    """The entry that records why a replacement was accepted."""

    @property
    def ok(self) -> bool:
        """True when nothing is wrong (an accepted replacement is not wrong)."""
        unaccepted = (self.replaced is not None or bool(self.receipts_lost)) and self.accepted is None
        return self.chain.ok and not self.dice.problems and not self.head_problems and not unaccepted


def is_receipt(text: str) -> bool:
    """Whether a noted head is a receipt code (ten characters of the receipt alphabet, one of them
    no hex digit, or written XXXXX-XXXXX) rather than a hash or its first hex digits."""
    cleaned = text.strip()
    if not looks_like_code(cleaned):
        return False
    return bool(re.fullmatch(r"\w{5}-\w{5}", cleaned)) or any(
        char.upper() not in "0123456789ABCDEF -" for char in cleaned
    )


def noted_head(text: str) -> str:
    """A head as noted at the table: hex, any case, spaces, dashes and an ellipsis allowed.

    Raises:
        InvalidInputError: not hex, or too short to name one entry.
    """
    cleaned = "".join(text.split()).replace("-", "").replace("…", "").rstrip(".").lower()
    if not cleaned or any(ch not in "0123456789abcdef" for ch in cleaned) or len(cleaned) > 64:
        raise InvalidInputError(
            f"--head {text!r}: give the head's hash, its first {SHORTEST_PREFIX} or more hex digits, or its receipt "
            "code (XXXXX-XXXXX)"
        )
    if len(cleaned) < SHORTEST_PREFIX:
        raise InvalidInputError(
            f"--head {text!r}: {len(cleaned)} hex digits could name several entries; give at least {SHORTEST_PREFIX}"
        )
    return cleaned


def accept_reason(text: str) -> str:
    """The reason given for accepting a rewritten record (recorded as written, trimmed).

    Raises:
        InvalidInputError: empty or too long.
    """
    reason = " ".join(text.split())
    if not reason:
        raise InvalidInputError(
            "--accept-rewrite needs a reason the table will read later, e.g. 'restored Monday's backup'"
        )
    if len(reason) > REASON_LENGTH:
        raise InvalidInputError(
            f"--accept-rewrite: the reason has {len(reason)} characters; keep it to {REASON_LENGTH}"
        )
    return reason


def verify_record(
    service: RefereeService,
    *,
    head: str | None = None,
    receipts: list[str] | None = None,
    receipts_source: str = "receipts",
    accept_rewrite: str | None = None,
    actor: str = "referee",
    progress: Progress | None = None,
    jobs: int = 1,
) -> RecordVerdict:
    """Verify the campaign ``service`` holds (opened without the opening check).

    Args:
        head: a head noted at the table (already `noted_head`), or None.
        receipts: receipt lines the players kept (referee/audit/receipts.py), from ``receipts_source``.
        accept_rewrite: a reason (already `accept_reason`) to accept a record that replaces what
            this machine saw, or None to refuse it.
        jobs: processes the chain is checked on (1: serial; the same report either way).
    """
    chain = service.verify(progress=progress, vouch=False, jobs=jobs)
    verdict = RecordVerdict(chain=chain)
    if chain.ok:
        stated = StatedReceipts()
        entries = stated_receipts(service.entries(1, chain.entries), stated)
        verdict.dice = check_record(entries, service.campaign_id, free_text_of)
        if head is not None:
            _check_noted_head(service, chain, head, verdict)
        if receipts is not None:
            kept = check_receipts(service, receipts, source=receipts_source)
            verdict.head_lines += kept.checked
            verdict.head_problems += kept.problems
        held, misstated = check_stated(service, stated)
        verdict.head_lines += held
        verdict.head_problems += misstated
        verdict.replaced = _replaced(service, chain)
        verdict.receipts_lost = receipts_not_held(service)
    if not (chain.ok and not verdict.dice.problems and not verdict.head_problems):
        return verdict
    if verdict.replaced is not None or verdict.receipts_lost:
        if accept_rewrite is None:
            return verdict
        service.store.vouch_verified(chain.entries, chain.head_hash)
        what = verdict.replaced or f"{len(verdict.receipts_lost)} receipt(s) given on this machine are not held"
        verdict.accepted = service.execute(
            c.Annotate(entry=chain.entries, text=_acceptance_note(what, accept_rewrite), actor=actor)
        )
        service.receipt_log.accept_away(verdict.receipts_lost, int(verdict.accepted["number"]))
        return verdict
    if chain.entries:
        service.store.vouch_verified(chain.entries, chain.head_hash)
    return verdict


def _check_noted_head(service: RefereeService, chain: VerifyReport, head: str, verdict: RecordVerdict) -> None:
    matches = [number for number, hash_ in entry_hashes(service.store, chain.entries) if hash_.startswith(head)]
    shown = head if len(head) == 64 else f"{head}…"
    if not matches:
        verdict.head_problems.append(
            f"no entry of the record has the head noted at the table ({shown}): the record was cut short or "
            f"rewritten since it was noted (it now ends at #{chain.entries} with hash {chain.head_hash})"
        )
    elif len(matches) > 1:
        verdict.head_problems.append(
            f"the head noted at the table ({shown}) matches entries {', '.join(f'#{n}' for n in matches)}: give more "
            "of its hex digits"
        )
    else:
        since = chain.entries - matches[0]
        verdict.head_lines.append(
            f"the head noted at the table ({shown}) is entry #{matches[0]}: it and every entry before it are "
            f"unchanged; {since} entr{'y' if since == 1 else 'ies'} recorded since"
        )


def _replaced(service: RefereeService, chain: VerifyReport) -> str | None:
    """What the verified record replaces of what this machine last saw, in words (None: nothing)."""
    trust = service.store.trust
    mark = trust.checkpoint if trust is not None else None
    if mark is None:
        return None
    saw = f"this machine last saw #{mark.number} with hash {mark.hash}"
    now = f"#{chain.entries} with hash {chain.head_hash}"
    if chain.entries < mark.number:
        return f"{saw}; the record now ends at {now}: {mark.number - chain.entries} entr(ies) are gone"
    held = service.store.hash_at(mark.number)
    if held != mark.hash:
        return f"{saw}; the record now holds #{mark.number} with hash {held} and ends at {now}: it was rewritten"
    return None


def _acceptance_note(replaced: str, reason: str) -> str:
    """The note recorded on the head when a replacement is accepted (hashes shortened to fit)."""
    words = replaced
    for part in words.split():
        if len(part) == 64 and all(ch in "0123456789abcdef" for ch in part):
            words = words.replace(part, f"{part[:16]}…")
    return f"record accepted by verify after a rewrite or cut: {words}. Why: {reason}"[:500]
