"""Asking before a step that takes something away (an advance that applies the stockpile cap or
drops unspent special SP): what it will do, in the ruling's own words, before it is recorded."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui.dialogs.frame import DialogFrame


class ConfirmDialog(DialogFrame[bool]):
    """True to go ahead (y or Enter), False to leave things as they are (n or Escape)."""

    BINDINGS = [("y,enter", "answer(True)", "Go ahead"), ("n,escape", "answer(False)", "Cancel")]
    AUTO_FOCUS = "#yes"
    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog > Vertical { width: 100; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    ConfirmDialog Horizontal { height: auto; }
    """

    def __init__(self, question: str, details: str) -> None:
        super().__init__()
        self.question = question
        self.details = details

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question", markup=False)
            yield Static(self.details, id="details", markup=False)
            with Horizontal():
                yield Button("Go ahead (y)", variant="warning", id="yes")
                yield Button("Cancel (n, Esc)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, go: bool) -> None:
        self.dismiss(go)
