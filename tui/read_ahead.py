"""The states beside the replay cursor, read ahead while the referee looks at the one shown.

Issue 17: a replay step read the state it stepped to (a cached state and up to a few hundred
entries folded) and then drew it, so a step cost a state read and a drawing. A state as of entry
#N never changes (entries are never altered; a rollback appends), so the states one step either
side of the cursor can be read in a worker once a step is painted, and the next step finds its
state here. A key pressed before the worker is done reads the state itself, as before.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any


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

    def clear(self) -> None:
        """Forget every state (another campaign is shown)."""
        self._states.clear()
