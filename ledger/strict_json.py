"""Reading JSON that can be read only one way: the one reader of commands and data typed by people.

Python's `json` keeps the last of a key given twice, so ``{"kind": "AdvancePhase", "kind":
"Rollback", ...}`` was recorded as a rollback while the person reading the file (or a reader
that keeps the first key) saw a phase advance (issue 26). JSON itself leaves a repeated key's
meaning open (RFC 8259 §4), so a text that repeats one is refused, at any depth. So are the
constants ``NaN`` and ``Infinity``, which are not JSON at all and which other languages read
differently or not at all, a number such as ``1e999`` that would be read as infinity, and lone
surrogates (``"\\ud800"``), which are no character and cannot be written as UTF-8 into the record.

Every refusal is a `JsonInputError` (a `LedgerError`, so the command line refuses it with exit 1)
whose message starts with where the text came from (``where``: a file and line, a field, an
argument) and names the key or value at fault.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ledger.entry_line import LineError, finite, no_constant, one_value_per_key
from ledger.errors import LedgerError

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""A ``\\uD800``–``\\uDFFF`` escape: only a text holding one can decode to a lone surrogate."""

SHOWN = 40
"""Characters of a value shown in a refusal: enough to recognise it, never a whole line."""


class JsonInputError(LedgerError, ValueError):
    """A JSON text that is malformed or could be read more than one way; ``reason`` is the
    message without its place, for callers that name the place their own way."""

    def __init__(self, reason: str, where: str = "") -> None:
        super().__init__(f"{where}: {reason}" if where else reason)
        self.reason = reason


def loads(text: str, *, where: str = "") -> Any:
    """The value of the JSON ``text``, or a `JsonInputError` naming ``where`` and what is wrong:
    not JSON (with line and column), a key given twice (with both values), NaN or Infinity,
    a lone surrogate, nesting too deep, or a number too long to read."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise JsonInputError(f"not UTF-8 text (character {error.start + 1} is a lone surrogate)", where) from None
    try:
        value = json.loads(
            text, object_pairs_hook=one_value_per_key, parse_constant=no_constant, parse_float=finite
        )  # the record's own hooks (ledger/entry_line.py): one reading of a key, a constant, a number
    except json.JSONDecodeError as error:
        at = f"line {error.lineno}, column {error.colno}" if error.lineno > 1 else f"column {error.colno}"
        raise JsonInputError(f"not JSON ({error.msg} at {at})", where) from None
    except LineError as error:
        raise JsonInputError(error.reason, where) from None
    except RecursionError:
        raise JsonInputError("JSON nested too deeply to be read", where) from None
    except ValueError as error:  # an integer of thousands of digits
        raise JsonInputError(f"a number too long to read ({str(error).split(';')[0]})", where) from None
    if _SURROGATE_ESCAPE.search(text):
        _no_lone_surrogate(value, where)
    return value


def shown(value: Any) -> str:
    """A value as JSON, ASCII only (no control character reaches a terminal), cut to `SHOWN`."""
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _no_lone_surrogate(value: Any, where: str) -> None:
    """Refuse a string (or key) anywhere in ``value`` that cannot be written as UTF-8."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                escape = item[error.start].encode("unicode_escape").decode("ascii")
                raise JsonInputError(
                    f"the string {shown(item)} holds a lone surrogate ({escape}), which is no character", where
                ) from None
