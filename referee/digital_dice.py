"""Verifiable digital dice: commit, roll, reveal, and check, with the Python standard library only.

DESIGN "Dice: physical and verifiable". The service draws a secret seed for a period (a game
turn; a period is named by the number of the entry that commits it) and records only its
SHA-256 commitment, with any seed strings the players add. Roll
*n* of the period is HMAC-SHA256 of the seed over the canonical JSON of the campaign id, the
period, *n*, the roll's declared purpose, the dice and the players' seeds; its bytes become
faces by rejection sampling (a byte is used only below the largest multiple of the die's
sides, so every face is equally likely). When the period ends, the seed is revealed in the
ledger and a new one committed.

This file imports nothing outside the standard library, so anyone can check a campaign from
its export alone:

    python digital_dice.py campaign.jsonl

It prints each period's commitment check and each digital roll recomputed, and exits 1 if
anything does not match.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from collections.abc import Iterable, Iterator
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
    """What roll *n* is bound to: relabelling its purpose afterwards changes its faces."""
    return {
        "campaign": campaign,
        "period": period,
        "n": n,
        "purpose": purpose,
        "dice": dice,
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


def check_entries(entries: Iterable[dict[str, Any]], campaign: str) -> tuple[list[str], list[str]]:
    """Recompute every digital roll whose seed has been revealed; returns (report lines, problems).

    Rolls of a period whose seed is not revealed yet are counted, not checked.
    """
    committed: dict[int, dict[str, Any]] = {}
    revealed: dict[int, str] = {}
    rolls: list[tuple[int, dict[str, Any]]] = []
    for entry in entries:
        for event in entry.get("events", []):
            if event.get("type") == "DiceCommitted":
                committed[event["period"]] = {
                    "commitment": event["commitment"],
                    "player_seeds": event["player_seeds"],
                    "entry": entry["number"],
                }
            elif event.get("type") == "DiceSeedRevealed":
                revealed[event["period"]] = event["seed"]
        for roll in entry.get("rolls", []):
            if roll.get("method") == "digital":
                rolls.append((entry["number"], roll))
    lines: list[str] = []
    problems: list[str] = []
    for period, seed in sorted(revealed.items()):
        known = committed.get(period)
        if known is None:
            problems.append(f"period {period}: a seed is revealed but no commitment was recorded")
        elif commitment(seed) != known["commitment"]:
            problems.append(
                f"period {period}: the revealed seed does not match the commitment of entry #{known['entry']}"
            )
        else:
            lines.append(f"period {period}: revealed seed matches the commitment of entry #{known['entry']}")
    unchecked = 0
    for number, roll in rolls:
        period = roll["period"]
        if period not in revealed or period not in committed:
            unchecked += 1
            continue
        message = roll_message(
            campaign=campaign,
            period=period,
            n=roll["n"],
            purpose=roll["purpose"],
            dice=roll["dice"],
            player_seeds=committed[period]["player_seeds"],
        )
        again = faces(revealed[period], message)
        if again != roll["faces"]:
            problems.append(
                f"entry #{number}: roll {period}.{roll['n']} ({roll['purpose']}) recorded {roll['faces']}, "
                f"recomputes to {again}"
            )
        else:
            lines.append(
                f"entry #{number}: roll {period}.{roll['n']} {roll['dice']} {roll['faces']} ({roll['purpose']}) checks"
            )
    if unchecked:
        lines.append(f"{unchecked} digital roll(s) of periods not yet revealed: checkable once their game turn ends")
    return lines, problems


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
        return check_entries((json.loads(line) for line in handle if line.strip()), header["campaign_id"])


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
