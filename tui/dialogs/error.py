"""The one place where refusals are shown: in table language, never a traceback."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from tui.dialogs.frame import DialogFrame


class ErrorDialog(DialogFrame[None]):
    """A refusal from the referee or the ledger."""

    BINDINGS = [("escape", "dismiss", "Close"), ("enter", "dismiss", "Close")]
    DEFAULT_CSS = """
    ErrorDialog { align: center middle; }
    ErrorDialog > Vertical { width: 80; height: auto; border: thick $error; padding: 1 2; background: $surface; }
    """

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("[b]Refused[/b]", id="title")
            yield Static(self.message, id="message", markup=False)
            yield Button("OK (Enter, Esc)", variant="error", id="ok")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)
