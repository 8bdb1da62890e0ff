"""One entry in full, as a disputed-roll report: command, rolls and who saw them, ruling with its
derivation, the hash check, notes and disputes; flag a dispute or rule on one from here."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from referee.service import RefereeService
from tui import render


class EntryDialog(ModalScreen[tuple[str, str] | None]):
    """Returns ('dispute', text) or ('ruling', text) to record an annotation, or None."""

    BINDINGS = [("escape", "close", "Close")]
    DEFAULT_CSS = """
    EntryDialog { align: center middle; }
    EntryDialog > Vertical { width: 110; height: 90%; background: $surface; border: thick $primary; }
    EntryDialog VerticalScroll { height: 1fr; }
    EntryDialog Horizontal { height: auto; }
    """

    def __init__(
        self, entry: dict[str, Any], undone_by: int | None, notes: list[dict[str, Any]], dice_check: str = ""
    ) -> None:
        super().__init__()
        self.entry = entry
        self.dice_check = dice_check
        self.undone_by = undone_by
        self.notes = notes

    def compose(self) -> ComposeResult:
        intact = RefereeService.hash_checks(self.entry)
        check = "hash recomputed: matches" if intact else "hash recomputed: DOES NOT MATCH (run verify)"
        notes = (
            "\n".join(
                f"#{note['entry']} {note['actor']}{' · DISPUTE' if note['disputed'] else ''}: {note['text']}"
                for note in self.notes
            )
            or "no notes or disputes"
        )
        with Vertical():
            with VerticalScroll():
                yield Static(render.entry_view(self.entry, undone_by=self.undone_by))
                yield Static(check + (f"\n{self.dice_check}" if self.dice_check else ""), id="check")
                yield Static("[b]Notes and disputes[/b]\n" + notes, id="notes")
            yield Input(placeholder="what is disputed, or the ruling on it", id="text")
            with Horizontal():
                yield Button("Flag dispute", id="dispute", variant="warning")
                yield Button("Rule on it", id="ruling", variant="primary")
                yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "close":
            self.dismiss(None)
            return
        text = self.query_one("#text", Input).value.strip()
        if not text:
            self.query_one("#text", Input).border_title = "say what is disputed or ruled"
            return
        self.dismiss((str(event.button.id), text))

    def action_close(self) -> None:
        self.dismiss(None)
