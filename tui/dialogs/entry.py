"""One entry in full, as a disputed-roll report: command, rolls and who saw them, ruling with its
derivation, the hash check, notes and disputes; flag a dispute (naming the player who raises it)
or rule on one from here."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Static

from referee.service import RefereeService
from tui import render
from tui.dialogs.form_parts import record_from
from tui.dialogs.frame import DialogFrame
from tui.render import SafeText


class EntryDialog(DialogFrame[None]):
    """Records a dispute (`Annotate`, disputed, with the player who raised it) or a ruling
    (`SettleDispute` on the open dispute raised in entry N; a note when none is open) through the
    console's one funnel, and closes; a refusal leaves it open with what was typed. F3 records
    the dialog's first choice: the ruling when a dispute is open, else a dispute."""

    AUTO_FOCUS = "#text"  # the first keys typed go to the field, not to the scrolling report above it
    DEFAULT_CSS = """
    EntryDialog { align: center middle; }
    EntryDialog > Vertical { width: 110; height: 90%; background: $surface; border: thick $primary; }
    EntryDialog VerticalScroll { height: 1fr; }
    EntryDialog Horizontal { height: auto; }
    EntryDialog #raised_by { width: 1fr; }
    EntryDialog #text { width: 3fr; }
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
        self.first = "ruling" if open_dispute is not None else "dispute"
        """What F3 records."""

    def compose(self) -> ComposeResult:
        intact = RefereeService.hash_checks(self.entry)
        check = "hash recomputed: matches" if intact else "hash recomputed: DOES NOT MATCH (run verify)"
        notes = SafeText("\n").join(render.note_line(note) for note in self.notes) or "no notes or disputes"
        ruling_on = (
            f"Rule on the dispute of #{self.open_dispute}" if self.open_dispute is not None else "Record a ruling"
        )
        keyed = {self.first: " (F3)"}
        with Vertical():
            with VerticalScroll():
                yield Static(render.entry_view(shown(self.entry), undone_by=self.undone_by))
                yield Static(check + (f"\n{self.dice_check}" if self.dice_check else ""), id="check")
                yield Static(Text.assemble(("Notes, disputes and rulings\n", "bold"), notes), id="notes")
            with Horizontal():
                yield Input(placeholder="what is disputed, or the ruling on it", id="text")
                yield Input(placeholder="raised by (a dispute: the player)", id="raised_by")
            with Horizontal():
                yield Button("Flag dispute" + keyed.get("dispute", ""), id="dispute", variant="warning")
                yield Button(ruling_on + keyed.get("ruling", ""), id="ruling", variant="primary")
                yield Button("Close (Esc)", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "close":
            self.dismiss(None)
            return
        self.record_as(str(event.button.id))

    def action_record(self) -> None:
        self.record_as(self.first)

    def record_as(self, kind: str) -> None:
        """Record the text as a dispute (with who raised it) or a ruling; refused: stay open."""
        text = self.query_one("#text", Input).value.strip()
        raised_by = self.query_one("#raised_by", Input).value.strip()
        if not text:
            self.query_one("#text", Input).border_title = "say what is disputed or ruled"
            return
        if kind == "dispute" and not raised_by:
            self.query_one("#raised_by", Input).border_title = "who raises the dispute?"
            self.set_focus(self.query_one("#raised_by", Input))
            return
        if record_from(self, self.command(kind, text, raised_by)):
            self.dismiss(None)

    def command(self, kind: str, text: str, raised_by: str) -> dict[str, Any]:
        """A dispute is a disputed note naming its player; a ruling settles the open dispute, or is
        a note when none is open."""
        number, actor = self.entry["number"], self.app.actor  # type: ignore[attr-defined]  # TurnledgerApp's
        if kind == "ruling" and self.open_dispute is not None:
            return {
                "kind": "SettleDispute",
                "entry": number,
                "dispute": self.open_dispute,
                "ruling": text,
                "actor": actor,
            }
        if kind == "ruling":
            return {"kind": "Annotate", "entry": number, "text": f"Ruling: {text}", "actor": actor}
        return {
            "kind": "Annotate",
            "entry": number,
            "text": text,
            "disputed": True,
            "raised_by": raised_by,
            "actor": actor,
        }


def shown(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry as the report shows it: command fields left at nothing are left out (they read
    'hex: None'); the entry itself, whose hash is checked, is untouched."""
    command = {key: value for key, value in entry["command"].items() if value is not None}
    return {**entry, "command": command}
