"""The log read model: one summary row per entry, with undo marks and notes attached."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from ledger.rollback import rollback_target, undone_from

RECORD_KEEPING = ("Annotate", "SettleDispute", "SeatPlayer")
"""Commands about the record (notes, disputes, rulings on them): a rollback of the game never
marks them undone."""


def log_rows(
    entries: Iterable[dict[str, Any]], *, kind: str | None = None, last: int | None = None
) -> list[dict[str, Any]]:
    """Summary rows for every entry, in order.

    Each row: number, at, recorded_at, actor, on_behalf_of, kind, summary, rolls (count),
    undone_by (the rollback entry that undid it, or None; never for notes and rulings), notes and
    disputed (an open dispute: a disputed note on this entry that no ruling has settled), the
    player turn and phase the entry was made in (``player``, ``phase``: the same moment as ``at``,
    so an advance is listed in the phase it ended) and those the game stood in after it
    (``player_after``, ``phase_after``).
    Rows of a slice of the record (not starting at #1) know the position only from the first
    entry in the slice that sets it.

    One pass over ``entries`` (a stream is read once and never held: issue 17, `log` held every
    entry, 540 MB at 100,000): undo marks and notes, which later entries decide, are set on the
    rows at the end. ``kind`` keeps only the rows of that command kind and ``last`` only the last
    so many rows (kept as they come, so `log --last 20` holds 20 rows, not the record).
    """
    rows: deque[dict[str, Any]] = deque(maxlen=last)
    rollbacks: list[list[int]] = []
    record_keeping: set[int] = set()
    notes: dict[int, list[tuple[int, bool]]] = {}
    settled: set[int] = set()
    player, phase = None, ""
    last = 0
    for entry in entries:
        number = last = entry["number"]
        target = rollback_target(entry)
        if target is not None:
            rollbacks.append([number, target])
        if entry["command"].get("kind") in RECORD_KEEPING:
            record_keeping.add(number)  # a note or ruling is about the record, not the game
        made_in = (player, phase)
        for event in entry["events"]:
            if event.get("type") == "EntryAnnotated":
                notes.setdefault(int(event["target"]), []).append((number, bool(event.get("disputed"))))
            elif event.get("type") == "DisputeSettled":
                settled.add(int(event["dispute"]))
            position = _position_of(event)
            if position is not None:
                player, phase = position.get("player"), position.get("phase", "")
        if made_in == (None, ""):  # the opening, or the first entry of a slice: only the position after it is known
            made_in = (player, phase)
        if kind is not None and entry["command"].get("kind", "") != kind:
            continue
        rows.append(
            {
                "number": number,
                "at": entry["at"],
                "recorded_at": entry["recorded_at"],
                "actor": entry["actor"],
                "on_behalf_of": entry["on_behalf_of"],
                "kind": entry["command"].get("kind", ""),
                "summary": entry["ruling"].get("summary", ""),
                "rolls": len(entry["rolls"]),
                "undone_by": None,
                "player": made_in[0],
                "phase": made_in[1],
                "player_after": player,
                "phase_after": phase,
                "notes": 0,
                "disputed": False,
            }
        )
    undone = undone_from(rollbacks, last)
    for row in rows:
        number = row["number"]
        if number not in record_keeping:
            row["undone_by"] = undone.get(number)
        attached = notes.get(number, [])
        row["notes"] = len(attached)
        row["disputed"] = any(disputed and raised not in settled for raised, disputed in attached)
    return list(rows)


def _position_of(event: dict[str, Any]) -> dict[str, Any] | None:
    """The calendar position an event sets (creation, an advance, or a rollback of the table)."""
    kind = event.get("type")
    position: dict[str, Any] | None = None
    if kind == "CampaignOpened" and "state" in event:  # release 0.1.0's opening held the whole state
        position = event["state"]["table"]["calendar"]
    elif kind == "AccountOpened" and event.get("account") == "table":
        position = event["state"]["calendar"]
    elif kind == "CalendarAdvanced":
        position = event["position"]
    elif kind == "AccountRestored" and event.get("account") == "table" and event.get("state"):
        position = event["state"]["calendar"]
    return position
