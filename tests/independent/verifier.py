"""An independent verifier of turnledger's records, written from docs/verifying.md alone, on 2026-11-27.

Clean room: nothing under ledger/, referee/ or tui/ was read or imported; only Python's standard
library is used. Where the page is silent or ambiguous, the choice made is marked "ASSUMED" in a
comment (the report of this work lists every such place); a few of those choices were then compared
with the turnledger CLI run as a black box (`turnledger import`, `verify`, `verify --help`).

Updated for dice scheme 3 (issue 27) from the page's "Roll records", "Digital dice" and "Dice
periods" sections alone, as they were rewritten for it.

Call ``verify_export(path, head=None)`` for a JSONL export or ``verify_store(sqlite_path, head=None)``
for a campaign's SQLite file; each returns a ``Verdict`` with ``ok``, ``problems`` and ``findings``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeGuard

GENESIS = "0" * 64
MAX_FILE_BYTES = 64 * 2**30
MAX_LINE_BYTES = 16 * 2**20
MAX_DEPTH = 100
MAX_INT_DIGITS = 4300
BOM = b"\xef\xbb\xbf"
HEADER_FORMAT = "turnledger-jsonl"
HEADER_KEYS = frozenset({"format", "version", "campaign_id", "name", "entries", "head_hash"})
ENTRY_KEYS = frozenset(
    {
        "number",
        "recorded_at",
        "actor",
        "on_behalf_of",
        "at",
        "command",
        "rolls",
        "ruling",
        "events",
        "source",
        "prev_hash",
        "hash",
    }
)
DICE: dict[str, tuple[int, int]] = {"1D6": (1, 6), "2D6": (2, 6), "1D10": (1, 10), "D10": (1, 10)}
TOPIC_OPENED = "turnledger:CampaignBook.Opened"
TOPIC_RECORDED = "turnledger:CampaignBook.EntryRecorded"
ORIGINATOR_TOPIC = "turnledger:CampaignBook"

_HEX64 = re.compile(r"[0-9a-f]{64}")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_RECORDED_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{6})?[+-][0-9]{2}:[0-9]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class Verdict:
    """The outcome: ``ok`` when no problem was found; findings are reported either way."""

    ok: bool
    problems: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)


class LineError(ValueError):
    """A line (or a value) that cannot be read one way only, or cannot be written canonically."""


# --- reading a line: one way only -------------------------------------------------------------


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build an object, refusing a key given twice."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise LineError(f"key {_short(key)} given twice in one object")
        obj[key] = value
    return obj


def _constant(name: str) -> Any:
    """Refuse NaN, Infinity and -Infinity."""
    raise LineError(f"{name} is not JSON")


def _float(text: str) -> float:
    """Read a number with a fraction or exponent, refusing one that reads as infinity."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise LineError(f"number {_short(text)} reads as infinity")
    return value


def _int(text: str) -> int:
    """Read an integer of at most 4,300 digits."""
    digits = len(text) - (1 if text.startswith("-") else 0)
    if digits > MAX_INT_DIGITS:
        raise LineError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_pairs, parse_constant=_constant, parse_float=_float, parse_int=_int, strict=True
)


def read_one_way(text: str) -> Any:
    """Read JSON text that can be read only one way (RFC 8259 + the I-JSON rules of the page)."""
    try:
        value = _DECODER.decode(text)
    except LineError:
        raise
    except RecursionError:
        raise LineError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:
        raise LineError(f"not JSON ({exc})") from None
    _check_tree(value)
    return value


def _check_tree(value: Any) -> None:
    """Refuse nesting deeper than 100 and lone surrogates, in keys and values."""
    # ASSUMED: depth counts the top-level array/object as 1 (the golden exports then reach 11).
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise LineError("a lone surrogate (\\ud800-\\udfff not half of a pair)")
        elif isinstance(item, dict | list):
            depth += 1
            if depth > MAX_DEPTH:
                raise LineError(f"nested more than {MAX_DEPTH} deep")
            if isinstance(item, dict):
                for key, sub in item.items():
                    if _SURROGATE.search(key):
                        raise LineError("a lone surrogate in a key")
                    stack.append((sub, depth))
            else:
                stack.extend((sub, depth) for sub in item)


# --- canonical JSON ---------------------------------------------------------------------------

_ESCAPE = re.compile(r'[\x00-\x1f"\\]')
_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _SHORT_ESCAPES.get(char) or f"\\u{ord(char):04x}"


def json_string(text: str) -> str:
    """A string as canonical JSON: only quote, backslash and controls below U+0020 escaped."""
    if _SURROGATE.search(text):
        raise LineError("a lone surrogate cannot be written as UTF-8")
    return '"' + _ESCAPE.sub(_escape, text) + '"'


def float_form(value: float) -> str:
    """Write a float as the page's Numbers section says (shortest round-trip digits, repr's layout)."""
    if value != value or value in (float("inf"), float("-inf")):
        raise LineError("NaN and infinities have no JSON form")
    negative = value < 0 or (value == 0 and str(value).startswith("-"))
    sign = "-" if negative else ""
    if value == 0:
        return sign + "0.0"
    digits, exponent = _shortest_digits(abs(value))
    if -4 <= exponent < 16:
        if exponent >= 0:
            whole = digits[: exponent + 1].ljust(exponent + 1, "0")
            fraction = digits[exponent + 1 :] or "0"
        else:
            whole, fraction = "0", "0" * (-exponent - 1) + digits
        return f"{sign}{whole}.{fraction}"
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{mantissa}e{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


def _pow10(exponent: int) -> Fraction:
    return Fraction(10) ** exponent


def _shortest_digits(value: float) -> tuple[str, int]:
    """The fewest decimal digits d1..dn (and e, value = d1.d2..dn x 10^e) that read back to ``value``."""
    exact = Fraction(value)
    exponent = len(str(int(exact))) - 1 if exact >= 1 else -len(str(int(1 / exact)))
    while _pow10(exponent) > exact:
        exponent -= 1
    while _pow10(exponent + 1) <= exact:
        exponent += 1
    for count in range(1, 18):
        scale = _pow10(exponent - count + 1)
        nearest = round(exact / scale)  # round half to even
        found: list[tuple[Fraction, int, int]] = []
        # ASSUMED: when several digit strings of the shortest length read back, the nearest wins
        # (the page does not say; the neighbours are tried for the uneven gap at a power of two).
        for candidate in (nearest - 1, nearest, nearest + 1):
            if candidate <= 0:
                continue
            if float(f"{candidate}e{exponent - count + 1}") == value:
                found.append((abs(candidate * scale - exact), candidate % 2, candidate))
        if found:
            candidate = min(found)[2]
            text = str(candidate)
            shift = len(text) - count  # 9.99.. rounded up to 10.0..: one more digit before the point
            return text.rstrip("0") or "0", exponent + shift
    raise LineError(f"no shortest form for {value!r}")  # unreachable for a finite double


def _encode(value: Any, out: list[str]) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        out.append(float_form(value))
    elif isinstance(value, str):
        out.append(json_string(value))
    elif isinstance(value, list | tuple):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _encode(item, out)
        out.append("]")
    elif isinstance(value, dict):
        out.append("{")
        for index, key in enumerate(sorted(value)):
            if not isinstance(key, str):
                raise LineError(f"an object key that is not a string: {key!r}")
            if index:
                out.append(",")
            out.append(json_string(key))
            out.append(":")
            _encode(value[key], out)
        out.append("}")
    else:
        raise LineError(f"no JSON form for {type(value).__name__}")


def canonical_json(value: Any) -> bytes:
    """The canonical UTF-8 JSON of a value: sorted keys, no spaces, non-ASCII as itself."""
    out: list[str] = []
    _encode(value, out)
    return "".join(out).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    """Lowercase hex SHA-256."""
    return hashlib.sha256(data).hexdigest()


def entry_hash(entry: dict[str, Any]) -> str:
    """The hash of an entry: SHA-256 of its prev_hash's 64 ASCII characters + its canonical JSON without hash."""
    body = {key: value for key, value in entry.items() if key != "hash"}
    return sha256_hex(str(entry["prev_hash"]).encode("ascii") + canonical_json(body))


# --- digital dice -----------------------------------------------------------------------------


def commitment(seed: bytes) -> str:
    """The commitment of a seed: lowercase hex SHA-256 of its 32 bytes (not of their hex)."""
    return sha256_hex(seed)


def command_digest(command: Any) -> str:
    """Lowercase hex SHA-256 of the canonical JSON of an entry's command, as recorded."""
    return sha256_hex(canonical_json(command))


def roll_message(
    *,
    scheme: int,
    campaign: str,
    period: int,
    n: int,
    purpose: Any,
    dice: Any,
    player_seeds: Any,
    entry: int | None = None,
    command: str | None = None,
    witness: Any = None,
) -> dict[str, Any]:
    """The message of a digital roll (without its block): scheme 3's nine keys, scheme 2's ten, or
    scheme 1's six. Under scheme 3 ``command`` is the roll's command_digest and ``witness`` its
    witness object, of which only the word goes in."""
    if scheme == 3:
        return {
            "scheme": 3,
            "campaign": campaign,
            "period": period,
            "n": n,
            "entry": entry,
            "command": command,
            "dice": dice,
            "word": witness.get("word") if isinstance(witness, dict) else None,
            "player_seeds": player_seeds,
        }
    message: dict[str, Any] = {
        "campaign": campaign,
        "period": period,
        "n": n,
        "purpose": purpose,
        "dice": dice,
        "player_seeds": player_seeds,
    }
    if scheme == 2:
        message.update({"scheme": 2, "entry": entry, "command": command, "witness": witness})
    return message


def bound_digest(command: Any, unbound: list[str]) -> str:
    """Scheme 3: SHA-256 of the canonical JSON of the command without the keys named in ``unbound``."""
    # ASSUMED: a command that is not an object has no keys to remove (its digest is of it as it is).
    if isinstance(command, dict):
        command = {key: value for key, value in command.items() if key not in unbound}
    return sha256_hex(canonical_json(command))


def roll_block(seed: bytes, message: dict[str, Any], block: int) -> bytes:
    """HMAC-SHA256 keyed by the seed over the canonical JSON of the message with ``"block": k``."""
    return hmac.new(seed, canonical_json({**message, "block": block}), hashlib.sha256).digest()


def roll_faces(seed: bytes, message: dict[str, Any], dice: str) -> list[int]:
    """The faces of a digital roll: unbiased bytes of successive HMAC blocks, ``b mod sides + 1``."""
    count, sides = DICE[dice]
    limit = 256 - 256 % sides
    faces: list[int] = []
    block = 0
    while len(faces) < count:
        for byte in roll_block(seed, message, block):
            if byte < limit:
                faces.append(byte % sides + 1)
                if len(faces) == count:
                    break
        block += 1
    return faces


# --- small helpers ----------------------------------------------------------------------------


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_hex64(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def _valid_recorded_at(value: Any) -> bool:
    """``datetime.isoformat()`` of an aware time: exact shape, six-digit fraction never zero, a real moment."""
    if not isinstance(value, str) or not _RECORDED_AT.fullmatch(value):
        return False
    if value[19:26] == ".000000":
        return False
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return False
    return moment.tzinfo is not None and moment.isoformat() == value


_ENTRY_TYPES: dict[str, tuple[str, Any]] = {
    "number": ("an integer, 1 or more", lambda v: _is_int(v) and v >= 1),
    "recorded_at": ("an ISO time with a UTC offset as isoformat() writes it", _valid_recorded_at),
    "actor": ("a string", lambda v: isinstance(v, str)),
    "on_behalf_of": ("a string or null", lambda v: v is None or isinstance(v, str)),
    "at": ("a string", lambda v: isinstance(v, str)),
    "command": ("an object", lambda v: isinstance(v, dict)),
    "rolls": ("an array of objects", lambda v: isinstance(v, list) and all(isinstance(r, dict) for r in v)),
    "ruling": ("an object", lambda v: isinstance(v, dict)),
    "events": ("an array of objects", lambda v: isinstance(v, list) and all(isinstance(e, dict) for e in v)),
    "source": ("an object or null", lambda v: v is None or isinstance(v, dict)),
    "prev_hash": ("64 lowercase hex digits", _is_hex64),
    "hash": ("64 lowercase hex digits", _is_hex64),
}


@dataclass
class _Roll:
    index: int  # position in the record (for naming the line)
    number: int  # the entry's number (for the rules and the message)
    record: dict[str, Any]
    digest: str
    campaign: str | None
    command: Any = None  # the entry's command as recorded (scheme 3 digests its bound fields)


@dataclass
class _Commit:
    index: int
    number: int
    period: int
    commitment: str
    player_seeds: Any
    scheme: int


# --- the record: entries in order, then the chain, header and dice checks -----------------------


class _Record:
    """Checks entry texts in order, then the whole record."""

    def __init__(self, label: Any) -> None:
        self.label = label  # index -> "line 3 (entry #2)" or "entry #2"
        self.problems: list[str] = []
        self.findings: list[str] = []
        self.count = 0
        self.prev_hash: str | None = GENESIS
        self.last_hash: str | None = None
        self.verified_hashes: dict[str, int] = {}
        self.campaign_opened: str | None = None
        self.campaign: str | None = None  # the campaign id in force
        self.commits: list[_Commit] = []
        self.reveals: list[tuple[int, Any, Any]] = []
        self.rollbacks: list[tuple[int, Any]] = []
        self.rolls: list[_Roll] = []
        self.first_read = False
        self.next_number = 1
        self.prev_number: int | str = "?"  # the number of the entry before the one being read

    def problem(self, index: int | None, text: str) -> None:
        self.problems.append(f"{self.label(index)}: {text}" if index is not None else text)

    def skip(self) -> None:
        """An entry line that could not be read at all (framing): the next one's link is not checked."""
        self.count += 1
        self.next_number += 1
        self.prev_number = "?"
        self.prev_hash = None
        self.last_hash = None

    def add(self, raw: bytes, text: str) -> None:
        """Check one entry line (its text without the line end)."""
        self.count += 1
        index = self.count
        try:
            entry = read_one_way(text)
        except LineError as exc:
            self.problem(index, str(exc))
            self.next_number += 1
            self.prev_number = "?"
            self.prev_hash = self.last_hash = None
            return
        if not isinstance(entry, dict):
            self.problem(index, "not a JSON object")
            self.next_number += 1
            self.prev_number = "?"
            self.prev_hash = self.last_hash = None
            return
        self._check_form(index, entry, raw)
        self._check_chain(index, entry)
        number = entry["number"] if _is_int(entry.get("number")) else index
        self._collect(index, number, entry)
        self.prev_number = number

    def _check_form(self, index: int, entry: dict[str, Any], raw: bytes) -> None:
        missing = sorted(ENTRY_KEYS - entry.keys())
        extra = sorted(entry.keys() - ENTRY_KEYS)
        if missing:
            self.problem(index, f"missing key(s) {', '.join(missing)}")
        if extra:
            self.problem(index, f"unexpected key(s) {', '.join(extra)}")
        for key, (wanted, check) in _ENTRY_TYPES.items():
            if key in entry and not check(entry[key]):
                self.problem(index, f"{key} must be {wanted}, not {_short(entry[key])}")
        number = entry.get("number")
        if _is_int(number) and number != self.next_number:
            # Expected: the one after the previous entry's number, so a gap or a repeat is named once.
            before = "the first entry is #1" if index == 1 else f"the entry before it is #{self.next_number - 1}"
            self.problem(index, f"number is {number}, but {before} (numbers run 1, 2, 3, ... without a gap)")
        self.next_number = number + 1 if _is_int(number) else self.next_number + 1
        try:
            if canonical_json(entry) != raw:
                self.problem(index, "not in canonical form (the line must be exactly the canonical JSON of its value)")
        except LineError as exc:
            self.problem(index, str(exc))
        if index == 1:
            self.first_read = True

    def _check_chain(self, index: int, entry: dict[str, Any]) -> None:
        prev, own = entry.get("prev_hash"), entry.get("hash")
        expected_prev = GENESIS if index == 1 else self.prev_hash
        link_ok = expected_prev is not None and prev == expected_prev
        if expected_prev is not None and prev != expected_prev:
            what = (
                "the genesis value (64 zeros)"
                if index == 1
                else f"the hash of the entry before it (#{self.prev_number})"
            )
            self.problem(index, f"prev_hash {_short(prev, 20)} is not {what}")
        hash_ok = False
        if isinstance(prev, str) and prev.isascii() and "prev_hash" in entry:
            try:
                computed = entry_hash(entry)
            except LineError:
                computed = None
            if computed is not None and computed != own:
                self.problem(index, f"hash {_short(own, 20)} does not match its content (computed {computed[:16]}…)")
            hash_ok = computed is not None and computed == own
        if hash_ok and link_ok and isinstance(own, str):
            self.verified_hashes[own] = index
        self.prev_hash = self.last_hash = own if isinstance(own, str) else None

    def _collect(self, index: int, number: int, entry: dict[str, Any]) -> None:
        """Keep what the record-wide checks need: campaign ids, dice events, rollbacks, digital rolls."""
        events: list[Any] = entry["events"] if isinstance(entry.get("events"), list) else []
        for event in events:
            if not isinstance(event, dict):
                continue
            kind = event.get("type")
            if kind == "CampaignOpened" and index == 1:
                cid = event.get("campaign_id")
                if cid is None and isinstance(event.get("state"), dict):
                    identity = event["state"].get("identity")
                    cid = identity.get("campaign_id") if isinstance(identity, dict) else None
                if isinstance(cid, str):
                    self.campaign_opened = self.campaign = cid
                else:
                    self.problem(index, "CampaignOpened names no campaign_id")
            elif kind == "CampaignBranched":
                # ASSUMED: a branch event counts wherever it stands, undone entries included.
                if isinstance(event.get("campaign_id"), str):
                    self.campaign = event["campaign_id"]
                else:
                    self.problem(index, "CampaignBranched names no campaign_id")
            elif kind == "DiceCommitted":
                self._commit(index, number, event)
            elif kind == "DiceSeedRevealed":
                self.reveals.append((index, event.get("period"), event.get("seed")))
            elif kind == "RolledBack":
                self.rollbacks.append((number, event.get("to")))
        rolls: list[Any] = entry["rolls"] if isinstance(entry.get("rolls"), list) else []
        digital = [roll for roll in rolls if isinstance(roll, dict) and roll.get("method") == "digital"]
        if digital:
            try:
                digest = command_digest(entry.get("command"))
            except LineError:
                digest = ""
            for roll in digital:
                self.rolls.append(_Roll(index, number, roll, digest, self.campaign, entry.get("command")))

    def _commit(self, index: int, number: int, event: dict[str, Any]) -> None:
        period, commit, seeds = event.get("period"), event.get("commitment"), event.get("player_seeds")
        scheme = event.get("scheme", 1)
        wrong = []
        if not (_is_int(period) and period >= 1):
            wrong.append(f"period {_short(period)}")
        if not _is_hex64(commit):
            wrong.append(f"commitment {_short(commit)}")
        if not isinstance(seeds, dict):
            wrong.append(f"player_seeds {_short(seeds)}")
        if not (_is_int(scheme) and scheme in (1, 2, 3)):
            wrong.append(f"scheme {_short(scheme)}")
        if wrong or not (_is_int(period) and _is_hex64(commit)):
            self.problem(index, "DiceCommitted with a malformed " + ", ".join(wrong))
            return
        self.commits.append(_Commit(index, number, period, commit, seeds, scheme))

    # -- record-wide checks ------------------------------------------------------------------

    def finish(self, head: str | None) -> None:
        """Run the dice-period checks, the campaign check and the head check."""
        if self.count == 0:
            return
        if self.campaign_opened is None and self.first_read:
            # ASSUMED: a record whose entry #1 opens no campaign is a problem (no campaign id in force).
            self.problem(1, "entry #1 holds no CampaignOpened event naming the campaign")
        self._check_dice()
        if head is not None:
            self._check_head(head)

    def _undone(self) -> list[tuple[int, int]]:
        """Ranges (first, last) of entries undone by rollbacks: N+1 .. R-1 for RolledBack{to: N} in entry R."""
        # ASSUMED: "between N + 1 and that rollback's own number, exclusive" excludes only the rollback's
        # own entry (N + 1 is undone), and every RolledBack counts, even one in an undone entry.
        return [(to + 1, at - 1) for at, to in self.rollbacks if _is_int(to) and to + 1 <= at - 1]

    def _check_dice(self) -> None:
        commits: dict[int, _Commit] = {}
        for commit_ in self.commits:
            if commit_.period in commits:
                # Rule 5 (settled on the page after this verifier was first written): a problem.
                first = commits[commit_.period].number
                self.problem(commit_.index, f"period {commit_.period} committed twice (first in entry #{first})")
            commits[commit_.period] = commit_
        for period, commit_ in sorted(commits.items()):
            if commit_.number != period:
                self.problem(
                    commit_.index, f"DiceCommitted of period {period} stands in entry #{commit_.number}, not #{period}"
                )
        revealed: dict[int, bytes] = {}
        revealed_at: set[int] = set()
        for index, period, seed in self.reveals:
            if not (_is_int(period) and _is_hex64(seed)):
                self.problem(
                    index, f"DiceSeedRevealed with a malformed period or seed: {_short(period)}, {_short(seed)}"
                )
                continue
            if period not in commits:
                # ASSUMED: a seed revealed for a period no entry commits is a problem.
                self.problem(index, f"seed revealed for period {period}, which no entry commits")
                continue
            revealed_at.add(period)
            if commitment(bytes.fromhex(seed)) != commits[period].commitment:
                self.problem(index, f"the seed revealed for period {period} does not match its commitment")
            else:
                revealed.setdefault(period, bytes.fromhex(seed))
        numbering: dict[int, tuple[int, set[int]]] = {}
        unrevealed_rolls: dict[int, list[str]] = {}
        for roll in self.rolls:
            self._check_roll(roll, commits, revealed, revealed_at, numbering, unrevealed_rolls)
        undone = self._undone()
        standing = [p for p, c in commits.items() if not any(lo <= c.number <= hi for lo, hi in undone)]
        open_period = max(standing) if standing else None
        for period, commit_ in sorted(commits.items()):
            if period in revealed_at:
                continue
            rolls = unrevealed_rolls.get(period, [])
            listed = "; ".join(rolls) if rolls else "no rolls"
            if period == open_period:
                self.findings.append(
                    f"period {period} not yet revealed (the open period, committed in entry #{commit_.number}):"
                    f" {len(rolls)} roll(s) to check once its seed is revealed: {listed}"
                )
            else:
                self.findings.append(
                    f"period {period} abandoned (committed in entry #{commit_.number}, seed never revealed):"
                    f" {len(rolls)} roll(s) can never be checked: {listed}"
                )

    def _check_roll(
        self,
        roll: _Roll,
        commits: dict[int, _Commit],
        revealed: dict[int, bytes],
        revealed_at: set[int],
        numbering: dict[int, tuple[int, set[int]]],
        unrevealed_rolls: dict[int, list[str]],
    ) -> None:
        record, index = roll.record, roll.index
        period, n, dice = record.get("period"), record.get("n"), record.get("dice")
        if not (_is_int(period) and _is_int(n) and n >= 1):
            self.problem(index, f"a digital roll without a valid period and n ({_short(period)}, {_short(n)})")
            return
        name = f"roll {period}.{n}"
        commit_ = commits.get(period)
        if commit_ is None:
            self.problem(index, f"{name} in a period never committed")
        elif roll.number < period:
            self.problem(index, f"{name} in a period never committed (made before entry #{period} committed it)")
        elif any(lo <= commit_.number <= hi and hi + 1 < roll.number for lo, hi in self._undone()):
            # Rule 6 (settled on the page after this verifier was first written): a commitment undone is not one.
            self.problem(index, f"{name} made after a rollback undid its period's commitment")
        scheme = commit_.scheme if commit_ else record.get("scheme", 1)
        roll_scheme = record.get("scheme", 1)
        if commit_ is not None and roll_scheme != commit_.scheme:
            # ASSUMED: the roll's own scheme must agree with its period's DiceCommitted.
            self.problem(index, f"{name} says scheme {_short(roll_scheme)}, its period is scheme {commit_.scheme}")
        if commit_ is not None and "commitment" in record and record["commitment"] != commit_.commitment:
            # ASSUMED: only a note: "the event is what a verifier checks the seed against".
            self.findings.append(f"{self.label(index)}: note: {name} carries a commitment other than its period's")
        # Rule 3: numbering in record order (a period never committed is named by rule 2 alone).
        high, seen = numbering.get(period, (0, set()))
        if commit_ is None:
            pass
        elif n in seen:
            if scheme in (2, 3):
                self.problem(index, f"{name} given again (a roll made twice)")
            else:
                self.findings.append(
                    f"{self.label(index)}: {name} given again (scheme 1: a rollback wound the count back)"
                )
        elif n > high + 1:
            self.problem(index, f"{name} out of order: a gap, {high + 1} was due (a roll was removed)")
        elif n < high:
            # ASSUMED: a number below the highest that was never given is out of order too.
            self.problem(index, f"{name} out of order: {high + 1} was due")
        seen.add(n)
        numbering[period] = (max(high, n), seen)
        faces = record.get("faces")
        if dice not in DICE:
            self.problem(index, f"{name} has dice {_short(dice)}, not 1D6, 2D6, 1D10 or D10")
            return
        count, sides = DICE[dice]
        if not (isinstance(faces, list) and len(faces) == count and all(_is_int(f) and 1 <= f <= sides for f in faces)):
            self.problem(index, f"{name} faces {_short(faces)} are not {count} face(s) of a {sides}-sided die")
            faces = None
        elif record.get("total") != sum(faces) or not _is_int(record.get("total")):
            # ASSUMED: only a note: the page says what total is ("their sum") but not that a verifier checks it.
            note = f"note: {name} total {_short(record.get('total'))} is not the sum of its faces"
            self.findings.append(f"{self.label(index)}: {note}")
        if scheme == 3 and not self._bound_as_recorded(roll, name):
            return
        if period not in revealed_at:
            unrevealed_rolls.setdefault(period, []).append(
                f"entry #{roll.number} roll {period}.{n} {dice} {faces if faces is not None else record.get('faces')}"
                f" {_short(record.get('purpose'), 60)}"
            )
            return
        if commit_ is None or period not in revealed:
            return  # no commitment, or a reveal that did not match: already a problem
        campaign = roll.campaign
        if campaign is None:
            if self.first_read:  # when entry #1 cannot be read, that is the problem already named
                self.problem(index, f"{name} cannot be recomputed: no campaign id in force")
            return
        if scheme == 2 and "witness" not in record:
            self.problem(index, f"{name} is scheme 2 but has no witness word")
            return
        message = roll_message(
            scheme=scheme,
            campaign=campaign,
            period=period,
            n=n,
            purpose=record.get("purpose"),
            dice=dice,
            player_seeds=commit_.player_seeds,
            entry=roll.number,
            command=record.get("command_digest") if scheme == 3 else roll.digest,
            witness=record.get("witness"),
        )
        try:
            computed = roll_faces(revealed[period], message, dice)
        except LineError as exc:
            self.problem(index, f"{name} cannot be recomputed: {exc}")
            return
        if faces is not None and computed != faces:
            self.problem(index, f"{name} {dice} faces {faces} are not the dice's {computed}")

    def _bound_as_recorded(self, roll: _Roll, name: str) -> bool:
        """Scheme 3: the roll records its command_digest, unbound list and witness word, and the digest
        of the command without the unbound keys is its command_digest (checked revealed or not).
        False when the roll cannot be recomputed at all."""
        record, index = roll.record, roll.index
        unbound, digest, witness = record.get("unbound"), record.get("command_digest"), record.get("witness")
        if not (
            isinstance(unbound, list)
            and all(isinstance(key, str) for key in unbound)
            and isinstance(digest, str)
            and isinstance(witness, dict)
            and isinstance(witness.get("word"), str)
        ):
            self.problem(index, f"{name} is scheme 3 but lacks its command_digest, unbound list or witness word")
            return False
        try:
            again = bound_digest(roll.command, unbound)
        except LineError as exc:
            self.problem(index, f"{name}: its command cannot be digested: {exc}")
            return True
        if again != digest:
            self.problem(index, f"{name}: the command's bound fields digest to {again}, not to its command_digest")
        return True

    def _check_head(self, head: str) -> None:
        # ASSUMED (the page is silent; `turnledger verify --help` says "its first 8 or more hex digits"):
        # the noted head is 8 to 64 hex digits, any case, a prefix of some entry's hash; that entry must
        # itself check (its hash and link); a prefix shared by several entries is accepted.
        wanted = head.strip().lower().removesuffix("…").removesuffix("...")  # ASSUMED: as the page's `1c3d5af9…`
        if not re.fullmatch(r"[0-9a-f]{8,64}", wanted):
            self.problems.append(f"head {_short(head)} is not a hash or its first 8 or more hex digits")
            return
        matches = sorted(index for h, index in self.verified_hashes.items() if h.startswith(wanted))
        if not matches:
            self.problems.append(f"the noted head {wanted} is not in the record (or not intact)")
        else:
            self.findings.append(f"the noted head {wanted} is entry #{matches[0]}, intact with everything before it")


# --- exports ----------------------------------------------------------------------------------


def _raw_lines(path: Path) -> Iterator[tuple[int, bytes | None, str | None]]:
    """Yield (line number, content without its LF or None, framing problem or None)."""
    with path.open("rb") as handle:
        if handle.read(3) != BOM:
            handle.seek(0)
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            if not raw.endswith(b"\n"):
                if len(raw) == MAX_LINE_BYTES + 1:
                    while raw and not raw.endswith(b"\n"):
                        raw = handle.readline(2**20)
                    yield number, None, f"longer than {MAX_LINE_BYTES} bytes"
                    continue
                yield number, None, "no line end (LF) after the last line: the file may be cut short"
                return
            yield number, raw[:-1], None


def _decode_line(content: bytes) -> tuple[str | None, list[str]]:
    """Check a line's bytes (CR, blank, BOM, UTF-8); return its text (None if unreadable) and problems."""
    problems = []
    if content.endswith(b"\r"):
        problems.append("a CR before the line end (CR LF line ends: export it again)")
        content = content[:-1]
    if not content:
        problems.append("a blank line")
        return None, problems
    if content.startswith(BOM):
        problems.append("starts with a byte-order mark (U+FEFF)")
    try:
        return content.decode("utf-8"), problems
    except UnicodeDecodeError as exc:
        problems.append(f"not UTF-8 ({exc.reason} at byte {exc.start})")
        return None, problems


def _check_header(text: str | None, problems: list[str]) -> dict[str, Any] | None:
    """Read and check the header line; return it when it is an object."""
    if text is None:
        return None
    try:
        header = read_one_way(text)
    except LineError as exc:
        problems.append(f"line 1 (header): {exc}")
        return None
    if not isinstance(header, dict):
        problems.append("line 1 (header): not a JSON object")
        return None
    missing, extra = sorted(HEADER_KEYS - header.keys()), sorted(header.keys() - HEADER_KEYS - {"exporter"})
    if missing:
        problems.append(f"line 1 (header): missing key(s) {', '.join(missing)}")
    if extra:
        problems.append(f"line 1 (header): unexpected key(s) {', '.join(extra)}")
    checks: dict[str, tuple[str, Any]] = {
        "format": (f'"{HEADER_FORMAT}"', lambda v: v == HEADER_FORMAT),
        "version": ("the integer 1", lambda v: _is_int(v) and v == 1),
        "campaign_id": ("a lowercase UUID", lambda v: isinstance(v, str) and _UUID.fullmatch(v) is not None),
        "name": ("a string", lambda v: isinstance(v, str)),
        "entries": ("an integer, 1 or more", lambda v: _is_int(v) and v >= 1),
        # ASSUMED: head_hash has an entry hash's form (64 lowercase hex digits).
        "head_hash": ("64 lowercase hex digits", _is_hex64),
        "exporter": ("a string of 1 to 200 characters", lambda v: isinstance(v, str) and 0 < len(v) <= 200),
    }
    for key, (wanted, check) in checks.items():
        if key in header and not check(header[key]):
            problems.append(f"line 1 (header): {key} must be {wanted}, not {_short(header[key])}")
    return header


def verify_export(path: str | os.PathLike[str], head: str | None = None) -> Verdict:
    """Verify a JSONL export: framing, header, every entry line, the chain, the dice; and the noted head."""
    file = Path(path)
    try:
        info = file.stat()
    except OSError as exc:
        return Verdict(False, [f"{file}: no such file ({exc.strerror})"], [])
    if not stat.S_ISREG(info.st_mode):
        return Verdict(False, [f"{file}: not a regular file (a device or a pipe may never end)"], [])
    if info.st_size > MAX_FILE_BYTES:
        return Verdict(False, [f"{file}: larger than 64 GiB"], [])

    line_of: dict[int, int] = {}

    def label(index: int | None) -> str:
        return f"line {line_of.get(index or 0, '?')} (entry #{index})"

    record = _Record(label)
    header: dict[str, Any] | None = None
    lines = 0
    cr_lines: list[int] = []
    for number, line, framing in _raw_lines(file):
        lines = number
        content = line
        where = "line 1 (header)" if number == 1 else f"line {number} (entry #{record.count + 1})"
        if content is None:
            record.problems.append(f"{where}: {framing}")
            if number > 1:
                line_of[record.count + 1] = number
                record.skip()
            continue
        if content.endswith(b"\r"):
            cr_lines.append(number)
            if len(cr_lines) > 1:  # named once, with a count at the end: a CR LF file has one on every line
                content = content[:-1]
        text, problems = _decode_line(content)
        record.problems.extend(f"{where}: {p}" for p in problems)
        if number == 1:
            header = _check_header(text, record.problems)
        elif not content.removesuffix(b"\r"):
            continue  # ASSUMED: a blank line is no entry: named, and the next line is the next entry
        elif text is None:
            line_of[record.count + 1] = number
            record.skip()
        else:
            line_of[record.count + 1] = number
            record.add(content.removesuffix(b"\r"), text)
    if len(cr_lines) > 1:
        record.problems.append(f"{len(cr_lines) - 1} more line(s) end in CR LF, after line {cr_lines[0]}")
    if lines == 0:
        record.problems.append("an empty file: no header")
    record.finish(head)
    if header is not None:
        _header_against_record(header, record)
    return Verdict(not record.problems, record.problems, record.findings)


def _header_against_record(header: dict[str, Any], record: _Record) -> None:
    """The header's count, head hash and campaign id against the entries."""
    entries = header.get("entries")
    if _is_int(entries) and entries != record.count:
        record.problems.append(f"line 1 (header): says {entries} entries, the file holds {record.count}")
    head_hash = header.get("head_hash")
    if isinstance(head_hash, str) and record.last_hash is not None and head_hash != record.last_hash:
        record.problems.append(f"line 1 (header): head_hash {head_hash[:16]}… is not the hash of the last entry")
    cid = header.get("campaign_id")
    if isinstance(cid, str) and record.campaign is not None and cid != record.campaign:
        record.problems.append(
            f"line 1 (header): campaign_id {cid} is not the campaign the entries record ({record.campaign})"
        )


# --- SQLite stores ----------------------------------------------------------------------------


def _state_bytes(recorded_at: str, entry_text: str, first: bool) -> bytes:
    """The exact bytes of a stored_events row's state, as the page gives them."""
    topic = f'"originator_topic":{json_string(ORIGINATOR_TOPIC)},' if first else ""
    return (
        f'{{"timestamp":{{"_type_":"datetime_iso","_data_":{json_string(recorded_at)}}},'
        f'{topic}"entry_json":{json_string(entry_text)}}}'
    ).encode()


def verify_store(sqlite_path: str | os.PathLike[str], head: str | None = None) -> Verdict:
    """Verify a campaign's SQLite file: every stored_events row as the page gives it, then as an export."""
    file = Path(sqlite_path)
    if not file.is_file():
        return Verdict(False, [f"{file}: no such file"], [])
    try:
        connection = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return Verdict(False, [f"{file}: cannot open ({exc})"], [])
    try:
        return _verify_connection(connection, head)
    except sqlite3.DatabaseError as exc:
        return Verdict(False, [f"{file}: not a campaign store ({exc})"], [])
    finally:
        connection.close()


def _verify_connection(connection: sqlite3.Connection, head: str | None) -> Verdict:
    problems: list[str] = []
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "stored_events" not in tables:
        return Verdict(False, ["no stored_events table: not a campaign store"], [])
    if "turnledger_format" in tables:
        rows = connection.execute("SELECT name, value FROM turnledger_format").fetchall()
        if rows != [("format", "2")]:
            # ASSUMED: any other content of the format table is a problem (the page knows formats 1 and 2).
            problems.append(f"turnledger_format holds {_short(rows, 80)}, not one row ('format', '2')")

    version_of: dict[int, int] = {}

    def label(index: int | None) -> str:
        return f"entry #{version_of.get(index or 0, index)}"

    record = _Record(label)
    record.problems.extend(problems)
    originators: set[Any] = set()
    query = "SELECT originator_id, originator_version, topic, state FROM stored_events ORDER BY originator_version"
    next_version = 1
    for position, (originator, version, topic, state) in enumerate(connection.execute(query), start=1):
        originators.add(originator)
        if not _is_int(version) or version != next_version:
            record.problems.append(f"row {position}: originator_version {_short(version)}, expected {next_version}")
        if _is_int(version):
            version_of[position] = version
        next_version = version + 1 if _is_int(version) else next_version + 1
        wanted_topic = TOPIC_OPENED if position == 1 else TOPIC_RECORDED
        if topic != wanted_topic:
            record.problems.append(f"{label(position)}: topic {_short(topic, 60)}, expected {wanted_topic}")
        text = _stored_entry(label(position), position == 1, state, record)
        if text is None:
            record.skip()
        else:
            record.add(text.encode("utf-8"), text)
    if record.count == 0:
        record.problems.append("stored_events holds no entry")
    if len(originators) > 1:
        record.problems.append(f"stored_events holds {len(originators)} originator_ids, a campaign store holds one")
    record.finish(head)
    if record.campaign is not None:
        expected = record.campaign.replace("-", "")
        for originator in sorted(originators, key=str):
            if originator != expected:
                record.problems.append(
                    f"originator_id {_short(originator, 50)} is not the campaign the entries record ({expected})"
                )
    return Verdict(not record.problems, record.problems, record.findings)


def _stored_entry(where: str, first: bool, state: Any, record: _Record) -> str | None:
    """The entry text of a stored_events row, after checking the row's state bytes exactly."""
    if not isinstance(state, bytes):
        # ASSUMED: the page's "state BLOB ... UTF-8 JSON bytes": a TEXT (or other) value is a changed row.
        record.problems.append(f"{where}: state is a {type(state).__name__}, not the row's bytes (a BLOB)")
        return None
    try:
        row = read_one_way(state.decode("utf-8"))
    except (UnicodeDecodeError, LineError) as exc:
        record.problems.append(f"{where}: state is not readable JSON ({exc})")
        return None
    text = row.get("entry_json") if isinstance(row, dict) else None
    timestamp = row.get("timestamp") if isinstance(row, dict) else None
    data = timestamp.get("_data_") if isinstance(timestamp, dict) else None
    if not isinstance(text, str) or not isinstance(data, str):
        record.problems.append(f"{where}: state lacks entry_json or timestamp")
        return None
    if len(text.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
        record.problems.append(f"{where}: entry text longer than {MAX_LINE_BYTES} bytes")
    if _state_bytes(data, text, first) != state:
        record.problems.append(f"{where}: state is not exactly the row the page gives (timestamp, entry_json)")
    try:
        entry = json.loads(text)
    except ValueError:
        entry = None
    if isinstance(entry, dict) and entry.get("recorded_at") != data:
        record.problems.append(f"{where}: the row's timestamp {_short(data)} is not the entry's recorded_at")
    return text
