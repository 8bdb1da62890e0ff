"""The log read model: one summary row per entry, with undo marks and notes attached."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ledger.rollback import undone_by

RECORD_KEEPING = ("Annotate", "SettleDispute", "SeatPlayer")
"""Commands about the record (notes, disputes, rulings on them): a rollback of the game never
marks them undone."""


def log_rows(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Summary rows for every entry, in order.

    Each row: number, at, recorded_at, actor, on_behalf_of, kind, summary, rolls (count),
    undone_by (the rollback entry that undid it, or None; never for notes and rulings), notes and
    disputed (an open dispute: a disputed note on this entry that no ruling has settled), the
    player turn and phase the entry was made in (``player``, ``phase``: the same moment as ``at``,
    so an advance is listed in the phase it ended) and those the game stood in after it
    (``player_after``, ``phase_after``).
    Rows of a slice of the record (not starting at #1) know the position only from the first
    entry in the slice that sets it.
    """
    all_entries = list(entries)
    undone = undone_by(all_entries)
    notes: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    settled: set[int] = set()
    for entry in all_entries:
        if entry["command"].get("kind") in RECORD_KEEPING:
            undone.pop(entry["number"], None)  # a note or ruling is about the record, not the game
        for event in entry["events"]:
            if event.get("type") == "EntryAnnotated":
                notes.setdefault(int(event["target"]), []).append((entry["number"], event))
            elif event.get("type") == "DisputeSettled":
                settled.add(int(event["dispute"]))
    rows = []
    player, phase = None, ""
    for entry in all_entries:
        number = entry["number"]
        attached = notes.get(number, [])
        made_in = (player, phase)
        for event in entry["events"]:
            position = _position_of(event)
            if position is not None:
                player, phase = position.get("player"), position.get("phase", "")
        if made_in == (None, ""):  # the opening, or the first entry of a slice: only the position after it is known
            made_in = (player, phase)
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
                "undone_by": undone.get(number),
                "player": made_in[0],
                "phase": made_in[1],
                "player_after": player,
                "phase_after": phase,
                "notes": len(attached),
                "disputed": any(note.get("disputed") and raised not in settled for raised, note in attached),
            }
        )
    return rows


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
