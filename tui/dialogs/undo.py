"""Undo to a chosen entry: lists what will be undone (rolls included) and asks for a reason."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Static

from tui.dialogs.frame import RecordOrCancelDialog


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """'1 entry', '2 entries', '1 die roll', '3 die rolls'."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


class UndoDialog(RecordOrCancelDialog[str | None]):
    """Returns the reason when confirmed (Undo, or F3), None when cancelled (Escape)."""

    AUTO_FOCUS = "#reason"  # the first keys typed go to the field, not to the scrolling report above it
    DEFAULT_CSS = """
    UndoDialog { align: center middle; }
    UndoDialog > Vertical { width: 100; height: 80%; border: thick $warning; background: $surface; padding: 1 2; }
    UndoDialog VerticalScroll { height: 1fr; }
    UndoDialog Horizontal { height: auto; }
    """

    def __init__(self, target: int, undone: list[dict[str, Any]]) -> None:
        super().__init__()
        self.target = target
        self.undone = undone

    def compose(self) -> ComposeResult:
        rolls = sum(row["rolls"] for row in self.undone)
        entries = counted(len(self.undone), "entry", "entries")
        with Vertical():
            yield Static(
                f"[b]Roll back to #{self.target}[/b]: {entries} will be undone "
                f"({counted(rolls, 'die roll')} among them). They stay in the record, marked undone.",
                id="undoing",
            )
            with VerticalScroll():
                for row in self.undone:
                    roll = f"  [{counted(row['rolls'], 'roll')}]" if row["rolls"] else ""
                    yield Static(f"#{row['number']}  {row['at']}  {row['kind']}: {row['summary']}{roll}", markup=False)
            yield Input(placeholder="reason (required), e.g. misread the odds", id="reason")
            with Horizontal():
                yield Button("Undo (F3)", variant="warning", id="confirm")
                yield Button("Cancel (Esc)", id="cancel")

    def action_record(self) -> None:
        """Undo (F3): with the reason given; without one, the field says it is required."""
        reason = self.query_one("#reason", Input).value.strip()
        if not reason:
            self.query_one("#reason", Input).border_title = "a reason is required"
            return
        self.dismiss(reason)
