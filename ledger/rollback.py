"""Which entries are live and which were undone by a rollback.

Undo to #N never deletes: it appends one entry (its events are the game's; the book sees only
its ``RolledBack`` marker, the one event type the book reads). Which entries are undone is derived
from the record itself: walking back from the last entry, a rollback to #N jumps to #N; every entry
not on that path has been undone. This also makes 'undo the undo' (rolling back to an entry
that had been undone) come out right.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import Any

ROLLED_BACK = "RolledBack"
"""The event type that marks a rollback entry, with the entry it went back to in ``to``."""


def rollback_target(entry: dict[str, Any]) -> int | None:
    """The entry number a rollback entry went back to, or None for other entries."""
    for raw in entry.get("events", []):
        if raw.get("type") == ROLLED_BACK:
            return int(raw["to"])
    return None


def undone_by(entries: Iterable[dict[str, Any]]) -> dict[int, int]:
    """Map each undone entry number to the rollback entry that undid it.

    Args:
        entries: all entries of the campaign, in order.
    """
    targets: list[list[int]] = []
    last = 0
    for entry in entries:
        last = entry["number"]
        target = rollback_target(entry)
        if target is not None:
            targets.append([last, target])
    return undone_from(targets, last)


def undone_from(rollbacks: list[list[int]], last: int) -> dict[int, int]:
    """The same from the state's list of [rollback entry, target] pairs, without reading entries.

    The live record is followed back from ``last`` as spans (down to the latest rollback at or
    below, then on from the entry it went back to), so the work and memory grow with the
    rollbacks and the entries they undid, not with the length of the record (issue 17)."""
    if not rollbacks:
        return {}
    targets = {rollback: target for rollback, target in rollbacks}  # noqa: C416 - pairs are lists, not tuples
    numbers = sorted(targets)
    lows: list[int] = []  # live spans (low, high), found highest first
    highs: list[int] = []
    number = last
    while number >= 1:
        below = bisect_right(numbers, number)
        low = numbers[below - 1] if below else 1
        lows.append(low)
        highs.append(number)
        number = targets[low] if below else 0
    lows.reverse()
    highs.reverse()

    def live(number: int) -> bool:
        span = bisect_right(lows, number) - 1
        return span >= 0 and number <= highs[span]

    undone: dict[int, int] = {}
    for rollback in numbers:
        for number in range(targets[rollback] + 1, rollback):
            if not live(number):
                undone[number] = rollback
    return undone
