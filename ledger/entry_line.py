"""What a valid export line and a valid stored entry are: one definition for every reader.

Three readers judge the record: `turnledger import` (ledger/exchange.py), `turnledger verify`
(ledger/verify.py, over the store) and the standalone verifier (referee/audit/verify_export.py, which a
club runs without turnledger). Each had its own idea of a good line, so an export that one of
them refused another accepted (issue 26: import re-encoded a hand-spaced line that both verifiers
refuse). They all read through this module, which docs/verifying.md specifies byte for byte, and
tests/test_three_readers.py holds them to the same verdict on every malformed line it can make.

The rules:

* **Framing** (export files only): ledger/export_file.py, this file's companion (a regular file,
  UTF-8, every line ending with LF alone, no blank line, no line longer than `MAX_LINE_BYTES`).
* **JSON** (`read_json`): RFC 8259 JSON read one way only, the I-JSON rules of RFC 7493 §2.1-2.3
  that matter here: no key given twice in an object (§2.3; readers keep the first or the last),
  no ``NaN`` or ``Infinity`` and no number read as infinity (they are not JSON), no lone surrogate
  (§2.1: it is no character and cannot be written as UTF-8), nesting at most `MAX_DEPTH` deep.
* **Canonical form** (`check_canonical`, entries only): the text is exactly Python's
  ``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)`` of its own
  value (DESIGN "Numbers and hashing"), so that the same entry cannot be written two ways. This is
  also the whole rule for numbers: an integer in decimal, and a float (entries of release 0.5.0
  and earlier hold a few: ``"target_res":6.0``) as Python's ``repr`` writes it, the shortest text
  that reads back to the same double; a float is as bound by the hash as any other value, so it is
  valid where it stands and nothing else is asked of it. This release records none.
* **Entry** (`check_entry`): an object with exactly the keys of `ENTRY_KEYS`, each of its type.
* **Header** (`check_header`): line 1 of an export, an object with exactly `HEADER_KEYS` and,
  from release 0.7.0 on, `EXPORTER_KEY` (the release that wrote it; earlier exports lack it). It
  is not hashed, so its spacing is free; its keys and values are not.

Standard library only, so that the standalone verifier can carry a copy of this file and of
ledger/export_file.py: they import nothing else from turnledger (tests/test_three_readers.py).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any, NoReturn

GENESIS_HASH = "0" * 64
"""The previous hash of entry #1: there is nothing before it."""

FORMAT = "turnledger-jsonl"
FORMAT_VERSION = 1

ENTRY_KEYS = (
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
)
"""Every key of an entry, in documentation order: the hashed fields (ledger/entry.py ENTRY_FIELDS),
then ``hash``."""

_ENTRY_KEY_SET = frozenset(ENTRY_KEYS)

HEADER_KEYS = ("format", "version", "campaign_id", "name", "entries", "head_hash")
"""Every key an export's header line must have."""

EXPORTER_KEY = "exporter"
"""The one key a header may add: the release that wrote the export (``"turnledger 0.7.0"``).
Release 0.7.0 writes it; exports of earlier releases lack it and read as before. It is not
hashed and proves nothing: it says which release to read the export's notes with."""

MAX_LINE_BYTES = 16 * 1024 * 1024
"""The longest line (or stored entry text) read, in bytes without its line end. The largest entry
of the golden exports (a campaign's opening, charts and all) is 27 KB; a bound keeps a file that
never ends a line from filling the memory (issue 26: ``import /dev/zero`` hung)."""

MAX_DEPTH = 100
"""The deepest nesting of arrays and objects read (the golden exports reach 11). Below the depth
at which either JSON reader turnledger uses gives up, so that every reader gives the same verdict."""

SHOWN = 40
"""Characters of a value shown in a refusal: enough to recognise it, never a whole line."""

_HEX64 = re.compile(r"[0-9a-f]{64}")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_INSTANT = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.(?!000000)[0-9]{6})?(?!-00:00)[+-][0-9]{2}:[0-9]{2}"
)
"""The form of ``datetime.isoformat()`` for a time with a UTC offset: a zero fraction is not written,
and a zero offset is ``+00:00``; the date and time must also exist (`_is_instant`)."""


class LineError(ValueError):
    """A line (or stored entry text) that is not valid. ``reason`` says why in a referee's words;
    ``line`` is the line's number in its file when a reader knows it; ``kind`` is ``"file"``,
    ``"json"``, ``"canonical"`` or ``"entry"`` (the rule broken, for a caller that words it)."""

    def __init__(self, reason: str, *, kind: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.reason = reason
        self.kind = kind
        self.line = line

    def at_line(self, line: int) -> LineError:
        """The same error, placed at ``line``."""
        return LineError(self.reason, kind=self.kind, line=line)


def shown(value: Any) -> str:
    """A value as JSON, ASCII only (no control character reaches a terminal), cut to `SHOWN`."""
    text = json.dumps(value, ensure_ascii=True, default=repr)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


# -- one line -------------------------------------------------------------------------------


def read_json(text: str) -> Any:
    """The value of the JSON ``text``, read one way only (RFC 8259 with the I-JSON rules above).

    Raises:
        LineError: not JSON (with the column), a key given twice, NaN or Infinity, a lone
            surrogate, nesting deeper than `MAX_DEPTH`, or an integer too long to read.
    """
    try:
        value = json.loads(text, object_pairs_hook=one_value_per_key, parse_constant=no_constant, parse_float=finite)
    except json.JSONDecodeError as error:
        raise LineError(f"not JSON ({error.msg} at column {error.colno})", kind="json") from None
    except RecursionError:
        raise LineError(f"JSON nested more than {MAX_DEPTH} deep", kind="json") from None
    except LineError:
        raise
    except ValueError as error:  # an integer of more than 4,300 digits (Python's limit)
        raise LineError(f"a number too long to read ({str(error).split(';')[0]})", kind="json") from None
    if text.count("[") + text.count("{") > MAX_DEPTH:
        check_depth(value)
    check_unicode(value if "\\u" in text or not text.isascii() else None)
    return value


def check_depth(value: Any) -> None:
    """Refuse nesting deeper than `MAX_DEPTH` (an object holding an array holding a number: 2)."""
    level = [value]
    for _depth in range(MAX_DEPTH):  # after the n-th step, level holds what stands n + 1 deep
        level = [item for node in level for item in _children(node)]
        if not level:
            return
    raise LineError(f"JSON nested more than {MAX_DEPTH} deep", kind="json")


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return [item for item in node.values() if isinstance(item, dict | list)]
    if isinstance(node, list):
        return [item for item in node if isinstance(item, dict | list)]
    return []


def check_unicode(value: Any) -> None:
    """Refuse a string or key anywhere in ``value`` that holds a lone surrogate (``"\\ud800"``):
    it is no character, cannot be written as UTF-8, and so cannot be hashed. None: nothing to check."""
    if value is None:
        return
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        character = error.object[error.start].encode("unicode_escape").decode("ascii")
        raise LineError(f"a string holds a lone surrogate ({character}), which is no character", kind="json") from None


def one_value_per_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`json`'s object hook that refuses a key given twice (also ledger/strict_json.py's)."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise LineError(
                f"key {shown(key)} is given twice (first {shown(found[key])}, then {shown(value)}), so the line "
                "could be read two ways",
                kind="json",
            )
        found[key] = value
    return found


def no_constant(name: str) -> NoReturn:
    """`json`'s constant hook: NaN and Infinity are not JSON."""
    raise LineError(f"{name} is not a JSON number", kind="json")


def finite(text: str) -> float:
    """`json`'s float hook: a number read as infinity is refused."""
    value = float(text)
    if math.isinf(value):
        raise LineError(f"{shown(text)[1:-1]} is too large a number (it would be read as infinity)", kind="json")
    return value


def canonical(value: Any) -> str:
    """The canonical JSON of ``value`` (DESIGN "Numbers and hashing"); hashed as its UTF-8 bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def check_canonical(text: str, value: Any) -> None:
    """Refuse ``text`` unless it is exactly the canonical JSON of ``value`` (its own reading),
    naming the first place where it differs."""
    expected = canonical(value)
    if expected == text:
        return
    pairs = enumerate(zip(text, expected, strict=False))
    at = next((i for i, (a, b) in pairs if a != b), min(len(text), len(expected)))
    raise LineError(
        f"not written in canonical form, so the same entry could be written two ways: at character {at + 1} the "
        f"line has {shown(text[at : at + 12])} where the canonical form has {shown(expected[at : at + 12])}",
        kind="canonical",
    )


def read_entry(text: str) -> dict[str, Any]:
    """The entry a line (or a stored entry text) holds, judged by every rule above but framing.

    Raises:
        LineError: what is wrong, without the line's place (callers add it).
    """
    check_size(text)
    value = read_json(text)
    check_canonical(text, value)
    return check_entry(value)


def check_size(text: str) -> None:
    """Refuse an entry text longer than `MAX_LINE_BYTES` as UTF-8 (a stored one has no framing
    to bound it)."""
    if len(text) > MAX_LINE_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
        raise LineError(f"longer than {MAX_LINE_BYTES:,} bytes, the most an entry may hold", kind="file")


def check_entry(value: Any) -> dict[str, Any]:
    """``value`` if it is an entry: exactly `ENTRY_KEYS`, each of its type (docs/verifying.md)."""
    if type(value) is dict and value.keys() == _ENTRY_KEY_SET and _typed(value):
        return value  # the common case, decided at once; anything else is named below
    if not isinstance(value, dict):
        raise LineError(f"an entry is a JSON object; this is {_kind(value)}", kind="entry")
    if value.keys() != _ENTRY_KEY_SET:
        missing = [key for key in ENTRY_KEYS if key not in value]
        extra = [key for key in value if key not in _ENTRY_KEY_SET]
        said = [f"lacks key(s) {', '.join(missing)}"] if missing else []
        said += [f"has key(s) {', '.join(shown(key) for key in extra)} that no entry has"] if extra else []
        raise LineError(f"the entry {' and '.join(said)}; an entry has exactly {', '.join(ENTRY_KEYS)}", kind="entry")
    for key, (test, wanted) in _ENTRY_TYPES.items():
        if not test(value[key]):
            raise LineError(f"field {key}: {shown(value[key])} is not {wanted}", kind="entry")
    return value


def _typed(entry: dict[str, Any]) -> bool:
    """Every field of its type (`_ENTRY_TYPES` says the same one by one, to name a fault)."""
    number, on_behalf_of, source = entry["number"], entry["on_behalf_of"], entry["source"]
    return (
        type(number) is int
        and number >= 1
        and type(entry["actor"]) is str
        and type(entry["at"]) is str
        and (on_behalf_of is None or type(on_behalf_of) is str)
        and type(entry["command"]) is dict
        and type(entry["ruling"]) is dict
        and (source is None or type(source) is dict)
        and _is_hash(entry["prev_hash"])
        and _is_hash(entry["hash"])
        and _is_objects(entry["rolls"])
        and _is_objects(entry["events"])
        and _is_instant(entry["recorded_at"])
    )


def read_header(text: str) -> dict[str, Any]:
    """The header a first line holds: JSON read one way, exactly `HEADER_KEYS` (and perhaps
    `EXPORTER_KEY`), each of its type.
    Its spacing is free (it is not hashed). The format and version are checked first, so that
    another kind of file is named as such."""
    value = read_json(text)
    if not isinstance(value, dict):
        raise LineError(f"the header is a JSON object; this is {_kind(value)}", kind="entry")
    if value.get("format") != FORMAT:
        raise LineError(f"not a turnledger export (format {shown(value.get('format'))})", kind="entry")
    if value.get("version") != FORMAT_VERSION or type(value.get("version")) is not int:
        raise LineError(f"export version {shown(value.get('version'))} is not {FORMAT_VERSION}", kind="entry")
    allowed = (*HEADER_KEYS, EXPORTER_KEY)
    if not all(key in value for key in HEADER_KEYS) or not all(key in allowed for key in value):
        missing = [key for key in HEADER_KEYS if key not in value]
        extra = [shown(key) for key in value if key not in allowed]
        said = ([f"lacks key(s) {', '.join(missing)}"] if missing else []) + (
            [f"has key(s) {', '.join(extra)} that no header has"] if extra else []
        )
        raise LineError(f"the header {' and '.join(said)}", kind="entry")
    for key, (test, wanted) in _HEADER_TYPES.items():
        if key in value and not test(value[key]):
            raise LineError(f"field {key}: {shown(value[key])} is not {wanted}", kind="entry")
    return value


def _kind(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "true or false", type(None): "null"}.get(type(value), "a number")


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_hash(value: Any) -> bool:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def _is_instant(value: Any) -> bool:
    """What Python's ``datetime.isoformat()`` writes for a time with a UTC offset, and nothing
    else: ``2026-11-25T20:00:07+00:00``, ``…07.003432+00:00`` (no fraction when it is zero). The
    store keeps the time as such a datetime, so another spelling would not verify there."""
    if type(value) is not str or _INSTANT.fullmatch(value) is None:
        return False
    try:
        datetime.fromisoformat(value)  # a day and time that exist, an offset under 24 hours
    except ValueError:
        return False
    return True


def _is_objects(value: Any) -> bool:
    return type(value) is list and all(type(item) is dict for item in value)


_ENTRY_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "number": (lambda value: type(value) is int and value >= 1, "a whole number from 1 up"),
    "recorded_at": (_is_instant, "a time as YYYY-MM-DDTHH:MM:SS[.ffffff]+HH:MM"),
    "actor": (_is_str, "a string"),
    "on_behalf_of": (lambda value: value is None or isinstance(value, str), "a string or null"),
    "at": (_is_str, "a string"),
    "command": (lambda value: isinstance(value, dict), "an object"),
    "rolls": (_is_objects, "an array of objects"),
    "ruling": (lambda value: isinstance(value, dict), "an object"),
    "events": (_is_objects, "an array of objects"),
    "source": (lambda value: value is None or isinstance(value, dict), "an object or null"),
    "prev_hash": (_is_hash, "64 lowercase hex digits"),
    "hash": (_is_hash, "64 lowercase hex digits"),
}

_HEADER_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "campaign_id": (lambda value: isinstance(value, str) and _UUID.fullmatch(value) is not None, "a lowercase UUID"),
    "name": (_is_str, "a string"),
    "entries": (lambda value: type(value) is int and value >= 1, "a whole number from 1 up"),
    "head_hash": (_is_hash, "64 lowercase hex digits"),
    EXPORTER_KEY: (lambda value: isinstance(value, str) and 0 < len(value) <= 200, "a release name (a short string)"),
}
