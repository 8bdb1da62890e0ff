"""The read-only console the other players watch (`turnledger serve`, `tui --read-only`): every
key and palette entry that would write is refused with a word, and the view follows the record
as the referee's console adds to it. Mixed into the console app."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from textual.actions import ActionParseResult
from textual.dom import DOMNode

from referee.common.errors import RulesError

WRITING = frozenset(
    {
        "command",
        "advance",
        "undo",
        "branch",
        "combat",
        "attrition",
        "losses",
        "isolation",
        "warfare",
        "murmansk",
        "air_naval",
        "year_start",
        "commit_dice",
        "new",
        "bookmark",
    }
)
"""Actions that record an entry or write beside the campaign (bookmarks, a branch, a new campaign)."""
FOLLOW_SECONDS = 2.0
"""How often a read-only view looks for entries the referee recorded."""
REFUSAL = "this is a read-only view of the campaign: the referee records at the table ({what} refused)"


class ReadOnlyGuard:
    """Refuses writing actions when ``read_only``; follows the record's head."""

    read_only: bool = False
    follow_seconds: float = FOLLOW_SECONDS
    service: Any
    head: int
    cursor: int | None

    if TYPE_CHECKING:  # what the console app this is mixed into provides
        _rows: Any
        show_error: Any
        set_interval: Any
        refresh_view: Any
        start_preload: Any

    def refused(self, action: str) -> bool:
        """Whether ``action`` (an action name without arguments) is refused here; says so if it is."""
        if self.read_only and action in WRITING:
            self.show_error(RulesError(REFUSAL.format(what=action.replace("_", " "))))
            return True
        return False

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every key's action passes here first: a writing one is refused in a read-only view."""
        text = action if isinstance(action, str) else action[1]
        if self.refused(text.split("(", 1)[0].rsplit(".", 1)[-1]):
            return False
        ran: bool = await super().run_action(action, default_namespace, namespaces)  # type: ignore[misc]  # App's, after this mixin
        return ran

    def follow_record(self) -> None:
        """A read-only view: look for new entries now and then, and show them when live."""
        if self.read_only:
            self.set_interval(self.follow_seconds, self._follow)

    def _follow(self) -> None:
        head = self.service.head()
        if head != self.head:
            self.head = head
            self._rows = None
            self.start_preload()
            if self.cursor is None:
                self.refresh_view()
