"""The standalone verifier: a `turnledger export` JSONL file checked with the Python standard
library alone, by anyone, without turnledger installed (docs/verifying.md specifies every byte).

    python verify_export.py campaign.jsonl [--head HASH] [--receipts FILE]

Copy it with its five siblings into one folder: digital_dice.py (referee/dice/digital_dice.py, the
dice), dice_schemes.py (referee/dice/dice_schemes.py, how each dice scheme makes a roll), entry_line.py
(ledger/entry_line.py, what a valid line is: the one definition that `turnledger import` and
`turnledger verify` read by too, so that the three agree on every line), export_file.py
(ledger/export_file.py, the file's framing) and receipts.py (ledger/receipts.py, the receipts
players keep).
Run from that folder, it checks:

1. the file's framing: a regular file, UTF-8, every line ending with LF alone, the last included,
   no blank line, no line beyond the size limit (a byte-order mark before the header is skipped);
2. the header line: its keys, format and version, that it names the campaign the entries record,
   and that it promises as many entries as follow and the hash of the last one;
3. every entry line: exactly the canonical JSON of its own value, read one way only (no key given
   twice, no NaN, no lone surrogate), with exactly an entry's keys and types; numbered 1, 2, 3,
   ... without a gap, linked to the hash before it (``GENESIS`` for #1) and carrying the SHA-256
   of that hash followed by its own canonical content;
4. the digital dice (digital_dice.py, docs/verifying.md "Dice periods"): each period opened by
   the entry that names it, each roll in a period committed before it, roll numbers 1, 2, 3, ...
   in record order (a rollback never winds them back, so a gap or a repeat means a roll was
   removed or made twice), every roll of a revealed period recomputed from the revealed seed, each
   scheme-3 roll's command digest recomputed from its command's bound fields, and each period
   whose seed can no longer be revealed printed as abandoned, with its rolls;
5. with ``--head HASH`` (the head noted at the table, e.g. at the end of an evening): that the
   record still holds that entry, unchanged, with everything before it;
6. with ``--receipts FILE`` (the receipts the players kept, `turnledger receipt --all`, or the
   codes alone): that every one is in the record, at its entry, with its faces;
7. each head receipt the record states as given (``ReceiptGiven``): still the receipt of the
   entry it names (ledger/receipts.py `StatedReceipts`).

A line that breaks 1 to 3's rules of form ends the check there (what follows cannot be read with
confidence); every other problem is named and the check goes on. It prints what it checked and
exits 0, or names each problem and exits 1 (2: no file to read, or a wrong command line).
`verify` inside turnledger checks the store; this checks the file a club passes around.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from typing import Any

try:  # part of turnledger
    from ledger import entry_line
except ImportError:  # run on its own, from its folder: the sibling file, standard library only
    import entry_line  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one
try:
    from ledger import export_file
except ImportError:
    import export_file  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one
try:
    from referee.dice import digital_dice
except ImportError:
    import digital_dice  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one
try:
    from ledger import receipts
except ImportError:
    import receipts  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one

FORMAT = entry_line.FORMAT
FORMAT_VERSION = entry_line.FORMAT_VERSION
GENESIS = entry_line.GENESIS_HASH
"""The previous hash of entry #1."""

canonical = entry_line.canonical
"""Sorted keys, no spaces, non-ASCII as itself (UTF-8 when hashed): ledger/entry_line.py."""


def entry_hash(prev_hash: str, content: dict[str, Any]) -> str:
    """SHA-256 over the previous hash's 64 ASCII hex characters, then the entry's canonical
    UTF-8 JSON without its own ``hash`` field."""
    digest = hashlib.sha256(prev_hash.encode("ascii"))
    digest.update(canonical(content).encode("utf-8"))
    return digest.hexdigest()


def check_file(path: str, *, head: str | None = None) -> tuple[list[str], list[str]]:
    """Check the export at ``path``; returns (what checked, problems).

    Raises:
        entry_line.LineError: the file cannot be opened, or is not a regular file.
    """
    with export_file.open_export(path) as handle:
        return check_lines(export_file.raw_lines(handle), head=head)


def check_lines(lines: Iterable[bytes | str], *, head: str | None = None) -> tuple[list[str], list[str]]:
    """Check an export given as its lines, each with its line end (header first); returns
    (what checked, problems)."""
    problems: list[str] = []
    numbered = export_file.framed_lines(lines)
    try:
        header = entry_line.read_header(next(numbered)[1])
    except entry_line.LineError as error:
        return [], [f"line 1: {error.reason}" if error.line is None and error.kind != "file" else str(error)]
    entries: list[dict[str, Any]] = []
    prev = GENESIS
    try:
        for line_number, line in numbered:
            try:
                entry = entry_line.read_entry(line)
            except entry_line.LineError as error:
                raise error.at_line(line_number) from None
            _check_link(entry, line_number, len(entries) + 1, prev, problems)
            prev = entry["hash"]
            entries.append(entry)
    except entry_line.LineError as error:
        return [], [*problems, f"{error}; the check stops there"]
    checked = [f"{len(entries)} entries: canonical, numbered, linked and hashed from the genesis hash"]
    if header["entries"] != len(entries):
        problems.append(f"the header promises {header['entries']} entries; the file holds {len(entries)}")
    if entries and header["head_hash"] != entries[-1]["hash"]:
        problems.append("the header's head_hash is not the hash of the last entry")
    named = _campaign_named(entries)
    if named is not None and named != header["campaign_id"]:
        problems.append(
            f"line 1: the header names campaign {header['campaign_id']}, but the entries record campaign {named}"
        )
    dice_lines, dice_problems = _dice(entries, header["campaign_id"])
    checked += dice_lines
    problems += dice_problems
    stated = receipts.StatedReceipts()
    for entry in entries:
        stated.read(entry)
    held_lines, held_problems = stated.check(lambda n: str(entries[n - 1]["hash"]) if 1 <= n <= len(entries) else None)
    checked += held_lines
    problems += held_problems
    if head is not None:
        found = next((entry for entry in entries if entry["hash"] == head), None)
        if found is None:
            problems.append(f"no entry has the head noted at the table ({head}): the record was rewritten since")
        else:
            checked.append(f"the head noted at the table is entry #{found['number']}, unchanged with all before it")
    return checked, problems


def _check_link(entry: dict[str, Any], line_number: int, expected: int, prev: str, problems: list[str]) -> None:
    """The chain at one entry: its number, its link to the hash before it, its own hash."""
    where = f"line {line_number} (entry #{entry['number']})"
    if entry["number"] != expected:
        problems.append(f"{where}: expected entry #{expected}: an entry is missing, repeated or moved")
    if entry["prev_hash"] != prev:
        problems.append(f"{where}: does not link to the entry before it (prev_hash differs)")
    content = {key: value for key, value in entry.items() if key != "hash"}
    if entry_hash(entry["prev_hash"], content) != entry["hash"]:
        problems.append(f"{where}: its hash does not match its content: it was changed after it was sealed")


def _campaign_named(entries: list[dict[str, Any]]) -> str | None:
    """The campaign the entries record: the id of the opening's ``CampaignOpened`` (release
    0.1.0: inside the state it held), or of the last ``CampaignBranched`` (docs/verifying.md)."""
    named = None
    for entry in entries:
        for event in entry["events"]:
            if event.get("type") == "CampaignOpened":
                state = event.get("state")
                identity = state.get("identity") if isinstance(state, dict) else None
                opened = event.get("campaign_id") or (
                    identity.get("campaign_id") if isinstance(identity, dict) else None
                )
                named = str(opened) if opened else named
            elif event.get("type") == "CampaignBranched":
                named = str(event.get("campaign_id"))
    return named


def _dice(entries: list[dict[str, Any]], campaign: str) -> tuple[list[str], list[str]]:
    """digital_dice's check (periods, roll numbers, faces; abandoned periods are findings, not
    problems); a roll or dice event of a shape it cannot read is a problem, not a crash."""
    try:
        return digital_dice.check_entries(entries, campaign)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return [], [f"the digital dice cannot be checked: a roll or dice event is malformed ({error!r:.80})"]


def check_receipts(path: str, lines: list[str], *, source: str) -> tuple[list[str], list[str]]:
    """Check receipt lines against the export at ``path`` (already checked): (found, problems)."""
    with open(path, encoding="utf-8-sig") as handle:
        header = json.loads(handle.readline())
        entries = {entry["number"]: entry for entry in (json.loads(line) for line in handle)}
    record = receipts.RecordView(
        campaign=str(header["campaign_id"]),
        head=len(entries),
        entry=lambda number: entries[number],
        hashes=lambda: ((number, str(entry["hash"])) for number, entry in entries.items()),
    )
    found = receipts.check_receipt_lines(record, lines, source=source)
    return found.checked, found.problems


def _option(args: list[str], name: str) -> str | None:
    """The value after ``name`` in ``args`` (both removed); raises ValueError when it has none."""
    if name not in args:
        return None
    at = args.index(name)
    if at + 1 >= len(args):
        raise ValueError(name)
    value = args[at + 1]
    del args[at : at + 2]
    return value


USAGE = "usage: python verify_export.py EXPORT.jsonl [--head HASH] [--receipts FILE]"


def main(argv: list[str]) -> int:
    args = argv[1:]
    try:
        kept = _option(args, "--receipts")
    except ValueError:
        print(USAGE)
        return 2
    head = None
    if "--head" in args:
        at = args.index("--head")
        if at + 1 >= len(args):
            print(USAGE)
            return 2
        head = args[at + 1].lower()
        del args[at : at + 2]
    if len(args) != 1:
        print(USAGE)
        return 2
    try:
        checked, problems = check_file(args[0], head=head)
    except entry_line.LineError as error:
        print(f"cannot read {args[0]}: {error.reason}")
        return 2
    if kept is not None and not problems:
        try:
            with open(kept, encoding="utf-8-sig") as handle:
                noted = handle.read(1 << 20).splitlines()
        except (OSError, UnicodeDecodeError) as error:
            print(f"cannot read {kept}: {error}")
            return 2
        found, missing = check_receipts(args[0], noted, source=kept)
        checked += found
        problems += missing
    for line in checked:
        print(line)
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("the export checks" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
