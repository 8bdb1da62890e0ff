"""Verifiable digital dice: commit, roll, reveal, and check, with the Python standard library only.

DESIGN "Dice: physical and verifiable"; the threat model is docs/dice.md. The service draws a
secret seed for a period (a game turn; a period is named by the number of the entry that
commits it) and records only its SHA-256 commitment, with any seed strings the players add.
Roll *n* of the period is HMAC-SHA256 of the seed over a canonical JSON message; its bytes
become faces by rejection sampling (a byte is used only below the largest multiple of the
die's sides, so every face is equally likely). When the period ends, the seed is revealed in
the ledger and a new one committed.

The message has two schemes, named in each period's commitment and each roll:

* scheme 1 (release 0.1.0 to 0.2.0): the campaign id, the period, *n*, the roll's purpose, the
  dice and the players' seeds;
* scheme 2 (from 0.3.0): also the number of the entry the roll is recorded in, the SHA-256 of
  the command as recorded, and a witness word a player gave at the moment of the roll, so that
  nobody can know a roll before the word is given, even with the seed.

Roll numbers only grow within a period (a rollback never winds them back). This file imports
nothing outside the standard library, so anyone can check a campaign from its export alone:

    python digital_dice.py campaign.jsonl

It prints each period's commitment check and each digital roll recomputed (undone ones marked
'rolled, then undone'), and exits 1 if anything does not match.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

SIDES = {"1D6": (1, 6), "2D6": (2, 6), "1D10": (1, 10), "D10": (1, 10)}
"""Dice by name: how many, how many sides (the same names as referee/dice.py)."""


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
    """SHA-256 of the command as the entry records it: a roll is bound to what it was rolled for."""
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
    """Scheme 2: roll *n* is bound to the entry it is recorded in, the command it was rolled for
    (its kind and every parameter) and a witness word a player gave at the moment of the roll.

    The word is not known before the roll, so a copy of the campaign and its seed cannot tell a
    roll in advance; the entry number and the command leave nothing for the seed holder to vary
    without it showing in the record (docs/dice.md).
    """
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
    if roll.get("scheme", 1) == 2:
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


def check_entries(entries: Iterable[dict[str, Any]], campaign: str = "") -> tuple[list[str], list[str]]:
    """`check_record`'s (report lines, problems)."""
    found = check_record(entries, campaign)
    return found.lines, found.problems


def check_record(entries: Iterable[dict[str, Any]], campaign: str = "") -> DiceCheck:
    """Recompute every digital roll whose seed has been revealed, and check the periods.

    Each roll is checked with the campaign id in force when it was made (a branch's early rolls
    were made by its parent), against its period's scheme. Besides the faces (docs/verifying.md
    "Dice periods"):

    * a period is named by the number of the entry that opens it, so a commitment standing in
      another entry means entries before it were removed or renumbered (a chain rehashed after a
      deletion passes every hash, not this);
    * a roll of a period that no entry up to it commits was not made with committed dice;
    * within a period roll numbers run 1, 2, 3, ... in record order: a gap means a roll was
      removed (either scheme); a number given twice is a problem under scheme 2 and a note under
      scheme 1 (whose rollbacks wound the count back);
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
            if roll.get("scheme", 1) == 2:
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
