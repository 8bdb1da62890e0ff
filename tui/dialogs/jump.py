"""Ask for an entry number or a calendar position to jump the replay cursor to."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from tui.dialogs.frame import DialogFrame


class JumpDialog(DialogFrame[str | None]):
    """Returns what was typed: '#123', '123' or a calendar label such as 'Aug I 1941' (Enter, or
    F3; Escape: None)."""

    DEFAULT_CSS = """
    JumpDialog { align: center middle; }
    JumpDialog > Vertical { width: 70; height: auto; border: thick $primary; background: $surface; padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Jump to an entry number (e.g. 123) or a calendar position (e.g. Aug I 1941, Spring 1941)")
            yield Input(id="where")
            yield Static("[dim]Enter jumps · Escape cancels[/dim]")

    def field_entered(self, field: Input) -> None:
        """Enter jumps (the dialog's one field)."""
        self.action_record()

    def action_record(self) -> None:
        self.dismiss(self.query_one("#where", Input).value.strip() or None)
