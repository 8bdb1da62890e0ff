"""The log read model: one summary row per entry, with undo marks and notes attached."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
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
    so many rows (kept as they come, so `log --last 20` holds 20 rows, not the record). To list
    the whole record without holding its rows, read it twice: `log_marks`, then `marked_rows`.
    """
    marks = LogMarks()
    rows = deque(_rows(entries, kind, marks), maxlen=last)
    return [marks.mark(row) for row in rows]


class LogMarks:
    """What later entries decide about earlier rows (undo marks, notes, settled disputes), read
    entry by entry: small facts, not the entries."""

    def __init__(self) -> None:
        self.rollbacks: list[list[int]] = []
        self.notes: dict[int, list[tuple[int, bool]]] = {}
        """Each entry noted -> (the note's entry, whether it disputes), in order."""
        self.settled: set[int] = set()
        self.last = 0
        """The last entry read."""
        self._undone: dict[int, int] | None = None

    def read(self, entry: dict[str, Any]) -> None:
        number = self.last = entry["number"]
        target = rollback_target(entry)
        if target is not None:
            self.rollbacks.append([number, target])
        for event in entry["events"]:
            if event.get("type") == "EntryAnnotated":
                self.notes.setdefault(int(event["target"]), []).append((number, bool(event.get("disputed"))))
            elif event.get("type") == "DisputeSettled":
                self.settled.add(int(event["dispute"]))
        self._undone = None

    def mark(self, row: dict[str, Any]) -> dict[str, Any]:
        """``row`` with its undo mark (never on notes and rulings, which are about the record, not
        the game), its count of notes and whether a dispute on it is open, as of the last entry read."""
        if self._undone is None:
            self._undone = undone_from(self.rollbacks, self.last)
        number = row["number"]
        if row["kind"] not in RECORD_KEEPING:
            row["undone_by"] = self._undone.get(number)
        attached = self.notes.get(number, [])
        row["notes"] = len(attached)
        row["disputed"] = any(disputed and raised not in self.settled for raised, disputed in attached)
        return row


def log_marks(entries: Iterable[dict[str, Any]]) -> LogMarks:
    """The first of two passes over the record (`marked_rows` is the second)."""
    marks = LogMarks()
    for entry in entries:
        marks.read(entry)
    return marks


def marked_rows(
    entries: Iterable[dict[str, Any]], marks: LogMarks, *, kind: str | None = None
) -> Iterator[dict[str, Any]]:
    """The rows `log_rows` gives, one at a time: the second pass over the entries `log_marks`
    read (the same ones: ``entries`` up to ``marks.last``), each row marked as it is made, so that
    none needs keeping."""
    for row in _rows(entries, kind, None):
        yield marks.mark(row)


def _rows(entries: Iterable[dict[str, Any]], kind: str | None, marks: LogMarks | None) -> Iterator[dict[str, Any]]:
    """Unmarked rows of ``entries`` (of command kind ``kind``), each entry also read into ``marks``."""
    player, phase = None, ""
    for entry in entries:
        if marks is not None:
            marks.read(entry)
        made_in = (player, phase)
        for event in entry["events"]:
            position = _position_of(event)
            if position is not None:
                player, phase = position.get("player"), position.get("phase", "")
        if made_in == (None, ""):  # the opening, or the first entry of a slice: only the position after it is known
            made_in = (player, phase)
        if kind is not None and entry["command"].get("kind", "") != kind:
            continue
        yield {
            "number": entry["number"],
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
