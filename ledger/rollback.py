"""Which entries are live and which were undone by a rollback.

Undo to #N never deletes: it appends one entry (its events are the game's; the book sees only
its ``RolledBack`` marker, the one event type the book reads). Which entries are undone is derived
from the record itself: walking back from the last entry, a rollback to #N jumps to #N; every entry
not on that path has been undone. This also makes 'undo the undo' (rolling back to an entry
that had been undone) come out right.
"""

from __future__ import annotations

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
    """The same from the state's list of [rollback entry, target] pairs, without reading entries."""
    if not rollbacks:
        return {}
    targets = {rollback: target for rollback, target in rollbacks}  # noqa: C416 - pairs are lists, not tuples
    live: set[int] = set()
    number = last
    while number >= 1:
        live.add(number)
        number = targets[number] if number in targets else number - 1
    undone: dict[int, int] = {}
    for rollback, target in sorted(targets.items()):
        for number in range(target + 1, rollback):
            if number not in live:
                undone[number] = rollback
    return undone
