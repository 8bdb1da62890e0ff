"""The states beside the replay cursor, read (and their dashboard parts drawn) ahead while the
referee looks at the one shown.

Issue 17: a replay step read the state it stepped to (a cached state and up to a few hundred
entries folded) and then drew it, so a step cost a state read and a drawing. A state as of entry
#N never changes (entries are never altered; a rollback appends), so the states one step either
side of the cursor can be read in a worker once a step is painted, and the dashboard's parts of
them that look different from those drawn already can be drawn there too (`Rendered.keep`):
the next step finds its state here and its parts drawn. A key pressed before the worker is done
reads and draws for itself, as before.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.console import Console
from textual.worker import get_current_worker

from referee.common.errors import REFUSALS
from tui import render
from tui.widgets import Rendered, draw_lines

LIVE_DELAY = 0.5
"""Seconds after a live dashboard is painted before the state of the entry before the head is read."""


class StatesAhead:
    """States by entry number, the last `KEPT` read or shown."""

    KEPT = 4

    def __init__(self) -> None:
        self._states: OrderedDict[int, Any] = OrderedDict()

    def get(self, number: int) -> Any | None:
        """The state as of ``number`` if it was read, else None."""
        state = self._states.get(number)
        if state is not None:
            self._states.move_to_end(number)
        return state

    def put(self, number: int, state: Any) -> None:
        """Keep the state as of ``number`` (forgetting the least recently used beyond `KEPT`)."""
        self._states[number] = state
        self._states.move_to_end(number)
        while len(self._states) > self.KEPT:
            self._states.popitem(last=False)

    def wanted(self, cursor: int, head: int) -> list[int]:
        """The entries one step either side of ``cursor`` whose states are not kept (the head's
        state is the live one, never read)."""
        return [number for number in (cursor - 1, cursor + 1) if 1 <= number < head and number not in self._states]


class ReadAhead:
    """The console's shown state and its read-ahead; mixed into the console app."""

    cursor: int | None
    head: int
    service: Any
    states_ahead: StatesAhead

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        dashboard: Any
        console: Console
        run_worker: Any
        call_from_thread: Any
        set_timer: Any

    def shown_state(self) -> Any:
        """The state as of the cursor, for display only: live, the service's own (not copied:
        a copy of a 1,000-unit state costs about 9 ms of every key); in replay, read ahead or
        read now."""
        if self.cursor is None:
            return self.service.current()
        state = self.states_ahead.get(self.cursor)
        if state is None:
            state = self.service.state(self.cursor)
            self.states_ahead.put(self.cursor, state)
        return state

    def read_ahead(self) -> None:
        """Once the dashboard is painted: read the states one step either side of the cursor in a
        worker; live, the entry before the head (where the first step back goes) once the console
        has been idle a moment (`LIVE_DELAY`: not while it opens or records)."""
        if self.cursor is None:
            self.set_timer(LIVE_DELAY, self._read_ahead_now)
        else:
            self._read_ahead_now()

    def _read_ahead_now(self) -> None:
        """Start the worker, unless the dashboard's state is not there to draw for (the timer of a
        live read-ahead can fire while the console closes and its widgets are already gone)."""
        cursor = self.head if self.cursor is None else self.cursor
        shown = next(iter(self.dashboard.query("#state").results(Rendered)), None)
        if shown is not None and (wanted := self.states_ahead.wanted(cursor, self.head)):
            work = partial(_read_states, self, self.service, self.states_ahead, wanted, shown, self.console)
            self.run_worker(work, thread=True, group="read-ahead", exclusive=True, exit_on_error=False)


def _read_states(
    app: ReadAhead, service: Any, ahead: StatesAhead, numbers: list[int], shown: Rendered, console: Console
) -> None:
    """The worker, with the campaign, the keeper and the widget as they were when it started (a
    campaign switched to meanwhile has its own). Drawing here is Rich rendering into lines, no
    widget touched; the lines are handed to the widget on the app's thread."""
    worker = get_current_worker()
    width = shown.size.width
    for number in numbers:
        if worker.is_cancelled:
            return
        try:
            state = service.state(number)
        except REFUSALS:  # an entry altered under the console: the step that needs it reads it and says so
            return
        app.call_from_thread(ahead.put, number, state)
        if width <= 0:
            continue
        parts = render.state_parts(state, service.views(state), at=number, full_roster=False)
        for key, part in parts:
            if worker.is_cancelled:
                return
            if not shown.has_drawn(key, width):
                app.call_from_thread(shown.keep, key, width, draw_lines(console, part, width))
