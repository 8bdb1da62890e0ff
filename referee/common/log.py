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
    rows = deque(unmarked_rows(entries, kind, marks), maxlen=last)
    return [marks.mark(row) for row in rows]


class LogMarks:
    """What later entries decide about earlier rows (undo marks, notes, open disputes), read
    entry by entry: small facts, not the entries (a count of notes per entry noted and the
    disputes still open, so a long record's marks stay small: issue 17)."""

    def __init__(self) -> None:
        self.rollbacks: list[list[int]] = []
        self.notes: dict[int, int] = {}
        """Each entry noted -> how many notes later entries recorded on it."""
        self.open: dict[int, int] = {}
        """Each disputed note no ruling has settled -> the entry it disputes."""
        self.last = 0
        """The last entry read."""
        self._undone: dict[int, int] | None = None
        self._disputed: set[int] | None = None

    def read(self, entry: dict[str, Any]) -> None:
        number = self.last = entry["number"]
        target = rollback_target(entry)
        if target is not None:
            self.rollbacks.append([number, target])
            self._undone = None
        for event in entry["events"]:
            kind = event.get("type")
            if kind == "EntryAnnotated":
                noted = int(event["target"])
                self.notes[noted] = self.notes.get(noted, 0) + 1
                if event.get("disputed"):
                    self.open[number] = noted
                    self._disputed = None
            elif kind == "DisputeSettled" and self.open.pop(int(event["dispute"]), None) is not None:
                self._disputed = None

    def undone(self) -> dict[int, int]:
        """Each entry undone -> the rollback that undid it, as of the last entry read."""
        if self._undone is None:
            self._undone = undone_from(self.rollbacks, self.last)
        return self._undone

    def disputed(self) -> set[int]:
        """The entries with a dispute open, as of the last entry read."""
        if self._disputed is None:
            self._disputed = set(self.open.values())
        return self._disputed

    def mark(self, row: dict[str, Any]) -> dict[str, Any]:
        """``row`` with its undo mark (never on notes and rulings, which are about the record, not
        the game), its count of notes and whether a dispute on it is open, as of the last entry read."""
        number = row["number"]
        if row["kind"] not in RECORD_KEEPING:
            row["undone_by"] = self.undone().get(number)
        row["notes"] = self.notes.get(number, 0)
        row["disputed"] = number in self.disputed()
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
    for row in unmarked_rows(entries, kind):
        yield marks.mark(row)


Position = tuple[str | None, str]
"""A player turn and phase (None and "" before the first entry that sets them)."""


def unmarked_rows(
    entries: Iterable[dict[str, Any]],
    kind: str | None = None,
    marks: LogMarks | None = None,
    *,
    start: Position = (None, ""),
) -> Iterator[dict[str, Any]]:
    """Unmarked rows of ``entries`` (of command kind ``kind``), each entry also read into ``marks``;
    ``start`` is the position the game stood in before the first of them (a page of the log)."""
    player, phase = start
    for entry in entries:
        if marks is not None:
            marks.read(entry)
        made_in = (player, phase)
        player, phase = position_after(entry, (player, phase))
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


def position_after(entry: dict[str, Any], before: Position) -> Position:
    """The player turn and phase the game stood in after ``entry``, from those before it."""
    player, phase = before
    for event in entry["events"]:
        position = _position_of(event)
        if position is not None:
            player, phase = position.get("player"), position.get("phase", "")
    return player, phase


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
