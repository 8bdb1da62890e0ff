"""Ask for an entry number or a calendar position to jump the replay cursor to."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class JumpDialog(ModalScreen[str | None]):
    """Returns what was typed: '#123', '123' or a calendar label such as 'Aug I 1941'."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    JumpDialog { align: center middle; }
    JumpDialog > Vertical { width: 70; height: auto; border: thick $primary; background: $surface; padding: 1 2; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Jump to an entry number (e.g. 123) or a calendar position (e.g. Aug I 1941, Spring 1941)")
            yield Input(id="where")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
