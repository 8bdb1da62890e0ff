"""The standalone verifier: a `turnledger export` JSONL file checked with the Python standard
library alone, by anyone, without turnledger installed (docs/verifying.md specifies every byte).

    python verify_export.py campaign.jsonl [--head HASH]

Run from its own folder (beside digital_dice.py, which it imports for the dice), it checks:

1. the header line: its format and version, and that it promises as many entries as follow and
   the hash of the last one;
2. every entry line: written in canonical form, numbered 1, 2, 3, ... without a gap, linked to
   the hash before it (``GENESIS`` for #1) and carrying the SHA-256 of that hash followed by its
   own canonical content;
3. the digital rolls: in each dice period the roll numbers run 1, 2, 3, ... in record order (a
   rollback never winds them back, so a gap or a repeat means a roll was removed or made twice),
   and every roll of a revealed period recomputes from the revealed seed (digital_dice.py);
4. with ``--head HASH`` (the head noted at the table, e.g. at the end of an evening): that the
   record still holds that entry, unchanged, with everything before it.

It prints what it checked and exits 0, or names each problem and exits 1 (2: unusable input).
`verify` inside turnledger checks the store; this checks the file a club passes around.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from typing import Any

try:  # part of turnledger
    from referee import digital_dice
except ImportError:  # run on its own, from its folder: the sibling file, standard library only
    import digital_dice  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one

FORMAT = "turnledger-jsonl"
FORMAT_VERSION = 1
GENESIS = "0" * 64
"""The previous hash of entry #1."""


def canonical(value: Any) -> str:
    """Sorted keys, no spaces, non-ASCII as itself (UTF-8 when hashed)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(prev_hash: str, content: dict[str, Any]) -> str:
    """SHA-256 over the previous hash's 64 ASCII hex characters, then the entry's canonical
    UTF-8 JSON without its own ``hash`` field."""
    digest = hashlib.sha256(prev_hash.encode("ascii"))
    digest.update(canonical(content).encode("utf-8"))
    return digest.hexdigest()


def check_lines(lines: Iterable[str], *, head: str | None = None) -> tuple[list[str], list[str]]:
    """Check an export given as its lines (header first); returns (what checked, problems)."""
    numbered = [(number, line.rstrip("\n")) for number, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        return [], ["the file is empty: no header line"]
    header_line, entry_lines = numbered[0], numbered[1:]
    problems: list[str] = []
    header = _parse(header_line, problems)
    if header is None:
        return [], problems
    if header.get("format") != FORMAT or header.get("version") != FORMAT_VERSION:
        problems.append(
            f"line 1: the header says format {header.get('format')!r} version {header.get('version')!r}; "
            f"this verifier reads {FORMAT!r} version {FORMAT_VERSION}"
        )
        return [], problems
    entries: list[dict[str, Any]] = []
    prev = GENESIS
    for line_number, line in entry_lines:
        entry = _parse((line_number, line), problems)
        if entry is None:
            return [], problems
        where = f"line {line_number} (entry #{entry.get('number')})"
        if canonical(entry) != line:
            problems.append(f"{where}: not written in canonical form, so its bytes could be read two ways")
        if entry.get("number") != len(entries) + 1:
            problems.append(f"{where}: expected entry #{len(entries) + 1}: an entry is missing, repeated or moved")
        if entry.get("prev_hash") != prev:
            problems.append(f"{where}: does not link to the entry before it (prev_hash differs)")
        content = {key: value for key, value in entry.items() if key != "hash"}
        if entry_hash(str(entry.get("prev_hash", "")), content) != entry.get("hash"):
            problems.append(f"{where}: its hash does not match its content: it was changed after it was sealed")
        prev = str(entry.get("hash", ""))
        entries.append(entry)
    checked = [f"{len(entries)} entries: canonical, numbered, linked and hashed from the genesis hash"]
    if header.get("entries") != len(entries):
        problems.append(f"the header promises {header.get('entries')} entries; the file holds {len(entries)}")
    if entries and header.get("head_hash") != entries[-1].get("hash"):
        problems.append("the header's head_hash is not the hash of the last entry")
    problems += _roll_numbers(entries)
    dice_lines, dice_problems = digital_dice.check_entries(entries, str(header.get("campaign_id", "")))
    checked += dice_lines
    problems += dice_problems
    if head is not None:
        found = next((entry for entry in entries if entry.get("hash") == head), None)
        if found is None:
            problems.append(f"no entry has the head noted at the table ({head}): the record was rewritten since")
        else:
            checked.append(f"the head noted at the table is entry #{found['number']}, unchanged with all before it")
    return checked, problems


def _parse(numbered: tuple[int, str], problems: list[str]) -> dict[str, Any] | None:
    number, line = numbered
    try:
        value = json.loads(line)
    except (ValueError, RecursionError) as error:
        problems.append(f"line {number}: not JSON ({str(error)[:80]})")
        return None
    if not isinstance(value, dict):
        problems.append(f"line {number}: expected a JSON object")
        return None
    return value


def _roll_numbers(entries: list[dict[str, Any]]) -> list[str]:
    """In each period, digital roll numbers run 1, 2, 3, ... in record order, undone entries included."""
    problems = []
    last: dict[int, int] = {}
    for entry in entries:
        for roll in entry.get("rolls", []):
            if roll.get("method") != "digital":
                continue
            period, n = int(roll.get("period", 0)), int(roll.get("n", 0))
            expected = last.get(period, 0) + 1
            if n != expected and roll.get("scheme", 1) == 2:
                problems.append(
                    f"entry #{entry.get('number')}: digital roll {period}.{n} where {period}.{expected} was due: "
                    "a roll of the period is missing or was made twice"
                )
            last[period] = max(n, last.get(period, 0))
    return problems


def main(argv: list[str]) -> int:
    args = argv[1:]
    head = None
    if "--head" in args:
        at = args.index("--head")
        if at + 1 >= len(args):
            print("usage: python verify_export.py EXPORT.jsonl [--head HASH]")
            return 2
        head = args[at + 1].lower()
        del args[at : at + 2]
    if len(args) != 1:
        print("usage: python verify_export.py EXPORT.jsonl [--head HASH]")
        return 2
    try:
        with open(args[0], encoding="utf-8") as handle:
            checked, problems = check_lines(handle, head=head)
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read {args[0]}: {error}")
        return 2
    for line in checked:
        print(line)
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("the export checks" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
