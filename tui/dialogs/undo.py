"""Undo to a chosen entry: lists what will be undone (rolls included) and asks for a reason."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class UndoDialog(ModalScreen[str | None]):
    """Returns the reason when confirmed, None when cancelled."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#reason"  # the first keys typed go to the field, not to the scrolling report above it
    DEFAULT_CSS = """
    UndoDialog { align: center middle; }
    UndoDialog > Vertical { width: 100; height: 80%; border: thick $warning; background: $surface; padding: 1 2; }
    UndoDialog VerticalScroll { height: 1fr; }
    """

    def __init__(self, target: int, undone: list[dict[str, Any]]) -> None:
        super().__init__()
        self.target = target
        self.undone = undone

    def compose(self) -> ComposeResult:
        rolls = sum(row["rolls"] for row in self.undone)
        with Vertical():
            yield Static(
                f"[b]Roll back to #{self.target}[/b]: {len(self.undone)} entries will be undone "
                f"({rolls} die roll{'s' if rolls != 1 else ''} among them). They stay in the record, marked undone."
            )
            with VerticalScroll():
                for row in self.undone:
                    roll = f"  [{row['rolls']} roll(s)]" if row["rolls"] else ""
                    yield Static(f"#{row['number']}  {row['at']}  {row['kind']}: {row['summary']}{roll}", markup=False)
            yield Input(placeholder="reason (required), e.g. misread the odds", id="reason")
            with Horizontal():
                yield Button("Undo", variant="warning", id="confirm")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        reason = self.query_one("#reason", Input).value.strip()
        if not reason:
            self.query_one("#reason", Input).border_title = "a reason is required"
            return
        self.dismiss(reason)

    def action_cancel(self) -> None:
        self.dismiss(None)
