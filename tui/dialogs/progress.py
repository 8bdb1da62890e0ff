"""Long work (verify, branch) runs in a worker thread; this dialog shows how far it has got."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, ProgressBar


class ProgressDialog(ModalScreen[None]):
    """A title and a progress bar, advanced from the worker with `advance` (via call_from_thread)."""

    DEFAULT_CSS: ClassVar[str] = """
    ProgressDialog { align: center middle; }
    ProgressDialog > Vertical { width: 70; height: auto; background: $surface; border: thick $primary; padding: 1 2; }
    """

    def __init__(self, title: str, total: int) -> None:
        super().__init__()
        self.title_text = title
        self.total = max(total, 1)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="progress-title")
            yield ProgressBar(total=self.total, show_eta=False, id="progress")

    def advance(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` (entries checked or copied)."""
        if self.is_mounted:
            self.query_one(ProgressBar).update(total=max(total, 1), progress=done)
