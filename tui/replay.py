"""Replay: moving a read-only cursor over the record (by entry, phase, player turn, game turn),
jumping to an entry or a calendar position, and bookmarks. Mixed into the console app."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

from referee.common.errors import REFUSALS, RulesError
from referee.common.log_pages import LogPages
from tui.dialogs.jump import JumpDialog


class ReplayActions:
    """Key actions of replay; the app provides cursor, head, rows, bookmarks and refresh_view."""

    cursor: int | None
    head: int
    bookmarks: list[int]
    service: Any

    if TYPE_CHECKING:  # what the console app this is mixed into provides

        @property
        def rows(self) -> LogPages: ...

        CursorMoved: Any

        def post_message(self, message: Message) -> bool: ...
        def refresh_view(self) -> None: ...

        push_screen: Any

        def show_error(self, error: Exception) -> None: ...

        notify: Any

    def _move(self, cursor: int | None) -> None:
        head = self.head
        if cursor is not None:
            cursor = max(1, min(cursor, head))
            if cursor == head:
                cursor = None
        before, self.cursor = self.cursor, cursor
        try:
            self.refresh_view()
        except REFUSALS as error:  # the state as of there cannot be read (an entry altered): stay, and say so
            self.cursor = before
            self.show_error(error)
            return
        self.post_message(self.CursorMoved(cursor))

    def action_step(self, delta: int) -> None:
        current = self.cursor if self.cursor is not None else self.head
        self._move(current + delta)

    def action_turn(self, delta: int) -> None:
        """Move to the first entry of the previous or next game turn (by the calendar labels)."""
        current = self.cursor if self.cursor is not None else self.head
        label = self.rows[current - 1]["at"]
        numbers = range(current - 1, 0, -1) if delta < 0 else range(current + 1, self.head + 1)
        for number in numbers:
            if self.rows[number - 1]["at"] != label:
                first = number
                if delta < 0:
                    label = self.rows[number - 1]["at"]
                    while first > 1 and self.rows[first - 2]["at"] == label:
                        first -= 1
                self._move(first)
                return
        self._move(1 if delta < 0 else None)

    def action_phase(self, delta: int) -> None:
        """Move to the first entry shown in the previous or next phase: the one that moved the
        calendar into it (#1 for the opening phase). The dashboard at an entry shows the state
        after it, so each step lands in another phase than the one shown (issue 28: `{` went to
        the advance into the phase shown, the same phase)."""
        rows, head = self.rows, self.head
        current = self.cursor if self.cursor is not None else head
        live = self.service.current().table.calendar.label

        def shown(number: int) -> tuple[Any, ...]:
            """The game turn, player turn and phase the state after entry ``number`` stands in (the
            turn: the label the next entry was made at)."""
            row = rows[number - 1]
            return rows[number]["at"] if number < head else live, row["player_after"], row["phase_after"]

        here = shown(current)
        numbers = range(current - 1, 0, -1) if delta < 0 else range(current + 1, self.head + 1)
        for number in numbers:
            if shown(number) != here:
                first = number
                if delta < 0:
                    while first > 1 and shown(first - 1) == shown(number):
                        first -= 1
                self._move(first)
                return
        self._move(1 if delta < 0 else None)

    def action_player_turn(self, delta: int) -> None:
        """Move to the first entry of the previous or next player turn."""
        rows = self.rows
        current = self.cursor if self.cursor is not None else self.head
        key = (rows[current - 1]["at"], rows[current - 1]["player"])
        numbers = range(current - 1, 0, -1) if delta < 0 else range(current + 1, self.head + 1)
        for number in numbers:
            if (rows[number - 1]["at"], rows[number - 1]["player"]) != key:
                first = number
                if delta < 0:
                    key = (rows[number - 1]["at"], rows[number - 1]["player"])
                    while first > 1 and (rows[first - 2]["at"], rows[first - 2]["player"]) == key:
                        first -= 1
                self._move(first)
                return
        self._move(1 if delta < 0 else None)

    def action_jump(self) -> None:
        self.push_screen(JumpDialog(), self._jump_done)

    def _jump_done(self, where: str | None) -> None:
        if not where:
            return
        text = where.lstrip("#")
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= self.head:
                self.show_error(RulesError(f"there is no entry #{number}; the record runs #1 to #{self.head}"))
                return
            self._move(number)
            return
        first = self.rows.first_made_in(where)
        if first is not None:
            self._move(first)
            return
        self.show_error(
            RulesError(f"no entry was made in {where!r}; calendar positions look like 'Aug I 1941' or 'Spring 1941'")
        )

    def action_bookmark(self) -> None:
        """Mark (or unmark) the entry under the cursor; the marks are kept beside the campaign."""
        number = self.cursor if self.cursor is not None else self.head
        if number in self.bookmarks:
            self.bookmarks.remove(number)
            self.notify(f"bookmark on #{number} removed")
        else:
            self.bookmarks.append(number)
            self.bookmarks.sort()
            self.notify(f"bookmark on #{number}")
        self.service.save_bookmarks(self.bookmarks)

    def action_next_bookmark(self) -> None:
        if not self.bookmarks:
            self.notify("no bookmarks yet: press m to mark the entry under the cursor")
            return
        current = self.cursor if self.cursor is not None else self.head
        later = [number for number in self.bookmarks if number > current]
        self._move(later[0] if later else self.bookmarks[0])

    def action_first(self) -> None:
        self._move(1)

    def action_live(self) -> None:
        self._move(None)
