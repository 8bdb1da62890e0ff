"""One entry in full: command, rolls, ruling with its derivation, events, hash."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui import render


class EntryDialog(ModalScreen[None]):
    """Shows what was recorded for one entry."""

    BINDINGS = [("escape", "dismiss", "Close")]
    DEFAULT_CSS = """
    EntryDialog { align: center middle; }
    EntryDialog > VerticalScroll { width: 100; height: 80%; background: $surface; }
    """

    def __init__(self, entry: dict[str, Any], undone_by: int | None) -> None:
        super().__init__()
        self.entry = entry
        self.undone_by = undone_by

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(render.entry_view(self.entry, undone_by=self.undone_by))
