"""Verifiable digital dice: commit, roll, reveal, and check, with the Python standard library only.

DESIGN "Dice: physical and verifiable"; the threat model is docs/dice.md. The service draws a
secret seed for a period (a game turn; a period is named by the number of the entry that
commits it) and records only its SHA-256 commitment, with any seed strings the players add.
Roll *n* of the period is HMAC-SHA256 of the seed over a canonical JSON message; its bytes
become faces by rejection sampling (a byte is used only below the largest multiple of the
die's sides, so every face is equally likely). When the period ends, the seed is revealed in
the ledger and a new one committed.

The message has three schemes, named in each period's commitment and each roll; dice_schemes.py
beside this file makes them (scheme 3, the current one, binds a roll to its entry, the command's
rule-relevant fields and a witness word, never to free text). Roll numbers only grow within a
period (a rollback never winds them back). This file and dice_schemes.py import nothing outside
the standard library, so anyone can check a campaign from its export alone, with the two files
in one folder:

    python digital_dice.py campaign.jsonl

It prints each period's commitment check and each digital roll recomputed (undone ones marked
'rolled, then undone'), and exits 1 if anything does not match.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

try:  # part of turnledger
    from referee.dice import dice_schemes
except ImportError:  # run on its own, from its folder: the sibling file, standard library only
    import dice_schemes  # type: ignore[no-redef,import-not-found]  # the sibling file: mypy sees the package one

# The scheme functions, under the names this file has always given them (callers use these).
SIDES = dice_schemes.SIDES
canonical = dice_schemes.canonical
commitment = dice_schemes.commitment
roll_message = dice_schemes.roll_message
command_digest = dice_schemes.command_digest
bound_message = dice_schemes.bound_message
bound_digest = dice_schemes.bound_digest
scheme_3_message = dice_schemes.scheme_3_message
faces = dice_schemes.faces

FreeTextOf = Callable[[dict[str, Any]], list[str] | None]
"""What the full check knows and this file does not: a recorded command's free-text fields,
sorted (None: no command of that kind is known)."""


class _Record:
    """What the verifier gathers in one pass over the entries."""

    def __init__(self) -> None:
        self.campaign = ""
        self.committed: dict[int, dict[str, Any]] = {}
        self.revealed: dict[int, str] = {}
        self.rolls: list[tuple[dict[str, Any], dict[str, Any], str]] = []  # (entry, roll, campaign in force)
        self.rollbacks: list[tuple[int, int]] = []  # (rollback entry, entry it went back to)
        self.recommitted: list[tuple[int, int, int]] = []  # (period, first entry, second entry)

    def read(self, entry: dict[str, Any]) -> None:
        for event in entry.get("events", []):
            kind = event.get("type")
            if kind == "CampaignOpened":  # version 1 (release 0.1.0) held the whole state
                self.campaign = str(event.get("campaign_id") or event["state"]["identity"]["campaign_id"])
            elif kind == "CampaignBranched":
                self.campaign = str(event["campaign_id"])
            elif kind == "RolledBack":
                self.rollbacks.append((entry["number"], event["to"]))
            elif kind == "DiceCommitted":
                if event["period"] in self.committed:  # only a forger commits one period twice
                    self.recommitted.append(
                        (event["period"], self.committed[event["period"]]["entry"], entry["number"])
                    )
                self.committed[event["period"]] = {
                    "commitment": event["commitment"],
                    "player_seeds": event["player_seeds"],
                    "scheme": event.get("scheme", 1),
                    "entry": entry["number"],
                }
            elif kind == "DiceSeedRevealed":
                self.revealed[event["period"]] = event["seed"]
        for roll in entry.get("rolls", []):
            if roll.get("method") == "digital":
                self.rolls.append((entry, roll, self.campaign))

    def undone_by(self) -> dict[int, int]:
        """Each undone entry -> the rollback entry that undid it (the first one that did)."""
        undone: dict[int, int] = {}
        for rollback, to in self.rollbacks:
            for number in range(to + 1, rollback):
                undone.setdefault(number, rollback)
        return undone


def _recomputed(record: _Record, entry: dict[str, Any], roll: dict[str, Any], campaign: str) -> list[int]:
    period = roll["period"]
    seed, seeds = record.revealed[period], record.committed[period]["player_seeds"]
    if roll.get("scheme", 1) == 3:
        message = scheme_3_message(
            campaign=campaign,
            period=period,
            n=roll["n"],
            entry=entry["number"],
            command_digest=roll["command_digest"],
            dice=roll["dice"],
            word=roll["witness"]["word"],
            player_seeds=seeds,
        )
    elif roll.get("scheme", 1) == 2:
        message = bound_message(
            campaign=campaign,
            period=period,
            n=roll["n"],
            entry=entry["number"],
            command=entry.get("command", {}),
            purpose=roll["purpose"],
            dice=roll["dice"],
            witness=roll.get("witness") or {},
            player_seeds=seeds,
        )
    else:
        message = roll_message(
            campaign=campaign,
            period=period,
            n=roll["n"],
            purpose=roll["purpose"],
            dice=roll["dice"],
            player_seeds=seeds,
        )
    return faces(seed, message)


def _records_its_binding(roll: dict[str, Any]) -> bool:
    """A scheme-3 roll records its command digest, the fields it left unbound and the witness word."""
    unbound, witness = roll.get("unbound"), roll.get("witness")
    return (
        isinstance(unbound, list)
        and all(isinstance(name, str) for name in unbound)
        and isinstance(roll.get("command_digest"), str)
        and isinstance(witness, dict)
        and isinstance(witness.get("word"), str)
    )


def _binding(entry: dict[str, Any], roll: dict[str, Any], label: str, free_text: FreeTextOf | None) -> list[str]:
    """A scheme-3 roll against its command: the digest of the command's bound fields as recorded
    must be the one the roll was made for, and (``free_text`` given: the full check) the fields it
    left unbound exactly the command's free text, so that no rule field went unbound."""
    number, command = entry["number"], entry.get("command", {})
    unbound, digest = roll["unbound"], roll["command_digest"]
    problems = []
    again = bound_digest(command, unbound)
    if again != digest:
        problems.append(
            f"entry #{number}: {label}: the command's bound fields digest to {again[:16]}…, but the roll was made "
            f"for {digest[:16]}…: a bound field of the command, or the roll's list of unbound fields, was changed"
        )
    expected = free_text(command) if free_text is not None else None
    if expected is not None and unbound != expected:
        rule, free = sorted(set(unbound) - set(expected)), sorted(set(expected) - set(unbound))
        wrong = [f"left rule field(s) {', '.join(rule)} unbound"] if rule else []
        wrong += [f"bound free text {', '.join(free)}"] if free else []
        problems.append(
            f"entry #{number}: {label} "
            + (" and ".join(wrong) or "lists its unbound fields out of order")
            + f": a {command.get('kind')} roll leaves {', '.join(expected) or 'nothing'} unbound, no more, no less"
        )
    return problems


@dataclass
class DiceCheck:
    """What the dice check found (`check_record`)."""

    lines: list[str] = field(default_factory=list)
    """What was checked, and findings that are not problems (abandoned periods among them)."""
    problems: list[str] = field(default_factory=list)
    open_period: int | None = None
    """The period rolls are made in now (None: no dice committed)."""
    abandoned: list[str] = field(default_factory=list)
    """One line per abandoned period, with its rolls (also in ``lines``)."""


def check_entries(
    entries: Iterable[dict[str, Any]], campaign: str = "", free_text: FreeTextOf | None = None
) -> tuple[list[str], list[str]]:
    """`check_record`'s (report lines, problems)."""
    found = check_record(entries, campaign, free_text)
    return found.lines, found.problems


def check_record(
    entries: Iterable[dict[str, Any]], campaign: str = "", free_text: FreeTextOf | None = None
) -> DiceCheck:
    """Recompute every digital roll whose seed has been revealed, and check the periods.

    Each roll is checked with the campaign id in force when it was made (a branch's early rolls
    were made by its parent), against its period's scheme. Besides the faces (docs/verifying.md
    "Dice periods"):

    * a period is named by the number of the entry that opens it, so a commitment standing in
      another entry means entries before it were removed or renumbered (a chain rehashed after a
      deletion passes every hash, not this);
    * a roll of a period that no entry up to it commits was not made with committed dice;
    * within a period roll numbers run 1, 2, 3, ... in record order: a gap means a roll was
      removed (any scheme); a number given twice is a problem under schemes 2 and 3 and a note
      under scheme 1 (whose rollbacks wound the count back);
    * a scheme-3 roll's ``command_digest`` is the digest of its command's bound fields as
      recorded (revealed or not); with ``free_text`` (turnledger's verify and audit, which know
      the commands) the fields it left unbound are exactly the command's free text;
    * a period never revealed is 'not yet revealed' only while it is the newest one committed
      in an entry not undone; any other is abandoned (its seed was lost or given up), reported
      with its rolls, which nobody can ever check.

    ``campaign`` is only a fallback for records that never name their campaign.
    """
    record = _Record()
    record.campaign = campaign
    for entry in entries:
        record.read(entry)
    found = DiceCheck()
    lines, problems = found.lines, found.problems
    for period, known in sorted(record.committed.items()):
        if known["entry"] != period:
            problems.append(
                f"entry #{known['entry']} commits dice period {period}, but a period is named by the entry that "
                f"opens it: entries before #{known['entry']} were removed or renumbered, or the commitment was edited"
            )
    for period, first, second in record.recommitted:
        problems.append(
            f"dice period {period} is committed twice (entries #{first} and #{second}): a period has one "
            "commitment, so one of them was written afterwards"
        )
    for period, seed in sorted(record.revealed.items()):
        opened = record.committed.get(period)
        if opened is None:
            problems.append(f"period {period}: a seed is revealed but no commitment was recorded")
        elif commitment(seed) != opened["commitment"]:
            problems.append(
                f"period {period}: the revealed seed does not match the commitment of entry #{opened['entry']}"
            )
        else:
            lines.append(f"period {period}: revealed seed matches the commitment of entry #{opened['entry']}")
    undone = record.undone_by()
    numbering, renumbered = _roll_numbers(record)
    problems += numbering
    lines += renumbered
    open_period = found.open_period = _open_period(record, undone)
    unchecked: dict[int, list[str]] = {}
    for entry, roll, in_force in record.rolls:
        number, period = entry["number"], roll["period"]
        label = f"roll {period}.{roll['n']}"
        fate = f", rolled, then undone by #{undone[number]}" if number in undone else ""
        committed = record.committed.get(period)
        if committed is None or committed["entry"] > number:
            problems.append(
                f"entry #{number}: {label} belongs to dice period {period}, which no entry before it commits: "
                "the roll was not made with committed dice"
            )
            continue
        if roll.get("scheme", 1) != committed["scheme"]:
            problems.append(
                f"entry #{number}: {label} says dice scheme {roll.get('scheme', 1)}, but its period was committed "
                f"under scheme {committed['scheme']}: the roll record was changed"
            )
            continue
        undoing = undone.get(committed["entry"])
        if undoing is not None and undoing < number:
            problems.append(
                f"entry #{number}: {label} belongs to dice period {period}, whose commitment (#{committed['entry']}) "
                f"was undone by #{undoing} before it: the roll was not made with committed dice"
            )
            continue
        if roll.get("scheme", 1) == 3:
            if not _records_its_binding(roll):
                problems.append(
                    f"entry #{number}: {label} is dice scheme 3 but does not record its command_digest, unbound "
                    "fields and witness word: the roll record was changed"
                )
                continue
            problems += _binding(entry, roll, label, free_text)
        if period not in record.revealed:
            unchecked.setdefault(period, []).append(
                f"#{number} {label} {roll['dice']} {roll['faces']} ({roll['purpose']}){fate}"
            )
            continue
        again = _recomputed(record, entry, roll, in_force or campaign)
        if again != roll["faces"]:
            problems.append(
                f"entry #{number}: {label} ({roll['purpose']}) recorded {roll['faces']}, recomputes to {again}{fate}"
            )
        else:
            lines.append(f"entry #{number}: {label} {roll['dice']} {roll['faces']} ({roll['purpose']}) checks{fate}")
    for period in sorted(set(record.committed) - set(record.revealed)):
        rolls = unchecked.get(period, [])
        if period == open_period:
            if rolls:
                lines.append(
                    f"period {period}: {len(rolls)} digital roll(s) not yet revealed: checkable once its game turn ends"
                )
            continue
        found.abandoned.append(
            f"period {period} abandoned: its seed was never revealed (lost, or given up for fresh dice), so its "
            f"{len(rolls)} roll(s) can never be checked" + (": " + "; ".join(rolls) if rolls else "")
        )
        lines.append(found.abandoned[-1])
    return found


def _open_period(record: _Record, undone: dict[int, int]) -> int | None:
    """The period rolls are made in now: the newest committed in an entry not undone."""
    live = [period for period, known in record.committed.items() if known["entry"] not in undone]
    return max(live) if live else None


def _roll_numbers(record: _Record) -> tuple[list[str], list[str]]:
    """In each period roll numbers run 1, 2, 3, ... in record order, undone entries included:
    (problems, notes of numbers a scheme-1 rollback gave again)."""
    problems: list[str] = []
    notes: list[str] = []
    highest: dict[int, int] = {}
    first_use: dict[tuple[int, int], int] = {}
    for entry, roll, _campaign in record.rolls:
        number, period, n = entry["number"], roll["period"], roll["n"]
        label = f"roll {period}.{n}"
        earlier = first_use.get((period, n))
        due = highest.get(period, 0) + 1
        if earlier is not None:
            where = "earlier in the same entry" if earlier == number else f"in entry #{earlier}"
            if roll.get("scheme", 1) != 1:
                problems.append(f"entry #{number}: {label} was already rolled {where}")
            else:
                notes.append(
                    f"entry #{number}: {label} re-uses the number of a roll {where} (scheme 1, after a rollback)"
                )
        elif n > due:
            problems.append(
                f"entry #{number}: digital {label} where {period}.{due} was due: a roll of the period is missing"
            )
        elif n < due:
            problems.append(
                f"entry #{number}: digital {label} after {period}.{due - 1}, and {label} was never given before: "
                "the rolls of the period are out of order"
            )
        first_use.setdefault((period, n), number)
        highest[period] = max(n, highest.get(period, 0))
    return problems, notes


def until_revealed(entries: Iterable[dict[str, Any]], period: int) -> Iterator[dict[str, Any]]:
    """The entries from a period's commitment up to the one revealing its seed (or the end)."""
    for entry in entries:
        yield entry
        if any(
            event.get("type") == "DiceSeedRevealed" and event.get("period") == period
            for event in entry.get("events", [])
        ):
            return


def check_export(path: str) -> tuple[list[str], list[str]]:
    """Check the digital rolls of a `turnledger export` JSONL file."""
    with open(path, encoding="utf-8") as handle:
        header = json.loads(handle.readline())
        return check_entries((json.loads(line) for line in handle if line.strip()), str(header.get("campaign_id", "")))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python digital_dice.py EXPORT.jsonl")
        return 2
    lines, problems = check_export(argv[1])
    for line in lines:
        print(line)
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("all digital rolls check" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
