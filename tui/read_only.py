"""The read-only console the other players watch (`turnledger serve`, `tui --read-only`): every
key and palette entry that would write is refused with a word, and the view follows the record
as the referee's console adds to it. Mixed into the console app.

The view offers only what works in it: the writing keys are left out of the key bar, Textual's
key panel and the help (`check_action` hides a binding whose action it answers False), and a
player who presses one anyway is still told why nothing happens (`run_action` refuses it first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from textual.actions import ActionParseResult
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.widgets import Static

from referee.common.errors import RulesError
from tui.dialogs.help import HelpDialog

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
        "seal",
        "reveal",
    }
)
"""Actions that record an entry or write beside the campaign (bookmarks, a branch, a new campaign)."""
FOLLOW_SECONDS = 2.0
"""How often a read-only view looks for entries the referee recorded."""
REFUSAL = "this is a read-only view of the campaign: the referee records at the table ({what} refused)"
READ_ONLY_KEYS = """[b]turnledger console, read-only[/b]: the referee records at the table; this view follows

  l        the log: every entry; Enter opens one
  n        the force rosters: every unit as of the entry shown; / filters
  left     replay: one entry back          right    one entry forward
  [        replay: one game turn back       ]        one game turn forward
  {        replay: one phase back           }        one phase forward
  (        replay: one player turn back     )        one player turn forward
  '        next bookmark (the referee's)
  home     replay from entry #1             end / escape   back to the live state
  g        jump to an entry number or a calendar position (e.g. Aug I 1941)
  v        verify the hash chain
  d        audit the campaign: every ruling decided again, the digital rolls recomputed, disputes,
           rollbacks, who entered what, and each player's dice drawn face by face
  r        report on the entry under the cursor: rolls, witnesses, derivation, hash, notes
  x        the head receipt and its QR code, to note down (shown again as q closes the view)
  pgup / pgdn   page through a long dashboard (accounts, roster)
  ctrl+p   command palette: every reading action by name
  ?        this help        q   quit
  (log and units screens: up/down, pgup/pgdn, home/end move; / filters; Enter opens; escape back)
"""
"""The help of a read-only view: the keys that work in it (tui/dialogs/help.py has the referee's)."""


class ReadOnlyHelp(HelpDialog):
    """The help dialog of a read-only view: its keys only."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(READ_ONLY_KEYS)


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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """False hides a writing action's key from the key bar and the key panel of a read-only view."""
        if self.read_only and action in WRITING:
            return False
        allowed: bool | None = super().check_action(action, parameters)  # type: ignore[misc]  # App's, after this mixin
        return allowed

    def help_dialog(self) -> HelpDialog:
        """The help to show: the read-only view's keys, or the referee's."""
        return ReadOnlyHelp() if self.read_only else HelpDialog()

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
