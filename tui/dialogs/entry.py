"""One entry in full, as a disputed-roll report: command, rolls and who saw them, ruling with its
derivation, the hash check, notes and disputes; flag a dispute or rule on one from here."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from referee.service import RefereeService
from tui import render
from tui.render import SafeText


class EntryDialog(ModalScreen[tuple[str, str, int | None] | None]):
    """Returns ('dispute', text, None) to flag a dispute, ('ruling', text, N) to settle the open
    dispute raised in entry N (None: no dispute is open, the ruling is a note), or None."""

    BINDINGS = [("escape", "close", "Close")]
    AUTO_FOCUS = "#text"  # the first keys typed go to the field, not to the scrolling report above it
    DEFAULT_CSS = """
    EntryDialog { align: center middle; }
    EntryDialog > Vertical { width: 110; height: 90%; background: $surface; border: thick $primary; }
    EntryDialog VerticalScroll { height: 1fr; }
    EntryDialog Horizontal { height: auto; }
    """

    def __init__(
        self,
        entry: dict[str, Any],
        undone_by: int | None,
        notes: list[dict[str, Any]],
        dice_check: str = "",
        open_dispute: int | None = None,
    ) -> None:
        super().__init__()
        self.entry = entry
        self.dice_check = dice_check
        self.undone_by = undone_by
        self.notes = notes
        self.open_dispute = open_dispute
        """The latest dispute no ruling has settled: the one a ruling recorded here settles."""

    def compose(self) -> ComposeResult:
        intact = RefereeService.hash_checks(self.entry)
        check = "hash recomputed: matches" if intact else "hash recomputed: DOES NOT MATCH (run verify)"
        notes = SafeText("\n").join(render.note_line(note) for note in self.notes) or "no notes or disputes"
        ruling_on = (
            f"Rule on the dispute of #{self.open_dispute}" if self.open_dispute is not None else "Record a ruling"
        )
        with Vertical():
            with VerticalScroll():
                yield Static(render.entry_view(self.entry, undone_by=self.undone_by))
                yield Static(check + (f"\n{self.dice_check}" if self.dice_check else ""), id="check")
                yield Static(Text.assemble(("Notes, disputes and rulings\n", "bold"), notes), id="notes")
            yield Input(placeholder="what is disputed, or the ruling on it", id="text")
            with Horizontal():
                yield Button("Flag dispute", id="dispute", variant="warning")
                yield Button(ruling_on, id="ruling", variant="primary")
                yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "close":
            self.dismiss(None)
            return
        text = self.query_one("#text", Input).value.strip()
        if not text:
            self.query_one("#text", Input).border_title = "say what is disputed or ruled"
            return
        kind = str(event.button.id)
        self.dismiss((kind, text, self.open_dispute if kind == "ruling" else None))

    def action_close(self) -> None:
        self.dismiss(None)
